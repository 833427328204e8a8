import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, it } from "vitest";
import { messages } from "~/server/db/schema";
import { placeOrder } from "~/server/services/orders";
import { CUSTOMER_DATA } from "~/server/testing/api-fixtures";
import { FAKE_SMS_KEYS, startFakeSmsGateway } from "~/server/testing/fake-sms";
import {
  addProducts,
  createShopDatabase,
  DATABASE_KINDS,
  requireBuild,
  type ShopDatabase,
  skipDatabase,
  startShop,
} from "./crash-support";

/**
 * Issue 24: the customer's "order placed" SMS is stored by the order's own statement, so a
 * process that dies once the order is committed still sends it, once: (1) the process that
 * placed the order is gone before any job was queued — the next server start sends it; (2) the
 * server is killed (SIGKILL) after SSL Wireless accepted the SMS but before the answer was
 * stored — after the restart the job repeats it with the same `csms_id`, and the phone still
 * gets one message.
 */
// Both databases at once, each with its own fake, folder and ports: most of a run waits for
// pg-boss to give up on the dead server's job (its heartbeat, 10 s at the least).
describe.concurrent.each(DATABASE_KINDS)("a crash between an order and its SMS (%s)", (kind) => {
  let database: ShopDatabase;
  let gateway: Awaited<ReturnType<typeof startFakeSmsGateway>>;
  const env = () => ({
    SMS_PROVIDER: "sslwireless",
    SSLWIRELESS_API_URL: gateway.url,
    SSLWIRELESS_API_TOKEN: FAKE_SMS_KEYS.sslwireless.apiToken,
    SSLWIRELESS_SID: FAKE_SMS_KEYS.sslwireless.sid,
    // A dead server's job is noticed within seconds and retried after one.
    JOB_MONITOR_SECONDS: "1",
    MESSAGE_RETRY_SECONDS: "1",
  });

  beforeAll(async () => {
    if (skipDatabase(kind)) return;
    requireBuild();
    database = await createShopDatabase(kind);
    gateway = await startFakeSmsGateway("sslwireless");
  });
  afterAll(async () => {
    await gateway?.close();
    await database?.dispose();
  });

  /** Places an order straight through the service, as the process that then dies would. */
  const placeAndLeave = async (phone: string) => {
    const [product] = await addProducts(database);
    if (!product) throw new Error("no product");
    const opened = await database.open();
    try {
      const placed = await placeOrder(
        opened.db,
        {
          products: [
            {
              id: product.id,
              color: product.color,
              size: product.size,
              originalPrice: product.price,
              quantity: 1,
            },
          ],
          customerData: { ...CUSTOMER_DATA, name: "Crash Sms", email: "", mobileNumber: phone },
        } as never,
        { userId: null, freeDeliveryOver: 3000 },
      );
      return placed;
    } finally {
      await opened.close();
    }
  };

  const smsOf = async (orderId: string) => {
    const check = await database.open();
    try {
      return await check.db.select().from(messages).where(eq(messages.orderId, orderId));
    } finally {
      await check.close();
    }
  };

  it.skipIf(skipDatabase(kind))("sends the SMS exactly once", async ({ expect }) => {
    // A concurrent test asserts through its own context: the global expect.poll belongs to
    // whichever test Vitest last started, and fails once that one has ended.
    // A first start creates the job queue's tables.
    await (await startShop(database, env())).stop("SIGTERM");

    // (1) The order and its SMS are committed; no server was running to hear of it.
    const first = await placeAndLeave("01711111111");
    expect((await smsOf(first.insertedId)).map((m) => [m.channel, m.status])).toEqual([
      ["sms", "queued"],
    ]);

    // (2) The next start sends it, and SSL Wireless accepts it but its answer never comes:
    // the server dies right then.
    gateway.failNext("lose-answer");
    const doomed = await startShop(database, env());
    await gateway.waitForRequests(1);
    await doomed.stop("SIGKILL");
    expect(gateway.delivered.filter((d) => d.to === "8801711111111")).toHaveLength(1);

    // The embedded database has one owner at a time: watch the gateway while the server runs,
    // then read the message once it has stopped (a graceful stop lets the job record its answer).
    const restarted = await startShop(database, env());
    await expect
      .poll(() => gateway.requests.filter((r) => r.fields.msisdn === "8801711111111").length, {
        timeout: 90_000,
        interval: 500,
      })
      .toBe(2);
    expect(await restarted.stop("SIGTERM")).toBe(0);
    expect((await smsOf(first.insertedId))[0]?.status).toBe("sent");

    const [sms] = await smsOf(first.insertedId);
    expect(sms?.attempts).toBe(2);
    const requests = gateway.requests.filter((r) => r.fields.msisdn === "8801711111111");
    // Two requests with one csms_id: one message reached the phone.
    expect(requests.map((r) => r.fields.csms_id)).toEqual([sms?.id, sms?.id]);
    expect(gateway.delivered.filter((d) => d.to === "8801711111111")).toEqual([
      { to: "8801711111111", text: sms?.text, id: sms?.id },
    ]);
    expect(sms?.text).toContain(`#${first.orderNumber}`);
  });
});
