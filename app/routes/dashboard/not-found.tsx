import { data, Link } from "react-router";

/** Any /dashboard path no page answers: a 404 inside the dashboard, with its menu still there. */
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Oops! Page Not Found | Dashboard" }, { name: "robots", content: "noindex" }];
}

export default function DashboardNotFound() {
  return (
    <section className="mx-auto max-w-xl py-12 text-center">
      <p className="text-6xl font-bold text-base-content/60">404</p>
      <h1 className="mt-4 text-3xl font-bold">Oops! Page Not Found</h1>
      <p className="mt-4 text-base-content/80">
        This part of the dashboard does not exist. Choose a page from the menu.
      </p>
      <Link className="btn btn-primary mt-8" to="/dashboard">
        Dashboard
      </Link>
    </section>
  );
}
