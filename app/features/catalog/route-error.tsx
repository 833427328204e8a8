import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/**
 * Error page of the catalogue routes, shown inside the storefront layout: an unknown product,
 * category or sub-category answers 404 with the spec's "Oops! Page Not Found".
 */
export function CatalogErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  return (
    <main className="mx-auto max-w-[1200px] px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">
        {notFound
          ? "Oops! Page Not Found"
          : status === 400
            ? "That link is not valid"
            : "Something went wrong"}
      </h1>
      <p className="mt-4 text-base-content/80">
        {notFound
          ? "The page you are looking for does not exist."
          : "Please go back to the shop and try again."}
      </p>
      <Link className="btn btn-primary mt-8" to="/">
        Go Home
      </Link>
    </main>
  );
}
