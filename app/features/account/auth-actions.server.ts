import { APIError } from "better-auth/api";
import { data, type RouterContextProvider, redirect } from "react-router";
import type { z } from "zod";
import { pathInLang } from "~/app/i18n/paths";
import { actorOf } from "~/app/lib/context.server";
import type { ActionFailure } from "~/app/lib/field-issues";
import { ACCOUNT_MESSAGES } from "~/core/account";
import { toActor } from "~/core/actor";
import { requestLang } from "~/core/locale";
import {
  accountEmailSchema,
  newPasswordSchema,
  signInFormSchema,
  signUpFormSchema,
} from "~/core/schemas";
import type { AppContext } from "~/server/app-context";
import { CLIENT_IP_HEADER } from "~/server/auth/auth";
import {
  type AuthLimitedPath,
  consumeAuthLimits,
  forgiveSignedIn,
} from "~/server/auth/auth-limits";
import { resetLinkIsLive } from "~/server/auth/reset-link";
import { RateLimitedError } from "~/server/errors";
import { recordOwnProfile } from "~/server/services/users";
import { safeReturnPath } from "./auth-client";
import { AUTH_MESSAGES } from "./auth-messages";
import { noticeHref } from "./redirect-notice";

/**
 * Where an email-confirmation link comes back to: the dashboard, in the page's language, saying
 * the address is confirmed (Better Auth adds `?error=` there instead when the link is refused).
 */
function confirmedEmailPath(request: Request): string {
  return noticeHref(pathInLang("/dashboard", requestLang(request)), "email-confirmed");
}

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

/** The message of a form refused for its fields (the page shows the fields' issues only). */
const CHECK_FIELDS = "Please check the highlighted fields.";

/** Better Auth's refusal: its message and code (`{ message, code }`). */
async function refusalOf(res: Response): Promise<{ message: string; code: string }> {
  const body = (await res.json().catch(() => null)) as { message?: unknown; code?: unknown } | null;
  return {
    message: typeof body?.message === "string" ? body.message : "",
    code: typeof body?.code === "string" ? body.code : "refused",
  };
}

/**
 * Better Auth's answer as a Response. With `asResponse` its endpoints answer their own refusals,
 * but a refusal of a `before` hook (server/auth/auth.ts: a name or email too long, NUL in a
 * field) is thrown as an APIError: it becomes the same answer instead of a 500.
 */
async function answerOf(call: () => Promise<Response>): Promise<Response> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
    const body = (err.body ?? {}) as { message?: unknown; code?: unknown };
    return Response.json(
      { message: body.message ?? err.message, code: body.code ?? "refused" },
      { status: err.statusCode },
    );
  }
}

/**
 * The form field a Better Auth refusal is about, in the form's words: the pages check these
 * first (core/schemas/user.ts), so this only catches a rule of Better Auth's own that differs.
 */
function refusalIssue(code: string, message: string): { path: string; message: string } | null {
  const m = ACCOUNT_MESSAGES;
  if (code === "PASSWORD_TOO_SHORT") return { path: "password", message: m.passwordTooShort };
  if (code === "PASSWORD_TOO_LONG") return { path: "password", message: m.passwordTooLong };
  if (code === "INVALID_EMAIL") return { path: "email", message: m.emailInvalid };
  // Its body checks ("[body.email] Invalid email address") and our hook's ("email: Too big …").
  const field = /^\[body\.(\w+)\]|^(\w+):/.exec(message);
  const name = field?.[1] ?? field?.[2];
  if (name === "email") return { path: "email", message: m.emailInvalid };
  if (name === "name") return { path: "name", message: m.nameTooLong };
  return null;
}

/** A refusal of Better Auth: under its field when it names one, else the page's notice. */
async function refused(res: Response, values: Record<string, string>, fallback: string) {
  const { message, code } = await refusalOf(res);
  const issue = refusalIssue(code, message);
  if (issue) return failure(res.status, "invalid", CHECK_FIELDS, values, [issue]);
  // A body check of Better Auth's that names no field of the form is not shown as written.
  const shown = message && code !== "VALIDATION_ERROR" && code !== "INVALID_INPUT" ? message : "";
  return failure(res.status, code, shown || fallback, values);
}

/** The form checked by its core/ schema: the parsed value, or the first issue of each field. */
function fieldIssues<T>(
  schema: z.ZodType<T>,
  input: unknown,
): { ok: true; value: T } | { ok: false; issues: { path: string; message: string }[] } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues: { path: string; message: string }[] = [];
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join(".") || "form";
    if (!issues.some((i) => i.path === path)) issues.push({ path, message: issue.message });
  }
  return { ok: false, issues };
}

/**
 * Counts the request like /api/auth/* would: a refusal becomes the form's failure, otherwise
 * `release` takes the per-email count back (a sign-in that succeeded).
 */
async function limited(
  call: Call,
  path: AuthLimitedPath,
  email: string | null,
  values: Record<string, string>,
) {
  try {
    return { tooMany: null, release: await consumeAuthLimits(call.app, path, call.address, email) };
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
    const tooMany = data(body, {
      status: 429,
      headers: { "Retry-After": String(err.retryAfter) },
    });
    return { tooMany, release: null };
  }
}

/** Login: back to `redirectTo` (a path of the shop) or home with the session cookie. */
export async function signInAction(call: Call) {
  const form = await call.request.formData();
  const email = field(form, "email").trim();
  const password = field(form, "password");
  const to = safeReturnPath(field(form, "redirectTo")) ?? "/";
  // The page shown again keeps where to go (its loader, asked again, sees the login page itself).
  const values = { email, redirectTo: to };
  const checked = fieldIssues(signInFormSchema, { email, password });
  if (!checked.ok) return failure(400, "invalid", CHECK_FIELDS, values, checked.issues);
  const { tooMany, release } = await limited(call, "/sign-in/email", email, values);
  if (tooMany) return tooMany;
  const res = await answerOf(() =>
    call.app.auth.api.signInEmail({
      body: checked.value,
      headers: authHeaders(call),
      asResponse: true,
    }),
  );
  await forgiveSignedIn(res.status, release);
  if (!res.ok) return refused(res, values, AUTH_MESSAGES.loginFallback);
  return redirect(to, { headers: cookiesOf(res) });
}

/** Sign-up: the account, its profile (as POST /api/postUser records it), then home with the notice. */
export async function signUpAction(call: Call) {
  const form = await call.request.formData();
  const name = field(form, "name").trim();
  const email = field(form, "email").trim();
  const password = field(form, "password");
  const values = { name, email };
  const checked = fieldIssues(signUpFormSchema, { name, email, password });
  if (!checked.ok) return failure(400, "invalid", CHECK_FIELDS, values, checked.issues);
  const { tooMany } = await limited(call, "/sign-up/email", email, values);
  if (tooMany) return tooMany;
  const res = await answerOf(() =>
    call.app.auth.api.signUpEmail({
      // The language rides in the address the mail's link comes back to (server/mail/templates.ts).
      body: {
        ...checked.value,
        callbackURL: confirmedEmailPath(call.request),
      },
      headers: authHeaders(call),
      asResponse: true,
    }),
  );
  if (!res.ok) return refused(res, values, AUTH_MESSAGES.loginFallback);
  const created = (await res.json().catch(() => null)) as {
    token?: string | null;
    user?: { id: string; email: string; name: string; role?: unknown; emailVerified: boolean };
  } | null;
  // A taken email is answered like a new one but with no session (decision 030): the visitor
  // is asked to sign in, and the address's owner has been told by mail.
  if (!created?.token || !created.user) {
    return redirect(noticeHref("/authentication/login", "sign-in-instead"));
  }
  await recordOwnProfile(call.app.db, toActor(created.user), { name: checked.value.name });
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
  const checked = fieldIssues(accountEmailSchema, email);
  if (!checked.ok) {
    const issues = checked.issues.map((issue) => ({ ...issue, path: "email" }));
    return failure(400, "invalid", CHECK_FIELDS, values, issues);
  }
  const { tooMany } = await limited(call, "/request-password-reset", email, values);
  if (tooMany) return tooMany;
  const res = await answerOf(() =>
    call.app.auth.api.requestPasswordReset({
      body: {
        email: checked.value,
        redirectTo: pathInLang("/authentication/reset-password", requestLang(call.request)),
      },
      headers: authHeaders(call),
      asResponse: true,
    }),
  );
  if (!res.ok) {
    const { message, code } = await refusalOf(res);
    const issue = refusalIssue(code, message);
    if (issue?.path === "email") {
      return failure(res.status, "invalid", CHECK_FIELDS, values, [issue]);
    }
    return failure(res.status, code, AUTH_MESSAGES.resetFailed, values);
  }
  return redirect(noticeHref("/", "reset-sent"));
}

/** Whether the reset link this page was opened from (its `?token=`) can still be used. */
export function resetLinkLive(app: AppContext, request: Request): Promise<boolean> {
  return resetLinkIsLive(app.auth, new URL(request.url).searchParams.get("token") ?? "");
}

/** A new password from the emailed link's token, then the login page with the notice. */
export async function resetPasswordAction(call: Call) {
  const form = await call.request.formData();
  const token = field(form, "token");
  const password = field(form, "password");
  const confirm = field(form, "confirm");
  if (!token) return failure(400, "INVALID_TOKEN", AUTH_MESSAGES.invalidLink, {});
  const checked = fieldIssues(newPasswordSchema, password);
  if (!checked.ok) {
    const issues = checked.issues.map((issue) => ({ ...issue, path: "password" }));
    // The page says it above the form too, as it does a mismatch.
    return failure(400, "invalid", issues[0]?.message ?? CHECK_FIELDS, {}, issues);
  }
  if (password !== confirm) {
    return failure(400, "invalid", AUTH_MESSAGES.passwordsDiffer, {}, [
      { path: "confirm", message: AUTH_MESSAGES.passwordsDiffer },
    ]);
  }
  const { tooMany } = await limited(call, "/reset-password", null, {});
  if (tooMany) return tooMany;
  const res = await answerOf(() =>
    call.app.auth.api.resetPassword({
      body: { token, newPassword: password },
      headers: authHeaders(call),
      asResponse: true,
    }),
  );
  if (!res.ok) {
    const { message, code } = await refusalOf(res);
    const issue = refusalIssue(code, message);
    if (issue?.path === "password") {
      return failure(res.status, "invalid", issue.message, {}, [issue]);
    }
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
  const res = await answerOf(() =>
    call.app.auth.api.signOut({ headers: authHeaders(call), asResponse: true }),
  );
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
 * The sign-in and sign-up pages are for visitors without a session: a signed-in one goes back to
 * where they came from (or home) instead of a form that would silently replace their session.
 */
export function leaveIfSignedIn(request: Request, context: Readonly<RouterContextProvider>) {
  if (actorOf(context)) throw redirect(returnPathFor(request));
}

/**
 * The dashboard's "Resend verification email" for the signed-in user's own address: Better
 * Auth's mail, counted like /api/auth/send-verification-email.
 */
export async function resendVerificationAction(call: Call, email: string) {
  const values = { email };
  const { tooMany } = await limited(call, "/send-verification-email", email, values);
  if (tooMany) return tooMany;
  const res = await answerOf(() =>
    call.app.auth.api.sendVerificationEmail({
      body: { email, callbackURL: confirmedEmailPath(call.request) },
      headers: authHeaders(call),
      asResponse: true,
    }),
  );
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
  const res = await answerOf(() =>
    call.app.auth.api.signInSocial({
      body: {
        provider: url.searchParams.get("provider") ?? "",
        callbackURL: popup ? "/authentication/login?oauth=done&popup=1" : back,
        errorCallbackURL: `/authentication/login?oauth=error${popup}`,
        disableRedirect: true,
      },
      headers: authHeaders(call),
      asResponse: true,
    }),
  );
  const answer = (await res.json().catch(() => null)) as { url?: unknown } | null;
  if (res.ok && typeof answer?.url === "string") {
    return redirect(answer.url, { headers: cookiesOf(res) });
  }
  return redirect(`/authentication/login?oauth=error&error=${SOCIAL_START_FAILED}${popup}`);
}
