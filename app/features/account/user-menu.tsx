import { Link, useLocation, useNavigate, useRevalidator } from "react-router";
import { confirm, notify } from "../../components/dialogs";
import { useRootData } from "../../lib/root-data";
import { loginHref, signOut } from "./auth-client";
import { useApiTokenSync } from "./use-api-token";

/** Logout (spec §4/§8): confirm, sign out, then the success notice. */
export function useLogout() {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  return async function logout(options: { goHome?: boolean } = {}) {
    const ok = await confirm({
      icon: "warning",
      title: "Are you sure you want to logout?",
      confirmText: "Yes, logout!",
      cancelText: "Cancel",
    });
    if (!ok) return;
    await signOut();
    if (options.goHome) await navigate("/", { replace: true });
    await revalidator.revalidate();
    notify({
      icon: "success",
      title: "Logout Successful",
      text: "You have been successfully logged out.",
    });
  };
}

/**
 * The header's user dropdown (spec §2): Register / Login for guests, Dashboard and Logout for a
 * signed-in user. Keyboard: the button takes focus, the menu opens on focus (daisyUI dropdown).
 */
export function UserMenu() {
  const { user } = useRootData();
  const location = useLocation();
  const logout = useLogout();
  useApiTokenSync(user?.email);

  const here = location.pathname + location.search;
  return (
    <div className="dropdown dropdown-end">
      <button
        type="button"
        className="btn btn-ghost btn-circle"
        aria-label={user ? `Account menu for ${user.displayName}` : "Account menu"}
        aria-haspopup="menu"
      >
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
      <ul className="menu dropdown-content z-50 mt-2 w-52 rounded-box bg-base-100 p-2 text-base-content shadow">
        {user ? (
          <>
            <li className="menu-title truncate" title={user.email}>
              {user.displayName}
            </li>
            <li>
              <Link to="/dashboard">Dashboard</Link>
            </li>
            <li>
              <button
                type="button"
                onClick={() => logout({ goHome: location.pathname.startsWith("/dashboard") })}
              >
                Logout
              </button>
            </li>
          </>
        ) : (
          <li>
            <Link to={loginHref(here)}>Register / Login</Link>
          </li>
        )}
      </ul>
    </div>
  );
}
