import fs from "node:fs/promises";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CATEGORIES, CHEAP_ITEMS_CATEGORY, PRODUCT_TYPES, SUB_CATEGORIES } from "~/core/catalogue";
import { chargeForOrder } from "~/core/delivery";
import { deliveryAreaFor } from "~/core/dhaka-thanas";
import { MEDIA_WIDTHS } from "~/core/media";
import { ORDER_STATUSES } from "~/core/order-status";
import { isLowStock, isSoldOut, totalStock } from "~/core/stock";
import type { AppContext } from "~/server/app-context";
import { mountServerRoutes } from "~/server/http/api";
import type { AppEnv } from "~/server/http/env";
import { mediaKeyFromUrl, variantKey } from "~/server/media/storage";
import { toProduct } from "~/server/services/products";
import { listSlides, updateSlide } from "~/server/services/slides";
import { stockOf } from "~/server/services/stock";
import { outboxMessages } from "~/server/testing/accounts";
import { ledgerMismatches } from "~/server/testing/stock-ledger";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import {
  orderLines,
  orderStatusHistory,
  orders,
  products,
  slides,
  stockLedger,
  user,
} from "../schema";
import { DEMO_IMAGES_DIR, slugOf } from "./demo-image-files";
import { DEMO_ADMIN, DEMO_CUSTOMER, isDatabaseFresh, seedDemoData } from "./seed";

describeDb(`demo data seed (${TEST_DB})`, () => {
  let ctx: AppContext;
  const firstRun: string[] = [];

  beforeAll(async () => {
    ctx = await openTestContext();
    expect(await isDatabaseFresh(ctx.db)).toBe(true);
    await seedDemoData(ctx, { log: (line) => firstRun.push(line) });
  });
  afterAll(async () => ctx?.close());

  async function imageSize(url: string) {
    const key = mediaKeyFromUrl(url);
    expect(key, url).toBeDefined();
    const data = await ctx.media.read(key as string);
    expect(data, url).toBeDefined();
    const meta = await sharp(data).metadata();
    return { format: meta.format, width: meta.width, height: meta.height };
  }

  it("fills every category and sub-category with products of all three types", async () => {
    const rows = await ctx.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(new Set(rows.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    for (const category of CATEGORIES) {
      const subs = new Set(rows.filter((p) => p.category === category).map((p) => p.subCategory));
      expect(subs, category).toEqual(new Set(SUB_CATEGORIES[category]));
    }
    expect(new Set(rows.map((p) => p.productType))).toEqual(new Set(PRODUCT_TYPES));
    expect(rows.some((p) => p.offerPrice !== null)).toBe(true);
    expect(rows.some((p) => p.offerPrice === null)).toBe(true);
    expect(rows.some((p) => p.sizes.length > 0)).toBe(true);
    expect(rows.some((p) => p.colors.length > 0)).toBe(true);
    expect(rows.every((p) => /^[A-Z][\w ]+: .+$/m.test(p.description))).toBe(true);
    expect(rows.every((p) => p.description.includes("\n"))).toBe(true);

    const cheap = rows.filter((p) => p.category === CHEAP_ITEMS_CATEGORY);
    expect(cheap.length).toBeGreaterThanOrEqual(12);
    expect(cheap.every((p) => (p.offerPrice ?? p.originalPrice) <= 100)).toBe(true);
  });

  it("stores product images at 450x450 and slide images at 900x450 as WebP", async () => {
    const [product] = await ctx.db.select().from(products).limit(1);
    expect(await imageSize(product?.images[0] ?? "")).toEqual({
      format: "webp",
      width: 450,
      height: 450,
    });
    const slideRows = await ctx.db.select().from(slides).orderBy(asc(slides.time));
    expect(slideRows).toHaveLength(4);
    for (const slide of slideRows) {
      expect(await imageSize(slide.image)).toEqual({ format: "webp", width: 900, height: 450 });
    }
  });

  it("copies the committed demo pictures and their srcset copies instead of drawing them", async () => {
    const rows = await ctx.db.select().from(products);
    const [slide] = await ctx.db.select().from(slides).orderBy(asc(slides.time)).limit(1);
    const product = rows.find((p) => p.images.length > 0);
    const files = {
      product: path.join(DEMO_IMAGES_DIR, `${slugOf(product?.subCategory ?? "")}-`),
      slide: path.join(DEMO_IMAGES_DIR, "slide-1"),
    };
    // The stored bytes are a committed file's (content-addressed key of that file).
    const committed = await Promise.all(
      [1, 2, 3].map((n) => fs.readFile(`${files.product}${n}.webp`)),
    );
    const stored = await ctx.media.read(mediaKeyFromUrl(product?.images[0] ?? "") as string);
    expect(committed.some((file) => stored?.equals(file))).toBe(true);
    const key = mediaKeyFromUrl(slide?.image ?? "") as string;
    expect((await ctx.media.read(key))?.equals(await fs.readFile(`${files.slide}.webp`))).toBe(
      true,
    );
    // Every srcset copy is stored beside it, as for an upload.
    for (const width of MEDIA_WIDTHS.filter((w) => w < 900)) {
      const copy = await ctx.media.read(variantKey(key, width));
      expect(copy?.equals(await fs.readFile(`${files.slide}-w${width}.webp`)), `w${width}`).toBe(
        true,
      );
    }
    // A product shows each picture once.
    expect(rows.every((p) => new Set(p.images).size === p.images.length)).toBe(true);
  });

  it("creates a demo admin and a demo customer who can sign in, and prints their details", async () => {
    const [admin] = await ctx.db.select().from(user).where(eq(user.email, DEMO_ADMIN.email));
    const [customer] = await ctx.db.select().from(user).where(eq(user.email, DEMO_CUSTOMER.email));
    expect(admin?.role).toBe("admin");
    expect(customer?.role).toBe("customer");

    const app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    for (const who of [DEMO_ADMIN, DEMO_CUSTOMER]) {
      const res = await app.request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: who.email, password: who.password }),
      });
      expect(res.status, who.email).toBe(200);
      expect((await res.json()).user.email).toBe(who.email);
    }
    const wrong = await app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: "not-the-password" }),
    });
    expect(wrong.status).toBe(401);

    // Already confirmed: no confirmation mail goes to the demo addresses.
    expect([admin?.emailVerified, customer?.emailVerified]).toEqual([true, true]);
    const mails = await outboxMessages(ctx);
    expect(mails.filter((m) => /To: (admin|customer)@haat\.test/.test(m))).toEqual([]);

    expect(firstRun).toContain(`  admin:    ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    expect(firstRun).toContain(`  customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
    expect(firstRun.some((line) => line.includes("[####################]"))).toBe(true);
  });

  it("places orders in every status with consistent totals and history", async () => {
    const rows = await ctx.db.select().from(orders);
    expect(new Set(rows.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    for (const order of rows) {
      const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      const subTotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
      expect(order.subTotal).toBe(subTotal);
      expect(order.deliveryArea).toBe(deliveryAreaFor(order.district, order.thana));
      expect(order.deliveryCharge).toBe(
        chargeForOrder(order.deliveryArea, subTotal, ctx.config.FREE_DELIVERY_OVER),
      );
      expect(order.total).toBe(subTotal + order.deliveryCharge);
      const history = await ctx.db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, order.id))
        .orderBy(asc(orderStatusHistory.changedAt));
      expect(history[0]?.toStatus).toBe("Pending");
      expect(history.at(-1)?.toStatus).toBe(order.status);
    }
    expect(new Set(rows.map((o) => o.orderNumber)).size).toBe(rows.length);
  });

  it("tracks every demo product's stock: realistic figures, some low, a few sold out", async () => {
    const catalogue = (await ctx.db.select().from(products)).map(toProduct);
    expect(catalogue.every((p) => p.trackStock)).toBe(true);
    const levels = await stockOf(ctx.db, catalogue);
    const all = catalogue.map((p) => levels.get(p._id) ?? []);
    const soldOut = all.filter((l) => isSoldOut(l)).length;
    const low = all.filter((l) => !isSoldOut(l) && isLowStock(l)).length;
    expect(soldOut).toBeGreaterThanOrEqual(5);
    expect(soldOut).toBeLessThan(catalogue.length / 6);
    expect(low).toBeGreaterThanOrEqual(10);
    expect(all.filter((l) => totalStock(l) >= 20).length).toBeGreaterThan(catalogue.length / 2);
    // Every figure came in as an "import" entry of the ledger, which it equals.
    const reasons = await ctx.db.selectDistinct({ reason: stockLedger.reason }).from(stockLedger);
    expect(reasons).toEqual([{ reason: "import" }]);
    expect(await ledgerMismatches(ctx.db)).toEqual([]);
  });

  it("keeps the slider's order when an admin updates a demo slide", async () => {
    const order = async () => (await listSlides(ctx.db)).map((s) => s.title);
    const before = await order();
    expect(before).toHaveLength(4);
    const [first] = await listSlides(ctx.db);
    if (!first) throw new Error("no slide");
    await updateSlide(ctx, { role: "admin" }, first._id, {
      image: first.image,
      time: new Date().toISOString(),
      title: "Winter sale",
    });
    expect(await order()).toEqual(["Winter sale", ...before.slice(1)]);
  });

  it("is idempotent: a second run keeps everything as it is", async () => {
    const count = async () =>
      Promise.all([products, slides, user, orders, orderLines].map((t) => ctx.db.$count(t)));
    const before = await count();
    const secondRun: string[] = [];
    await seedDemoData(ctx, { log: (line) => secondRun.push(line) });
    expect(await count()).toEqual(before);
    expect(secondRun).toContain("  products: already present, kept");
    expect(secondRun).toContain("  orders: already present, kept");
    expect(await isDatabaseFresh(ctx.db)).toBe(false);
  });
});
