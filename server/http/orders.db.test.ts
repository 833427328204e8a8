import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { orderLines, orderStatusHistory, orders, products } from "../db/schema";
import { createProduct, type Product } from "../services/products";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { createApi } from "./api";

const customer = {
  name: "Rahim Uddin",
  email: "Rahim@Example.com",
  mobileNumber: "01712345678",
  district: "ঢাকা",
  thana: "মিরপুর",
  address: "House 12, Road 3, Section 10",
  comment: "",
  addressType: "Home",
  deliveryArea: "Inside Dhaka",
  paymentSystem: "Cash On Delivery",
  deliveryCharge: 60,
};

type Line = {
  id: string;
  name: string;
  imageUrl: string;
  color: string;
  size: string;
  originalPrice: number;
  quantity: number;
};

function line(p: Product, quantity: number, extra: Partial<Line> = {}): Line {
  return {
    id: p._id,
    name: p.name,
    imageUrl: p.images[0] ?? "",
    color: p.colors[0] ?? "N/A",
    size: p.sizes[0] ?? "N/A",
    originalPrice: p.offerPrice ?? p.originalPrice,
    quantity,
    ...extra,
  };
}

/** The spec's body with figures the client computed from its lines. */
function body(lines: Line[], customerData: Record<string, unknown> = customer) {
  const subTotal = lines.reduce((s, l) => s + l.originalPrice * l.quantity, 0);
  const charge = customerData.deliveryArea === "Outside Dhaka" ? 120 : 60;
  return {
    date: "05 Mar, 2026",
    placedAt: "2026-03-05T10:00:00.000Z",
    time: "04:00 pm",
    subTotal,
    total: subTotal + charge,
    orderStatus: "Pending",
    products: lines,
    customerData: { ...customerData, deliveryCharge: charge },
  };
}

describeDb(`POST /api/postOrder (${TEST_DB})`, () => {
  let ctx: AppContext;
  let api: ReturnType<typeof createApi>;
  let bag: Product;
  let pan: Product;
  let shirt: Product;

  const post = async (payload: unknown, headers: Record<string, string> = {}) => {
    const res = await api.request("/postOrder", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof payload === "string" ? payload : JSON.stringify(payload),
    });
    return { status: res.status, body: await res.json() };
  };
  const orderCount = () => ctx.db.$count(orders);
  const lineCount = () => ctx.db.$count(orderLines);

  beforeAll(async () => {
    ctx = await openTestContext();
    api = createApi(ctx);
    const base = {
      description: "A product",
      images: ["/media/ab/abababababababababababababababab.webp"],
      ratings: 4.5,
      reviews: 3,
      productType: "New Arrivals" as const,
    };
    bag = await createProduct(ctx.db, {
      ...base,
      name: "Travel Backpack 40L",
      category: "Bag Items",
      subCategory: "Backpack",
      sizes: [],
      colors: ["Black", "Blue"],
      originalPrice: 1200,
      offerPrice: 990,
      // biome-ignore lint/suspicious/noExplicitAny: sub-category names are checked by the schema tests
    } as any);
    pan = await createProduct(ctx.db, {
      ...base,
      name: "Non-stick Fry Pan",
      category: "Kitchen Items",
      subCategory: "Non Stick Pan",
      sizes: [],
      colors: [],
      originalPrice: 850,
      offerPrice: null,
      // biome-ignore lint/suspicious/noExplicitAny: as above
    } as any);
    shirt = await createProduct(ctx.db, {
      ...base,
      name: "Cotton Shirt",
      category: "Men Items",
      subCategory: "Shirt",
      sizes: ["M", "L"],
      colors: ["White"],
      originalPrice: 700,
      offerPrice: 650,
      // biome-ignore lint/suspicious/noExplicitAny: as above
    } as any);
  });
  afterAll(async () => ctx?.close());

  it("prices an Inside Dhaka order from the database and stores it as Pending with line snapshots", async () => {
    const before = await orderCount();
    const res = await post(body([line(bag, 2), line(pan, 1, { color: "N/A" })]));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ insertedId: expect.any(String), orderNumber: expect.any(Number) });
    expect(await orderCount()).toBe(before + 1);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, res.body.insertedId));
    expect(order).toMatchObject({
      subTotal: 990 * 2 + 850,
      deliveryCharge: 60,
      total: 990 * 2 + 850 + 60,
      status: "Pending",
      customerEmail: "rahim@example.com",
      customerName: "Rahim Uddin",
      district: "ঢাকা",
      thana: "মিরপুর",
      deliveryArea: "Inside Dhaka",
      paymentSystem: "Cash On Delivery",
      addressType: "Home",
      userId: null,
    });
    const lines = await ctx.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, res.body.insertedId))
      .orderBy(orderLines.position);
    expect(
      lines.map((l) => [l.productId, l.name, l.color, l.size, l.unitPrice, l.quantity]),
    ).toEqual([
      [bag._id, "Travel Backpack 40L", "Black", "N/A", 990, 2],
      [pan._id, "Non-stick Fry Pan", "N/A", "N/A", 850, 1],
    ]);
    const history = await ctx.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, res.body.insertedId));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.changedByRole])).toEqual([
      [null, "Pending", "system"],
    ]);
  });

  it("charges ৳120 Outside Dhaka, keeps duplicate lines and a chosen size", async () => {
    const outside = { ...customer, deliveryArea: "Outside Dhaka", district: "খুলনা", thana: "ডুমুরিয়া" };
    const lines = [line(shirt, 1, { size: "L" }), line(shirt, 3, { size: "M" })];
    const res = await post(body(lines, outside));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, res.body.insertedId));
    expect(order).toMatchObject({ subTotal: 650 * 4, deliveryCharge: 120, total: 650 * 4 + 120 });
  });

  it("answers 409 price_changed with the current figures for a tampered total, storing nothing", async () => {
    const before = await orderCount();
    const tampered = { ...body([line(bag, 1)]), subTotal: 1, total: 61 };
    const res = await post(tampered);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: "price_changed",
      subTotal: 990,
      deliveryCharge: 60,
      total: 1050,
      products: [{ id: bag._id, originalPrice: 990, quantity: 1, name: "Travel Backpack 40L" }],
    });
    expect(await orderCount()).toBe(before);
  });

  it("answers 409 price_changed when a line's price is out of date, even with matching totals", async () => {
    const before = await orderCount();
    const res = await post(body([line(bag, 1, { originalPrice: 1200 })]));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "price_changed", subTotal: 990, total: 1050 });
    const wrongCharge = body([line(bag, 1)]);
    wrongCharge.customerData.deliveryCharge = 0;
    wrongCharge.total = 990;
    expect((await post(wrongCharge)).body.error.code).toBe("price_changed");
    expect(await orderCount()).toBe(before);
  });

  it("answers 400 with field issues for bad input and stores nothing", async () => {
    const before = await orderCount();
    const beforeLines = await lineCount();
    const cases: [string, unknown, string][] = [
      [
        "bad phone",
        body([line(bag, 1)], { ...customer, mobileNumber: "01212345678" }),
        "customerData.mobileNumber",
      ],
      [
        "12-digit phone",
        body([line(bag, 1)], { ...customer, mobileNumber: "017123456789" }),
        "customerData.mobileNumber",
      ],
      [
        "thana of another district",
        body([line(bag, 1)], { ...customer, thana: "ডুমুরিয়া" }),
        "customerData.thana",
      ],
      [
        "unknown district",
        body([line(bag, 1)], { ...customer, district: "Atlantis" }),
        "customerData.district",
      ],
      ["quantity 0", body([line(bag, 0)]), "products.0.quantity"],
      ["quantity 100", body([line(bag, 100)]), "products.0.quantity"],
      ["empty products", body([]), "products"],
      [
        "unknown area",
        body([line(bag, 1)], { ...customer, deliveryArea: "Mars" }),
        "customerData.deliveryArea",
      ],
      [
        "long name",
        body([line(bag, 1)], { ...customer, name: "x".repeat(101) }),
        "customerData.name",
      ],
      [
        "long address",
        body([line(bag, 1)], { ...customer, address: "x".repeat(301) }),
        "customerData.address",
      ],
      [
        "long comment",
        body([line(bag, 1)], { ...customer, comment: "x".repeat(501) }),
        "customerData.comment",
      ],
      ["bad email", body([line(bag, 1)], { ...customer, email: "rahim" }), "customerData.email"],
      ["empty name", body([line(bag, 1)], { ...customer, name: "  " }), "customerData.name"],
      [
        "other payment",
        body([line(bag, 1)], { ...customer, paymentSystem: "bKash" }),
        "customerData.paymentSystem",
      ],
      ["colour outside the list", body([line(bag, 1, { color: "Teal" })]), "products.0.color"],
      ["colour not offered", body([line(bag, 1, { color: "Red" })]), "products.0.color"],
      ["size not offered", body([line(shirt, 1, { size: "XXL" })]), "products.0.size"],
    ];
    for (const [label, payload, path] of cases) {
      const res = await post(payload);
      expect(res.status, label).toBe(400);
      expect(res.body.error.code, label).toBe("invalid");
      expect(
        res.body.error.issues.map((i: { path: string }) => i.path),
        label,
      ).toContain(path);
    }
    const notJson = await post("{not json");
    expect(notJson.status).toBe(400);
    const plain = await api.request("/postOrder", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify(body([line(bag, 1)])),
    });
    expect(plain.status).toBe(415);
    expect((await plain.json()).error.code).toBe("invalid");
    expect(await orderCount()).toBe(before);
    expect(await lineCount()).toBe(beforeLines);
  });

  it("names a product that no longer exists in a 400 and stores nothing", async () => {
    const before = await orderCount();
    const gone = line(bag, 1, { id: "deleted-product-id", name: "Old Lamp" });
    const res = await post(body([line(pan, 1), gone]));
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toEqual([
      { path: "products.1.id", message: 'Product "Old Lamp" is no longer available' },
    ]);
    expect(await orderCount()).toBe(before);
  });

  it("answers 409 with the same figures when a product's price changes after the cart was filled", async () => {
    const cart = body([line(pan, 2)]);
    await ctx.db.update(products).set({ originalPrice: 900 }).where(eq(products.id, pan._id));
    try {
      const res = await post(cart);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ subTotal: 1800, total: 1860 });
      const again = await post(body([line(pan, 2, { originalPrice: 900 })]));
      expect(again.status).toBe(201);
    } finally {
      await ctx.db.update(products).set({ originalPrice: 850 }).where(eq(products.id, pan._id));
    }
  });

  it("places one order for 50 concurrent submits with one Idempotency-Key", async () => {
    const before = await orderCount();
    const key = `key-${crypto.randomUUID()}`;
    const payload = body([line(bag, 1), line(shirt, 2, { size: "M" })]);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post(payload, { "Idempotency-Key": key })),
    );
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 200 || s === 201),
      JSON.stringify(answers.find((a) => a.status >= 300)),
    ).toBe(true);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    const ids = new Set(answers.map((a) => a.body.insertedId));
    expect(ids.size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
    const [id] = [...ids];
    expect(await ctx.db.$count(orderLines, eq(orderLines.orderId, id as string))).toBe(2);

    const retry = await post(payload, { "Idempotency-Key": key });
    expect(retry).toEqual({ status: 200, body: answers[0]?.body });
  });

  it("refuses an Idempotency-Key reused with a different body, and an overlong key", async () => {
    const key = crypto.randomUUID();
    const first = await post(body([line(bag, 1)]), { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const before = await orderCount();
    const other = await post(body([line(bag, 2)]), { "Idempotency-Key": key });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("conflict");
    const long = await post(body([line(bag, 1)]), { "Idempotency-Key": "k".repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.error.issues[0].path).toBe("idempotency-key");
    expect(await orderCount()).toBe(before);
  });

  it("ties a signed-in customer's order to the account", async () => {
    const signUp = await ctx.auth.api.signUpEmail({
      body: { email: "buyer@example.com", password: "buyer-password-2026", name: "Buyer" },
      asResponse: true,
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toContain("session_token");
    const res = await post(body([line(pan, 1)], { ...customer, email: "Buyer@Example.com" }), {
      cookie,
    });
    expect(res.status).toBe(201);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, res.body.insertedId));
    const session = await ctx.auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(order?.userId).toBe(session?.user.id);
    expect(order?.customerEmail).toBe("buyer@example.com");

    // Its Idempotency-Key is the account's: a guest replaying it gets no one else's order.
    const key = crypto.randomUUID();
    const payload = body([line(pan, 1)], { ...customer, email: "buyer@example.com" });
    const placed = await post(payload, { cookie, "Idempotency-Key": key });
    expect(placed.status).toBe(201);
    const stranger = await post(payload, { "Idempotency-Key": key });
    expect(stranger.status).toBe(409);
    expect(stranger.body.error).not.toHaveProperty("insertedId");
    expect(JSON.stringify(stranger.body)).not.toContain(placed.body.insertedId);
    const again = await post(payload, { cookie, "Idempotency-Key": key });
    expect(again).toEqual({ status: 200, body: placed.body });
  });

  it("is described in the OpenAPI document", async () => {
    const doc = await (await api.request("/openapi.json")).json();
    expect(doc.paths["/postOrder"].post.responses).toHaveProperty("409");
  });
});
