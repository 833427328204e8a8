import { data, Link } from "react-router";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Oops! Page Not Found | Haat" }];
}

export default function NotFound() {
  return (
    <main className="mx-auto max-w-[1200px] px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Oops! Page Not Found</h1>
      <p className="mt-4 opacity-80">The page you are looking for does not exist.</p>
      <Link className="btn btn-primary mt-8" to="/">
        Go Home
      </Link>
    </main>
  );
}
