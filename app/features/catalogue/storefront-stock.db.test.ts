import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CardProduct } from "~/app/components/product-card";
import * as checkout from "~/app/routes/cart/checkout";
import * as cartStock from "~/app/routes/cart/stock";
import * as category from "~/app/routes/storefront/category";
import * as productDetails from "~/app/routes/storefront/product-details";
import * as shop from "~/app/routes/storefront/shop";
import type { AppContext } from "~/server/app-context";
import { products } from "~/server/db/schema";
import {
  createProduct,
  listProducts,
  type Product,
  relatedProducts,
} from "~/server/services/products";
import { adjustStock } from "~/server/services/stock";
import { signUpAdmin } from "~/server/testing/accounts";
import { PRODUCT_BODY } from "~/server/testing/api-fixtures";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import { callLoader } from "~/tests/support/page-action";

/**
 * What a customer sees of stock (issue 22 item 4) through the storefront's loaders against the
 * real database: the product page's levels, listings with sold-out products last and badged
 * (keyset pages stay whole), the cart's stock read and Order Now without scripts.
 */
describeDb(`storefront stock (${TEST_DB})`, () => {
  let ctx: AppContext;
  let admin: { id: string; userId: string; role: "admin" };
  const made: Record<string, Product> = {};

  /** Bag Items products, one minute apart (a newest, z oldest). */
  const make = async (name: string, minute: number, stock: number | null) => {
    made[name] = await createProduct(
      ctx.db,
      {
        ...PRODUCT_BODY,
        name,
        category: "Bag Items",
        subCategory: "Backpack",
        sizes: [],
        colors: ["Black", "Red"],
        trackStock: stock !== null,
        ...(stock === null
          ? {}
          : {
              stock: [
                { size: "N/A", color: "Black", quantity: stock },
                { size: "N/A", color: "Red", quantity: 0 },
              ],
            }),
      },
      new Date(Date.UTC(2026, 0, 1, 0, 60 - minute)),
    );
  };

  beforeAll(async () => {
    ctx = await openTestContext();
    const account = await signUpAdmin(ctx, { email: "storefront-stock@haat.test" });
    admin = { id: account.id, userId: account.id, role: "admin" };
    await make("Bag A", 1, 0);
    await make("Bag B", 2, 2);
    await make("Bag C", 3, null);
    await make("Bag D", 4, 0);
    await make("Bag E", 5, 9);
  });
  afterAll(async () => ctx?.close());

  it("listings show sold-out products after the available ones, page by page", async () => {
    const names = (page: { data: Product[] }) => page.data.map((p) => p.name);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 5; i++) {
      const page = await listProducts(
        ctx.db,
        { category: "Bag Items", limit: 2, ...(cursor ? { cursor } : {}) },
        { soldOutLast: true },
      );
      seen.push(...names(page));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(["Bag B", "Bag C", "Bag E", "Bag A", "Bag D"]);
    // Pages ending exactly where the available part ends go on with the sold-out part.
    const first = await listProducts(
      ctx.db,
      { category: "Bag Items", limit: 3 },
      { soldOutLast: true },
    );
    expect(names(first)).toEqual(["Bag B", "Bag C", "Bag E"]);
    const rest = await listProducts(ctx.db, {
      category: "Bag Items",
      limit: 3,
      cursor: first.nextCursor ?? "",
    });
    expect(names(rest)).toEqual(["Bag A", "Bag D"]);
    expect(rest.nextCursor).toBeNull();
    // A plain cursor (the API's) goes on among the available ones older than it, then the
    // sold-out part from its start; one that does not decode is refused on `cursor`, not read
    // as the first page.
    const plain = await listProducts(ctx.db, { category: "Bag Items", limit: 2 });
    const onwards = await listProducts(
      ctx.db,
      { category: "Bag Items", limit: 10, cursor: plain.nextCursor ?? "" },
      { soldOutLast: true },
    );
    expect(names(onwards)).toEqual(["Bag C", "Bag E", "Bag A", "Bag D"]);
    await expect(
      listProducts(ctx.db, { category: "Bag Items", limit: 2, cursor: "x" }, { soldOutLast: true }),
    ).rejects.toMatchObject({
      status: 400,
      issues: [{ path: "cursor", message: "Invalid cursor" }],
    });
    // The API's plain order stays newest first.
    expect(names(await listProducts(ctx.db, { category: "Bag Items", limit: 10 }))).toEqual([
      "Bag A",
      "Bag B",
      "Bag C",
      "Bag D",
      "Bag E",
    ]);
  });

  it("a category page badges sold-out cards and lists them last", async () => {
    const answer = await callLoader(ctx, category.loader, {
      path: "/product/category/Bag%20Items",
      params: { categoryName: "Bag Items" },
    });
    const cards = (answer.data as { page: { products: CardProduct[] } }).page.products;
    expect(cards.map((c) => [c.name, c.soldOut ?? false])).toEqual([
      ["Bag B", false],
      ["Bag C", false],
      ["Bag E", false],
      ["Bag A", true],
      ["Bag D", true],
    ]);
  });

  it("a search's page and a product's related products list sold-out ones last too", async () => {
    const answer = await callLoader(ctx, shop.loader, { path: "/shop?search=Bag" });
    const cards = (answer.data as { page: { products: CardProduct[] } }).page.products;
    expect(cards.map((c) => c.name)).toEqual(["Bag B", "Bag C", "Bag E", "Bag A", "Bag D"]);
    const related = await relatedProducts(ctx.db, made["Bag B"] as Product);
    expect(related.map((p) => p.name)).toEqual(["Bag C", "Bag E", "Bag A", "Bag D"]);
  });

  it("the product page carries the pieces on hand (null when not tracked), current after a change", async () => {
    const page = async (name: string) =>
      (
        await callLoader(ctx, productDetails.loader, {
          path: `/product-details/${made[name]?._id}`,
          params: { id: made[name]?._id ?? "" },
        })
      ).data as { stock: unknown };
    expect((await page("Bag B")).stock).toEqual([
      { size: "N/A", color: "Black", quantity: 2 },
      { size: "N/A", color: "Red", quantity: 0 },
    ]);
    expect((await page("Bag C")).stock).toBeNull();
    await adjustStock(ctx, admin, made["Bag B"]?._id ?? "", {
      size: "N/A",
      color: "Red",
      change: 3,
    });
    expect((await page("Bag B")).stock).toEqual([
      { size: "N/A", color: "Black", quantity: 2 },
      { size: "N/A", color: "Red", quantity: 3 },
    ]);
  });

  it("the cart's read answers each product's levels (null when not tracked) and its price now", async () => {
    const b = made["Bag B"]?._id ?? "";
    const c = made["Bag C"]?._id ?? "";
    // The shop changes Bag C's price after a customer put it in their cart.
    await ctx.db.update(products).set({ offerPrice: 777 }).where(eq(products.id, c));
    const answer = await callLoader(ctx, cartStock.loader, {
      path: `/cart-stock?product=${b}&product=${c}&product=unknown`,
    });
    expect(answer.data).toEqual({
      stock: {
        [b]: [
          { size: "N/A", color: "Black", quantity: 2 },
          { size: "N/A", color: "Red", quantity: 3 },
        ],
        [c]: null,
      },
      prices: { [b]: PRODUCT_BODY.offerPrice, [c]: 777 },
    });
  });

  it("Order Now without scripts for more than is left goes back to the product with the message", async () => {
    const b = made["Bag B"]?._id ?? "";
    const short = await callLoader(ctx, checkout.loader, {
      path: `/product-checkout?product=${b}&size=N/A&color=Black&quantity=3`,
    });
    expect(short.thrown).toBe(true);
    expect(short.status).toBe(302);
    const back = new URL(short.location ?? "", "http://localhost");
    expect(back.pathname).toBe(`/product-details/${b}`);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      size: "N/A",
      color: "Black",
      quantity: "2",
      short: "1",
    });
    const fits = await callLoader(ctx, checkout.loader, {
      path: `/product-checkout?product=${b}&size=N/A&color=Black&quantity=2`,
    });
    expect(fits.thrown).toBe(false);
    expect((fits.data as { items: unknown[] }).items).toHaveLength(1);
  });
});
