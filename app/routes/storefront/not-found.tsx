import { data } from "react-router";
import { NotFoundContent } from "../../features/storefront/not-found-content";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Oops! Page Not Found | Haat" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundContent />;
}
