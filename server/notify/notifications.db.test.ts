import fs from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { Job } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { messages, orders } from "../db/schema";
import { mountServerRoutes } from "../http/api";
import type { AppEnv } from "../http/env";
import { RATE_LIMITS } from "../rate-limit/rules";
import { createProduct, type Product } from "../services/products";
import { signUpAdmin } from "../testing/accounts";
import { CUSTOMER_DATA, orderBody, PRODUCT_BODY } from "../testing/api-fixtures";
import { startFakeSteadfast } from "../testing/fake-couriers";
import { FAKE_SMS_KEYS, startFakeSmsGateway } from "../testing/fake-sms";
import { startMailCapture } from "../testing/mail-capture";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import type { SendMessageJob } from "./dispatch";
import { queueSms } from "./queue";
import { runSendMessage, TOO_MANY_ORDER_MAILS } from "./send";

type Who = { cookie: string };

function harness() {
  const h = {} as { ctx: AppContext; app: Hono<AppEnv>; admin: Who; product: Product };
  const call = async (method: string, url: string, who?: Who, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (who) headers.cookie = who.cookie;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await h.app.request(`/api${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const open = async (env: Record<string, string>, smsTimeoutMs?: number) => {
    h.ctx = await openTestContext(
      { PUBLIC_URL: "https://shop.example", MESSAGE_RETRY_SECONDS: "1", ...env },
      { smsTimeoutMs },
    );
    h.app = new Hono<AppEnv>();
    mountServerRoutes(h.app, h.ctx);
    h.admin = await signUpAdmin(h.ctx, { email: "admin@haat.test" });
    // Named in both languages: each mail names it in the order's language.
    h.product = await createProduct(h.ctx.db, { ...PRODUCT_BODY, nameBn: "ঈদের সুতি পাঞ্জাবি" });
  };
  /** Places an order through POST /api/postOrder as a guest; answers its id and number. */
  const place = async (extra: Record<string, unknown> = {}, email = "rahim@example.com") => {
    const res = await call("POST", "/postOrder", undefined, {
      ...orderBody(h.product, email),
      ...extra,
    });
    expect(res.status).toBe(201);
    const [row] = await h.ctx.db
      .select({ id: orders.id, orderNumber: orders.orderNumber, total: orders.total })
      .from(orders)
      .where(eq(orders.id, res.body.insertedId));
    if (!row) throw new Error("order not stored");
    return row;
  };
  const messagesOf = (orderId: string) =>
    h.ctx.db
      .select()
      .from(messages)
      .where(eq(messages.orderId, orderId))
      .orderBy(asc(messages.createdAt), asc(messages.channel));
  const settled = (orderId: string) =>
    expect.poll(
      async () =>
        (await messagesOf(orderId)).filter((m) => m.status !== "sent").map((m) => m.status),
      { timeout: 30_000, interval: 100 },
    );
  return { h, call, open, place, messagesOf, settled };
}

/** Issue 24 items 2–3: SMS and email to the customer at every step of an order. */
describeDb(`customer messages (${TEST_DB})`, () => {
  describe("a journey with SSL Wireless, Steadfast and SMTP", () => {
    const t = harness();
    let gateway: Awaited<ReturnType<typeof startFakeSmsGateway>>;
    let steadfast: Awaited<ReturnType<typeof startFakeSteadfast>>;
    let smtp: Awaited<ReturnType<typeof startMailCapture>>;

    beforeAll(async () => {
      gateway = await startFakeSmsGateway("sslwireless");
      steadfast = await startFakeSteadfast({ apiKey: "sf-key", secretKey: "sf-secret" });
      smtp = await startMailCapture();
      await t.open(
        {
          SMS_PROVIDER: "sslwireless",
          SSLWIRELESS_API_URL: gateway.url,
          SSLWIRELESS_API_TOKEN: FAKE_SMS_KEYS.sslwireless.apiToken,
          SSLWIRELESS_SID: FAKE_SMS_KEYS.sslwireless.sid,
          STEADFAST_API_URL: steadfast.url,
          STEADFAST_API_KEY: "sf-key",
          STEADFAST_SECRET_KEY: "sf-secret",
          STEADFAST_WEBHOOK_TOKEN: "sf-hook",
          SMTP_URL: smtp.url,
          MAIL_FROM: "Haat <shop@haat.test>",
        },
        // The lost answer's wait: seconds, not the production 15 (a local gateway answers at once).
        3000,
      );
    });
    afterAll(async () => {
      await t.h.ctx?.close();
      await Promise.all([gateway?.close(), steadfast?.close(), smtp?.close()]);
    });

    it("placed → confirmed → with the courier → delivered: one SMS and one email each, in order, in Bengali", async () => {
      const { h, call } = t;
      const order = await t.place();
      const n = order.orderNumber;
      await t.settled(order.id).toEqual([]);

      expect(
        (await call("PUT", `/orderStatus/${order.id}`, h.admin, { status: "Confirmed" })).status,
      ).toBe(200);
      await t.settled(order.id).toEqual([]);

      const booked = await call("POST", `/orders/${order.id}/courier`, h.admin, {
        courier: "steadfast",
      });
      expect(booked.status).toBe(202);
      await expect
        .poll(async () => (await t.messagesOf(order.id)).length, { timeout: 30_000 })
        .toBe(6);
      await t.settled(order.id).toEqual([]);
      const parcel = steadfast.parcels.find((p) => p.invoice === String(n));
      expect(parcel).toBeDefined();

      const hook = await h.app.request("/api/webhooks/steadfast", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer sf-hook" },
        body: JSON.stringify({
          notification_type: "delivery_status",
          consignment_id: parcel?.consignmentId,
          invoice: String(n),
          status: "delivered",
          updated_at: new Date().toISOString(),
        }),
      });
      expect(hook.status).toBe(200);
      await expect
        .poll(async () => (await t.messagesOf(order.id)).length, { timeout: 30_000 })
        .toBe(8);
      await t.settled(order.id).toEqual([]);

      const track = `https://shop.example/track-order?orderNumber=${n}&phone=01712345678`;
      const total = order.total.toLocaleString("en-US");
      expect(gateway.delivered.map((d) => [d.to, d.text])).toEqual([
        [
          "8801712345678",
          `Haat: আপনার অর্ডার #${n} গ্রহণ করা হয়েছে। মোট ${total} টাকা। অর্ডার নিশ্চিত করতে আমরা আপনাকে ফোন করব। দেখুন: ${track}`,
        ],
        [
          "8801712345678",
          `Haat: আপনার অর্ডার #${n} নিশ্চিত করা হয়েছে। শীঘ্রই কুরিয়ারে পাঠানো হবে। দেখুন: ${track}`,
        ],
        [
          "8801712345678",
          `Haat: আপনার অর্ডার #${n} পাঠানো হয়েছে। কুরিয়ার: স্টেডফাস্ট। ট্র্যাকিং কোড: ${parcel?.trackingCode}। দেখুন: ${track}`,
        ],
        ["8801712345678", `Haat: আপনার অর্ডার #${n} পৌঁছে দেওয়া হয়েছে। ধন্যবাদ! দেখুন: ${track}`],
      ]);
      const rows = await t.messagesOf(order.id);
      expect(rows.map((m) => [m.channel, m.event, m.to, m.status, m.attempts])).toEqual([
        ["email", "order_placed", "rahim@example.com", "sent", 1],
        ["sms", "order_placed", "01712345678", "sent", 1],
        ["email", "order_confirmed", "rahim@example.com", "sent", 1],
        ["sms", "order_confirmed", "01712345678", "sent", 1],
        ["email", "order_shipped", "rahim@example.com", "sent", 1],
        ["sms", "order_shipped", "01712345678", "sent", 1],
        ["email", "order_delivered", "rahim@example.com", "sent", 1],
        ["sms", "order_delivered", "01712345678", "sent", 1],
      ]);
      // SSL Wireless got our message id as csms_id and gave its reference.
      const sms = rows.filter((m) => m.channel === "sms");
      expect(gateway.delivered.map((d) => d.id)).toEqual(sms.map((m) => m.id));
      expect(
        sms.every((m) => m.provider === "sslwireless" && m.providerMessageId?.startsWith("ref-")),
      ).toBe(true);

      // The emails: subject and order summary in Bengali, through the real SMTP server.
      const mails = smtp.mails.filter((m) => m.to.includes("rahim@example.com"));
      expect(mails.map((m) => m.subject)).toEqual([
        `আপনার অর্ডার #${n} গ্রহণ করা হয়েছে — Haat`,
        `আপনার অর্ডার #${n} নিশ্চিত হয়েছে — Haat`,
        `আপনার অর্ডার #${n} পাঠানো হয়েছে — Haat`,
        `আপনার অর্ডার #${n} পৌঁছে গেছে — Haat`,
      ]);
      const placedMail = mails[0]?.text ?? "";
      expect(placedMail).toContain(`অর্ডারের বিবরণ #${n}`);
      expect(placedMail).toContain("- ঈদের সুতি পাঞ্জাবি (M, সাদা) × 1:");
      expect(placedMail).toContain("ডেলিভারি চার্জ: 60 টাকা");
      expect(placedMail).toContain(`মোট: ${total} টাকা`);
      expect(placedMail).toContain("ঠিকানা: মিরপুর, ঢাকা");
      expect(placedMail).toContain(track);

      // The admin's order overview lists them.
      const detail = await call("GET", `/orders/${order.id}/messages`, h.admin);
      expect(detail.status).toBe(200);
      expect(detail.body.data).toHaveLength(8);
      expect(detail.body.data[1]).toMatchObject({
        channel: "sms",
        event: "order_placed",
        to: "01712345678",
        status: "sent",
        lastError: null,
      });
    });

    it("a cancellation by the confirmation call tells the customer; an English order is written in English", async () => {
      const { h, call } = t;
      const order = await t.place({ language: "en" });
      await t.settled(order.id).toEqual([]);
      const res = await call("POST", `/orders/${order.id}/calls`, h.admin, {
        outcome: "cancelled",
        reason: "Changed their mind",
      });
      expect(res.status).toBe(201);
      await expect
        .poll(async () => (await t.messagesOf(order.id)).length, { timeout: 30_000 })
        .toBe(4);
      await t.settled(order.id).toEqual([]);
      const track = `https://shop.example/track-order?orderNumber=${order.orderNumber}&phone=01712345678`;
      const texts = (await t.messagesOf(order.id))
        .filter((m) => m.channel === "sms")
        .map((m) => m.text);
      expect(texts).toEqual([
        `Haat: your order #${order.orderNumber} is placed. Total Tk ${order.total.toLocaleString("en-US")}. We will call you to confirm it. Track it: ${track}`,
        `Haat: your order #${order.orderNumber} is cancelled. Questions? Call 01700000000. See it: ${track}`,
      ]);
      const mail = smtp.mails.find(
        (m) => m.subject === `Your order #${order.orderNumber} is cancelled — Haat`,
      );
      expect(mail?.text).toContain("- Cotton Panjabi for Eid (M, White) × 1:");
      expect(mail?.text).toContain("Delivery charge: Tk 60");
    });

    it("an order the shop sends without a courier is told it is on its way, without a courier or code", async () => {
      const { h, call } = t;
      const order = await t.place({ language: "en" });
      for (const status of ["Confirmed", "Shipping"]) {
        const moved = await call("PUT", `/orderStatus/${order.id}`, h.admin, { status });
        expect(moved.status).toBe(200);
      }
      await expect
        .poll(async () => (await t.messagesOf(order.id)).length, { timeout: 30_000 })
        .toBe(6);
      await t.settled(order.id).toEqual([]);
      const track = `https://shop.example/track-order?orderNumber=${order.orderNumber}&phone=01712345678`;
      const shipped = (await t.messagesOf(order.id)).find(
        (m) => m.channel === "sms" && m.event === "order_shipped",
      );
      expect(shipped?.text).toBe(
        `Haat: your order #${order.orderNumber} is on its way. Track it: ${track}`,
      );
    });

    it("uses the admin's template once saved, and the default again once restored", async () => {
      const { h, call } = t;
      const saved = await call("PUT", "/message-templates/order_placed/bn", h.admin, {
        template: "{name}, অর্ডার {orderNumber} পেয়েছি।",
      });
      expect(saved.status).toBe(200);
      const order = await t.place();
      await t.settled(order.id).toEqual([]);
      const [, sms] = await t.messagesOf(order.id);
      expect(sms?.text).toBe(`Rahim Uddin, অর্ডার ${order.orderNumber} পেয়েছি।`);

      const bad = await call("PUT", "/message-templates/order_placed/bn", h.admin, {
        template: "অর্ডার {orderNo}",
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.issues[0]).toMatchObject({ path: "template" });
      expect(bad.body.error.issues[0].message).toMatch(/^Unknown placeholder \{orderNo\}/);
      // A placeholder this event never knows (the code, before any code exists) would read "-".
      const unfilled = await call("PUT", "/message-templates/order_placed/bn", h.admin, {
        template: "অর্ডার {orderNumber}, কোড {code}",
      });
      expect(unfilled.status).toBe(400);
      expect(unfilled.body.error.issues[0].message).toMatch(
        /^Not known when this message is sent: \{code\}\. Use: /,
      );
      // The order code's SMS without its code would leave the customer nothing to enter.
      const codeless = await call("PUT", "/message-templates/order_code/en", h.admin, {
        template: "{shopName}: thanks for order #{orderNumber}",
      });
      expect(codeless.status).toBe(400);
      expect(codeless.body.error.issues).toEqual([
        {
          path: "template",
          message:
            "The order code message must hold {code}: without it the customer gets no code to enter.",
        },
      ]);

      const restored = await call("DELETE", "/message-templates/order_placed/bn", h.admin);
      expect(restored.status).toBe(200);
      expect(restored.body.data.isDefault).toBe(true);
      const list = await call("GET", "/message-templates", h.admin);
      expect(list.body.data).toHaveLength(12);
      expect(list.body.data.every((tpl: { isDefault: boolean }) => tpl.isDefault)).toBe(true);
    });

    it("a gateway that does not answer in time: tried again with the same csms_id, one SMS reaches the phone", async () => {
      const { h } = t;
      const before = gateway.delivered.length;
      gateway.failNext("lose-answer");
      const id = await h.ctx.db.transaction((tx) =>
        queueSms(tx, {
          orderId: null,
          to: "01812345678",
          event: "order_code",
          text: "Code 123456",
        }),
      );
      await expect
        .poll(
          async () =>
            (await h.ctx.db.select().from(messages).where(eq(messages.id, id)))[0]?.status,
          { timeout: 60_000, interval: 200 },
        )
        .toBe("sent");
      const [row] = await h.ctx.db.select().from(messages).where(eq(messages.id, id));
      expect(row?.attempts).toBe(2);
      expect(gateway.requests.filter((r) => r.fields.csms_id === id)).toHaveLength(2);
      expect(gateway.delivered.slice(before)).toEqual([
        { to: "8801812345678", text: "Code 123456", id },
      ]);
    });
  }, 180_000);

  describe("BulkSMSBD: retries and a lost answer", () => {
    const t = harness();
    let gateway: Awaited<ReturnType<typeof startFakeSmsGateway>>;
    beforeAll(async () => {
      gateway = await startFakeSmsGateway("bulksmsbd");
      await t.open(
        {
          SMS_PROVIDER: "bulksmsbd",
          BULKSMSBD_API_URL: gateway.url,
          BULKSMSBD_API_KEY: FAKE_SMS_KEYS.bulksmsbd.apiKey,
          BULKSMSBD_SENDER_ID: FAKE_SMS_KEYS.bulksmsbd.senderId,
        },
        1000,
      );
    });
    afterAll(async () => {
      await t.h.ctx?.close();
      await gateway?.close();
    });

    const statusOf = (id: string) =>
      expect.poll(
        async () =>
          (await t.h.ctx.db.select().from(messages).where(eq(messages.id, id)))[0]?.status,
        { timeout: 60_000, interval: 200 },
      );

    it("an error answer is retried with backoff and then sent; the error is kept until then", async () => {
      gateway.failNext({
        status: 200,
        body: { response_code: 1007, error_message: "Balance Insufficient" },
      });
      const id = await t.h.ctx.db.transaction((tx) =>
        queueSms(tx, { orderId: null, to: "01912345678", event: "order_code", text: "কোড 654321" }),
      );
      await statusOf(id).toBe("sent");
      const [row] = await t.h.ctx.db.select().from(messages).where(eq(messages.id, id));
      expect(row).toMatchObject({
        attempts: 2,
        lastError: null,
        providerMessageId: expect.any(String),
      });
      const mine = gateway.requests.filter((r) => r.fields.number === "8801912345678");
      expect(mine.map((r) => r.fields.type)).toEqual(["unicode", "unicode"]);
      expect(gateway.delivered.filter((d) => d.to === "8801912345678")).toHaveLength(1);
    });

    it("three tries of one message at once (two by hand, the queue's own): the gateway is asked once", async () => {
      const id = await t.h.ctx.db.transaction((tx) =>
        queueSms(tx, {
          orderId: null,
          to: "01312345678",
          event: "order_code",
          text: "Code 222222",
        }),
      );
      const job = { data: { messageId: id } } as Job<SendMessageJob>;
      await Promise.all([runSendMessage(t.h.ctx, job), runSendMessage(t.h.ctx, job)]);
      await statusOf(id).toBe("sent");
      const [row] = await t.h.ctx.db.select().from(messages).where(eq(messages.id, id));
      expect(row?.attempts).toBe(1);
      expect(gateway.requests.filter((r) => r.fields.number === "8801312345678")).toHaveLength(1);
    });

    it("no answer in time: marked failed, not sent again (BulkSMSBD cannot tell us it has it)", async () => {
      gateway.failNext("lose-answer");
      const id = await t.h.ctx.db.transaction((tx) =>
        queueSms(tx, {
          orderId: null,
          to: "01612345678",
          event: "order_code",
          text: "Code 111111",
        }),
      );
      await statusOf(id).toBe("failed");
      const [row] = await t.h.ctx.db.select().from(messages).where(eq(messages.id, id));
      expect(row?.attempts).toBe(1);
      expect(row?.lastError).toBe(
        "No answer from BulkSMSBD within 1 s; it may have been delivered, so it is not sent again",
      );
      expect(gateway.requests.filter((r) => r.fields.number === "8801612345678")).toHaveLength(1);
    });

    it("thirty messages committed together (one batch of send jobs): each reaches the phone once", async () => {
      const phones = Array.from({ length: 30 }, (_, i) => `01710${String(i).padStart(6, "0")}`);
      const ids = await t.h.ctx.db.transaction(async (tx) => {
        const queued: string[] = [];
        for (const to of phones) {
          queued.push(
            await queueSms(tx, { orderId: null, to, event: "order_code", text: `Code for ${to}` }),
          );
        }
        return queued;
      });
      await expect
        .poll(
          async () =>
            (
              await t.h.ctx.db.select({ id: messages.id, status: messages.status }).from(messages)
            ).filter((m) => ids.includes(m.id) && m.status === "sent").length,
          { timeout: 60_000, interval: 200 },
        )
        .toBe(30);
      for (const to of phones) {
        expect(gateway.delivered.filter((d) => d.to === `88${to}`)).toEqual([
          { to: `88${to}`, text: `Code for ${to}`, id: expect.any(String) },
        ]);
      }
    });

    it("a message queued in a transaction that rolls back is never sent", async () => {
      const before = gateway.requests.length;
      await t.h.ctx.db
        .transaction(async (tx) => {
          await queueSms(tx, {
            orderId: null,
            to: "01512345678",
            event: "order_code",
            text: "never",
          });
          throw new Error("rolled back");
        })
        .catch(() => {});
      expect(await t.h.ctx.db.$count(messages, eq(messages.to, "01512345678"))).toBe(0);
      expect(gateway.requests.length).toBe(before);
    });
  }, 180_000);

  describe("order emails to one inbox, with the rate limits on", () => {
    const t = harness();
    let smtp: Awaited<ReturnType<typeof startMailCapture>>;
    beforeAll(async () => {
      smtp = await startMailCapture();
      await t.open({ RATE_LIMIT: "on", SMTP_URL: smtp.url, MAIL_FROM: "Haat <shop@haat.test>" });
    });
    afterAll(async () => {
      await t.h.ctx?.close();
      await smtp?.close();
    });

    it("orders from many phones with one stranger's email: the inbox gets five, every order and SMS goes through", async () => {
      const { max } = RATE_LIMITS.orderPlacedMailPerEmail;
      const placed: { id: string }[] = [];
      for (let i = 0; i <= max; i++) {
        const mobileNumber = `0171000000${i}`;
        placed.push(
          await t.place({
            customerData: {
              ...CUSTOMER_DATA,
              mobileNumber,
              email: "Victim@Example.com",
              deliveryCharge: 60,
            },
          }),
        );
      }
      const other = await t.place({}, "rahim@example.com");
      await t.settled(other.id).toEqual([]);
      // The mails go out in whichever order the queue takes them: one of the six is the one too many.
      const outcome = async () => {
        const all = (await Promise.all(placed.map((order) => t.messagesOf(order.id)))).flat();
        return {
          sms: all.filter((m) => m.channel === "sms").map((m) => m.status),
          mails: all
            .filter((m) => m.channel === "email")
            .map((m) => `${m.to} ${m.status} ${m.lastError ?? ""}`.trim())
            .sort(),
        };
      };
      await expect.poll(outcome, { timeout: 30_000, interval: 100 }).toEqual({
        sms: Array(max + 1).fill("sent"),
        mails: [
          `victim@example.com failed ${TOO_MANY_ORDER_MAILS}`,
          ...Array(max).fill("victim@example.com sent"),
        ],
      });
      expect(smtp.mails.filter((m) => m.to.includes("victim@example.com"))).toHaveLength(max);
      expect(smtp.mails.filter((m) => m.to.includes("rahim@example.com"))).toHaveLength(1);
    });
  }, 120_000);

  describe("without SMS_PROVIDER", () => {
    const t = harness();
    beforeAll(async () => {
      await t.open({});
    });
    afterAll(async () => {
      await t.h.ctx?.close();
    });

    it("writes each SMS as a JSON file under DATA_DIR/outbox/sms", async () => {
      const order = await t.place();
      await t.settled(order.id).toEqual([]);
      const [, sms] = await t.messagesOf(order.id);
      expect(sms).toMatchObject({ channel: "sms", provider: "outbox", status: "sent" });
      const file = path.join(t.h.ctx.config.dataDir, "outbox", "sms", `${sms?.id}.json`);
      expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({
        to: "01712345678",
        text: sms?.text,
        orderNumber: order.orderNumber,
        event: "order_placed",
      });
      expect(sms?.text).toContain(`#${order.orderNumber}`);
    });
  }, 120_000);
});
