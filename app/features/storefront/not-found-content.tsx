import { Link } from "react-router";

/** Spec §2/§8: the unknown-page screen, shared by the catch-all route and the layout's error page. */
export function NotFoundContent() {
  return (
    <main className="mx-auto flex max-w-[1200px] flex-col items-center px-4 py-16 text-center">
      <p className="text-7xl font-black text-primary sm:text-8xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">Oops! Page Not Found</h1>
      <p className="mt-3 max-w-md">
        The page you are looking for does not exist or has been moved.
      </p>
      <Link className="btn btn-primary mt-8" to="/">
        Go Home
      </Link>
    </main>
  );
}

export function ErrorContent({ status, message }: { status?: number; message?: string }) {
  return (
    <main className="mx-auto flex max-w-[1200px] flex-col items-center px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 max-w-md">
        {message ?? "We could not show this page. Please try again in a moment."}
      </p>
      {status ? <p className="mt-2 text-sm">Error {status}</p> : null}
      <div className="mt-8 flex gap-3">
        <button type="button" className="btn btn-outline" onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link className="btn btn-primary" to="/">
          Go Home
        </Link>
      </div>
    </main>
  );
}
