import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, it } from "vitest";
import { orderCouriers, orders } from "~/server/db/schema";
import { openJobQueue } from "~/server/jobs/job-queue";
import { insertOrder } from "~/server/services/orders";
import { CUSTOMER_DATA } from "~/server/testing/api-fixtures";
import { startFakeSteadfast } from "~/server/testing/fake-couriers";
import {
  addProducts,
  createShopDatabase,
  DATABASE_KINDS,
  requireBuild,
  type ShopDatabase,
  skipDatabase,
  startShop,
} from "./crash-support";

const KEYS = { apiKey: "sf-key", secretKey: "sf-secret" };

/**
 * Issue 23: a server killed (SIGKILL) after Steadfast created the parcel but before the answer
 * was stored ends, after a restart, with exactly one consignment on the order: the retried job
 * asks Steadfast by invoice before it creates anything.
 */
// Both databases at once, each with its own fake, folder and ports: most of a run waits for
// pg-boss to give up on the dead server's job (its heartbeat, 10 s at the least).
describe.concurrent.each(DATABASE_KINDS)("a crash during courier booking (%s)", (kind) => {
  let database: ShopDatabase;
  let fake: Awaited<ReturnType<typeof startFakeSteadfast>>;
  const env = () => ({
    STEADFAST_API_URL: fake.url,
    STEADFAST_API_KEY: KEYS.apiKey,
    STEADFAST_SECRET_KEY: KEYS.secretKey,
    // A dead server's job is noticed within seconds and retried after one.
    JOB_MONITOR_SECONDS: "1",
    COURIER_RETRY_SECONDS: "1",
  });

  beforeAll(async () => {
    if (skipDatabase(kind)) return;
    requireBuild();
    database = await createShopDatabase(kind);
    fake = await startFakeSteadfast(KEYS);
  });
  afterAll(async () => {
    await fake?.close();
    await database?.dispose();
  });

  it.skipIf(skipDatabase(kind))(
    "ends with one consignment after the restart",
    async ({ expect }) => {
      // A concurrent test asserts through its own context: the global expect.poll belongs to
      // whichever test Vitest last started, and fails once that one has ended.
      const [product] = await addProducts(database);
      if (!product) throw new Error("no product");
      // A first start creates the job queue's tables; then a Confirmed order and its queued booking.
      await (await startShop(database, env())).stop("SIGTERM");
      const opened = await database.open();
      let orderId: string;
      let orderNumber: number;
      try {
        const placed = await insertOrder(opened.db, {
          userId: null,
          customer: {
            ...CUSTOMER_DATA,
            name: "Crash Courier",
            email: "crash-courier@haat.test",
          },
          lines: [
            {
              productId: product.id,
              name: "Crash Test Saree",
              imageUrl: "",
              color: product.color,
              size: product.size,
              unitPrice: product.price,
              quantity: 1,
            },
          ],
          placedAt: new Date(),
          laterChanges: [{ to: "Confirmed", at: new Date(), byUserId: null, byRole: "system" }],
        });
        if (!placed) throw new Error("order not stored");
        orderId = placed.id;
        orderNumber = placed.orderNumber;
        const jobs = await openJobQueue(opened, { monitorSeconds: 1, courierRetrySeconds: 1 });
        await opened.db.transaction(async (tx) => {
          await tx.insert(orderCouriers).values({ orderId, courier: "steadfast", state: "queued" });
          await jobs.send("courier-booking", { orderId }, { key: orderId, tx });
        });
        await jobs.stop();
      } finally {
        await opened.close();
      }

      // Steadfast creates the parcel, and the server dies before its answer arrives.
      fake.failNext(/^\/create_order$/, "lose-answer");
      const created = fake.waitForCall(/^\/create_order$/);
      const doomed = await startShop(database, env());
      await created;
      await doomed.stop("SIGKILL");
      expect(fake.parcels.filter((p) => p.invoice === String(orderNumber))).toHaveLength(1);

      const invoice = new RegExp(`^/status_by_invoice/${orderNumber}$`);
      const asksBefore = fake.callsTo(invoice).length;
      const restarted = await startShop(database, env());
      await expect
        .poll(() => fake.callsTo(invoice).length, { timeout: 90_000, interval: 200 })
        .toBeGreaterThan(asksBefore);
      // SIGTERM lets the running job finish before the database closes.
      expect(await restarted.stop("SIGTERM")).toBe(0);

      const check = await database.open();
      try {
        const [booking] = await check.db
          .select()
          .from(orderCouriers)
          .where(eq(orderCouriers.orderId, orderId));
        const [order] = await check.db
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, orderId));
        const parcels = fake.parcels.filter((p) => p.invoice === String(orderNumber));
        expect(parcels).toHaveLength(1);
        expect(fake.callsTo(/^\/create_order$/)).toHaveLength(1);
        expect(booking?.state).toBe("booked");
        expect(order?.status).toBe("Shipping");
      } finally {
        await check.close();
      }
    },
  );
});
