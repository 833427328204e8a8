import { Outlet } from "react-router";

// Placeholder layout: the accounts issue adds the guard and the sidebar.
export default function DashboardLayout() {
  return <Outlet />;
}
