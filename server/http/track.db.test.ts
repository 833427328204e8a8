import { desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import { trackOrderPage } from "~/app/features/orders/track-order.server";
import { formatNumber } from "~/core/money";
import { DEFAULT_TEMPLATES, renderTemplate } from "~/core/notifications";
import type { AppContext } from "../app-context";
import { messages, orderCouriers, orders } from "../db/schema";
import { listOrderMessages } from "../notify/messages";
import { restoreDefaultTemplate, saveTemplate } from "../notify/templates";
import { RATE_LIMITS } from "../rate-limit/rules";
import { countOrdersByStatus, getOrderDetail, listOrders } from "../services/order-queries";
import type { Product } from "../services/products";
import { signUp, signUpAdmin } from "../testing/accounts";
import { CUSTOMER_DATA, newProduct, orderBody } from "../testing/api-fixtures";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

/** Issue 24 items 1 and 4 (decision 060): tracking by number and phone, codes for risky orders. */

type Answer = { status: number; body: Record<string, unknown>; text: string; headers: Headers };

function apiOf(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  mountServerRoutes(app, ctx);
  return async (
    method: string,
    path: string,
    body?: unknown,
    address = "203.0.113.7",
  ): Promise<Answer> => {
    const res = await app.request(`/api${path}`, {
      method,
      headers: {
        "x-forwarded-for": address,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text), text, headers: res.headers };
  };
}

let phoneSeq = 0;
/** A fresh number per order, so limits and risk stay each test's own. */
const newPhone = () => `0181${String(10_000_000 + ++phoneSeq).slice(1)}`;

async function placeGuestOrder(
  call: ReturnType<typeof apiOf>,
  product: Product,
  phone: string,
  extra: { email?: string; address?: string } = {},
) {
  const body = orderBody(product, extra.email ?? "guest-tracker@example.com");
  body.customerData = {
    ...body.customerData,
    mobileNumber: phone,
    ...(extra.address ? { address: extra.address } : {}),
  };
  const res = await call("POST", "/postOrder", body);
  expect(res.status).toBe(201);
  return res.body as { insertedId: string; orderNumber: number; awaitingCode?: boolean };
}

describeDb(`tracking an order by number and phone (${TEST_DB})`, () => {
  let ctx: AppContext;
  let call: ReturnType<typeof apiOf>;
  let product: Product;

  beforeAll(async () => {
    ctx = await openTestContext({ TRUSTED_PROXIES: "1" });
    call = apiOf(ctx);
    product = await newProduct(ctx);
  });
  afterAll(async () => ctx?.close());

  it("answers the status and its history for the right pair, in any spelling of the phone", async () => {
    const phone = newPhone();
    const placed = await placeGuestOrder(call, product, phone);
    const res = await call("GET", `/track?orderNumber=${placed.orderNumber}&phone=${phone}`);
    expect(res.status).toBe(200);
    const data = res.body.data as Record<string, unknown>;
    expect(data.orderNumber).toBe(placed.orderNumber);
    expect(data.status).toBe("Pending");
    expect(data.history).toEqual([{ status: "Pending", at: expect.any(String) }]);
    expect(data).not.toHaveProperty("courier");
    expect(data).not.toHaveProperty("trackingCode");

    const local = phone.slice(1);
    const bengali = (s: string) => s.replace(/[0-9]/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)] ?? d);
    for (const spelled of [`+880${local}`, `880${local}`, bengali(phone)]) {
      const again = await call(
        "GET",
        `/track?orderNumber=${bengali(String(placed.orderNumber))}&phone=${encodeURIComponent(spelled)}`,
      );
      expect(again.status, spelled).toBe(200);
      expect((again.body.data as { orderNumber: number }).orderNumber).toBe(placed.orderNumber);
    }
  });

  it("adds the courier and tracking code once the parcel is booked, never before", async () => {
    const phone = newPhone();
    const placed = await placeGuestOrder(call, product, phone);
    await ctx.db.insert(orderCouriers).values({
      orderId: placed.insertedId,
      courier: "steadfast",
      state: "queued",
    });
    const queued = await call("GET", `/track?orderNumber=${placed.orderNumber}&phone=${phone}`);
    expect(queued.body.data).not.toHaveProperty("courier");
    await ctx.db
      .update(orderCouriers)
      .set({ state: "booked", consignmentId: "1424107", trackingCode: "15BAEB8A" })
      .where(eq(orderCouriers.orderId, placed.insertedId));
    const booked = await call("GET", `/track?orderNumber=${placed.orderNumber}&phone=${phone}`);
    expect(booked.body.data).toMatchObject({ courier: "steadfast", trackingCode: "15BAEB8A" });
  });

  it("answers a wrong phone, a missing number and another customer's order with one identical not-found", async () => {
    const mine = newPhone();
    const theirs = newPhone();
    const placed = await placeGuestOrder(call, product, mine);
    const other = await placeGuestOrder(call, product, theirs);
    const wrongPhone = await call(
      "GET",
      `/track?orderNumber=${placed.orderNumber}&phone=${theirs}`,
    );
    const missing = await call("GET", `/track?orderNumber=99999999&phone=${mine}`);
    const anotherCustomers = await call(
      "GET",
      `/track?orderNumber=${other.orderNumber}&phone=${mine}`,
    );
    for (const res of [wrongPhone, missing, anotherCustomers]) {
      expect(res.status).toBe(404);
      expect(res.text).toBe(wrongPhone.text);
    }
    expect(wrongPhone.body).toEqual({
      error: { code: "not_found", message: expect.stringContaining("found no order") },
    });
  });

  it("refuses bad input with the issue under each field", async () => {
    const res = await call("GET", "/track?orderNumber=abc&phone=12345");
    expect(res.status).toBe(400);
    const paths = (res.body.error as { issues: { path: string }[] }).issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["orderNumber", "phone"]));
    const none = await call("GET", "/track");
    expect(none.status).toBe(400);
  });

  it("tells nothing personal: no name, address, email or phone in the answer or the page's data", async () => {
    const phone = newPhone();
    const placed = await placeGuestOrder(call, product, phone, {
      email: "private.person@example.com",
      address: "House 77, Secret Lane",
    });
    const res = await call("GET", `/track?orderNumber=${placed.orderNumber}&phone=${phone}`);
    const pageData = await trackOrderPage(
      ctx,
      new URL(`http://localhost/track-order?orderNumber=${placed.orderNumber}&phone=${phone}`),
      "203.0.113.8",
    );
    const page = JSON.stringify((pageData as unknown as { data: { order: unknown } }).data.order);
    for (const text of [res.text, page]) {
      expect(text).not.toContain(CUSTOMER_DATA.name);
      expect(text).not.toContain("Secret Lane");
      expect(text).not.toContain("private.person");
      expect(text).not.toContain(phone.slice(1));
    }
    // What the page does show: items with size and colour, the total, district and thana.
    expect(page).toContain(product.name);
    expect(page).toContain(CUSTOMER_DATA.thana);
    expect(page).toContain(CUSTOMER_DATA.district);
    expect(page).toContain('"size":"M"');
  });

  it("serves the page by GET: the result for a right pair, the same not-found for a wrong one", async () => {
    const phone = newPhone();
    const placed = await placeGuestOrder(call, product, phone);
    const page = async (query: string) =>
      (await trackOrderPage(
        ctx,
        new URL(`http://localhost/track-order?${query}`),
        "203.0.113.9",
      )) as unknown as {
        data: { order: { history: unknown[] } | null; failure: { message: string } | null };
        init: { status?: number; headers: Record<string, string> };
      };
    const found = await page(`orderNumber=${placed.orderNumber}&phone=${phone}`);
    expect(found.data.order?.history).toHaveLength(1);
    expect(found.init.headers["Cache-Control"]).toBe("private, no-store");
    const wrong = await page(`orderNumber=${placed.orderNumber}&phone=${newPhone()}`);
    const missing = await page(`orderNumber=88888888&phone=${phone}`);
    expect(wrong.init.status).toBe(404);
    expect(missing.init.status).toBe(404);
    expect(wrong.data.failure).toEqual(missing.data.failure);
    const empty = await page("");
    expect(empty.data.order).toBeNull();
    expect(empty.data.failure).toBeNull();
  });
});

describeDb(`tracking limits with RATE_LIMIT=on (${TEST_DB})`, () => {
  let ctx: AppContext;
  let call: ReturnType<typeof apiOf>;
  let product: Product;

  beforeAll(async () => {
    ctx = await openTestContext({ TRUSTED_PROXIES: "1", RATE_LIMIT: "on" });
    call = apiOf(ctx);
    product = await newProduct(ctx);
  });
  afterAll(async () => ctx?.close());

  it("refuses one address's guesses at an order's phone, yet answers its customer from another", async () => {
    const phone = newPhone();
    const placed = await placeGuestOrder(call, product, phone);
    const max = RATE_LIMITS.trackPerOrderNumberFromAddress.max;
    const guess = (address: string, tried = newPhone()) =>
      call("GET", `/track?orderNumber=${placed.orderNumber}&phone=${tried}`, undefined, address);
    for (let i = 0; i < max; i++) expect((await guess("203.0.113.9")).status).toBe(404);
    const refused = await guess("203.0.113.9", phone);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // The customer, on their own connection, still sees their order.
    expect((await guess("203.0.113.77", phone)).status).toBe(200);
  });

  it("answers 429 after the look-ups one order number allows from every address together", async () => {
    const phone = newPhone();
    const placed = await placeGuestOrder(call, product, phone);
    const max = RATE_LIMITS.trackPerOrderNumber.max;
    for (let i = 0; i < max; i++) {
      // Wrong phones from many addresses: guessing one order's phone.
      const res = await call(
        "GET",
        `/track?orderNumber=${placed.orderNumber}&phone=${newPhone()}`,
        undefined,
        `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      );
      expect(res.status).toBe(404);
    }
    const refused = await call(
      "GET",
      `/track?orderNumber=${placed.orderNumber}&phone=${phone}`,
      undefined,
      "198.51.100.200",
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another order from the same addresses is still answered.
    const otherPhone = newPhone();
    const other = await placeGuestOrder(call, product, otherPhone);
    const fine = await call("GET", `/track?orderNumber=${other.orderNumber}&phone=${otherPhone}`);
    expect(fine.status).toBe(200);
  });

  it("answers 429 after the look-ups one phone allows (walking through order numbers)", async () => {
    const phone = newPhone();
    const max = RATE_LIMITS.trackPerPhone.max;
    for (let i = 0; i < max; i++) {
      const res = await call("GET", `/track?orderNumber=${500000 + i}&phone=${phone}`);
      expect(res.status).toBe(404);
    }
    const refused = await call("GET", `/track?orderNumber=600000&phone=${phone}`);
    expect(refused.status).toBe(429);
  });
});

/** The code of the order's latest queued SMS (the SMS is the only place it is readable). */
async function lastCode(ctx: AppContext, orderId: string): Promise<string> {
  const [sms] = await ctx.db
    .select({ text: messages.text, event: messages.event })
    .from(messages)
    .where(eq(messages.orderId, orderId))
    .orderBy(desc(messages.createdAt));
  expect(sms?.event).toBe("order_code");
  // The six digits not after "#" (the order number, also six digits, follows "#").
  const code = /(?<![#\d])(\d{6})(?!\d)/.exec(sms?.text ?? "")?.[1];
  if (!code) throw new Error(`no code in ${sms?.text}`);
  return code;
}

describeDb(`order codes for risky orders (${TEST_DB})`, () => {
  let ctx: AppContext;
  let call: ReturnType<typeof apiOf>;
  let product: Product;

  beforeAll(async () => {
    ctx = await openTestContext({ TRUSTED_PROXIES: "1", ORDER_OTP: "all" });
    call = apiOf(ctx);
    product = await newProduct(ctx);
  });
  afterAll(async () => ctx?.close());

  const adminActor = async () => {
    const email = `otp-admin-${++phoneSeq}@haat.test`;
    const admin = await signUpAdmin(ctx, { email });
    return { userId: admin.id, email, name: "Boss", role: "admin" as const, emailVerified: true };
  };

  it("stores the order awaiting its code, out of the Pending queue and in Unverified, with its stock taken", async () => {
    const phone = newPhone();
    const pendingBefore = (await countOrdersByStatus(ctx.db, await adminActor())).Pending;
    const placed = await placeGuestOrder(call, product, phone);
    // The dashboard's Pending and Active Orders cards count it once it is verified, not before.
    expect((await countOrdersByStatus(ctx.db, await adminActor())).Pending).toBe(pendingBefore);
    expect(placed.awaitingCode).toBe(true);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.insertedId));
    expect(row).toMatchObject({ status: "Pending", awaitingCode: true });
    const admin = await adminActor();
    const pending = await listOrders(ctx.db, admin, {
      statuses: ["Pending"],
      search: String(placed.orderNumber),
      limit: 20,
    });
    expect(pending.data).toHaveLength(0);
    const unverified = await listOrders(ctx.db, admin, {
      statuses: ["Pending"],
      search: String(placed.orderNumber),
      awaitingCode: true,
      limit: 20,
    });
    expect(unverified.data.map((o) => o.orderNumber)).toEqual([placed.orderNumber]);
    // Staff see where its code stands: sent, still valid, every try left.
    expect(unverified.data[0]?.code).toMatchObject({ state: "awaiting", triesLeft: 5 });
    const tracked = await call("GET", `/track?orderNumber=${placed.orderNumber}&phone=${phone}`);
    expect(tracked.body.data).toMatchObject({ status: "Pending", awaitingCode: true });
    // The code is stored only as a hash.
    const code = await lastCode(ctx, placed.insertedId);
    const stored = JSON.stringify(await ctx.db.execute(sql`select * from order_codes`));
    expect(stored).not.toContain(code);
    // Staff see that the code went out, not the code.
    const shown = await listOrderMessages(ctx.db, await adminActor(), placed.insertedId);
    const codeSms = shown.find((m) => m.event === "order_code");
    expect(codeSms?.text).toContain(`#${placed.orderNumber}`);
    expect(codeSms?.text).toContain("••••••");
    expect(codeSms?.text).not.toContain(code);
  });

  it("writes the code's SMS from the shop's own order-code template, in the order's language", async () => {
    const admin = await adminActor();
    await saveTemplate(ctx.db, admin, {
      event: "order_code",
      language: "en",
      template: "{shopName}, {name}: {code} confirms order #{orderNumber} (Tk {total}).",
    });
    try {
      const phone = newPhone();
      const body = { ...orderBody(product, "guest-tracker@example.com"), language: "en" };
      body.customerData = { ...body.customerData, mobileNumber: phone };
      const english = (await call("POST", "/postOrder", body)).body as {
        insertedId: string;
        orderNumber: number;
      };
      const code = await lastCode(ctx, english.insertedId);
      const [order] = await ctx.db
        .select({ total: orders.total })
        .from(orders)
        .where(eq(orders.id, english.insertedId));
      const [sms] = await ctx.db
        .select({ text: messages.text, language: messages.language })
        .from(messages)
        .where(eq(messages.orderId, english.insertedId));
      expect(sms).toEqual({
        text: `${ctx.config.SHOP_NAME}, ${CUSTOMER_DATA.name}: ${code} confirms order #${english.orderNumber} (Tk ${formatNumber(order?.total ?? 0)}).`,
        language: "en",
      });

      // An order placed in Bengali gets the Bengali text (here the default one).
      const bengali = await placeGuestOrder(call, product, newPhone());
      const bengaliCode = await lastCode(ctx, bengali.insertedId);
      const [bn] = await ctx.db
        .select({ text: messages.text, language: messages.language })
        .from(messages)
        .where(eq(messages.orderId, bengali.insertedId));
      expect(bn).toEqual({
        text: renderTemplate(DEFAULT_TEMPLATES.order_code.bn, {
          shopName: ctx.config.SHOP_NAME,
          orderNumber: String(bengali.orderNumber),
          code: bengaliCode,
        }),
        language: "bn",
      });
    } finally {
      await restoreDefaultTemplate(ctx.db, admin, { event: "order_code", language: "en" });
    }
  });

  it("verifies the right code: the order joins the queue, and the code does not work twice", async () => {
    const phone = newPhone();
    const placed = await placeGuestOrder(call, product, phone);
    const code = await lastCode(ctx, placed.insertedId);
    const admin0 = await adminActor();
    const viewBefore = await getOrderDetail(ctx.db, admin0, placed.insertedId);
    expect(viewBefore.awaitingCode).toBe(true);
    // Its owner's account is told it waits for the code, and nothing of the shop's check.
    const email = `otp-owner-${++phoneSeq}@haat.test`;
    const owner = await signUp(ctx, { email });
    await ctx.db.update(orders).set({ userId: owner.id }).where(eq(orders.id, placed.insertedId));
    const ownerActor = {
      userId: owner.id,
      email,
      name: "Owner",
      role: "customer" as const,
      emailVerified: true,
    };
    const ownView = await getOrderDetail(ctx.db, ownerActor, placed.insertedId);
    expect(ownView.awaitingCode).toBe(true);
    expect(ownView).not.toHaveProperty("code");
    expect(ownView).not.toHaveProperty("risk");
    const ok = await call("POST", `/orders/${placed.orderNumber}/verify`, { phone, code });
    expect(ok.status).toBe(200);
    expect((await getOrderDetail(ctx.db, admin0, placed.insertedId)).awaitingCode).toBe(false);
    expect(await getOrderDetail(ctx.db, ownerActor, placed.insertedId)).not.toHaveProperty(
      "awaitingCode",
    );
    expect(ok.body).toEqual({ data: { orderNumber: placed.orderNumber, status: "Pending" } });
    const admin = await adminActor();
    const pending = await listOrders(ctx.db, admin, {
      statuses: ["Pending"],
      search: String(placed.orderNumber),
      limit: 20,
    });
    expect(pending.data.map((o) => o.orderNumber)).toEqual([placed.orderNumber]);
    const again = await call("POST", `/orders/${placed.orderNumber}/verify`, { phone, code });
    expect(again.status).toBe(409);
    // The "order placed" SMS goes out now.
    const events = await ctx.db
      .select({ event: messages.event })
      .from(messages)
      .where(eq(messages.orderId, placed.insertedId));
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining(["order_code", "order_placed"]),
    );
  });

  it("refuses a wrong code (tries left under `code`) and locks the order at the fifth", async () => {
    const phone = newPhone();
    const placed = await placeGuestOrder(call, product, phone);
    const code = await lastCode(ctx, placed.insertedId);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 4; i++) {
      const res = await call("POST", `/orders/${placed.orderNumber}/verify`, {
        phone,
        code: wrong,
      });
      expect(res.status).toBe(400);
      expect((res.body.error as { issues: { path: string; message: string }[] }).issues).toEqual([
        { path: "code", message: expect.stringContaining(`${5 - i} tr`) },
      ]);
    }
    const fifth = await call("POST", `/orders/${placed.orderNumber}/verify`, {
      phone,
      code: wrong,
    });
    expect(fifth.status).toBe(409);
    // Locked: even the right code no longer works, and no new code is sent.
    const right = await call("POST", `/orders/${placed.orderNumber}/verify`, { phone, code });
    expect(right.status).toBe(409);
    const resend = await call("POST", `/orders/${placed.orderNumber}/verify/resend`, { phone });
    expect(resend.status).toBe(409);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.insertedId));
    expect(row).toMatchObject({ status: "Pending", awaitingCode: true });
    // Staff see it locked, so they know to call; the customer's own view has no code state.
    const seen = await getOrderDetail(ctx.db, await adminActor(), placed.insertedId);
    expect(seen.code).toMatchObject({ state: "locked", triesLeft: 0, resendsLeft: 0 });
  });

  it("refuses an expired code; a resend sends a new one (the old one stops working), 60 s apart, 3 times", async () => {
    const phone = newPhone();
    const placed = await placeGuestOrder(call, product, phone);
    const first = await lastCode(ctx, placed.insertedId);
    // Too soon for a new code.
    const soon = await call("POST", `/orders/${placed.orderNumber}/verify/resend`, { phone });
    expect(soon.status).toBe(429);
    // Ten minutes and more pass: the code expired.
    const age = async (seconds: number) =>
      ctx.db.execute(
        sql`update order_codes set expires_at = expires_at - make_interval(secs => ${seconds}),
          last_sent_at = last_sent_at - make_interval(secs => ${seconds})
          where order_id = ${placed.insertedId}`,
      );
    await age(601);
    const expired = await call("POST", `/orders/${placed.orderNumber}/verify`, {
      phone,
      code: first,
    });
    expect(expired.status).toBe(409);
    expect((expired.body.error as { message: string }).message).toContain("expired");

    const sent: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call("POST", `/orders/${placed.orderNumber}/verify/resend`, { phone });
      expect(res.status, `resend ${i + 1}`).toBe(200);
      expect((res.body.data as { resendsLeft: number }).resendsLeft).toBe(2 - i);
      sent.push(await lastCode(ctx, placed.insertedId));
      await age(61);
    }
    const fourth = await call("POST", `/orders/${placed.orderNumber}/verify/resend`, { phone });
    expect(fourth.status).toBe(409);
    // The latest code works; an older one would not have (the hash is replaced on each send).
    const latest = sent.at(-1) as string;
    const older = [first, ...sent.slice(0, -1)].find((c) => c !== latest);
    await ctx.db.execute(
      sql`update order_codes set expires_at = now() + interval '5 minutes' where order_id = ${placed.insertedId}`,
    );
    if (older) {
      const stale = await call("POST", `/orders/${placed.orderNumber}/verify`, {
        phone,
        code: older,
      });
      expect(stale.status).toBe(400);
    }
    const ok = await call("POST", `/orders/${placed.orderNumber}/verify`, { phone, code: latest });
    expect(ok.status).toBe(200);
  });

  it("answers the tracking not-found for a wrong phone, and 400 for a code that is not 6 digits", async () => {
    const phone = newPhone();
    const placed = await placeGuestOrder(call, product, phone);
    const code = await lastCode(ctx, placed.insertedId);
    const wrongPhone = await call("POST", `/orders/${placed.orderNumber}/verify`, {
      phone: newPhone(),
      code,
    });
    expect(wrongPhone.status).toBe(404);
    const short = await call("POST", `/orders/${placed.orderNumber}/verify`, { phone, code: "12" });
    expect(short.status).toBe(400);
  });
});

describeDb(`ORDER_OTP=risky (${TEST_DB})`, () => {
  let ctx: AppContext;
  let call: ReturnType<typeof apiOf>;
  let product: Product;

  beforeAll(async () => {
    ctx = await openTestContext({ TRUSTED_PROXIES: "1", ORDER_OTP: "risky" });
    call = apiOf(ctx);
    product = await newProduct(ctx);
  });
  afterAll(async () => ctx?.close());

  it("asks a code of a number with returns over RISK_MAX_RETURNS only", async () => {
    const risky = newPhone();
    for (let i = 0; i < 3; i++) {
      const old = await placeGuestOrder(call, product, risky);
      await ctx.db.update(orders).set({ status: "Return" }).where(eq(orders.id, old.insertedId));
    }
    const fromRisky = await placeGuestOrder(call, product, risky);
    expect(fromRisky.awaitingCode).toBe(true);
    const fromNew = await placeGuestOrder(call, product, newPhone());
    expect(fromNew.awaitingCode).toBeUndefined();
  });
});
