import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { signUp, signUpAdmin } from "../testing/accounts";
import { PRODUCT_BODY, snapshotTables } from "../testing/api-fixtures";
import { ledgerMismatches } from "../testing/stock-ledger";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

/** Issue 22 item 6: stock through the JSON API. */
describeDb(`stock in the products API (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let admin: string;
  let customer: string;
  let id: string;

  const call = async (method: string, path: string, cookie?: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await app.request(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    admin = (await signUpAdmin(ctx, { email: "admin@haat.test" })).cookie;
    customer = (await signUp(ctx, { email: "customer@haat.test" })).cookie;
  });
  afterAll(async () => {
    if (ctx) expect(await ledgerMismatches(ctx.db)).toEqual([]);
    await ctx?.close();
  });

  it("adds a tracked product with its grid and answers it in GET /api/product and /api/products", async () => {
    const added = await call("POST", "/postProduct", admin, {
      ...PRODUCT_BODY,
      sizes: ["M", "L"],
      colors: ["White"],
      trackStock: true,
      stock: [
        { size: "M", color: "White", quantity: 6 },
        { size: "L", color: "White", quantity: 2 },
      ],
    });
    expect(added.status).toBe(201);
    id = added.body.insertedId;
    const one = await call("GET", `/product/${id}`);
    expect(one.body.data).toMatchObject({
      trackStock: true,
      stock: [
        { size: "M", color: "White", quantity: 6 },
        { size: "L", color: "White", quantity: 2 },
      ],
    });
    const list = await call("GET", "/products?limit=5");
    expect(list.body.data.find((p: { _id: string }) => p._id === id)?.stock).toEqual(
      one.body.data.stock,
    );
  });

  it("refuses a bad grid on add and update with field issues, changing nothing", async () => {
    const before = await snapshotTables(ctx);
    const cases: [string, string, unknown, string[]][] = [
      [
        "POST",
        "/postProduct",
        { ...PRODUCT_BODY, stock: [{ size: "M", color: "White", quantity: -2 }] },
        ["stock.0.quantity"],
      ],
      [
        "POST",
        "/postProduct",
        { ...PRODUCT_BODY, stock: [{ size: "M", color: "White", quantity: 0.5 }] },
        ["stock.0.quantity"],
      ],
      [
        "POST",
        "/postProduct",
        { ...PRODUCT_BODY, stock: [{ size: "XXL", color: "Pink", quantity: 1 }] },
        ["stock.0.size", "stock.0.color"],
      ],
      ["POST", "/postProduct", { ...PRODUCT_BODY, trackStock: "yes" }, ["trackStock"]],
      [
        "PATCH",
        `/updateProduct/${id}`,
        { stock: [{ size: "S", color: "White", quantity: 1 }] },
        ["stock.0.size"],
      ],
      ["PATCH", `/updateProduct/${id}`, { stock: "many" }, ["stock"]],
    ];
    for (const [method, path, body, paths] of cases) {
      const res = await call(method, path, admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.error.issues.map((i: { path: string }) => i.path),
        JSON.stringify(body),
      ).toEqual(paths);
    }
    expect(await snapshotTables(ctx)).toEqual(before);
  });

  it("updates the grid and tracking with PATCH, answering the product with its stock", async () => {
    const res = await call("PATCH", `/updateProduct/${id}`, admin, {
      stock: [{ size: "L", color: "White", quantity: 9 }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.stock).toEqual([
      { size: "M", color: "White", quantity: 6 },
      { size: "L", color: "White", quantity: 9 },
    ]);
    const off = await call("PATCH", `/updateProduct/${id}`, admin, { trackStock: false });
    expect(off.body.data.trackStock).toBe(false);
    const on = await call("PATCH", `/updateProduct/${id}`, admin, { trackStock: true });
    expect(on.body.data).toMatchObject({ trackStock: true, stock: res.body.data.stock });
  });

  it("changes one variant by hand and answers its new quantity", async () => {
    const res = await call("POST", `/products/${id}/stock`, admin, {
      size: "M",
      color: "White",
      change: -4,
      reason: "adjustment",
    });
    expect(res).toEqual({
      status: 200,
      body: { data: { size: "M", color: "White", quantity: 2 } },
    });
  });

  it("refuses bad changes by hand with 400 and field issues, changing nothing", async () => {
    const before = await snapshotTables(ctx);
    const cases: [unknown, string][] = [
      [{ size: "M", color: "White", change: -3 }, "change"],
      [{ size: "M", color: "White", change: 2.5 }, "change"],
      [{ size: "M", color: "White", change: "2" }, "change"],
      [{ size: "M", color: "White", change: 0 }, "change"],
      [{ size: "M", color: "White", change: 1e12 }, "change"],
      [{ size: "XL", color: "White", change: 1 }, "size"],
      [{ size: "M", color: "Blue", change: 1 }, "color"],
      [{ size: "M", color: "White", change: 1, reason: "returned" }, "reason"],
      [{ change: 1 }, "size"],
    ];
    for (const [body, path] of cases) {
      const res = await call("POST", `/products/${id}/stock`, admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("invalid");
      expect(
        res.body.error.issues.map((i: { path: string }) => i.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expect(
      (await call("POST", "/products/nope/stock", admin, { size: "M", color: "White", change: 1 }))
        .status,
    ).toBe(404);
    expect(
      (
        await call("POST", `/products/${id}/stock`, customer, {
          size: "M",
          color: "White",
          change: 1,
        })
      ).status,
    ).toBe(403);
    expect(await snapshotTables(ctx)).toEqual(before);
  });

  it("answers the stock history to admins, newest first, a page at a time", async () => {
    const first = await call("GET", `/products/${id}/stock-history?limit=2`, admin);
    expect(first.status).toBe(200);
    expect(
      first.body.data.map((e: { change: number; reason: string }) => [e.change, e.reason]),
    ).toEqual([
      [-4, "adjustment"],
      [7, "adjustment"],
    ]);
    const rest = await call(
      "GET",
      `/products/${id}/stock-history?limit=2&cursor=${first.body.nextCursor}`,
      admin,
    );
    expect(rest.body.data.map((e: { change: number }) => e.change)).toEqual([2, 6]);
    expect(rest.body.nextCursor).toBeNull();
    expect((await call("GET", `/products/${id}/stock-history`, customer)).status).toBe(403);
    expect((await call("GET", `/products/${id}/stock-history`)).status).toBe(401);
    expect((await call("GET", `/products/${id}/stock-history?cursor=abc`, admin)).status).toBe(400);
    expect((await call("GET", `/products/${id}/stock-history?limit=0`, admin)).status).toBe(400);
  });

  it("keeps what orders took from a cell a form kept open left alone, and refuses one it changed (409)", async () => {
    const added = await call("POST", "/postProduct", admin, {
      ...PRODUCT_BODY,
      name: "Open Form Sandal",
      sizes: ["M"],
      colors: ["White", "Black"],
      trackStock: true,
      stock: [
        { size: "M", color: "White", quantity: 30 },
        { size: "M", color: "Black", quantity: 5 },
      ],
    });
    const productId = added.body.insertedId as string;
    // The admin opens the form (30 and 5); meanwhile 2 White pieces are sold.
    const sold = await call("POST", `/products/${productId}/stock`, admin, {
      size: "M",
      color: "White",
      change: -2,
      reason: "adjustment",
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    // Saved with only the price changed: the White cell is left at 28, not put back to 30.
    const saved = await call("PATCH", `/updateProduct/${productId}`, admin, {
      offerPrice: 1000,
      stock: [
        { size: "M", color: "White", quantity: 30, was: 30 },
        { size: "M", color: "Black", quantity: 5, was: 5 },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await call("GET", `/product/${productId}`);
    expect(after.body.data.stock).toEqual([
      { size: "M", color: "White", quantity: 28 },
      { size: "M", color: "Black", quantity: 5 },
    ]);
    // A cell the admin changed from a figure that is no longer true is refused, and nothing
    // of that save is kept.
    const before = await snapshotTables(ctx);
    const stale = await call("PATCH", `/updateProduct/${productId}`, admin, {
      name: "Renamed Sandal",
      stock: [{ size: "M", color: "White", quantity: 40, was: 30 }],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({
      code: "conflict",
      issues: [
        {
          path: "stock.0.quantity",
          message:
            "The stock of this size and colour changed while the form was open: reload the page to see it",
        },
      ],
    });
    expect(await snapshotTables(ctx)).toEqual(before);
  });
});
