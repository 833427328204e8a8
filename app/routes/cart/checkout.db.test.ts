import { desc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUT_OF_STOCK_MESSAGE } from "~/app/features/cart/checkout.server";
import type { CheckoutActionFailure } from "~/app/features/cart/checkout-types";
import { actorMiddleware } from "~/app/lib/context.server";
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from "~/core/checkout";
import type { AppContext } from "~/server/app-context";
import { orderLines, orders, products } from "~/server/db/schema";
import { appContext } from "~/server/http/router-context";
import { RATE_LIMITS } from "~/server/rate-limit/rules";
import { createProduct, type Product } from "~/server/services/products";
import { CUSTOMER_DATA, newProduct, PRODUCT_BODY } from "~/server/testing/api-fixtures";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import { postToAction } from "~/tests/support/page-action";
import { loader as trackLoader } from "../storefront/track-order";
import { action as checkoutAction, loader as checkoutLoader } from "./checkout";
import { loader as successLoader } from "./order-success";

/**
 * Confirm Order as a route action (issue 21 item 3): the form alone carries the order, so it
 * works without scripts; the same placeOrder as POST /api/postOrder prices and stores it.
 */
describeDb(`checkout's loader and action (${TEST_DB})`, () => {
  let ctx: AppContext;
  let product: Product;
  let price: number;

  beforeAll(async () => {
    ctx = await openTestContext();
    product = await newProduct(ctx);
    price = product.offerPrice ?? product.originalPrice;
  });
  afterAll(async () => ctx?.close());

  async function load(path: string, loader: (args: never) => unknown) {
    const request = new Request(`http://localhost:3000${path}`);
    const context = new RouterContextProvider();
    context.set(appContext, ctx);
    await actorMiddleware(
      { request, context, params: {}, url: new URL(request.url), pattern: "" } as never,
      async () => new Response(),
    );
    try {
      return await loader({ request, context, params: {} } as never);
    } catch (thrown) {
      return thrown;
    }
  }

  function form(overrides: Record<string, string> = {}, key: string = crypto.randomUUID()) {
    return {
      idempotencyKey: key,
      product: product._id,
      size: "M",
      color: "White",
      quantity: "2",
      price: String(price),
      ...CUSTOMER_DATA,
      email: "guest@haat.test",
      // These tests place the same order many times: the question before the same order again
      // (decision 097) has its own test, which leaves this out.
      again: "yes",
      ...overrides,
    };
  }

  const place = (fields: Record<string, string | string[]>) =>
    postToAction(ctx, checkoutAction, { path: "/product-checkout", form: fields });

  it("prices the items named in the URL on the server, and sends a choice-less Order Now back", async () => {
    const data = (await load(
      `/product-checkout?product=${product._id}&size=M&color=White&quantity=3`,
      checkoutLoader,
    )) as {
      items: { id: string; originalPrice: number; quantity: number }[];
      idempotencyKey: string;
    };
    expect(data.items).toEqual([
      expect.objectContaining({ id: product._id, originalPrice: price, quantity: 3, size: "M" }),
    ]);
    expect(data.idempotencyKey).toMatch(/^[\x21-\x7e]{8,100}$/);

    const back = (await load(
      `/product-checkout?product=${product._id}&size=N%2FA&color=White&quantity=1`,
      checkoutLoader,
    )) as Response;
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe(
      `/product-details/${product._id}?size=N%2FA&color=White&quantity=1&ask=1`,
    );

    // From the cart the items come as navigation state: the loader names none.
    expect(((await load("/product-checkout", checkoutLoader)) as { items: null }).items).toBeNull();
  });

  it("places a good order at the server's price and redirects to its summary", async () => {
    const answer = await place(form());
    expect(answer.status).toBe(302);
    const location = answer.location ?? "";
    const id = new URL(location, "http://x").searchParams.get("order") ?? "";
    expect(location).toBe(`/order-success?order=${encodeURIComponent(id)}`);
    const [stored] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(stored?.subTotal).toBe(price * 2);
    expect(stored?.customerEmail).toBe("guest@haat.test");
    const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, id));
    expect(lines.map((l) => [l.unitPrice, l.quantity, l.size, l.color])).toEqual([
      [price, 2, "M", "White"],
    ]);

    const success = (await load(location, successLoader)) as {
      placed: { orderNumber: number; items: unknown[]; total: number; deliveryCharge: number };
    };
    expect(success.placed).toEqual({
      orderNumber: stored?.orderNumber,
      items: [{ name: product.name, nameBn: "", quantity: 2, lineTotal: price * 2 }],
      subTotal: price * 2,
      deliveryCharge: stored?.deliveryCharge,
      total: stored?.total,
      // For the tracking link, which carries the number and phone (decision 060); no code asked.
      mobileNumber: CUSTOMER_DATA.mobileNumber,
      code: null,
    });
    // Nothing more personal on a page anyone with the link may open.
    const page = JSON.stringify(success);
    for (const detail of ["guest@haat.test", CUSTOMER_DATA.address, CUSTOMER_DATA.name]) {
      expect(page).not.toContain(detail);
    }
    // A day later the link shows only the order's number, for Track Order.
    await ctx.db
      .update(orders)
      .set({ placedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(orders.id, id));
    const later = await load(location, successLoader);
    expect(later).toEqual({
      placed: null,
      summaryOverFor: stored?.orderNumber,
      verified: false,
      messages: expect.any(Object),
    });
    expect(JSON.stringify({ ...(later as object), messages: null })).not.toContain(
      CUSTOMER_DATA.mobileNumber,
    );
    // Its link opens Track Order with the number filled in, asking only for the phone.
    const track = (await load(`/track-order?orderNumber=${stored?.orderNumber}`, trackLoader)) as {
      data: { values: { orderNumber: string }; failure: unknown; order: unknown };
      init: ResponseInit | null;
    };
    expect(track.data.values.orderNumber).toBe(String(stored?.orderNumber));
    expect([track.data.failure, track.data.order, track.init?.status ?? 200]).toEqual([
      null,
      null,
      200,
    ]);
    // An unknown id shows no order.
    expect(await load("/order-success?order=nope", successLoader)).toEqual({
      placed: null,
      verified: false,
      // The page's own messages in the request's language (decision 061).
      messages: expect.any(Object),
    });
  });

  it("keeps the product's Bengali name on the order: checkout, success and tracking show it in Bengali", async () => {
    const bengali = await createProduct(ctx.db, { ...PRODUCT_BODY, nameBn: "সুতির পাঞ্জাবি" });
    const bengaliPrice = bengali.offerPrice ?? bengali.originalPrice;
    const checkout = (await load(
      `/product-checkout?product=${bengali._id}&size=M&color=White&quantity=1&lang=bn`,
      checkoutLoader,
    )) as { items: { name: string; nameBn?: string }[] };
    expect(checkout.items.map((l) => [l.name, l.nameBn])).toEqual([[bengali.name, "সুতির পাঞ্জাবি"]]);
    const answer = await place(
      form({ product: bengali._id, quantity: "1", price: String(bengaliPrice) }),
    );
    expect(answer.status).toBe(302);
    const id = new URL(answer.location ?? "", "http://x").searchParams.get("order") ?? "";
    const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, id));
    expect([line?.name, line?.nameBn]).toEqual([bengali.name, "সুতির পাঞ্জাবি"]);
    const success = (await load(answer.location ?? "", successLoader)) as {
      placed: { orderNumber: number; items: { nameBn?: string }[] };
    };
    expect(success.placed.items.map((l) => l.nameBn)).toEqual(["সুতির পাঞ্জাবি"]);
    const tracked = (await load(
      `/track-order?orderNumber=${success.placed.orderNumber}&phone=${CUSTOMER_DATA.mobileNumber}`,
      trackLoader,
    )) as { data: { order: { items: { nameBn: string }[] } | null } };
    expect(tracked.data.order?.items.map((l) => l.nameBn)).toEqual(["সুতির পাঞ্জাবি"]);
  });

  it("stores the page's language with the order, for the customer's SMS and emails", async () => {
    const languageOf = async (answer: { location: string | null }) => {
      const id = new URL(answer.location ?? "", "http://x").searchParams.get("order") ?? "";
      const [stored] = await ctx.db.select().from(orders).where(eq(orders.id, id));
      return stored?.language;
    };
    expect(await languageOf(await place(form()))).toBe("en");
    const bengali = await postToAction(ctx, checkoutAction, {
      path: "/product-checkout",
      form: form({ mobileNumber: "01812345679" }),
      cookie: "lang=bn",
    });
    expect(await languageOf(bengali)).toBe("bn");
  });

  it("shows a bad phone number under its field, with what was typed, and stores nothing", async () => {
    const before = (await ctx.db.select().from(orders)).length;
    const answer = await place(form({ mobileNumber: "0171234" }));
    expect(answer.status).toBe(400);
    const failure = answer.data as CheckoutActionFailure;
    expect(failure.issues).toContainEqual({
      path: "customerData.mobileNumber",
      message: expect.stringMatching(/mobile|number/i),
    });
    expect(failure.values.mobileNumber).toBe("0171234");
    expect(failure.values.name).toBe(CUSTOMER_DATA.name);
    expect((await ctx.db.select().from(orders)).length).toBe(before);
  });

  it("refuses a posted quantity or number of lines the API refuses, instead of placing something else", async () => {
    const before = (await ctx.db.select().from(orders)).length;
    for (const quantity of ["-5", "0", "2.9", "abc", String(MAX_LINE_QUANTITY + 1)]) {
      const answer = await place(form({ quantity }));
      expect(answer.status, quantity).toBe(400);
      const failure = answer.data as CheckoutActionFailure;
      expect(
        failure.issues.map((i) => i.path),
        quantity,
      ).toContain("products.0.quantity");
      // The form comes back with a quantity it can show.
      expect(failure.quantities[0], quantity).toBeGreaterThanOrEqual(1);
    }
    const lines = MAX_ORDER_LINES + 1;
    const tooMany = await place({
      ...form(),
      product: Array(lines).fill(product._id),
      size: Array(lines).fill("M"),
      color: Array(lines).fill("White"),
      quantity: Array(lines).fill("1"),
      price: Array(lines).fill(String(price)),
    });
    expect(tooMany.status).toBe(400);
    expect((tooMany.data as CheckoutActionFailure).issues).toContainEqual({
      path: "products",
      message: `At most ${MAX_ORDER_LINES} lines per order`,
    });
    expect((await ctx.db.select().from(orders)).length).toBe(before);

    // A quantity in Bengali digits is the same number.
    const bengali = await place(form({ quantity: "২" }));
    expect(bengali.status).toBe(302);
    const [line] = await ctx.db
      .select({ quantity: orderLines.quantity })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .orderBy(desc(orders.orderNumber))
      .limit(1);
    expect(line?.quantity).toBe(2);
  });

  it("changes a line's quantity for − or + posted without scripts, keeps what was typed and places nothing", async () => {
    const before = (await ctx.db.select().from(orders)).length;
    const plus = await place(form({ lineQuantity: "0:3", district: "খুলনা" }));
    expect(plus.status).toBe(200);
    expect(plus.data).toMatchObject({
      ok: "line",
      quantities: [3],
      values: { name: CUSTOMER_DATA.name, district: "খুলনা" },
      thanas: expect.arrayContaining([expect.objectContaining({ value: "রূপসা" })]),
    });
    // Never below one, never past the line limit; a line that is not there changes nothing.
    expect((await place(form({ lineQuantity: "0:0" }))).data).toMatchObject({ quantities: [1] });
    expect((await place(form({ lineQuantity: "0:500" }))).data).toMatchObject({
      quantities: [MAX_LINE_QUANTITY],
    });
    const stray = await place(form({ lineQuantity: "4:2", mobileNumber: "0171234" }));
    expect(stray.status).toBe(400);
    expect((await ctx.db.select().from(orders)).length).toBe(before);
  });

  it("answers a stale price with the current figures, and places the order on a second confirm", async () => {
    const before = (await ctx.db.select().from(orders)).length;
    const stale = await place(
      form({ price: String(price + 100), subTotal: String((price + 100) * 2) }),
    );
    expect(stale.status).toBe(409);
    const failure = stale.data as CheckoutActionFailure;
    expect(failure.code).toBe("price_changed");
    expect(failure.pricesMoved).toBe(true);
    expect(failure.details).toMatchObject({
      subTotal: price * 2,
      deliveryArea: "Inside Dhaka",
      products: [expect.objectContaining({ originalPrice: price, quantity: 2 })],
    });
    expect((await ctx.db.select().from(orders)).length).toBe(before);

    // The price changes while the visitor looks: the page they confirmed showed the old one.
    await ctx.db
      .update(products)
      .set({ offerPrice: price - 10 })
      .where(eq(products.id, product._id));
    try {
      const again = await place(form());
      expect(again.status).toBe(409);
      expect((again.data as CheckoutActionFailure).details).toMatchObject({
        products: [expect.objectContaining({ originalPrice: price - 10 })],
      });
      const confirmed = await place(form({ price: String(price - 10) }));
      expect(confirmed.status).toBe(302);
    } finally {
      await ctx.db
        .update(products)
        .set({ offerPrice: product.offerPrice })
        .where(eq(products.id, product._id));
    }
  });

  it("answers an area that is not the address's as a moved delivery charge, not a moved price", async () => {
    // Mirpur is one of Dhaka city's thanas; the form says Outside Dhaka.
    const refused = await place(form({ deliveryArea: "Outside Dhaka" }));
    expect(refused.status).toBe(409);
    const failure = refused.data as CheckoutActionFailure;
    expect(failure.code).toBe("price_changed");
    expect(failure.pricesMoved).toBe(false);
    expect(failure.details).toMatchObject({ deliveryArea: "Inside Dhaka", deliveryCharge: 60 });
  });

  it("takes the delivery area from the address when the form sends none (no script ticked it)", async () => {
    // Mirpur, Dhaka city: Inside Dhaka; typed in English, as a visitor without scripts may.
    const inside = await place(form({ deliveryArea: "", district: "Dhaka", thana: "Mirpur" }));
    expect(inside.status).toBe(302);
    const insideId = new URL(inside.location ?? "", "http://x").searchParams.get("order") ?? "";
    const [city] = await ctx.db.select().from(orders).where(eq(orders.id, insideId));
    expect([city?.deliveryArea, city?.deliveryCharge]).toEqual(["Inside Dhaka", 60]);
    // Savar is in Dhaka district but not the city: Outside Dhaka.
    const outside = await place(form({ deliveryArea: "", thana: "সাভার" }));
    expect(outside.status).toBe(302);
    const outsideId = new URL(outside.location ?? "", "http://x").searchParams.get("order") ?? "";
    const [savar] = await ctx.db.select().from(orders).where(eq(orders.id, outsideId));
    expect([savar?.deliveryArea, savar?.deliveryCharge]).toEqual(["Outside Dhaka", 120]);
    // Dhaka without a thana decides nothing: the area is still the visitor's to choose.
    const open = await place(form({ deliveryArea: "", thana: "" }));
    expect(open.status).toBe(400);
    const issues = (open.data as CheckoutActionFailure).issues?.map((i) => i.path);
    expect(issues).toEqual(
      expect.arrayContaining(["customerData.thana", "customerData.deliveryArea"]),
    );
  });

  it("asks before placing the same order again within minutes (Back after an order), then places it", async () => {
    const { again: _again, ...fields } = form({ mobileNumber: "01812345670" });
    const first = await place(fields);
    expect(first.status).toBe(302);
    const number = (await ctx.db.select({ n: orders.orderNumber }).from(orders))
      .map((o) => o.n)
      .sort((a, b) => b - a)[0];
    // The checkout shown again by Back: its fields as they were, a new attempt's key.
    const before = (await ctx.db.select().from(orders)).length;
    const asked = await place({ ...fields, idempotencyKey: crypto.randomUUID() });
    expect(asked.status).toBe(409);
    expect(asked.data).toMatchObject({
      ok: false,
      code: "duplicate_order",
      details: { orderNumber: number },
      values: { name: CUSTOMER_DATA.name, mobileNumber: "01812345670" },
    });
    expect((await ctx.db.select().from(orders)).length).toBe(before);
    // The same attempt sent twice is its order, not a question.
    const replay = await place(fields);
    expect(replay.location).toBe(first.location);
    // Confirm Order once more (the form now carries "again"): a second order.
    const second = await place({ ...fields, idempotencyKey: crypto.randomUUID(), again: "yes" });
    expect(second.status).toBe(302);
    expect(second.location).not.toBe(first.location);
    expect((await ctx.db.select().from(orders)).length).toBe(before + 1);
  });

  it("places one order for a repeated submit of the same attempt", async () => {
    const key = crypto.randomUUID();
    const first = await place(form({}, key));
    const second = await place(form({}, key));
    expect(first.status).toBe(302);
    expect(second.location).toBe(first.location);
    expect(await ctx.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(
      1,
    );
  });

  it("shows the rate limit's message after five orders for one phone from one address, and still replays a placed one", async () => {
    const limited = await openTestContext({ RATE_LIMIT: "on" });
    try {
      const limitedProduct = await newProduct(limited);
      const order = (key: string) =>
        postToAction(limited, checkoutAction, {
          path: "/product-checkout",
          form: { ...form({ product: limitedProduct._id, mobileNumber: "01912345678" }, key) },
        });
      const allowed = RATE_LIMITS.orderPerAddressAndPhone.max;
      const keys = Array.from({ length: allowed }, () => crypto.randomUUID());
      const placed = [];
      for (const key of keys) placed.push(await order(key));
      expect(placed.map((a) => a.status)).toEqual(Array(allowed).fill(302));
      const refused = await order(crypto.randomUUID());
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((refused.data as CheckoutActionFailure).message).toMatch(/Too many requests/);
      // The first attempt sent again: its order, neither counted nor refused.
      const replay = await order(keys[0] as string);
      expect(replay.location).toBe(placed[0]?.location);
    } finally {
      await limited.close();
    }
  });

  it("names each line that lacks stock with what is left, and stores nothing (409 out_of_stock)", async () => {
    const scarce = await createProduct(ctx.db, {
      ...PRODUCT_BODY,
      name: "Handloom Gamcha",
      trackStock: true,
      stock: [{ size: "M", color: "White", quantity: 1 }],
    });
    const before = (await ctx.db.select().from(orders)).length;
    const answer = await place(
      form({ product: scarce._id, itemName: "Handloom Gamcha", price: String(price) }),
    );
    expect(answer.status).toBe(409);
    const failure = answer.data as CheckoutActionFailure;
    expect(failure.code).toBe("out_of_stock");
    expect(failure.message).toBe(OUT_OF_STOCK_MESSAGE);
    expect(failure.issues).toEqual([
      {
        path: "products.0.quantity",
        message: "Handloom Gamcha (M / White): only 1 left, you asked for 2",
      },
    ]);
    expect(failure.details?.products).toEqual([
      { id: scarce._id, size: "M", color: "White", requested: 2, available: 1 },
    ]);
    expect(failure.values.name).toBe(CUSTOMER_DATA.name);
    expect((await ctx.db.select().from(orders)).length).toBe(before);
    // One piece is there to be ordered.
    expect((await place(form({ product: scarce._id, quantity: "1" }))).status).toBe(302);
  });

  it("reads the served lines' stock with them, so the page warns of a short line before (or without) its scripts", async () => {
    const scarce = await createProduct(ctx.db, {
      ...PRODUCT_BODY,
      name: "Jamdani Orna",
      trackStock: true,
      stock: [{ size: "M", color: "White", quantity: 3 }],
    });
    const data = (await load(
      `/product-checkout?product=${scarce._id}&size=M&color=White&quantity=3`,
      checkoutLoader,
    )) as { stock: Record<string, { size: string; color: string; quantity: number }[] | null> };
    expect(data.stock[scarce._id]).toContainEqual(
      expect.objectContaining({ size: "M", color: "White", quantity: 3 }),
    );
    // − or + posted says whether the form is complete, for the page's hint without scripts.
    const complete = await place(form({ lineQuantity: "0:3" }));
    expect(complete.data).toMatchObject({ ok: "line", complete: true });
    const partial = await place(form({ lineQuantity: "0:3", address: "" }));
    expect(partial.data).toMatchObject({ ok: "line", complete: false });
  });

  describe("without a price the visitor saw", () => {
    it("asks to confirm the current one rather than placing at an unseen price", async () => {
      const { price: _price, ...noPrice } = form();
      const answer = await place(noPrice);
      expect(answer.status).toBe(409);
      expect((answer.data as CheckoutActionFailure).code).toBe("price_changed");
    });
  });
});
