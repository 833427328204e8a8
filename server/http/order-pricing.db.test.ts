import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { orderLines, orders } from "../db/schema";
import { createProduct, type Product } from "../services/products";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { createApi } from "./api";

/**
 * Issue 20, items 13–15 and 18: the server decides the delivery area from the address, keeps the
 * free-delivery promise, refuses N/A for a product that offers sizes or colours, and stores
 * Bengali digits of a mobile number as ASCII.
 */

const dhakaCustomer = {
  name: "Rahim Uddin",
  email: "rahim@example.com",
  mobileNumber: "01712345678",
  district: "ঢাকা",
  thana: "মিরপুর",
  address: "House 12, Road 3, Section 10",
  comment: "",
  addressType: "Home",
  deliveryArea: "Inside Dhaka",
  paymentSystem: "Cash On Delivery",
};
const chattogram = { ...dhakaCustomer, district: "চট্টগ্রাম", thana: "পটিয়া" };
const sylhet = { ...dhakaCustomer, district: "সিলেট", thana: "বিশ্বনাথ" };
const savar = { ...dhakaCustomer, thana: "সাভার" };

type Line = {
  id: string;
  name: string;
  color: string;
  size: string;
  originalPrice: number;
  quantity: number;
};

function line(p: Product, quantity: number, extra: Partial<Line> = {}): Line {
  return {
    id: p._id,
    name: p.name,
    color: p.colors[0] ?? "N/A",
    size: p.sizes[0] ?? "N/A",
    originalPrice: p.offerPrice ?? p.originalPrice,
    quantity,
    ...extra,
  };
}

/** A body whose figures follow the client's own (possibly wrong) idea of the charge. */
function body(lines: Line[], customerData: Record<string, unknown>, charge: number) {
  const subTotal = lines.reduce((s, l) => s + l.originalPrice * l.quantity, 0);
  return {
    subTotal,
    total: subTotal + charge,
    orderStatus: "Pending",
    products: lines,
    customerData: { ...customerData, deliveryCharge: charge },
  };
}

describeDb(`order pricing by the server's rules (${TEST_DB})`, () => {
  let ctx: AppContext;
  let api: ReturnType<typeof createApi>;
  let lamp: Product;
  let shirt: Product;
  let bag: Product;

  const postWith = async (app: ReturnType<typeof createApi>, payload: unknown) => {
    const res = await app.request("/postOrder", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
    return { status: res.status, body: await res.json() };
  };
  const post = (payload: unknown) => postWith(api, payload);
  const stored = async (id: string) =>
    (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0];

  beforeAll(async () => {
    ctx = await openTestContext();
    api = createApi(ctx);
    const base = {
      description: "A product",
      images: [],
      ratings: 4.5,
      reviews: 3,
      productType: "New Arrivals" as const,
    };
    lamp = await createProduct(ctx.db, {
      ...base,
      name: "Brass Table Lamp",
      category: "Home and Living",
      subCategory: "Home Decor",
      sizes: [],
      colors: [],
      originalPrice: 3360,
      offerPrice: null,
      // biome-ignore lint/suspicious/noExplicitAny: sub-category names are checked by the schema tests
    } as any);
    shirt = await createProduct(ctx.db, {
      ...base,
      name: "Cotton Shirt",
      category: "Men Items",
      subCategory: "Shirt",
      sizes: ["M", "L"],
      colors: ["White", "Blue"],
      originalPrice: 700,
      offerPrice: 650,
      // biome-ignore lint/suspicious/noExplicitAny: as above
    } as any);
    bag = await createProduct(ctx.db, {
      ...base,
      name: "Travel Backpack 40L",
      category: "Bag Items",
      subCategory: "Backpack",
      sizes: [],
      colors: ["Black"],
      originalPrice: 990,
      offerPrice: null,
      // biome-ignore lint/suspicious/noExplicitAny: as above
    } as any);
  });
  afterAll(async () => ctx?.close());

  it("answers 409 price_changed with Outside Dhaka's charge for a Chattogram or Sylhet address sent as Inside Dhaka", async () => {
    const before = await ctx.db.$count(orders);
    for (const address of [chattogram, sylhet, savar]) {
      const res = await post(body([line(bag, 1)], address, 60));
      expect(res.status, address.thana).toBe(409);
      expect(res.body.error, address.thana).toMatchObject({
        code: "price_changed",
        deliveryArea: "Outside Dhaka",
        subTotal: 990,
        deliveryCharge: 120,
        total: 1110,
      });
    }
    // Without any figures of its own the client still does not get the cheaper area.
    const bare = body([line(bag, 1)], chattogram, 60) as Record<string, unknown>;
    delete bare.subTotal;
    delete bare.total;
    delete (bare.customerData as Record<string, unknown>).deliveryCharge;
    const res = await post(bare);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ deliveryArea: "Outside Dhaka", deliveryCharge: 120 });
    expect(await ctx.db.$count(orders)).toBe(before);
  });

  it("answers 409 for Outside Dhaka on a Dhaka city thana, and places the order with the right area", async () => {
    const wrong = await post(
      body([line(bag, 1)], { ...dhakaCustomer, deliveryArea: "Outside Dhaka" }, 120),
    );
    expect(wrong.status).toBe(409);
    expect(wrong.body.error).toMatchObject({ deliveryArea: "Inside Dhaka", deliveryCharge: 60 });
    const right = await post(
      body([line(bag, 1)], { ...chattogram, deliveryArea: "Outside Dhaka" }, 120),
    );
    expect(right.status).toBe(201);
    expect(await stored(right.body.insertedId)).toMatchObject({
      district: "চট্টগ্রাম",
      deliveryArea: "Outside Dhaka",
      deliveryCharge: 120,
      total: 1110,
    });
  });

  it("delivers free from ৳5,000 (FREE_DELIVERY_OVER default) and stores deliveryCharge 0", async () => {
    expect(ctx.config.FREE_DELIVERY_OVER).toBe(5000);
    const outside = { ...chattogram, deliveryArea: "Outside Dhaka" };
    // The ৳6,720 order of issue 20, charged ৳120 before.
    const charged = await post(body([line(lamp, 2)], outside, 120));
    expect(charged.status).toBe(409);
    expect(charged.body.error).toMatchObject({
      code: "price_changed",
      subTotal: 6720,
      deliveryCharge: 0,
      total: 6720,
    });
    const free = await post(body([line(lamp, 2)], outside, 0));
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    expect(await stored(free.body.insertedId)).toMatchObject({
      subTotal: 6720,
      deliveryCharge: 0,
      total: 6720,
    });
    // Just below the threshold the area's charge applies.
    const below = await post(body([line(bag, 5)], outside, 120));
    expect(below.status).toBe(201);
    expect(await stored(below.body.insertedId)).toMatchObject({
      subTotal: 4950,
      deliveryCharge: 120,
    });
  });

  it("charges delivery on any sub-total when FREE_DELIVERY_OVER is 0", async () => {
    const noFree = createApi({ ...ctx, config: { ...ctx.config, FREE_DELIVERY_OVER: 0 } });
    const outside = { ...chattogram, deliveryArea: "Outside Dhaka" };
    const free = await postWith(noFree, body([line(lamp, 2)], outside, 0));
    expect(free.status).toBe(409);
    expect(free.body.error).toMatchObject({ deliveryCharge: 120, total: 6840 });
    const charged = await postWith(noFree, body([line(lamp, 2)], outside, 120));
    expect(charged.status).toBe(201);
    expect(await stored(charged.body.insertedId)).toMatchObject({
      deliveryCharge: 120,
      total: 6840,
    });
  });

  it("refuses N/A size or colour for a product that offers them, naming the line", async () => {
    const before = await ctx.db.$count(orders);
    const cases: [string, Line[], string[]][] = [
      ["no size", [line(shirt, 1, { size: "N/A" })], ["products.0.size"]],
      ["no colour", [line(shirt, 1, { color: "N/A" })], ["products.0.color"]],
      [
        "neither, on the second line",
        [line(lamp, 1), line(shirt, 1, { size: "N/A", color: "N/A" })],
        ["products.1.color", "products.1.size"],
      ],
      ["bag without its colour", [line(bag, 1, { color: "N/A" })], ["products.0.color"]],
    ];
    for (const [label, lines, paths] of cases) {
      const res = await post(body(lines, dhakaCustomer, 60));
      expect(res.status, label).toBe(400);
      expect(res.body.error.code, label).toBe("invalid");
      expect(res.body.error.issues.map((i: { path: string }) => i.path).sort(), label).toEqual(
        paths,
      );
    }
    const sizeMessage = (await post(body([line(shirt, 1, { size: "N/A" })], dhakaCustomer, 60)))
      .body.error.issues[0].message;
    expect(sizeMessage).toBe('Choose a size of "Cotton Shirt"');
    expect(await ctx.db.$count(orders)).toBe(before);
    // A product without sizes or colours is still ordered as N/A.
    const plain = await post(body([line(lamp, 1)], dhakaCustomer, 60));
    expect(plain.status).toBe(201);
    const [stored] = await ctx.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, plain.body.insertedId));
    expect([stored?.color, stored?.size]).toEqual(["N/A", "N/A"]);
  });

  it("accepts a mobile number in Bengali digits and stores it in ASCII", async () => {
    const res = await post(
      body([line(bag, 1)], { ...dhakaCustomer, mobileNumber: "০১৭১২৩৪৫৬৭৮" }, 60),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await stored(res.body.insertedId))?.mobileNumber).toBe("01712345678");
  });

  it("refuses an order over ৳100,000,000 with 400 and stores nothing, yet takes one of the dearest product", async () => {
    const goldBar = await createProduct(ctx.db, {
      description: "The dearest thing the catalogue allows",
      images: [],
      ratings: 5,
      reviews: 0,
      productType: "New Arrivals" as const,
      name: "Gold Bar",
      category: "Home and Living",
      subCategory: "Home Decor",
      sizes: [],
      colors: [],
      originalPrice: 10_000_000,
      offerPrice: null,
      // biome-ignore lint/suspicious/noExplicitAny: as above
    } as any);
    const before = await ctx.db.$count(orders);
    // Before the limit, 3 lines of 99 reached PostgreSQL's integer and answered 500.
    const tooMuch = await post(
      body([line(goldBar, 99), line(goldBar, 99), line(goldBar, 99)], chattogram, 0),
    );
    expect(tooMuch.status, JSON.stringify(tooMuch.body)).toBe(400);
    expect(tooMuch.body.error.code).toBe("invalid");
    expect(tooMuch.body.error.issues).toEqual([
      {
        path: "products",
        message: "An order may come to at most ৳100,000,000. Please order fewer pieces.",
      },
    ]);
    expect(await ctx.db.$count(orders)).toBe(before);
    const one = await post(
      body([line(goldBar, 1)], { ...chattogram, deliveryArea: "Outside Dhaka" }, 0),
    );
    expect(one.status, JSON.stringify(one.body)).toBe(201);
  });
});
