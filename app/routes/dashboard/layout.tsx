import { type ButtonHTMLAttributes, type ReactNode, Suspense, useEffect, useState } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import dashboardCss from "~/app/dashboard.css?url";
import { DashboardError } from "~/app/features/account/dashboard-error";
import { menuFor } from "~/app/features/account/dashboard-menu";
import { ThemeToggle } from "~/app/features/account/theme-toggle";
import { useApiTokenSync } from "~/app/features/account/use-api-token";
import { LogoutForm } from "~/app/features/account/user-menu";
import { useHydrated } from "~/app/features/catalogue/use-hydrated";
import { routeMessages } from "~/app/i18n/catalog.server";
import { LangSwitch } from "~/app/i18n/lang-switch";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { requireUser } from "~/app/lib/context.server";
import { INLINE_SHEET_ID, pageText } from "~/app/lib/document-sheet";
import type { Route } from "./+types/layout";

/**
 * The whole app's sheet, for a visit that started on the storefront: after the inlined app.css
 * (root renders <Links /> after its <style>). A document first opened under /dashboard links it
 * from root (decision 028), on the server and for the rest of the visit: a second link would put
 * every rule in the cascade twice, and the browser would match each element against both.
 * Storefront pages never load it (decision 013, round 3).
 */
export const links: Route.LinksFunction = () =>
  !import.meta.env.SSR && pageText(INLINE_SHEET_ID)
    ? [{ rel: "stylesheet", href: dashboardCss }]
    : [];

/** decisions.md: every /dashboard page needs a signed-in user, else login and back. */
export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  // The dashboard's own texts, in the page's language only (the rest come with root's data).
  return { user, messages: routeMessages(context, "dashboard") };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches).t("dash.layout.title") },
    { name: "robots", content: "noindex" },
  ];
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const { t } = useI18n();
  useApiTokenSync(user.email);

  // Close the phone drawer after choosing a page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setOpen(false), [location.pathname]);

  // Phone drawer: focus moves into it when it opens; Escape closes it.
  useEffect(() => {
    if (!open) return;
    document.querySelector<HTMLElement>("#dashboard-sidebar a")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const menu = menuFor(user.role);
  return (
    <div className="drawer lg:drawer-open">
      <input
        id="dashboard-drawer"
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(e) => setOpen(e.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content flex min-h-screen flex-col">
        <header className="navbar sticky top-0 z-30 gap-2 border-b border-base-300 bg-base-100 lg:hidden print:hidden">
          <DrawerControl
            className="btn btn-ghost btn-square"
            label={t("dash.layout.openMenu")}
            button={{
              "aria-expanded": open,
              "aria-controls": "dashboard-sidebar",
              onClick: () => setOpen(true),
            }}
          >
            <MenuIcon />
          </DrawerControl>
          <span className="text-lg font-semibold">{t("dash.layout.title")}</span>
          <LangSwitch className="ml-auto" />
        </header>
        {/* #content: the element root's render-blocking `expect` link waits for (decision 027). */}
        <main id="content" className="flex-1 p-4 sm:p-6 lg:p-8 print:p-0">
          {/* Hydrated after the frame, in slices that let the browser answer a tap between them,
              not in one long task with it (a list of products or orders; decision 025's shell). */}
          <Suspense>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <div className="drawer-side z-40 print:hidden">
        <DrawerControl
          className="drawer-overlay lg:hidden"
          label={t("dash.layout.closeMenu")}
          button={{ tabIndex: open ? 0 : -1, onClick: () => setOpen(false) }}
        />
        <aside
          id="dashboard-sidebar"
          className="flex min-h-full w-72 flex-col gap-2 bg-base-200 p-4 text-base-content"
          aria-label={t("dash.layout.title")}
        >
          <div className="mb-2 px-2">
            <p className="truncate font-semibold" title={user.email}>
              {user.name}
            </p>
            <p className="text-sm text-base-content/70">
              {t(user.role === "admin" ? "dash.layout.role.admin" : "dash.layout.role.customer")}
            </p>
          </div>
          <nav aria-label={t("dash.layout.menuLabel")}>
            <ul className="nav-list w-full gap-1">
              <li>
                <NavLink to="/dashboard" end>
                  {t("dash.layout.dashboards")}
                </NavLink>
              </li>
              {menu.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to}>{t(item.key)}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="divider my-1" />
          <ul className="nav-list w-full gap-1">
            <li>
              <Link to="/">{t("dash.layout.goHome")}</Link>
            </li>
            <li>
              <ThemeToggle />
            </li>
            <li className="max-lg:hidden">
              <LangSwitch bare />
            </li>
            <li>
              <LogoutForm goHome className="w-full text-start">
                {t("account.logout")}
              </LogoutForm>
            </li>
          </ul>
        </aside>
      </div>
    </div>
  );
}

/**
 * One of the drawer's controls: the drawer checkbox's label until the page has hydrated (it opens
 * and closes the drawer without scripts), a button from then on. Its own component, so that the
 * switch does not render the layout again: a new render of the layout would hydrate the page
 * inside its Suspense boundary at once, in one long task, instead of in slices.
 */
function DrawerControl({
  className,
  label,
  button,
  children,
}: {
  className: string;
  label: string;
  button: ButtonHTMLAttributes<HTMLButtonElement>;
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  return hydrated ? (
    <button type="button" className={className} aria-label={label} {...button}>
      {children}
    </button>
  ) : (
    <label htmlFor="dashboard-drawer" className={className} aria-label={label}>
      {children}
    </label>
  );
}

function MenuIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

/**
 * The layout's own failure (its loader, or its frame): the error page without the frame. A page's
 * refusal inside the dashboard is shown in the frame by routes/dashboard/pages.tsx.
 */
export function ErrorBoundary() {
  return <DashboardError framed={false} />;
}
