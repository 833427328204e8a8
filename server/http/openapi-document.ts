import { byCodeUnits } from "~/core/text";
import { errorResponseDescriptions } from "./schemas";

/** Where the API's paths start: the document's paths (`/products`) are relative to it. */
export const API_BASE_PATH = "/api";

/** The Better Auth session cookie a browser sends (with `__Secure-` in front over HTTPS). */
const SESSION_COOKIE = "better-auth.session_token";

export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description:
      "The session of a signed-in browser (Better Auth, under /api/auth). Requests that change " +
      "something must come from the shop's own pages (Origin / Sec-Fetch-Site), else 403.",
  },
  bearerToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "A short-lived token from `POST /api/jwt`, sent as `Authorization: Bearer <token>`.",
  },
  // The couriers' notifications carry the shop's webhook secrets, never a session or a token.
  steadfastWebhookToken: {
    type: "http",
    scheme: "bearer",
    description: "STEADFAST_WEBHOOK_TOKEN, as set in Steadfast's panel.",
  },
  pathaoWebhookSignature: {
    type: "apiKey",
    in: "header",
    name: "X-PATHAO-Signature",
    description: "PATHAO_WEBHOOK_SECRET, as set in Pathao's panel.",
  },
  redxWebhookToken: {
    type: "apiKey",
    in: "query",
    name: "token",
    description: "REDX_WEBHOOK_SECRET, on the callback URL set in RedX's panel.",
  },
} as const;

/** The scheme that authorizes each courier's notifications (couriers.ts, webhookAuth). */
export const WEBHOOK_SECURITY: Record<
  "steadfast" | "pathao" | "redx",
  Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>[]
> = {
  steadfast: [{ steadfastWebhookToken: [] }],
  pathao: [{ pathaoWebhookSignature: [] }],
  redx: [{ redxWebhookToken: [] }],
};

/** Routes that work for guests and remember the signed-in user when there is one. */
const OPTIONAL_AUTH = new Set(["/postOrder"]);
/** Routes that need the session itself: a token cannot mint a token. */
const SESSION_ONLY = new Set(["/jwt"]);

type Responses = Record<string, unknown>;
type Operation = {
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Responses;
  security?: Record<string, string[]>[];
};
type Document = {
  servers?: { url: string; description?: string }[];
  paths?: Record<string, Record<string, Operation | unknown>>;
  components?: Record<string, Record<string, unknown> | undefined>;
};

const METHODS = ["get", "put", "post", "delete", "patch"] as const;
const UNSAFE = new Set(["put", "post", "delete", "patch"]);

function errorResponse(status: keyof typeof errorResponseDescriptions) {
  return {
    description: errorResponseDescriptions[status],
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  };
}

/**
 * The document as clients need it, from what the routes declare: where the paths start
 * (`servers`), how to sign in (a session cookie or a bearer token, per route: a route that can
 * answer 401 needs one, unless it declares its own, as the couriers' webhooks do), and the error answers every route can give besides its own — 400 for
 * any input, 413 for any body (the API-wide body limit), 403 for any change (the cross-site
 * refusal) — all in the one `{ error: { code, message, issues? } }` shape.
 */
export function completeApiDocument<D extends object>(doc: D): D {
  const d = doc as Document;
  d.servers = [{ url: API_BASE_PATH, description: "This server" }];
  d.components = d.components ?? {};
  d.components.securitySchemes = { ...d.components.securitySchemes, ...SECURITY_SCHEMES };
  for (const [path, item] of Object.entries(d.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op) continue;
      const responses: Responses = { ...op.responses };
      const add = (status: keyof typeof errorResponseDescriptions) => {
        if (!responses[status]) responses[status] = errorResponse(status);
      };
      if (op.parameters?.length || op.requestBody) add(400);
      if (op.requestBody) add(413);
      if (UNSAFE.has(method)) add(403);
      const session = { sessionCookie: [] };
      const bearer = { bearerToken: [] };
      if (op.security) {
        // Declared by the route itself (the webhooks' secrets).
      } else if (SESSION_ONLY.has(path)) op.security = [session];
      else if (responses[401]) op.security = [session, bearer];
      else if (OPTIONAL_AUTH.has(path)) op.security = [{}, session, bearer];
      else op.security = [];
      // Keep the statuses in order for readers.
      op.responses = Object.fromEntries(
        Object.entries(responses).sort(([a], [b]) => byCodeUnits(a, b)),
      );
    }
  }
  return doc;
}
