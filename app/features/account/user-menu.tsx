import { Link, useRevalidator } from "react-router";
import { confirm, notify } from "../../components/dialogs";
import { useRootData } from "../../lib/root-data";

/**
 * The header's user dropdown (spec §2): Register / Login for guests, Dashboard and Logout for a
 * signed-in user. The accounts issue owns this file.
 */
export function UserMenu() {
  const { user } = useRootData();
  const revalidator = useRevalidator();

  async function logout() {
    const ok = await confirm({
      title: "Are you sure you want to logout?",
      confirmText: "Yes, logout!",
      cancelText: "Cancel",
    });
    if (!ok) return;
    await fetch("/api/auth/sign-out", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    window.localStorage.removeItem("JWT_ACCESS_TOKEN");
    await revalidator.revalidate();
    notify({
      icon: "success",
      title: "Logout Successful",
      text: "You have been successfully logged out.",
    });
  }

  return (
    <div className="dropdown dropdown-end">
      <button type="button" className="btn btn-ghost btn-circle" aria-label="Account menu">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
        </svg>
      </button>
      <ul className="menu dropdown-content z-50 mt-2 w-48 rounded-box bg-base-100 p-2 shadow">
        {user ? (
          <>
            <li>
              <Link to="/dashboard">Dashboard</Link>
            </li>
            <li>
              <button type="button" onClick={logout}>
                Logout
              </button>
            </li>
          </>
        ) : (
          <li>
            <Link to="/authentication/login">Register / Login</Link>
          </li>
        )}
      </ul>
    </div>
  );
}
