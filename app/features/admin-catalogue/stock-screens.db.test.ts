import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ActionFailure } from "~/app/lib/field-issues";
import * as addProduct from "~/app/routes/dashboard/add-product";
import * as allProducts from "~/app/routes/dashboard/all-products";
import * as dashboardHome from "~/app/routes/dashboard/home";
import * as stockHistory from "~/app/routes/dashboard/stock-history";
import * as updateProduct from "~/app/routes/dashboard/update-product";
import type { StockLevel } from "~/core/stock";
import type { AppContext } from "~/server/app-context";
import { productStock, products, stockLedger } from "~/server/db/schema";
import { signUp, signUpAdmin } from "~/server/testing/accounts";
import { ledgerMismatches } from "~/server/testing/stock-ledger";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import { callLoader, postToAction } from "~/tests/support/page-action";
import type { AdminProductsPage } from "./catalogue.server";
import { formValuesOf, productFormData } from "./product-form-values";

/**
 * The admin's stock screens (issue 22 item 3) against the real database: the product form's
 * Track stock and grid, All Products' stock column and filters, the stock history page and its
 * Change stock form, the dashboard's Low stock card. Every change is a ledger entry.
 */
describeDb(`admin stock screens (${TEST_DB})`, () => {
  let ctx: AppContext;
  let admin: { id: string; cookie: string };
  let customer: string;

  const form = (name: string, extra: Record<string, string | string[]> = {}) => ({
    name,
    description: "Made in a stock screen test.",
    videoLink: "",
    category: "Kitchen Items",
    subCategory: "Dinner Set",
    productType: "New Arrivals",
    sizes: ["M", "L"],
    colors: ["Black", "White"],
    originalPrice: "500",
    offerPrice: "",
    ratings: "4.5",
    reviews: "3",
    ...extra,
  });
  const productNamed = async (name: string) => {
    const [row] = await ctx.db.select().from(products).where(eq(products.name, name));
    if (!row) throw new Error(`no product ${name}`);
    return row;
  };
  const onHand = async (productId: string) =>
    Object.fromEntries(
      (await ctx.db.select().from(productStock).where(eq(productStock.productId, productId))).map(
        (r) => [`${r.size}/${r.color}`, r.quantity],
      ),
    );
  /** A FormData as the fields `postToAction` posts (each key's values in order). */
  const fieldsOf = (data: FormData) => {
    const fields: Record<string, string[]> = {};
    for (const [key, value] of data) fields[key] = [...(fields[key] ?? []), String(value)];
    return fields;
  };
  const table = async (query = "") =>
    (
      await callLoader(ctx, allProducts.loader, {
        path: `/dashboard/allProducts${query}`,
        cookie: admin.cookie,
      })
    ).data as AdminProductsPage;

  beforeAll(async () => {
    ctx = await openTestContext();
    admin = await signUpAdmin(ctx, { name: "Stock Boss", email: "stock-boss@haat.test" });
    customer = (await signUp(ctx, { name: "Rina", email: "stock-rina@haat.test" })).cookie;
  });
  afterAll(async () => ctx?.close());

  it("the add form's Track stock and grid store each figure as an adjustment by the admin", async () => {
    const answer = await postToAction(ctx, addProduct.action, {
      path: "/dashboard/addProduct",
      cookie: admin.cookie,
      form: form("Grid Dinner Set", {
        trackStock: "on",
        "stock:M:Black": "5",
        "stock:M:White": "2",
        "stock:L:Black": "",
        "stock:L:White": "10",
      }),
    });
    expect(answer).toMatchObject({ status: 302, location: "/dashboard/allProducts" });
    const row = await productNamed("Grid Dinner Set");
    expect(row.trackStock).toBe(true);
    expect(await onHand(row.id)).toEqual({
      "M/Black": 5,
      "M/White": 2,
      "L/Black": 0,
      "L/White": 10,
    });
    const entries = await ctx.db
      .select()
      .from(stockLedger)
      .where(eq(stockLedger.productId, row.id));
    expect(entries).toHaveLength(3);
    expect(entries.every((e) => e.reason === "adjustment" && e.userId === admin.id)).toBe(true);
    expect(await ledgerMismatches(ctx.db)).toEqual([]);
  });

  it("the update form sets changed cells only; a bad cell is a field issue and nothing changes", async () => {
    const row = await productNamed("Grid Dinner Set");
    const refused = await postToAction(ctx, updateProduct.action, {
      path: `/dashboard/update/${row.id}`,
      cookie: admin.cookie,
      params: { id: row.id },
      form: form("Grid Dinner Set", {
        trackStock: "on",
        "stock:M:Black": "4",
        "stock:M:White": "-1",
        "stock:L:Black": "0",
        "stock:L:White": "1.5",
      }),
    });
    expect(refused.status).toBe(400);
    const failure = refused.data as ActionFailure;
    expect(failure.issues).toEqual(
      expect.arrayContaining([
        { path: "stock.1.quantity", message: "Quantities cannot be negative" },
        { path: "stock.3.quantity", message: "Quantities are whole numbers" },
      ]),
    );
    expect((await onHand(row.id))["M/Black"]).toBe(5);

    const saved = await postToAction(ctx, updateProduct.action, {
      path: `/dashboard/update/${row.id}`,
      cookie: admin.cookie,
      params: { id: row.id },
      // White is no longer offered: its figures are kept, the grid has Black only.
      form: form("Grid Dinner Set", {
        colors: ["Black"],
        trackStock: "on",
        "stock:M:Black": "1",
        "stock:L:Black": "0",
      }),
    });
    expect(saved).toMatchObject({ status: 302 });
    expect(await onHand(row.id)).toMatchObject({ "M/Black": 1, "L/Black": 0, "L/White": 10 });
    const edit = await callLoader(ctx, updateProduct.loader, {
      path: `/dashboard/update/${row.id}`,
      cookie: admin.cookie,
      params: { id: row.id },
    });
    const { product } = edit.data as { product: { stock: unknown[]; trackStock: boolean } };
    expect(product.trackStock).toBe(true);
    expect(product.stock).toEqual([
      { size: "M", color: "Black", quantity: 1 },
      { size: "L", color: "Black", quantity: 0 },
    ]);
    expect(await ledgerMismatches(ctx.db)).toEqual([]);
  });

  it("a colour ticked again shows the pieces kept for it, and saving the form untouched keeps them", async () => {
    const row = await productNamed("Grid Dinner Set");
    const edit = await callLoader(ctx, updateProduct.loader, {
      path: `/dashboard/update/${row.id}`,
      cookie: admin.cookie,
      params: { id: row.id },
    });
    const { product } = edit.data as {
      product: Parameters<typeof formValuesOf>[0] & {
        stock: StockLevel[];
        hiddenStock: StockLevel[];
      };
    };
    // White was unticked above with 2 of M/White and 10 of L/White on hand: the form holds
    // them, out of sight.
    expect(product.hiddenStock).toHaveLength(2);
    expect(product.hiddenStock).toEqual(
      expect.arrayContaining([
        { size: "M", color: "White", quantity: 2 },
        { size: "L", color: "White", quantity: 10 },
      ]),
    );
    const values = formValuesOf(product, [...product.stock, ...product.hiddenStock]);
    const ticked = { ...values, colors: ["Black", "White"] };
    expect(ticked.stock).toMatchObject({ "stock:M:White": "2", "stock:L:White": "10" });
    const entries = await ctx.db.$count(stockLedger, eq(stockLedger.productId, row.id));

    const saved = await postToAction(ctx, updateProduct.action, {
      path: `/dashboard/update/${row.id}`,
      cookie: admin.cookie,
      params: { id: row.id },
      form: fieldsOf(productFormData(ticked, product.images)),
    });
    expect(saved).toMatchObject({ status: 302 });
    expect(await onHand(row.id)).toMatchObject({ "M/White": 2, "L/White": 10 });
    // No ledger entry: nobody changed a figure.
    expect(await ctx.db.$count(stockLedger, eq(stockLedger.productId, row.id))).toBe(entries);
    expect(await ledgerMismatches(ctx.db)).toEqual([]);

    // White unticked again, as the tests below expect the product.
    const reopened = await callLoader(ctx, updateProduct.loader, {
      path: `/dashboard/update/${row.id}`,
      cookie: admin.cookie,
      params: { id: row.id },
    });
    const current = (reopened.data as typeof edit.data & { product: typeof product }).product;
    const unticked = { ...formValuesOf(current, current.stock), colors: ["Black"] };
    const again = await postToAction(ctx, updateProduct.action, {
      path: `/dashboard/update/${row.id}`,
      cookie: admin.cookie,
      params: { id: row.id },
      form: fieldsOf(productFormData(unticked, current.images)),
    });
    expect(again).toMatchObject({ status: 302 });
  });

  it("All Products shows stock per product and filters Low stock and Sold out on the server", async () => {
    await postToAction(ctx, addProduct.action, {
      path: "/dashboard/addProduct",
      cookie: admin.cookie,
      form: form("Plenty Dinner Set", {
        sizes: [],
        colors: [],
        trackStock: "on",
        "stock:N/A:N/A": "40",
      }),
    });
    await postToAction(ctx, addProduct.action, {
      path: "/dashboard/addProduct",
      cookie: admin.cookie,
      form: form("Gone Dinner Set", { sizes: ["M"], colors: [], trackStock: "on" }),
    });
    await postToAction(ctx, addProduct.action, {
      path: "/dashboard/addProduct",
      cookie: admin.cookie,
      form: form("Untracked Dinner Set"),
    });
    const all = await table();
    const stockOf = (page: AdminProductsPage, name: string) =>
      page.rows.find((r) => r.name === name)?.stock;
    expect(stockOf(all, "Grid Dinner Set")).toEqual({ total: 1, low: true });
    expect(stockOf(all, "Plenty Dinner Set")).toEqual({ total: 40, low: false });
    expect(stockOf(all, "Gone Dinner Set")).toEqual({ total: 0, low: true });
    expect(stockOf(all, "Untracked Dinner Set")).toBeNull();
    expect(all.stock).toBeNull();

    const low = await table("?stock=low");
    expect(low.stock).toBe("low");
    expect(low.rows.map((r) => r.name).sort()).toEqual(["Gone Dinner Set", "Grid Dinner Set"]);
    const soldOut = await table("?stock=sold_out");
    expect(soldOut.rows.map((r) => r.name)).toEqual(["Gone Dinner Set"]);
    // The filter and the search together.
    expect((await table("?stock=low&q=Grid")).rows.map((r) => r.name)).toEqual(["Grid Dinner Set"]);
  });

  it("the dashboard home's Low stock card counts low and sold-out products for admins only", async () => {
    const home = await callLoader(ctx, dashboardHome.loader, {
      path: "/dashboard",
      cookie: admin.cookie,
    });
    expect((home.data as { lowStock: unknown }).lowStock).toEqual({ low: 2, soldOut: 1 });
    const theirs = await callLoader(ctx, dashboardHome.loader, {
      path: "/dashboard",
      cookie: customer,
    });
    expect((theirs.data as { lowStock: unknown }).lowStock).toBeNull();
  });

  it("the stock history page lists the ledger newest first, with who and why", async () => {
    const row = await productNamed("Grid Dinner Set");
    const page = await callLoader(ctx, stockHistory.loader, {
      path: `/dashboard/stock/${row.id}`,
      cookie: admin.cookie,
      params: { id: row.id },
    });
    const history = page.data as {
      product: { total: number; low: boolean };
      entries: { size: string; color: string; change: number; reason: string; userName: string }[];
      nextCursor: string | null;
    };
    expect(history.product).toMatchObject({ total: 1, low: true });
    expect(history.entries[0]).toMatchObject({
      size: "M",
      color: "Black",
      change: -4,
      reason: "adjustment",
      userName: "Stock Boss",
    });
    expect(history.entries.map((e) => e.change)).toEqual([-4, 10, 2, 5]);
    expect(history.nextCursor).toBeNull();

    const forbidden = await callLoader(ctx, stockHistory.loader, {
      path: `/dashboard/stock/${row.id}`,
      cookie: customer,
      params: { id: row.id },
    });
    expect(forbidden).toMatchObject({ status: 403, thrown: true });
    const missing = await callLoader(ctx, stockHistory.loader, {
      path: "/dashboard/stock/nothing-here",
      cookie: admin.cookie,
      params: { id: "nothing-here" },
    });
    expect(missing).toMatchObject({ status: 404, thrown: true });
  });

  it("Change stock adds or takes pieces of one variant; below zero is a field issue", async () => {
    const row = await productNamed("Grid Dinner Set");
    const post = (fields: Record<string, string>, cookie = admin.cookie) =>
      postToAction(ctx, stockHistory.action, {
        path: `/dashboard/stock/${row.id}`,
        cookie,
        params: { id: row.id },
        form: fields,
      });
    const tooMany = await post({ size: "M", color: "Black", change: "-2", reason: "adjustment" });
    expect(tooMany.status).toBe(400);
    expect((tooMany.data as ActionFailure).issues).toEqual([
      { path: "change", message: "Only 1 on hand: take away at most 1" },
    ]);
    const unknown = await post({ size: "XS", color: "Black", change: "1" });
    expect((unknown.data as ActionFailure).issues.map((i) => i.path)).toEqual(["size"]);
    const notNumber = await post({ size: "M", color: "Black", change: "two" });
    expect((notNumber.data as ActionFailure).issues.map((i) => i.path)).toEqual(["change"]);
    expect((await onHand(row.id))["M/Black"]).toBe(1);

    // Bengali digits are taken as 0–9.
    const added = await post({ size: "M", color: "Black", change: "৬", reason: "import" });
    expect(added).toMatchObject({
      status: 200,
      data: { ok: true, level: { size: "M", color: "Black", quantity: 7 } },
    });
    const [entry] = await ctx.db
      .select()
      .from(stockLedger)
      .where(and(eq(stockLedger.productId, row.id), eq(stockLedger.change, 6)));
    expect(entry).toMatchObject({ reason: "import", userId: admin.id, size: "M" });

    const refused = await post({ size: "M", color: "Black", change: "1" }, customer);
    expect(refused).toMatchObject({ status: 403 });
    expect((await onHand(row.id))["M/Black"]).toBe(7);
    expect(await ledgerMismatches(ctx.db)).toEqual([]);
  });
});
