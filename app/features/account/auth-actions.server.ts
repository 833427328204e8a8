import { data, redirect } from "react-router";
import { pathInLang } from "~/app/i18n/paths";
import type { ActionFailure } from "~/app/lib/field-issues";
import { toActor } from "~/core/actor";
import { requestLang } from "~/core/locale";
import type { AppContext } from "~/server/app-context";
import { CLIENT_IP_HEADER } from "~/server/auth/auth";
import { type AuthLimitedPath, consumeAuthLimits } from "~/server/auth/auth-limits";
import { RateLimitedError } from "~/server/errors";
import { recordOwnProfile } from "~/server/services/users";
import { safeReturnPath } from "./auth-client";
import { AUTH_MESSAGES } from "./auth-messages";
import { noticeHref } from "./redirect-notice";

/**
 * The sign-in pages' actions: each calls Better Auth's server API (the same endpoints as
 * /api/auth/*, under the same rate limits) and answers a redirect with the session cookies on
 * success, or the form's failure (the page shows it under its fields, or as the spec's notice).
 * They work for a plain form post without JavaScript and for the page's own `<Form>` alike.
 */

/** A refusal with what the visitor typed (never the password), to fill the form again. */
export type AuthFailure = ActionFailure & { values: Record<string, string> };

type Call = {
  app: AppContext;
  request: Request;
  /** The client's address (`clientAddressContext`), for the per-address limits. */
  address: string;
};

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * The visitor's headers for Better Auth (cookies, user agent), with the client-IP header set to
 * the connection's address as /api/auth/* sets it: a client cannot name its own address.
 */
function authHeaders(call: Call): Headers {
  const headers = new Headers(call.request.headers);
  headers.delete("content-type");
  headers.delete("content-length");
  headers.set(CLIENT_IP_HEADER, call.address);
  return headers;
}

/** The Set-Cookie headers of Better Auth's answer, to send on with our redirect. */
function cookiesOf(res: Response): Headers {
  const headers = new Headers();
  for (const cookie of res.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return headers;
}

function failure(
  status: number,
  code: string,
  message: string,
  values: Record<string, string>,
  issues: { path: string; message: string }[] = [],
) {
  const body: AuthFailure = { ok: false, code, message, issues, values };
  return data(body, { status });
}

/** Better Auth's refusal: its message and code (`{ message, code }`). */
async function refusalOf(res: Response): Promise<{ message: string; code: string }> {
  const body = (await res.json().catch(() => null)) as { message?: unknown; code?: unknown } | null;
  return {
    message: typeof body?.message === "string" ? body.message : "",
    code: typeof body?.code === "string" ? body.code : "refused",
  };
}

/** Counts the request like /api/auth/* would; a refusal becomes the form's failure. */
async function limited(
  call: Call,
  path: AuthLimitedPath,
  email: string | null,
  values: Record<string, string>,
) {
  try {
    await consumeAuthLimits(call.app, path, call.address, email);
    return null;
  } catch (err) {
    if (!(err instanceof RateLimitedError)) throw err;
    const body: AuthFailure = {
      ok: false,
      code: err.code,
      message: err.message,
      issues: [],
      values,
      details: { retryAfter: err.retryAfter },
    };
    return data(body, { status: 429, headers: { "Retry-After": String(err.retryAfter) } });
  }
}

function required(values: Record<string, string>, labels: Record<string, string>) {
  return Object.entries(labels)
    .filter(([name]) => !values[name]?.trim())
    .map(([path, label]) => ({ path, message: `${label} is required` }));
}

/** Login: back to `redirectTo` (a path of the shop) or home with the session cookie. */
export async function signInAction(call: Call) {
  const form = await call.request.formData();
  const email = field(form, "email").trim();
  const password = field(form, "password");
  const to = safeReturnPath(field(form, "redirectTo")) ?? "/";
  // The page shown again keeps where to go (its loader, asked again, sees the login page itself).
  const values = { email, redirectTo: to };
  const missing = required({ email, password }, { email: "Email", password: "Password" });
  if (missing.length) {
    return failure(400, "invalid", "Please enter your email and password.", values, missing);
  }
  const refused = await limited(call, "/sign-in/email", email, values);
  if (refused) return refused;
  const res = await call.app.auth.api.signInEmail({
    body: { email, password },
    headers: authHeaders(call),
    asResponse: true,
  });
  if (!res.ok) {
    const { message, code } = await refusalOf(res);
    return failure(res.status, code, message || AUTH_MESSAGES.loginFallback, values);
  }
  return redirect(to, { headers: cookiesOf(res) });
}

/** Sign-up: the account, its profile (as POST /api/postUser records it), then home with the notice. */
export async function signUpAction(call: Call) {
  const form = await call.request.formData();
  const name = field(form, "name").trim();
  const email = field(form, "email").trim();
  const password = field(form, "password");
  const values = { name, email };
  const missing = required(
    { name, email, password },
    { name: "Name", email: "Email", password: "Password" },
  );
  if (missing.length) {
    return failure(400, "invalid", "Please fill in every field.", values, missing);
  }
  const refused = await limited(call, "/sign-up/email", email, values);
  if (refused) return refused;
  const res = await call.app.auth.api.signUpEmail({
    // The language rides in the address the mail's link comes back to (server/mail/templates.ts).
    body: {
      name,
      email,
      password,
      callbackURL: pathInLang("/dashboard", requestLang(call.request)),
    },
    headers: authHeaders(call),
    asResponse: true,
  });
  if (!res.ok) {
    const { message, code } = await refusalOf(res);
    return failure(res.status, code, message || AUTH_MESSAGES.loginFallback, values);
  }
  const created = (await res.json().catch(() => null)) as {
    token?: string | null;
    user?: { id: string; email: string; name: string; role?: unknown; emailVerified: boolean };
  } | null;
  // A taken email is answered like a new one but with no session (decision 030): the visitor
  // is asked to sign in, and the address's owner has been told by mail.
  if (!created?.token || !created.user) {
    return redirect(noticeHref("/authentication/login", "sign-in-instead"));
  }
  await recordOwnProfile(call.app.db, toActor(created.user), { name });
  return redirect(noticeHref("/", "welcome"), { headers: cookiesOf(res) });
}

/** Forgot password: the reset mail, then home with the notice. */
export async function forgotPasswordAction(call: Call) {
  const form = await call.request.formData();
  const email = field(form, "email").trim();
  const values = { email };
  if (!email) {
    return failure(400, "email_required", AUTH_MESSAGES.emailRequired, values, [
      { path: "email", message: AUTH_MESSAGES.emailRequired },
    ]);
  }
  const refused = await limited(call, "/request-password-reset", email, values);
  if (refused) return refused;
  const res = await call.app.auth.api.requestPasswordReset({
    body: {
      email,
      redirectTo: pathInLang("/authentication/reset-password", requestLang(call.request)),
    },
    headers: authHeaders(call),
    asResponse: true,
  });
  if (!res.ok) {
    const { code } = await refusalOf(res);
    return failure(res.status, code, AUTH_MESSAGES.resetFailed, values);
  }
  return redirect(noticeHref("/", "reset-sent"));
}

/** A new password from the emailed link's token, then the login page with the notice. */
export async function resetPasswordAction(call: Call) {
  const form = await call.request.formData();
  const token = field(form, "token");
  const password = field(form, "password");
  const confirm = field(form, "confirm");
  if (!token) return failure(400, "INVALID_TOKEN", AUTH_MESSAGES.invalidLink, {});
  const missing = required({ password }, { password: "New password" });
  if (missing.length) return failure(400, "invalid", missing[0]?.message ?? "", {}, missing);
  if (password !== confirm) {
    return failure(400, "invalid", AUTH_MESSAGES.passwordsDiffer, {}, [
      { path: "confirm", message: AUTH_MESSAGES.passwordsDiffer },
    ]);
  }
  const refused = await limited(call, "/reset-password", null, {});
  if (refused) return refused;
  const res = await call.app.auth.api.resetPassword({
    body: { token, newPassword: password },
    headers: authHeaders(call),
    asResponse: true,
  });
  if (!res.ok) {
    const { message, code } = await refusalOf(res);
    const invalid = code === "INVALID_TOKEN" || /token/i.test(message);
    return failure(
      res.status,
      code,
      invalid ? AUTH_MESSAGES.invalidLink : message || AUTH_MESSAGES.resetFailed,
      {},
    );
  }
  return redirect(noticeHref("/authentication/login", "password-changed"));
}

/** Logout: the session ends (its cookies cleared), then `redirectTo` or home with the notice. */
export async function signOutAction(call: Call) {
  const form = await call.request.formData();
  const to = safeReturnPath(field(form, "redirectTo")) ?? "/";
  const res = await call.app.auth.api.signOut({ headers: authHeaders(call), asResponse: true });
  return redirect(noticeHref(to, "logged-out"), { headers: cookiesOf(res) });
}

/**
 * Where sign-in returns to, decided on the server so a form without JavaScript knows it too:
 * `?redirectTo=` (or `?from=`), else the shop page the visitor came from (Referer), else home.
 */
export function returnPathFor(request: Request): string {
  const url = new URL(request.url);
  const fromQuery =
    safeReturnPath(url.searchParams.get("redirectTo")) ??
    safeReturnPath(url.searchParams.get("from"));
  if (fromQuery) return fromQuery;
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      const ref = new URL(referer);
      if (ref.origin === url.origin) {
        return safeReturnPath(ref.pathname.replace(/\.data$/, "") + ref.search) ?? "/";
      }
    } catch {
      // not a URL
    }
  }
  return "/";
}

/**
 * The dashboard's "Resend verification email" for the signed-in user's own address: Better
 * Auth's mail, counted like /api/auth/send-verification-email.
 */
export async function resendVerificationAction(call: Call, email: string) {
  const values = { email };
  const refused = await limited(call, "/send-verification-email", email, values);
  if (refused) return refused;
  const res = await call.app.auth.api.sendVerificationEmail({
    body: { email, callbackURL: pathInLang("/dashboard", requestLang(call.request)) },
    headers: authHeaders(call),
    asResponse: true,
  });
  if (!res.ok) {
    const { message, code } = await refusalOf(res);
    return failure(res.status, code, message || AUTH_MESSAGES.verificationFailed, values);
  }
  return { ok: true as const, sent: email };
}

/** Where a Google sign-in that could not start comes back to (SocialSignInStep "error"). */
export const SOCIAL_START_FAILED = "start_failed";

/**
 * The first step of a provider sign-in (`?oauth=start&provider=…`, in the popup or the page):
 * Better Auth's sign-in address, reached by a redirect that carries its state cookie. Done by
 * the login page's loader, so no screen asks for it by fetch and it works without scripts.
 */
export async function socialSignInStart(call: Call, url: URL): Promise<Response> {
  const popup = url.searchParams.get("popup") === "1" ? "&popup=1" : "";
  const back = safeReturnPath(url.searchParams.get("redirectTo")) ?? "/";
  const res = await call.app.auth.api.signInSocial({
    body: {
      provider: url.searchParams.get("provider") ?? "",
      callbackURL: popup ? "/authentication/login?oauth=done&popup=1" : back,
      errorCallbackURL: `/authentication/login?oauth=error${popup}`,
      disableRedirect: true,
    },
    headers: authHeaders(call),
    asResponse: true,
  });
  const answer = (await res.json().catch(() => null)) as { url?: unknown } | null;
  if (res.ok && typeof answer?.url === "string") {
    return redirect(answer.url, { headers: cookiesOf(res) });
  }
  return redirect(`/authentication/login?oauth=error&error=${SOCIAL_START_FAILED}${popup}`);
}
