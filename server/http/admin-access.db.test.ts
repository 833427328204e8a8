import { eq } from "drizzle-orm";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { contactMessages, orders, products, slides, user } from "../db/schema";
import { createContactMessage } from "../services/contact";
import { insertOrder } from "../services/orders";
import { createProduct } from "../services/products";
import { signUp, signUpAdmin } from "../testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

const product = {
  name: "Cotton Panjabi for Eid",
  description: "Fabric: Cotton",
  category: "Men Items",
  subCategory: "Panjabi",
  productType: "New Arrivals",
  sizes: ["M"],
  colors: ["White"],
  images: [] as string[],
  originalPrice: 2500,
  offerPrice: 1990,
  ratings: 4.5,
  reviews: 12,
} as const;

type Caller = "anonymous" | "customer" | "admin";

/** Issue 6: every admin route answers 401 without a session, 403 for a customer, 2xx for an admin. */
describeDb(`admin routes × callers (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  const cookies: Record<Caller, string | undefined> = {
    anonymous: undefined,
    customer: undefined,
    admin: undefined,
  };
  const ids = { product: "", slide: "", user: "", order: "", message: "" };

  async function png(): Promise<Blob> {
    const data = await sharp({
      create: { width: 600, height: 600, channels: 3, background: "#3a7" },
    })
      .png()
      .toBuffer();
    return new Blob([new Uint8Array(data)], { type: "image/png" });
  }

  /** The admin routes and a request that an admin may make; `expect` is the admin's status. */
  const routes: {
    name: string;
    expect: number;
    request: () => Promise<{ path: string; init: RequestInit }>;
  }[] = [
    {
      name: "POST /api/images",
      expect: 201,
      request: async () => {
        const form = new FormData();
        form.append("image", await png(), "photo.png");
        return { path: "/api/images", init: { method: "POST", body: form } };
      },
    },
    json("POST /api/postProduct", 201, "POST", () => "/api/postProduct", product),
    json("PATCH /api/updateProduct/{id}", 200, "PATCH", () => `/api/updateProduct/${ids.product}`, {
      offerPrice: 1890,
    }),
    json(
      "DELETE /api/deleteProduct/{id}",
      200,
      "DELETE",
      () => `/api/deleteProduct/${ids.product}`,
    ),
    json("POST /api/postSlider", 201, "POST", () => "/api/postSlider", {
      image: "https://example.com/slide.webp",
      title: "Eid sale",
    }),
    json("PUT /api/updateSlider/{id}", 200, "PUT", () => `/api/updateSlider/${ids.slide}`, {
      image: "https://example.com/slide-2.webp",
    }),
    json("DELETE /api/deleteSlider/{id}", 200, "DELETE", () => `/api/deleteSlider/${ids.slide}`),
    json("GET /api/users", 200, "GET", () => "/api/users"),
    json("PUT /api/updateUser/{id}", 200, "PUT", () => `/api/updateUser/${ids.user}`, {
      role: "admin",
    }),
    json("DELETE /api/deleteUser/{id}", 200, "DELETE", () => `/api/deleteUser/${ids.user}`),
    json("GET /api/orders", 200, "GET", () => "/api/orders?status=Delivered"),
    json("DELETE /api/deleteOrder/{id}", 200, "DELETE", () => `/api/deleteOrder/${ids.order}`),
    json("GET /api/contactMessages", 200, "GET", () => "/api/contactMessages"),
    json(
      "PATCH /api/contactMessages/{id}",
      200,
      "PATCH",
      () => `/api/contactMessages/${ids.message}`,
      { read: true },
    ),
  ];

  function json(name: string, status: number, method: string, path: () => string, body?: unknown) {
    return {
      name,
      expect: status,
      request: async () => ({
        path: path(),
        init: {
          method,
          headers: body === undefined ? {} : { "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        } as RequestInit,
      }),
    };
  }

  async function send(route: (typeof routes)[number], who: Caller) {
    const { path, init } = await route.request();
    const headers = new Headers(init.headers);
    const cookie = cookies[who];
    if (cookie) headers.set("cookie", cookie);
    const res = await app.request(path, { ...init, headers });
    return { status: res.status, body: await res.json() };
  }

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    cookies.admin = (await signUpAdmin(ctx, { name: "Admin", email: "admin@haat.test" })).cookie;
    cookies.customer = (await signUp(ctx, { name: "Rahim", email: "rahim@haat.test" })).cookie;
    ids.user = (await signUp(ctx, { name: "Karim", email: "karim@haat.test" })).id;
    ids.product = (
      await createProduct(ctx.db, { ...product, sizes: ["M"], colors: ["White"], images: [] })
    )._id;
    const slide = await app.request("/api/postSlider", {
      method: "POST",
      headers: { cookie: cookies.admin, "content-type": "application/json" },
      body: JSON.stringify({ image: "https://example.com/first.webp", title: "First" }),
    });
    ids.slide = (await slide.json()).insertedId;
    const order = await insertOrder(ctx.db, {
      userId: null,
      customer: {
        name: "Rahim",
        email: "guest@haat.test",
        mobileNumber: "01712345678",
        district: "ঢাকা",
        thana: "মিরপুর",
        address: "House 1",
        comment: "",
        addressType: "Home",
        deliveryArea: "Inside Dhaka",
        paymentSystem: "Cash On Delivery",
      },
      lines: [
        {
          productId: ids.product,
          name: "Panjabi",
          imageUrl: "",
          color: "White",
          size: "M",
          unitPrice: 1990,
          quantity: 1,
        },
      ],
      placedAt: new Date(),
      laterChanges: [
        { to: "Confirmed", at: new Date(), byUserId: null, byRole: "system" },
        { to: "Delivered", at: new Date(), byUserId: null, byRole: "system" },
      ],
    });
    ids.order = order?.id ?? "";
    ids.message = (
      await createContactMessage(ctx.db, {
        name: "Rahim",
        email: "rahim@example.com",
        phoneNumber: "01712345678",
        subject: "Delivery",
        description: "How long to Sylhet?",
      })
    ).insertedId;
  });
  afterAll(async () => ctx?.close());

  it("answers 401 to an anonymous caller and 403 to a customer on every admin route, changing nothing", async () => {
    const seen: string[] = [];
    for (const route of routes) {
      const anonymous = await send(route, "anonymous");
      const customer = await send(route, "customer");
      seen.push(`${route.name}: ${anonymous.status}/${customer.status}`);
      expect(anonymous.body.error?.code, route.name).toBe("unauthorized");
      expect(customer.body.error?.code, route.name).toBe("forbidden");
    }
    expect(seen).toEqual(routes.map((r) => `${r.name}: 401/403`));
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, ids.order));
    expect(order?.status).toBe("Delivered");
    expect(
      (await ctx.db.select().from(products).where(eq(products.id, ids.product)))[0]?.offerPrice,
    ).toBe(1990);
    expect(await ctx.db.$count(slides, eq(slides.id, ids.slide))).toBe(1);
    expect((await ctx.db.select().from(user).where(eq(user.id, ids.user)))[0]?.role).toBe(
      "customer",
    );
    expect(
      (await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, ids.message)))[0]
        ?.readAt,
    ).toBeNull();
    expect(await ctx.db.$count(products)).toBe(1);
  });

  it("lets an admin through on every admin route", async () => {
    const seen: string[] = [];
    for (const route of routes) {
      const { status } = await send(route, "admin");
      seen.push(`${route.name}: ${status}`);
    }
    expect(seen).toEqual(routes.map((r) => `${r.name}: ${r.expect}`));
  });
});
