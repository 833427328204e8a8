import fc from "fast-check";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "~/core/media";
import type { AppContext } from "../app-context";
import { addSlide } from "../services/slides";
import { signUp, signUpAdmin } from "../testing/accounts";
import {
  CONTACT_BODY,
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
import { MAX_API_BODY_BYTES, mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

/**
 * Issue 9: random and malformed requests at every mutating route, sent by an admin so that
 * authorization is not what stops them. Each answer must be a 4xx with a JSON error, and no row
 * of any table may change. The runs are reproducible: BAD_INPUT_SEED picks the seed (printed).
 */

const SEED = Number(process.env.BAD_INPUT_SEED ?? 20261124);
const RUNS_PER_ROUTE = Number(process.env.BAD_INPUT_RUNS ?? 50);

/** The ids the valid requests name: real rows, so a request that slips through would change one. */
type Ids = {
  product: string;
  slide: string;
  message: string;
  pendingOrder: string;
  deliveredOrder: string;
  returnedOrder: string;
  customer: string;
  adminEmail: string;
  customerEmail: string;
  orderBody: Record<string, unknown>;
};

/** A valid request for a mutating route: its body (JSON or multipart) and the id in its path. */
type Template = {
  path: (id: string) => string;
  id?: (ids: Ids) => string;
  body?: (ids: Ids) => Record<string, unknown>;
  multipart?: boolean;
};

const ROUTES: Record<string, Template> = {
  "POST /api/postProduct": { path: () => "/api/postProduct", body: () => PRODUCT_BODY },
  "PATCH /api/updateProduct/:id": {
    path: (id) => `/api/updateProduct/${id}`,
    id: (ids) => ids.product,
    body: () => ({ offerPrice: 1890, name: "Linen Panjabi" }),
  },
  "DELETE /api/deleteProduct/:id": {
    path: (id) => `/api/deleteProduct/${id}`,
    id: (ids) => ids.product,
  },
  "POST /api/products/:id/stock": {
    path: (id) => `/api/products/${id}/stock`,
    id: (ids) => ids.product,
    body: () => ({ size: "M", color: "White", change: 1 }),
  },
  "POST /api/images": { path: () => "/api/images", multipart: true },
  "POST /api/postSlider": { path: () => "/api/postSlider", body: () => SLIDE_BODY },
  "PUT /api/updateSlider/:id": {
    path: (id) => `/api/updateSlider/${id}`,
    id: (ids) => ids.slide,
    body: () => SLIDE_BODY,
  },
  "DELETE /api/deleteSlider/:id": {
    path: (id) => `/api/deleteSlider/${id}`,
    id: (ids) => ids.slide,
  },
  "POST /api/contact": { path: () => "/api/contact", body: () => CONTACT_BODY },
  "PATCH /api/contactMessages/:id": {
    path: (id) => `/api/contactMessages/${id}`,
    id: (ids) => ids.message,
    body: () => ({ read: true }),
  },
  "POST /api/postOrder": { path: () => "/api/postOrder", body: (ids) => ids.orderBody },
  "POST /api/orders/:orderNumber/verify": {
    path: () => "/api/orders/100001/verify",
    body: () => ({ phone: "01712345678", code: "123456" }),
  },
  "POST /api/orders/:orderNumber/verify/resend": {
    path: () => "/api/orders/100001/verify/resend",
    body: () => ({ phone: "01712345678" }),
  },
  "PUT /api/orderStatus/:id": {
    path: (id) => `/api/orderStatus/${id}`,
    id: (ids) => ids.pendingOrder,
    body: () => ({ status: "Confirmed" }),
  },
  "POST /api/orders/:id/return-received": {
    path: (id) => `/api/orders/${id}/return-received`,
    id: (ids) => ids.returnedOrder,
  },
  "DELETE /api/deleteOrder/:id": {
    path: (id) => `/api/deleteOrder/${id}`,
    id: (ids) => ids.deliveredOrder,
  },
  // No courier is configured here: the body is checked before that is found out.
  "POST /api/orders/:id/courier": {
    path: (id) => `/api/orders/${id}/courier`,
    id: (ids) => ids.pendingOrder,
    body: () => ({ courier: "steadfast" }),
  },
  "POST /api/orders/:id/courier/retry": {
    path: (id) => `/api/orders/${id}/courier/retry`,
    id: (ids) => ids.pendingOrder,
    body: () => ({ confirmNotBooked: true }),
  },
  "POST /api/orders/:id/calls": {
    path: (id) => `/api/orders/${id}/calls`,
    id: (ids) => ids.pendingOrder,
    body: () => ({ outcome: "cancelled", reason: "Fake order", note: "Said he never ordered" }),
  },
  "POST /api/orders/:id/notes": {
    path: (id) => `/api/orders/${id}/notes`,
    id: (ids) => ids.pendingOrder,
    body: () => ({ text: "Asked for an evening delivery" }),
  },
  "PUT /api/courier-areas": {
    path: () => "/api/courier-areas",
    body: () => ({ courier: "pathao", district: "ঢাকা", thana: "মিরপুর", cityId: 1 }),
  },
  // The thana stands in for an id: none is stored, so even the valid request changes nothing.
  "DELETE /api/courier-areas": {
    path: (thana) =>
      `/api/courier-areas?courier=redx&district=${encodeURIComponent("ঢাকা")}&thana=${thana}`,
    id: () => encodeURIComponent("মিরপুর"),
  },
  "POST /api/blocked-phones": {
    path: () => "/api/blocked-phones",
    body: () => ({ phone: "01712", reason: "Refused three parcels" }),
  },
  "DELETE /api/blocked-phones/:phone": {
    path: (id) => `/api/blocked-phones/${id}`,
    id: () => "01999000333",
  },
  // No alert is open here: the id stands in for one, so even the valid request changes nothing.
  "POST /api/alerts/:id/resolve": {
    path: (id) => `/api/alerts/${id}/resolve`,
    id: () => "AbCdEfGhIjKlMnOp",
  },
  // No webhook secret is configured here: every notification is refused.
  "POST /api/webhooks/steadfast": {
    path: () => "/api/webhooks/steadfast",
    body: () => ({ notification_type: "delivery_status", invoice: "100001", status: "delivered" }),
  },
  "POST /api/webhooks/pathao": {
    path: () => "/api/webhooks/pathao",
    body: () => ({ event: "order.delivered", consignment_id: "DL1", merchant_order_id: "100001" }),
  },
  "POST /api/webhooks/redx": {
    path: () => "/api/webhooks/redx",
    body: () => ({ tracking_number: "21A1", status: "delivered" }),
  },
  "PUT /api/message-templates/:event/:language": {
    path: (event) => `/api/message-templates/${event}/bn`,
    id: () => "order_placed",
    body: () => ({ template: "হাট: অর্ডার #{orderNumber} পেয়েছি। মোট {total} টাকা।" }),
  },
  // No template was edited: going back to the default changes nothing even when valid.
  "DELETE /api/message-templates/:event/:language": {
    path: (event) => `/api/message-templates/${event}/en`,
    id: () => "order_confirmed",
  },
  "POST /api/jwt": { path: () => "/api/jwt", body: (ids) => ({ email: ids.adminEmail }) },
  "POST /api/postUser": {
    path: () => "/api/postUser",
    body: (ids) => ({ name: "Admin Two", email: ids.adminEmail }),
  },
  "PUT /api/updateUser/:id": {
    path: (id) => `/api/updateUser/${id}`,
    id: (ids) => ids.customer,
    body: () => ({ role: "admin" }),
  },
  "DELETE /api/deleteUser/:id": {
    path: (id) => `/api/deleteUser/${id}`,
    id: (ids) => ids.customer,
  },
};

/** Better Auth's catch-all `POST /api/auth/*`: the endpoints the shop's pages call. */
const AUTH_ROUTES: Record<string, Template> = {
  "POST /api/auth/sign-up/email": {
    path: () => "/api/auth/sign-up/email",
    body: () => ({ name: "New", email: "new@haat.test", password: "a-long-test-password" }),
  },
  "POST /api/auth/sign-in/email": {
    path: () => "/api/auth/sign-in/email",
    body: (ids) => ({ email: ids.customerEmail, password: "a-long-test-password" }),
  },
  "POST /api/auth/request-password-reset": {
    path: () => "/api/auth/request-password-reset",
    body: (ids) => ({ email: ids.customerEmail, redirectTo: "/authentication/reset-password" }),
  },
  "POST /api/auth/reset-password": {
    path: () => "/api/auth/reset-password",
    body: () => ({ newPassword: "another-long-password", token: "not-a-real-token" }),
  },
  "POST /api/auth/update-user": {
    path: () => "/api/auth/update-user",
    body: () => ({ name: "X" }),
  },
  "POST /api/auth/change-password": {
    path: () => "/api/auth/change-password",
    body: () => ({ currentPassword: "wrong-password", newPassword: "another-long-password" }),
  },
};

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

// ------------------------------------------------------------------------ malformed requests

/** What makes a request malformed; every case below is invalid whatever the noise around it. */
type Malformed =
  | { kind: "json value"; body: string }
  | { kind: "wrong type"; field: number; value: unknown }
  | { kind: "huge string"; field: number; length: number }
  | { kind: "deep nesting"; field: number; depth: number }
  | { kind: "binary"; bytes: Uint8Array }
  | { kind: "wrong content type"; contentType: string | null }
  | { kind: "random id"; id: string }
  | { kind: "multipart"; part: MultipartCase };

type MultipartCase =
  | "no image part"
  | "image as text field"
  | "text file"
  | "svg as png"
  | "html as jpeg"
  | "truncated png"
  | "garbled body"
  | "no boundary"
  | "bad kind";

type Noise = { query: [string, string][]; headers: [string, string][] };

const jsonScalarOrArray = fc
  .jsonValue({ maxDepth: 3 })
  .filter((v) => v === null || typeof v !== "object" || Array.isArray(v));

const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
/** A value of another JSON type than `like` (never null: some fields may be cleared with null). */
const otherType = (like: unknown) =>
  fc
    .oneof(
      fc.string({ maxLength: 20 }),
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    )
    .filter((v) => typeOf(v) !== typeOf(like));

function malformed(template: Template, ids: Ids): fc.Arbitrary<Malformed> {
  const cases: fc.Arbitrary<Malformed>[] = [];
  if (template.id) {
    cases.push(
      fc
        .oneof(
          fc.string({ unit: "binary", minLength: 1, maxLength: 80 }),
          fc.string({ maxLength: 20 }).map((id) => `${id}\u0000`),
        )
        .map((id) => ({ kind: "random id" as const, id })),
    );
  }
  if (template.multipart) {
    cases.push(
      fc
        .constantFrom<MultipartCase>(
          "no image part",
          "image as text field",
          "text file",
          "svg as png",
          "html as jpeg",
          "truncated png",
          "garbled body",
          "no boundary",
          "bad kind",
        )
        .map((part) => ({ kind: "multipart" as const, part })),
      jsonScalarOrArray.map((v) => ({ kind: "json value" as const, body: JSON.stringify(v) })),
      fc.uint8Array({ maxLength: 4096 }).map((bytes) => ({ kind: "binary" as const, bytes })),
    );
  }
  const valid = template.body?.(ids);
  const fields = valid ? Object.values(valid) : [];
  if (valid) {
    cases.push(
      jsonScalarOrArray.map((v) => ({ kind: "json value" as const, body: JSON.stringify(v) })),
      fc.string({ maxLength: 200 }).map((s) => ({ kind: "json value" as const, body: s })),
      fc.uint8Array({ maxLength: 2048 }).map((bytes) => ({ kind: "binary" as const, bytes })),
      fc
        .nat({ max: fields.length - 1 })
        .chain((field) =>
          otherType(fields[field]).map((value) => ({ kind: "wrong type" as const, field, value })),
        ),
      fc.record({
        kind: fc.constant("huge string" as const),
        field: fc.nat(),
        length: fc.integer({ min: 10_001, max: 200_000 }),
      }),
      fc.record({
        kind: fc.constant("deep nesting" as const),
        field: fc.nat(),
        depth: fc.integer({ min: 50, max: 20_000 }),
      }),
      fc
        .constantFrom(
          null,
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data",
          "multipart/form-data; boundary=xyz",
          "application/xml",
          "image/png",
        )
        .map((contentType) => ({ kind: "wrong content type" as const, contentType })),
    );
  }
  const textFields = fields.flatMap((v, i) => (typeof v === "string" ? [i] : []));
  if (textFields.length > 0) {
    // PostgreSQL cannot store NUL in text.
    cases.push(
      fc
        .constantFrom(...textFields)
        .map((field) => ({ kind: "wrong type" as const, field, value: `${fields[field]}\u0000` })),
    );
  }
  if (valid && !template.id) {
    // Only where the body is a whole resource: at a real id, a random object (`{}`) could be a
    // valid partial update.
    cases.push(
      fc
        .dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 })
        .map((v) => ({ kind: "json value" as const, body: JSON.stringify(v) })),
    );
  }
  return fc.oneof(...cases);
}

const noise: fc.Arbitrary<Noise> = fc.record({
  query: fc.array(fc.tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 40 })), {
    maxLength: 4,
  }),
  headers: fc.array(
    fc.oneof(
      fc.string({ maxLength: 120 }).map((v) => ["idempotency-key", v] as [string, string]),
      fc
        .string({ maxLength: 80 })
        .filter((v) => !/^\s*bearer/i.test(v))
        .map((v) => ["authorization", v] as [string, string]),
      fc
        .constantFrom("gzip", "br", "identity", "x")
        .map((v) => ["content-encoding", v] as [string, string]),
      fc
        .constantFrom("-1", "abc", "0", "99999999999999999999", "1e3")
        .map((v) => ["content-length", v] as [string, string]),
      fc.string({ maxLength: 40 }).map((v) => ["x-forwarded-for", v] as [string, string]),
    ),
    { maxLength: 3 },
  ),
});

/** Header values must be ByteStrings without CR/LF: keep what a client could put on the wire. */
const headerSafe = (v: string) => v.replace(/[^\x20-\x7e]/g, "").trim();

function nest(depth: number): string {
  return `${'{"a":['.repeat(depth)}1${"]}".repeat(depth)}`;
}

async function multipartBody(
  part: MultipartCase,
): Promise<{ body: BodyInit; contentType?: string }> {
  const form = new FormData();
  const png = await pngBlob();
  switch (part) {
    case "no image part":
      form.append("kind", "product");
      break;
    case "image as text field":
      form.append("image", "not a file");
      break;
    case "text file":
      form.append("image", new Blob(["just some text"], { type: "text/plain" }), "notes.txt");
      break;
    case "svg as png":
      form.append(
        "image",
        new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
          type: "image/png",
        }),
        "photo.png",
      );
      break;
    case "html as jpeg":
      form.append(
        "image",
        new Blob(["<!doctype html><script>alert(1)</script>"], { type: "image/jpeg" }),
        "photo.jpg",
      );
      break;
    case "truncated png": {
      const bytes = new Uint8Array(await png.arrayBuffer()).slice(0, 200);
      form.append("image", new Blob([bytes], { type: "image/png" }), "photo.png");
      break;
    }
    case "bad kind":
      form.append("image", png, "photo.png");
      form.append("kind", "banner<script>");
      break;
    case "garbled body":
      return {
        body: '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG',
        contentType: "multipart/form-data; boundary=xyz",
      };
    case "no boundary": {
      form.append("image", png, "photo.png");
      const encoded = new Response(form);
      return { body: await encoded.arrayBuffer(), contentType: "multipart/form-data" };
    }
  }
  return { body: form };
}

/** `body` with its `field`-th field (modulo the number of fields) replaced by `value`. */
function jsonWith(body: Record<string, unknown>, field: number, value: unknown) {
  const keys = Object.keys(body);
  return { ...body, [keys[field % keys.length] as string]: value };
}

async function buildRequest(
  template: Template,
  ids: Ids,
  bad: Malformed,
  extra: Noise,
): Promise<{ path: string; init: RequestInit }> {
  const validBody = template.body?.(ids);
  const id = bad.kind === "random id" ? encodeURIComponent(bad.id) : (template.id?.(ids) ?? "");
  const headers = new Headers();
  for (const [name, value] of extra.headers) headers.set(name, headerSafe(value));
  let body: BodyInit | undefined;
  let contentType: string | null = "application/json";
  switch (bad.kind) {
    case "json value":
      body = bad.body;
      break;
    case "binary":
      body = new Uint8Array(bad.bytes);
      break;
    case "wrong type":
      body = JSON.stringify(jsonWith(validBody ?? {}, bad.field, bad.value));
      break;
    case "huge string":
      body = JSON.stringify(jsonWith(validBody ?? {}, bad.field, "x".repeat(bad.length)));
      break;
    case "deep nesting":
      body = JSON.stringify(jsonWith(validBody ?? {}, bad.field, "@@")).replace(
        '"@@"',
        nest(bad.depth),
      );
      break;
    case "wrong content type":
      body = JSON.stringify(validBody);
      contentType = bad.contentType;
      break;
    case "random id":
      // The valid body (if any) at an id that does not exist.
      body = validBody ? JSON.stringify(validBody) : undefined;
      if (!validBody) contentType = null;
      break;
    case "multipart": {
      const m = await multipartBody(bad.part);
      body = m.body;
      contentType = m.contentType ?? null;
      break;
    }
  }
  if (contentType) headers.set("content-type", contentType);
  else if (!(body instanceof FormData)) headers.delete("content-type");
  const query = new URLSearchParams(extra.query).toString();
  const path = template.path(id) + (query ? `?${query}` : "");
  return { path, init: { method: "POST", headers, body } };
}

describeDb(`bad input at every mutating route (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let admin: { cookie: string };
  let ids: Ids;
  let tried = 0;
  let oversized = 0;
  const routesCovered = new Set<string>();

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    const adminEmail = "admin@haat.test";
    admin = await signUpAdmin(ctx, { email: adminEmail });
    // A second admin, so that deleting or demoting the first would not be refused for that reason.
    await signUpAdmin(ctx, { email: "admin2@haat.test" });
    const customerEmail = "customer@haat.test";
    const customer = await signUp(ctx, { email: customerEmail });
    const product = await newProduct(ctx);
    ids = {
      product: product._id,
      slide: (await addSlide(ctx, { role: "admin" }, SLIDE_BODY))._id,
      message: await newContactMessage(ctx),
      pendingOrder: await storeOrder(ctx, product, { userId: customer.id, email: customerEmail }),
      deliveredOrder: await storeOrder(
        ctx,
        product,
        { userId: customer.id, email: customerEmail },
        ["Confirmed", "Delivered"],
      ),
      returnedOrder: await storeOrder(ctx, product, { userId: customer.id, email: customerEmail }, [
        "Confirmed",
        "Delivered",
        "Return",
      ]),
      customer: customer.id,
      adminEmail,
      customerEmail,
      // Without the fields the server ignores (the client's date, time and status): any text
      // in them is valid.
      orderBody: (({ date, placedAt, time, orderStatus, ...stored }) => stored)(
        orderBody(product, customerEmail),
      ),
    };
  });
  afterAll(async () => {
    console.info(
      `bad input: ${tried} malformed requests over ${routesCovered.size} mutating routes (seed ${SEED}, ${RUNS_PER_ROUTE} runs per route); ${oversized} oversized bodies refused with 413`,
    );
    await ctx?.close();
  });

  it("has a template for every mutating route the server registers", () => {
    const mutating = [
      ...new Set(
        app.routes
          .filter((r) => MUTATING.has(r.method))
          .map((r) => `${r.method} ${r.path}`)
          .filter((key) => key !== "POST /api/auth/*"),
      ),
    ];
    expect(mutating.filter((key) => !(key in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((key) => !mutating.includes(key))).toEqual([]);
  });

  const cases = Object.entries({ ...ROUTES, ...AUTH_ROUTES });
  describe.each(cases)("%s", (key, template) => {
    it("answers malformed requests with a 4xx JSON error and changes nothing", async () => {
      const method = key.split(" ")[0] as string;
      const isAuth = key.startsWith("POST /api/auth/");
      // The tables are compared once per route, after all its malformed requests: comparing
      // after each one was most of this suite's time. The seed is fixed, so a route that fails
      // here can be replayed request by request.
      const before = await snapshotTables(ctx);
      await fc.assert(
        fc.asyncProperty(malformed(template, ids), noise, async (bad, extra) => {
          const { path, init } = await buildRequest(template, ids, bad, extra);
          init.method = method;
          init.headers = new Headers(init.headers);
          init.headers.set("cookie", admin.cookie);
          tried++;
          const res = await app.request(path, init);
          const text = await res.text();
          const label = `${key} ${bad.kind} → ${res.status} ${text.slice(0, 200)}`;
          expect(res.status, label).toBeGreaterThanOrEqual(400);
          expect(res.status, label).toBeLessThan(500);
          expect(res.headers.get("content-type"), label).toMatch(/^application\/json/);
          const body = JSON.parse(text);
          // Better Auth answers its own errors as { code, message }.
          const error = isAuth && !body.error ? body : body.error;
          expect(typeof error?.message, label).toBe("string");
          if (!isAuth) expect(typeof error?.code, label).toBe("string");
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
      );
      expect(await snapshotTables(ctx), `${key}: the tables after its malformed requests`).toEqual(
        before,
      );
      routesCovered.add(key);
    });
  });

  /** A body of `total` bytes that is produced only as it is read, counting what was read. */
  function meteredBody(total: number) {
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const meter = { read: 0 };
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (meter.read >= total) return controller.close();
          meter.read += chunk.length;
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, meter };
  }

  describe.each(cases)("%s", (key, template) => {
    it.each(["declared Content-Length", "streamed without a length"])(
      "refuses a body over the limit with 413 before reading it (%s)",
      async (how) => {
        const total = MAX_IMAGE_BYTES + 1024 * 1024;
        const limit = template.multipart ? MAX_IMAGE_BYTES + 64 * 1024 : MAX_API_BODY_BYTES;
        const { stream, meter } = meteredBody(total);
        const headers = new Headers({
          cookie: admin.cookie,
          "content-type": template.multipart
            ? "multipart/form-data; boundary=xyz"
            : "application/json",
        });
        if (how === "declared Content-Length") headers.set("content-length", String(total));
        const before = await snapshotTables(ctx);
        const res = await app.request(template.path(template.id?.(ids) ?? ""), {
          method: key.split(" ")[0],
          headers,
          body: stream,
          duplex: "half",
        } as RequestInit);
        expect(res.status).toBe(413);
        expect((await res.json()).error.code).toBe("payload_too_large");
        expect(meter.read).toBeLessThanOrEqual(limit + 64 * 1024);
        expect(await snapshotTables(ctx)).toEqual(before);
        oversized++;
      },
    );
  });
});
