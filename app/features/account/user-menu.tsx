import type { ReactNode } from "react";
import { Link, useLocation, useSubmit } from "react-router";
import { confirm } from "~/app/components/dialogs";
import { LogoutIcon, UserIcon } from "~/app/components/icons";
import { useI18n } from "~/app/i18n/use-i18n";
import { useRootData } from "~/app/lib/root-data";
import { clearApiToken, loginHref } from "./auth-client";
import { useApiTokenSync } from "./use-api-token";

/** The logout action (app/routes/auth/logout.ts). */
export const LOGOUT_ACTION = "/authentication/logout";

/**
 * Logout (spec §4/§8): confirm, then the logout action, which ends the session and comes back
 * (or goes home) with the success notice (redirect-notice).
 */
export function useLogout() {
  const submit = useSubmit();
  const location = useLocation();
  const { t } = useI18n();
  return async function logout(options: { goHome?: boolean } = {}) {
    const ok = await confirm({
      icon: "warning",
      title: t("account.logout.confirm"),
      confirmText: t("account.logout.yes"),
      cancelText: t("common.cancel"),
      destructive: true,
    });
    if (!ok) return;
    clearApiToken();
    const redirectTo = options.goHome ? "/" : location.pathname + location.search;
    await submit({ redirectTo }, { method: "post", action: LOGOUT_ACTION, replace: true });
  };
}

const itemClass = "btn btn-ghost btn-sm gap-1.5 px-2";

/**
 * The header's account entries (spec §2): Register / Login for guests, Dashboard and Logout for
 * a signed-in user. They sit in the header itself rather than behind a menu button, so the
 * spec's words are what a visitor (and a screen reader) meets first. On a phone Dashboard and
 * Logout show as icons; their names stay the spec's words. The sign-in pages leave out the
 * guest link.
 */
export function UserMenu() {
  const { user } = useRootData();
  const location = useLocation();
  const { t } = useI18n();
  useApiTokenSync(user?.email);

  const here = location.pathname + location.search;
  const onDashboard = location.pathname.startsWith("/dashboard");
  if (!user) {
    // On the sign-in pages themselves the link leads nowhere new, and it would stand beside
    // their own "Login" / "Register" links under the same words.
    if (location.pathname.startsWith("/authentication/")) return null;
    return (
      <Link to={loginHref(here)} className={itemClass}>
        {/* A phone's header has room for the words, not the icon too; below 360 px (the
            narrowest phones) not even for the words, so the icon stands for them. */}
        <span className="hidden max-[359px]:inline sm:inline">
          <UserIcon className="h-5 w-5 shrink-0" />
        </span>
        <span className="max-[359px]:sr-only">{t("account.registerLogin")}</span>
      </Link>
    );
  }
  return (
    <div className="flex items-center gap-0.5">
      <Link to="/dashboard" className={itemClass} title={`${user.name} (${user.email})`}>
        <UserIcon className="h-5 w-5 shrink-0" />
        <span className="max-sm:sr-only">{t("account.dashboard")}</span>
      </Link>
      <LogoutForm goHome={onDashboard} className={itemClass}>
        <LogoutIcon className="h-5 w-5 shrink-0" />
        <span className="max-sm:sr-only">{t("account.logout")}</span>
      </LogoutForm>
    </div>
  );
}

/**
 * Logout as a form, so it works before (or without) the scripts; with them it asks first.
 * `goHome`: back to the home page (from the dashboard) rather than to this page.
 */
export function LogoutForm({
  goHome,
  className,
  children,
}: {
  goHome: boolean;
  className?: string;
  children: ReactNode;
}) {
  const location = useLocation();
  const logout = useLogout();
  return (
    <form
      method="post"
      action={LOGOUT_ACTION}
      onSubmit={(event) => {
        event.preventDefault();
        void logout({ goHome });
      }}
    >
      <input
        type="hidden"
        name="redirectTo"
        value={goHome ? "/" : location.pathname + location.search}
      />
      {/* data-early-tap: a tap before the scripts waits for them (shared/page-shell.ts), so it
          still asks first; without script at all the form posts. */}
      <button type="submit" className={className} data-early-tap="">
        {children}
      </button>
    </form>
  );
}
