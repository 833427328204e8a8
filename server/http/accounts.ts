import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import type { Actor } from "~/core/actor";
import { userNameSchema, userQuerySchema } from "~/core/schemas";
import { API_TOKEN_TTL_SECONDS, signApiToken } from "../auth/api-token";
import { CLIENT_IP_HEADER } from "../auth/auth";
import { consumePerEmail, forgiveSignedIn } from "../auth/auth-limits";
import { AppError, errorBody, RateLimitedError } from "../errors";
import {
  deleteUser,
  findUserByEmail,
  listUsers,
  recordOwnProfile,
  setUserRole,
} from "../services/users";
import { adminOnly, getSessionCaller, requireAdmin, requireCaller, signedInOnly } from "./caller";
import { clientAddress } from "./client-address";
import type { AppEnv } from "./env";
import { createRouter } from "./router";
import { errorResponses } from "./schemas";

const emailSchema = z.email("must be an email address").max(254);

const userSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(["admin", "customer"]),
    emailVerified: z.boolean(),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("User");

const json = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { "application/json": { schema } },
});

/** 401 before the body is read: only a session cookie vouches for a token (decision 029). */
const sessionOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!(await getSessionCaller(c))) {
    throw new AppError("unauthorized", "Sign in first: a token needs a session");
  }
  await next();
});

const jwtRoute = createRoute({
  method: "post",
  path: "/jwt",
  tags: ["Accounts"],
  summary: "A short-lived API token for the signed-in user",
  description:
    "Only for the signed-in caller's own email, and only with the session cookie (a bearer " +
    "token cannot mint another). Send it back as `Authorization: Bearer <token>`; it expires " +
    `after ${API_TOKEN_TTL_SECONDS / 60} minutes, or sooner when its session ends (sign-out, ` +
    "password reset, role change, deleted account).",
  middleware: [sessionOnly] as const,
  request: {
    body: { content: { "application/json": { schema: z.object({ email: emailSchema }) } } },
  },
  responses: {
    200: json("The token", z.object({ token: z.string(), expiresIn: z.number().int() })),
    ...errorResponses(400, 401, 403),
  },
});

const postUserRoute = createRoute({
  method: "post",
  path: "/postUser",
  tags: ["Accounts"],
  summary: "Record the signed-in user's profile (idempotent)",
  description:
    "Only for the caller's own email. `role` is accepted for compatibility and ignored: " +
    "sign-up always makes a customer and an existing role is never changed here.",
  middleware: [signedInOnly] as const,
  request: {
    body: {
      content: {
        "application/json": {
          schema: z.object({
            name: userNameSchema,
            email: emailSchema,
            role: z.string().max(20).optional(),
          }),
        },
      },
    },
  },
  responses: {
    200: json("The user's id", z.object({ insertedId: z.string() })),
    ...errorResponses(400, 401, 403),
  },
});

const emailParam = z.object({ email: emailSchema });

const adminCheckRoute = createRoute({
  method: "get",
  path: "/admin/{email}",
  tags: ["Accounts"],
  summary: "Is this email an admin?",
  description: "For the caller's own email; admins may ask about anyone.",
  middleware: [signedInOnly] as const,
  request: { params: emailParam },
  responses: {
    200: json("The answer", z.object({ admin: z.boolean() })),
    ...errorResponses(400, 401, 403),
  },
});

const customerCheckRoute = createRoute({
  method: "get",
  path: "/customer/{email}",
  tags: ["Accounts"],
  summary: "Is this email a customer?",
  description: "For the caller's own email; admins may ask about anyone.",
  middleware: [signedInOnly] as const,
  request: { params: emailParam },
  responses: {
    200: json("The answer", z.object({ customer: z.boolean() })),
    ...errorResponses(400, 401, 403),
  },
});

const listUsersRoute = createRoute({
  method: "get",
  path: "/users",
  tags: ["Accounts"],
  summary: "All users (admin)",
  description:
    "Oldest first. `search` matches part of the name or email. Pages are bounded by `limit` " +
    "(default 100, max 500); pass `nextCursor` back as `cursor`.",
  middleware: [adminOnly] as const,
  request: { query: userQuerySchema },
  responses: {
    200: json(
      "A page of users, oldest first",
      z.object({ data: z.array(userSchema), nextCursor: z.string().nullable() }),
    ),
    ...errorResponses(400, 401, 403),
  },
});

const idParam = z.object({ id: z.string().min(1).max(64) });

const updateUserRoute = createRoute({
  method: "put",
  path: "/updateUser/{id}",
  tags: ["Accounts"],
  summary: "Promote or demote a user (admin)",
  description: "The last admin cannot be demoted (409).",
  middleware: [adminOnly] as const,
  request: {
    params: idParam,
    body: {
      content: {
        "application/json": { schema: z.object({ role: z.enum(["admin", "customer"]) }) },
      },
    },
  },
  responses: {
    200: json("The user after the change", z.object({ data: userSchema })),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const deleteUserRoute = createRoute({
  method: "delete",
  path: "/deleteUser/{id}",
  tags: ["Accounts"],
  summary: "Delete an account (admin, or the user themself)",
  description:
    "Removes the sign-in and profile; the account's orders are kept with their customer email. " +
    "The last admin cannot be deleted (409).",
  middleware: [signedInOnly] as const,
  request: { params: idParam },
  responses: {
    200: json("Deleted", z.object({ deletedCount: z.number().int() })),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

/** The caller's own email, or any email for an admin; else 403. */
function assertMayAsk(caller: Actor, email: string) {
  if (caller.role !== "admin" && caller.email !== email.trim().toLowerCase()) {
    throw new AppError("forbidden", "You may only ask about your own email");
  }
}

function emailOf(body: ArrayBuffer): string | null {
  try {
    const email = (JSON.parse(new TextDecoder().decode(body)) as { email?: unknown })?.email;
    return typeof email === "string" && email.trim() ? email.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}

/** Better Auth's 429 (`X-Retry-After`, `{message}`) in the API's shape, with `Retry-After`. */
function asRateLimited(res: Response): Response {
  const seconds = Number(res.headers.get("x-retry-after"));
  const error = new RateLimitedError(Number.isFinite(seconds) && seconds > 0 ? seconds : 60);
  return Response.json(errorBody(error), {
    status: 429,
    headers: { "Retry-After": String(error.retryAfter) },
  });
}

/**
 * OAuth callbacks, where a provider may POST a form (`response_mode=form_post`). Every other
 * Better Auth POST takes JSON only: Better Auth would also parse a form on sign-in and sign-up,
 * and the per-email limit reads the body as JSON, so a form body would be a guess it never counts.
 */
const FORM_POST_PATHS = /^\/api\/auth\/(oauth2\/)?callback\//;

function isJson(contentType: string | undefined): boolean {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() === "application/json";
}

/**
 * Better Auth under /api/auth/*. It gets a plain Request built from the method, URL, headers and
 * body: `new Request(c.req.raw, ...)` throws on the Node adapter's request object in production.
 * Hono overwrites the client-IP header with the connection's address (never the client's).
 */
async function betterAuthHandler(c: Context<AppEnv>) {
  const raw = c.req.raw;
  const headers = new Headers(raw.headers);
  headers.set(CLIENT_IP_HEADER, clientAddress(c, c.var.app.config.TRUSTED_PROXIES));
  const body = raw.method === "GET" || raw.method === "HEAD" ? undefined : await raw.arrayBuffer();
  if (body?.byteLength && !isJson(raw.headers.get("content-type") ?? undefined)) {
    if (!FORM_POST_PATHS.test(c.req.path)) {
      throw new HTTPException(415, { message: "Send the body as application/json" });
    }
  }
  const release =
    raw.method === "POST" && body
      ? await consumePerEmail(
          c.var.app.rateLimiter,
          c.req.path.replace(/^\/api\/auth/, ""),
          emailOf(body),
        )
      : undefined;
  const res = await c.var.app.auth.handler(
    new Request(raw.url, { method: raw.method, headers, body }),
  );
  if (release) await forgiveSignedIn(res.status, release);
  return res.status === 429 ? asRateLimited(res) : res;
}

export const accountsApi = createRouter()
  .openapi(jwtRoute, async (c) => {
    // Only a session cookie vouches here: a token must never mint its successor (decision 029).
    const signedIn = await getSessionCaller(c);
    if (!signedIn) throw new AppError("unauthorized", "Sign in first: a token needs a session");
    const { actor: caller, sessionId } = signedIn;
    const { email } = c.req.valid("json");
    if (email.trim().toLowerCase() !== caller.email) {
      throw new AppError("forbidden", "A token is only issued for your own email");
    }
    const token = await signApiToken(c.var.app.apiTokenKey, {
      sub: caller.userId,
      email: caller.email,
      sid: sessionId,
    });
    return c.json({ token, expiresIn: API_TOKEN_TTL_SECONDS }, 200);
  })
  .openapi(postUserRoute, async (c) => {
    const caller = await requireCaller(c);
    const body = c.req.valid("json");
    if (body.email.trim().toLowerCase() !== caller.email) {
      throw new AppError("forbidden", "You may only record your own profile");
    }
    return c.json(await recordOwnProfile(c.var.app.db, caller, { name: body.name }), 200);
  })
  .openapi(adminCheckRoute, async (c) => {
    const caller = await requireCaller(c);
    const { email } = c.req.valid("param");
    assertMayAsk(caller, email);
    const row = await findUserByEmail(c.var.app.db, email);
    return c.json({ admin: row?.role === "admin" }, 200);
  })
  .openapi(customerCheckRoute, async (c) => {
    const caller = await requireCaller(c);
    const { email } = c.req.valid("param");
    assertMayAsk(caller, email);
    const row = await findUserByEmail(c.var.app.db, email);
    return c.json({ customer: row?.role === "customer" }, 200);
  })
  .openapi(listUsersRoute, async (c) => {
    await requireAdmin(c);
    return c.json(await listUsers(c.var.app.db, c.req.valid("query")), 200);
  })
  .openapi(updateUserRoute, async (c) => {
    const caller = await requireAdmin(c);
    const { id } = c.req.valid("param");
    const { role } = c.req.valid("json");
    return c.json({ data: await setUserRole(c.var.app.db, caller, id, role) }, 200);
  })
  .openapi(deleteUserRoute, async (c) => {
    const caller = await requireCaller(c);
    await deleteUser(c.var.app.db, caller, c.req.valid("param").id);
    return c.json({ deletedCount: 1 }, 200);
  })
  .on(["GET", "POST"], "/auth/*", betterAuthHandler);
