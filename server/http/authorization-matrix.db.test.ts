import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { courierAreas, orders, phoneBlocks, staffAlerts, user } from "../db/schema";
import type { Product } from "../services/products";
import { addSlide } from "../services/slides";
import { signUp, signUpAdmin } from "../testing/accounts";
import {
  type ApiAccount,
  apiAccount,
  CONTACT_BODY,
  CUSTOMER_DATA,
  newContactMessage,
  newProduct,
  orderBody,
  PRODUCT_BODY,
  pngBlob,
  SLIDE_BODY,
  snapshotTables,
  storeOrder,
} from "../testing/api-fixtures";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

/**
 * Issue 9: every route the server registers × every kind of caller answers the status in
 * EXPECTED. The route list comes from the server's own route table, so a new route without an
 * expectation fails the suite. Customer A owns the orders and the account the requests name;
 * customer B is another customer.
 */

type Who = "anonymous" | "customerA" | "customerB" | "admin";
const CALLERS: Who[] = ["anonymous", "customerA", "customerB", "admin"];
type Statuses = Record<Who, number>;

type Fixtures = {
  /** The caller's account for the cell (customer A, or a fresh owner for `freshOwner` routes). */
  owner: ApiAccount;
  who: Who;
  product: Product;
  slideId: string;
  mediaUrl: string;
};
type Req = { path: string; init?: RequestInit };
type Expectation = {
  status: Statuses;
  /** A valid request for the route, with fresh fixtures when it changes something. */
  request: (f: Fixtures) => Promise<Req> | Req;
  /** Customer A is a new account for each cell (for requests that delete the caller). */
  freshOwner?: boolean;
  /** Statuses when the callers send a bearer token instead of the cookie, where they differ. */
  bearerStatus?: Statuses;
};

const all = (status: number): Statuses => ({
  anonymous: status,
  customerA: status,
  customerB: status,
  admin: status,
});
const adminOnly = (status: number): Statuses => ({
  anonymous: 401,
  customerA: 403,
  customerB: 403,
  admin: status,
});
const signedIn = (status: number): Statuses => ({ ...all(status), anonymous: 401 });

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

let ctx: AppContext;
const freshProduct = async () => (await newProduct(ctx))._id;
const freshSlide = async () => (await addSlide(ctx, { role: "admin" }, SLIDE_BODY))._id;

/** Keyed by "METHOD /path" as the route table names it. */
const EXPECTED: Record<string, Expectation> = {
  "GET /livez": { status: all(200), request: () => ({ path: "/livez" }) },
  "GET /healthz": { status: all(200), request: () => ({ path: "/healthz" }) },
  "GET /media/*": { status: all(200), request: (f) => ({ path: f.mediaUrl }) },
  "GET /api/openapi.json": { status: all(200), request: () => ({ path: "/api/openapi.json" }) },
  "GET /api/docs": { status: all(200), request: () => ({ path: "/api/docs" }) },

  // Better Auth's catch-all: it reads only the session cookie (never our bearer tokens) and only
  // ever acts on the caller's own account. Its endpoints are checked one by one below.
  "GET /api/auth/*": { status: all(200), request: () => ({ path: "/api/auth/get-session" }) },
  "POST /api/auth/*": {
    status: signedIn(200),
    request: () => ({ path: "/api/auth/update-user", init: json("POST", { name: "Renamed" }) }),
  },

  "GET /api/products": { status: all(200), request: () => ({ path: "/api/products" }) },
  "GET /api/product/:id": {
    status: all(200),
    request: (f) => ({ path: `/api/product/${f.product._id}` }),
  },
  "POST /api/postProduct": {
    status: adminOnly(201),
    request: () => ({ path: "/api/postProduct", init: json("POST", PRODUCT_BODY) }),
  },
  "PATCH /api/updateProduct/:id": {
    status: adminOnly(200),
    request: async () => ({
      path: `/api/updateProduct/${await freshProduct()}`,
      init: json("PATCH", { offerPrice: 1890 }),
    }),
  },
  "DELETE /api/deleteProduct/:id": {
    status: adminOnly(200),
    request: async () => ({
      path: `/api/deleteProduct/${await freshProduct()}`,
      init: { method: "DELETE" },
    }),
  },
  "POST /api/products/:id/stock": {
    status: adminOnly(200),
    request: (f) => ({
      path: `/api/products/${f.product._id}/stock`,
      init: json("POST", { size: "M", color: "White", change: 1 }),
    }),
  },
  "GET /api/products/:id/stock-history": {
    status: adminOnly(200),
    request: (f) => ({ path: `/api/products/${f.product._id}/stock-history` }),
  },
  "POST /api/images": {
    status: adminOnly(201),
    request: async () => {
      const form = new FormData();
      form.append("image", await pngBlob(), "photo.png");
      return { path: "/api/images", init: { method: "POST", body: form } };
    },
  },

  "GET /api/getSliders": { status: all(200), request: () => ({ path: "/api/getSliders" }) },
  "GET /api/getSlider/:id": {
    status: all(200),
    request: (f) => ({ path: `/api/getSlider/${f.slideId}` }),
  },
  "POST /api/postSlider": {
    status: adminOnly(201),
    request: () => ({ path: "/api/postSlider", init: json("POST", SLIDE_BODY) }),
  },
  "PUT /api/updateSlider/:id": {
    status: adminOnly(200),
    request: async () => ({
      path: `/api/updateSlider/${await freshSlide()}`,
      init: json("PUT", { image: "https://example.com/slide-2.webp" }),
    }),
  },
  "DELETE /api/deleteSlider/:id": {
    status: adminOnly(200),
    request: async () => ({
      path: `/api/deleteSlider/${await freshSlide()}`,
      init: { method: "DELETE" },
    }),
  },

  "POST /api/contact": {
    status: all(201),
    request: () => ({ path: "/api/contact", init: json("POST", CONTACT_BODY) }),
  },
  "GET /api/contactMessages": {
    status: adminOnly(200),
    request: () => ({ path: "/api/contactMessages" }),
  },
  "PATCH /api/contactMessages/:id": {
    status: adminOnly(200),
    request: async () => ({
      path: `/api/contactMessages/${await newContactMessage(ctx)}`,
      init: json("PATCH", { read: true }),
    }),
  },

  "POST /api/postOrder": {
    status: all(201),
    request: (f) => ({
      path: "/api/postOrder",
      init: json("POST", orderBody(f.product, f.owner.email)),
    }),
  },
  // Tracking (decision 060): the pair is the key, not the caller; anyone who has it sees it.
  "GET /api/track": {
    status: all(200),
    request: async (f) => {
      const id = await storeOrder(ctx, f.product, { userId: f.owner.id, email: f.owner.email });
      const [row] = await ctx.db
        .select({ n: orders.orderNumber })
        .from(orders)
        .where(eq(orders.id, id));
      return { path: `/api/track?orderNumber=${row?.n}&phone=${CUSTOMER_DATA.mobileNumber}` };
    },
  },
  // ORDER_OTP is off here: no order waits for a code, so every caller gets the same 409.
  "POST /api/orders/:orderNumber/verify": {
    status: all(409),
    request: async (f) => {
      const id = await storeOrder(ctx, f.product, { userId: f.owner.id, email: f.owner.email });
      const [row] = await ctx.db
        .select({ n: orders.orderNumber })
        .from(orders)
        .where(eq(orders.id, id));
      return {
        path: `/api/orders/${row?.n}/verify`,
        init: json("POST", { phone: CUSTOMER_DATA.mobileNumber, code: "123456" }),
      };
    },
  },
  "POST /api/orders/:orderNumber/verify/resend": {
    status: all(409),
    request: async (f) => {
      const id = await storeOrder(ctx, f.product, { userId: f.owner.id, email: f.owner.email });
      const [row] = await ctx.db
        .select({ n: orders.orderNumber })
        .from(orders)
        .where(eq(orders.id, id));
      return {
        path: `/api/orders/${row?.n}/verify/resend`,
        init: json("POST", { phone: CUSTOMER_DATA.mobileNumber }),
      };
    },
  },
  "GET /api/orders": { status: adminOnly(200), request: () => ({ path: "/api/orders" }) },
  "GET /api/order": {
    status: { anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
    request: (f) => ({ path: `/api/order?email=${encodeURIComponent(f.owner.email)}` }),
  },
  "GET /api/orders/:id": {
    // Another customer's order does not exist for them (404, not 403: ids are not confirmed).
    status: { anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
    request: async (f) => ({
      path: `/api/orders/${await storeOrder(ctx, f.product, { userId: f.owner.id, email: f.owner.email })}`,
    }),
  },
  "PUT /api/orderStatus/:id": {
    status: { anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
    request: async (f) => ({
      path: `/api/orderStatus/${await storeOrder(ctx, f.product, { userId: f.owner.id, email: f.owner.email })}`,
      // Pending → Cancelled is the owner's move, Pending → Confirmed the admin's.
      init: json("PUT", { status: f.who === "admin" ? "Confirmed" : "Cancelled" }),
    }),
  },
  "POST /api/orders/:id/return-received": {
    status: adminOnly(200),
    request: async (f) => ({
      path: `/api/orders/${await storeOrder(ctx, f.product, { userId: f.owner.id, email: f.owner.email }, ["Confirmed", "Delivered", "Return"])}/return-received`,
      init: { method: "POST" },
    }),
  },
  "DELETE /api/deleteOrder/:id": {
    status: adminOnly(200),
    request: async (f) => ({
      path: `/api/deleteOrder/${await storeOrder(ctx, f.product, { userId: f.owner.id, email: f.owner.email }, ["Confirmed", "Delivered"])}`,
      init: { method: "DELETE" },
    }),
  },

  // No courier is configured here: an admin's booking is refused as such (400), after the role.
  "POST /api/orders/:id/courier": {
    status: adminOnly(400),
    request: async (f) => ({
      path: `/api/orders/${await storeOrder(ctx, f.product, { userId: f.owner.id, email: f.owner.email }, ["Confirmed"])}/courier`,
      init: json("POST", { courier: "steadfast" }),
    }),
  },
  "POST /api/orders/:id/courier/retry": {
    status: adminOnly(409),
    request: async (f) => ({
      path: `/api/orders/${await storeOrder(ctx, f.product, { userId: f.owner.id, email: f.owner.email }, ["Confirmed"])}/courier/retry`,
      init: json("POST", {}),
    }),
  },
  "POST /api/orders/:id/calls": {
    status: adminOnly(201),
    request: async (f) => ({
      path: `/api/orders/${await storeOrder(ctx, f.product, { userId: f.owner.id, email: f.owner.email })}/calls`,
      init: json("POST", { outcome: "no_answer" }),
    }),
  },
  "POST /api/orders/:id/notes": {
    status: adminOnly(201),
    request: async (f) => ({
      path: `/api/orders/${await storeOrder(ctx, f.product, { userId: f.owner.id, email: f.owner.email })}/notes`,
      init: json("POST", { text: "Asked for an evening delivery" }),
    }),
  },
  "GET /api/couriers": { status: adminOnly(200), request: () => ({ path: "/api/couriers" }) },
  "GET /api/courier-areas": {
    status: adminOnly(200),
    request: () => ({ path: "/api/courier-areas?courier=pathao" }),
  },
  "PUT /api/courier-areas": {
    status: adminOnly(200),
    request: () => ({
      path: "/api/courier-areas",
      init: json("PUT", {
        courier: "redx",
        district: "ঢাকা",
        thana: "মিরপুর",
        areaId: 1,
        areaName: "Mirpur",
      }),
    }),
  },
  "DELETE /api/courier-areas": {
    status: adminOnly(200),
    request: async () => {
      await ctx.db
        .insert(courierAreas)
        .values({
          courier: "redx",
          district: "ঢাকা",
          thana: "বাড্ডা",
          areaId: 9,
          areaName: "Badda",
          source: "admin",
        })
        .onConflictDoNothing();
      return {
        path: `/api/courier-areas?courier=redx&district=${encodeURIComponent("ঢাকা")}&thana=${encodeURIComponent("বাড্ডা")}`,
        init: { method: "DELETE" },
      };
    },
  },
  "GET /api/courier-areas/options": {
    status: adminOnly(400),
    request: () => ({
      path: `/api/courier-areas/options?courier=redx&district=${encodeURIComponent("ঢাকা")}`,
    }),
  },
  "GET /api/blocked-phones": {
    status: adminOnly(200),
    request: () => ({ path: "/api/blocked-phones" }),
  },
  "POST /api/blocked-phones": {
    status: adminOnly(201),
    request: () => ({
      path: "/api/blocked-phones",
      init: json("POST", { phone: "01999000111", reason: "Refused three parcels" }),
    }),
  },
  "DELETE /api/blocked-phones/:phone": {
    status: adminOnly(200),
    request: async () => {
      await ctx.db
        .insert(phoneBlocks)
        .values({ phone: "01999000222", reason: "Test" })
        .onConflictDoNothing();
      return { path: "/api/blocked-phones/01999000222", init: { method: "DELETE" } };
    },
  },
  "GET /api/alerts": { status: adminOnly(200), request: () => ({ path: "/api/alerts" }) },
  "POST /api/alerts/:id/resolve": {
    status: adminOnly(200),
    request: async () => {
      const id = `alert-${crypto.randomUUID()}`;
      await ctx.db
        .insert(staffAlerts)
        .values({ id, kind: "parcel_live_after_cancel", message: "Test alert" });
      return { path: `/api/alerts/${id}/resolve`, init: { method: "POST" } };
    },
  },
  "GET /api/orders/:id/messages": {
    status: adminOnly(200),
    request: async (f) => ({
      path: `/api/orders/${await storeOrder(ctx, f.product, { userId: f.owner.id, email: f.owner.email })}/messages`,
    }),
  },
  "GET /api/message-templates": {
    status: adminOnly(200),
    request: () => ({ path: "/api/message-templates" }),
  },
  "PUT /api/message-templates/:event/:language": {
    status: adminOnly(200),
    request: () => ({
      path: "/api/message-templates/order_placed/en",
      init: json("PUT", { template: "Order {orderNumber} placed." }),
    }),
  },
  "DELETE /api/message-templates/:event/:language": {
    status: adminOnly(200),
    request: () => ({ path: "/api/message-templates/order_placed/en", init: { method: "DELETE" } }),
  },
  "GET /api/notifications/status": {
    status: adminOnly(200),
    request: () => ({ path: "/api/notifications/status" }),
  },
  // Couriers call these with their own secret; no session makes a difference, none is set here.
  "POST /api/webhooks/steadfast": {
    status: all(401),
    request: () => ({
      path: "/api/webhooks/steadfast",
      init: json("POST", { notification_type: "delivery_status" }),
    }),
  },
  "POST /api/webhooks/pathao": {
    status: all(401),
    request: () => ({
      path: "/api/webhooks/pathao",
      init: json("POST", { event: "webhook_integration" }),
    }),
  },
  "POST /api/webhooks/redx": {
    status: all(401),
    request: () => ({ path: "/api/webhooks/redx", init: json("POST", { status: "delivered" }) }),
  },

  "POST /api/jwt": {
    // A token only for your own email: an admin gets none for a customer either.
    status: { anonymous: 401, customerA: 200, customerB: 403, admin: 403 },
    // Only a session cookie gets a token: a token never mints its successor (decision 029).
    bearerStatus: all(401),
    request: (f) => ({ path: "/api/jwt", init: json("POST", { email: f.owner.email }) }),
  },
  "POST /api/postUser": {
    status: { anonymous: 401, customerA: 200, customerB: 403, admin: 403 },
    request: (f) => ({
      path: "/api/postUser",
      init: json("POST", { name: "Rahim", email: f.owner.email, role: "admin" }),
    }),
  },
  "GET /api/admin/:email": {
    status: { anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
    request: (f) => ({ path: `/api/admin/${encodeURIComponent(f.owner.email)}` }),
  },
  "GET /api/customer/:email": {
    status: { anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
    request: (f) => ({ path: `/api/customer/${encodeURIComponent(f.owner.email)}` }),
  },
  "GET /api/users": { status: adminOnly(200), request: () => ({ path: "/api/users" }) },
  "PUT /api/updateUser/:id": {
    status: adminOnly(200),
    request: async () => ({
      path: `/api/updateUser/${(await signUp(ctx, { email: `${randomUUID()}@haat.test` })).id}`,
      init: json("PUT", { role: "admin" }),
    }),
  },
  "DELETE /api/deleteUser/:id": {
    status: { anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
    freshOwner: true,
    request: (f) => ({ path: `/api/deleteUser/${f.owner.id}`, init: { method: "DELETE" } }),
  },
};

const REFUSAL_CODES: Record<number, string> = {
  400: "invalid",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
};

/** "METHOD /path" of every handler the server registers; middleware (ALL) and the 404 fallback are left out. */
function registeredRoutes(app: Hono<AppEnv>): string[] {
  const keys = app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`);
  return [...new Set(keys)].sort();
}

describeDb(`authorization matrix: every route × every caller (${TEST_DB})`, () => {
  let app: Hono<AppEnv>;
  const accounts = {} as Record<Exclude<Who, "anonymous">, ApiAccount>;
  let product: Product;
  let slideId: string;
  let mediaUrl: string;
  const request = (path: string, init: RequestInit = {}) => app.request(path, init);

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    accounts.admin = await apiAccount(ctx, request, "admin@haat.test", signUpAdmin);
    accounts.customerA = await apiAccount(ctx, request, "a@haat.test");
    accounts.customerB = await apiAccount(ctx, request, "b@haat.test");
    product = await newProduct(ctx);
    slideId = await freshSlide();
    const form = new FormData();
    form.append("image", await pngBlob(), "photo.png");
    const upload = await request("/api/images", {
      method: "POST",
      headers: { cookie: accounts.admin.cookie },
      body: form,
    });
    mediaUrl = (await upload.json()).data.url;
  });
  afterAll(async () => ctx?.close());

  it("has an expectation for every registered route, and no expectation for a route that is gone", () => {
    const routes = registeredRoutes(app);
    expect(
      routes.filter((r) => !(r in EXPECTED)),
      "routes missing from EXPECTED",
    ).toEqual([]);
    expect(
      Object.keys(EXPECTED).filter((k) => !routes.includes(k)),
      "stale expectations",
    ).toEqual([]);
  });

  function credentialsFor(
    who: Who,
    owner: ApiAccount,
    auth: "cookie" | "bearer",
    path: string,
  ): Record<string, string> {
    if (who === "anonymous") return {};
    const account = who === "customerA" ? owner : accounts[who];
    // Better Auth's own routes read only the session cookie.
    if (auth === "cookie" || path.startsWith("/api/auth/")) return { cookie: account.cookie };
    return { authorization: account.bearer };
  }

  const statusesFor = (spec: Expectation, auth: "cookie" | "bearer") =>
    (auth === "bearer" && spec.bearerStatus) || spec.status;

  async function runCell(key: string, who: Who, auth: "cookie" | "bearer") {
    const spec = EXPECTED[key] as Expectation;
    const owner = spec.freshOwner
      ? await apiAccount(ctx, request, `${randomUUID()}@haat.test`)
      : accounts.customerA;
    const { path, init = {} } = await spec.request({ owner, who, product, slideId, mediaUrl });
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(credentialsFor(who, owner, auth, path))) {
      headers.set(name, value);
    }
    const before = await snapshotTables(ctx);
    const res = await app.request(path, { ...init, headers });
    const expected = statusesFor(spec, auth)[who];
    if (res.status >= 400 || expected >= 400) {
      const body = await res.json();
      if (!path.startsWith("/api/auth/")) {
        expect(body.error?.code, `${key} as ${who}`).toBe(REFUSAL_CODES[res.status]);
        expect(typeof body.error?.message).toBe("string");
      }
      expect(await snapshotTables(ctx), `${key} as ${who} changed nothing`).toEqual(before);
    }
    return res.status;
  }

  it("answers an anonymous caller 401 before looking at the request: no query, an empty body", async () => {
    const answered: string[] = [];
    for (const [key, spec] of Object.entries(EXPECTED)) {
      if (spec.status.anonymous !== 401) continue;
      const { path, init = {} } = await spec.request({
        owner: accounts.customerA,
        who: "anonymous",
        product,
        slideId,
        mediaUrl,
      });
      if (path.startsWith("/api/auth/")) continue;
      const method = (init.method ?? "GET").toUpperCase();
      const bare = path.split("?")[0] as string;
      const res = await app.request(bare, {
        method,
        ...(method === "GET" || method === "DELETE"
          ? {}
          : { headers: { "content-type": "application/json" }, body: "{}" }),
      });
      if (res.status !== 401) answered.push(`${key}: ${res.status}`);
    }
    expect(answered).toEqual([]);
  });

  describe.each(["cookie", "bearer"] as const)("callers signed in with a %s", (auth) => {
    it("answers every route with the expected status for each caller", async () => {
      const actual: Record<string, Statuses> = {};
      const expected: Record<string, Statuses> = {};
      for (const key of registeredRoutes(app).filter((k) => k in EXPECTED)) {
        expected[key] = statusesFor(EXPECTED[key] as Expectation, auth);
        const row = {} as Statuses;
        for (const who of CALLERS) row[who] = await runCell(key, who, auth);
        actual[key] = row;
      }
      expect(actual).toEqual(expected);
      console.info(
        `authorization matrix (${auth}): ${Object.keys(actual).length} routes × ${CALLERS.length} callers = ${Object.keys(actual).length * CALLERS.length} cells`,
      );
    });
  });

  it("Better Auth endpoints act only on the caller's own account and never change a role", async () => {
    const { customerA } = accounts;
    const post = (path: string, body: unknown, cookie?: string) =>
      app.request(path, {
        ...json("POST", body),
        headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      });
    const roleOf = async (id: string) =>
      (await ctx.db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]?.role;

    const session = await app.request("/api/auth/get-session", {
      headers: { cookie: customerA.cookie },
    });
    expect((await session.json()).user.email).toBe(customerA.email);

    const escalate = await post("/api/auth/update-user", { role: "admin" }, customerA.cookie);
    expect(escalate.status).toBe(400);
    expect(await roleOf(customerA.id)).toBe("customer");

    // The only way to delete an account is DELETE /api/deleteUser (decision 010).
    const remove = await post("/api/auth/delete-user", {}, customerA.cookie);
    expect(remove.status).toBe(404);
    expect(await roleOf(customerA.id)).toBe("customer");
  });
});
