import { Outlet } from "react-router";

// Placeholder layout: the storefront issue adds the header, footer and contact button.
export default function StorefrontLayout() {
  return <Outlet />;
}
