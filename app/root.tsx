// Before any page checks a form or stored data with Zod: no eval probe under the CSP.
import "./lib/zod-in-browser";
import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { APP_CSS, EARLY_TAP_SCRIPT, THEME_BOOT_SCRIPT, takaFontScript } from "../shared/page-shell";
import type { Route } from "./+types/root";
import { DialogHost } from "./components/dialogs";
import wholeAppCss from "./dashboard.css?url";
import { RedirectNotice } from "./features/account/redirect-notice";
import { shellMessages } from "./i18n/catalog.server";
import type { MessageKey } from "./i18n/keys";
import { pathInLang } from "./i18n/paths";
import { type I18nData, useI18n } from "./i18n/use-i18n";
import { apiTokenFor } from "./lib/api-token.server";
import {
  actorMiddleware,
  actorOf,
  appOf,
  langMiddleware,
  langOf,
  sessionIdOf,
} from "./lib/context.server";
import { INLINE_SHEET_ID, pageText } from "./lib/document-sheet";
import { bengaliOnFirstScreen } from "./lib/page-handle";
import { shopInfo } from "./lib/shop.server";

/** The logo as an inline icon: no extra request, and no 404 for /favicon.ico. */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4f39f6"/><path d="M9 12h14l-1.6 10.2a2 2 0 0 1-2 1.8h-6.8a2 2 0 0 1-2-1.8zM12.5 12V10a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>',
)}`;

/**
 * Each document gets one stylesheet (docs/decisions/013 and 028):
 * - A storefront page has its stylesheet (18 KB gzip, within DESIGN §7's 20 KB) inline in
 *   <head>: a separate stylesheet request is render-blocking and costs a round trip on slow 4G
 *   before the first paint. Only the server bundle holds the text; the browser reuses the <style>
 *   element the server sent, so hydration matches and nothing is downloaded twice. The dashboard
 *   layout links the whole app's sheet on top when the visitor goes there (after this <style>:
 *   root renders <Links /> after it).
 * - A page first opened under /dashboard links the whole app's sheet instead (cached across the
 *   staff's visits), and keeps it when the staff go on to the storefront. The dashboard layout
 *   then adds no second link to it.
 * What the first document got stays for the whole visit: the browser reads it from the page.
 * The server-side text of each inline element is chosen where it is used, behind
 * `import.meta.env.SSR`, so that the browser bundle leaves the stylesheet and the font bytes out
 * and hydration matches what was sent.
 */
const inlineCss = import.meta.env.SSR ? APP_CSS : pageText(INLINE_SHEET_ID);

/** The empty element after the page that the expect link waits for (see `Layout`). */
const PAGE_PARSED_MARK = "page-parsed";

/** The taka face's script (1 KB of font bytes; shared/page-shell.ts). */
const TAKA_SCRIPT_ID = "haat-taka";
const takaScript = import.meta.env.SSR ? takaFontScript() : pageText(TAKA_SCRIPT_ID);

function useDocumentSheet(): "inline" | "linked" {
  const { pathname } = useLocation();
  if (!import.meta.env.SSR) return inlineCss ? "inline" : "linked";
  return pathname === "/dashboard" || pathname.startsWith("/dashboard/") ? "linked" : "inline";
}

/** Who is asking is settled once per request, for every loader and action below. */
export const middleware: Route.MiddlewareFunction[] = [actorMiddleware, langMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const user = actorOf(context);
  const app = appOf(context);
  const lang = langOf(context);
  return {
    // The page's language and its messages (that language only; the dashboard's own texts come
    // with the dashboard layout's data): docs/decisions/061.
    lang,
    messages: shellMessages(lang),
    user,
    shop: shopInfo(app),
    apiToken: await apiTokenFor(app, user, sessionIdOf(context)),
  };
}

export function Layout({ children }: { children: ReactNode }) {
  // The page responds from here on: its scripts start after the first paint (server/http/
  // deferred-scripts.ts), and browser tests wait for this mark as a visitor waits for a page.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  const sheet = useDocumentSheet();
  const { lang } = useI18n();
  const bengaliFirst = bengaliOnFirstScreen(useMatches());
  return (
    <html
      lang={lang}
      data-bengali-first-screen={bengaliFirst ? "" : undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" type="image/svg+xml" href={FAVICON} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant boot script, no user data */}
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant tap recorder, no user data */}
        <script dangerouslySetInnerHTML={{ __html: EARLY_TAP_SCRIPT }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant font script, no user data */}
        <script id={TAKA_SCRIPT_ID} dangerouslySetInnerHTML={{ __html: takaScript }} />
        {sheet === "inline" ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the app's own built stylesheet
          <style id={INLINE_SHEET_ID} dangerouslySetInnerHTML={{ __html: inlineCss }} />
        ) : (
          <link rel="stylesheet" href={wholeAppCss} />
        )}
        {/* No frame before the page is parsed: one style and layout pass paints it (a frame of
            the half-parsed document would show part of it and lay the page out again as the
            rest comes; docs/decisions/027 and 102). The mark is an empty element after the page
            and the script that restores its scroll position: Chromium starts rendering before
            an expected element's children are all parsed. */}
        <link rel="expect" href={`#${PAGE_PARSED_MARK}`} blocking="render" />
        <Meta />
        <LangAlternates />
        <Links />
      </head>
      <body className="min-h-screen bg-base-100 text-base-content">
        {children}
        <ScrollRestoration />
        <span id={PAGE_PARSED_MARK} hidden />
        <Scripts />
      </body>
    </html>
  );
}

/** hreflang alternates of this page: English (also x-default) at its path, Bengali with ?lang=bn. */
function LangAlternates() {
  const root = useRouteLoaderData("root") as
    | (I18nData & { shop?: { publicUrl: string } })
    | undefined;
  const { pathname } = useLocation();
  if (!root?.shop) return null;
  const base = root.shop.publicUrl.replace(/\/+$/, "");
  return (
    <>
      <link rel="alternate" hrefLang="en" href={base + pathInLang(pathname, "en")} />
      <link rel="alternate" hrefLang="bn" href={base + pathInLang(pathname, "bn")} />
      <link rel="alternate" hrefLang="x-default" href={base + pathInLang(pathname, "en")} />
    </>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      <DialogHost />
      <RedirectNotice />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // When root's own loader failed, no messages came: its English words stand in.
  const { t } = useI18n();
  const say = (key: MessageKey, english: string) => {
    const text = t(key);
    return text === key ? english : text;
  };
  return (
    <main className="mx-auto max-w-[1200px] px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">
        {status === 404
          ? say("notFound.title", "Oops! Page Not Found")
          : say("error.title", "Something went wrong")}
      </h1>
      <p className="mt-4 opacity-80">
        {status === 404
          ? say("notFound.text", "The page you are looking for does not exist.")
          : say("error.text", "Please try again in a moment.")}
      </p>
      {/* A plain link: this page shows when the app itself failed, so reload from the server. */}
      <a className="btn btn-primary mt-8" href="/">
        {say("notFound.home", "Go Home")}
      </a>
    </main>
  );
}
