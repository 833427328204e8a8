import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { noticeOf, withoutNotice } from "~/app/features/account/redirect-notice";
import type { Actor } from "~/core/actor";
import { DEFAULT_LANG, type Lang, requestLangs } from "~/core/locale";
import type { AppContext } from "~/server/app-context";
import { sendsSessionCookie, sessionOf } from "~/server/auth/actor";
import { appContext, sessionContext } from "~/server/http/router-context";
import { refusalInit } from "./page-error.server";

type Context = Readonly<RouterContextProvider>;

/** The server's app context (database, config, caches, mail) for a loader or an action. */
export function appOf(context: Context): AppContext {
  return context.get(appContext);
}

/** Who is asking for this page: the signed-in user, or null for a guest. */
export function actorOf(context: Context): Actor | null {
  return context.get(sessionContext)?.actor ?? null;
}

/** The id of the signed-in user's session (API tokens are tied to it), or null for a guest. */
export function sessionIdOf(context: Context): string | null {
  return context.get(sessionContext)?.sessionId ?? null;
}

/** Root middleware: the session is read once per page request, before any loader or action. */
export const actorMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  context.set(sessionContext, await sessionOf(context.get(appContext), request.headers));
};

const langContext = createContext<Lang>(DEFAULT_LANG);

/** The language of this page: `?lang=`, else the `lang` cookie, else English. */
export function langOf(context: Context): Lang {
  return context.get(langContext);
}

/** A year: the choice stays until the visitor changes it. */
const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * Root middleware (issue 25): `?lang=bn` / `?lang=en` on any page serves that language and
 * remembers it in the `lang` cookie, so the page's own links (which carry no query) stay in it;
 * without the query the cookie decides; without either, English. The cookie is only set when it
 * changes: a page that sets a cookie is never shared through the guest page cache (decision
 * 047), whose key already holds the query and the `lang` cookie.
 */
export const langMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { asked, remembered } = requestLangs(request);
  context.set(langContext, asked ?? remembered ?? DEFAULT_LANG);
  const response = await next();
  if (asked && asked !== remembered) {
    response.headers.append(
      "Set-Cookie",
      `lang=${asked}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE}; SameSite=Lax`,
    );
  }
  return response;
};

/** The page the request is for, as a path to come back to (without React Router's .data suffix). */
function requestedPath(request: Request): string {
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "/") || "/";
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return pathname + (search ? `?${search}` : "");
}

/** A signed-in user, or a redirect to the login page that comes back here afterwards. */
export function requireUser(request: Request, context: Context): Actor {
  const actor = actorOf(context);
  if (!actor) {
    // A confirmation link opened signed out (refused, or already used: the address is
    // confirmed) says so on the login page, not after it.
    const url = new URL(request.url);
    const notice = noticeOf(url.searchParams);
    url.search = withoutNotice(url.searchParams).toString();
    const back = encodeURIComponent(requestedPath(new Request(url)));
    const told = notice === "link-invalid" || notice === "email-confirmed";
    // A sign-in cookie whose session is gone: say why the login page shows, instead of a
    // dashboard that seems to have thrown the user out for nothing.
    const ended = !told && sendsSessionCookie(request.headers);
    const said = told ? notice : ended ? "session-ended" : null;
    throw redirect(`/authentication/login?redirectTo=${back}${said ? `&notice=${said}` : ""}`);
  }
  return actor;
}

export const FORBIDDEN_PAGE_MESSAGE = "You do not have access to this page";

/** An admin, a redirect to login for a guest, or a 403 page for a customer. */
export function requireAdmin(request: Request, context: Context): Actor {
  const actor = requireUser(request, context);
  if (actor.role !== "admin") throw data({ message: FORBIDDEN_PAGE_MESSAGE }, refusalInit(403));
  return actor;
}
