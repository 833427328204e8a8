import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import sharp from "sharp";
import type { OrderStatus } from "~/core/order-status";
import type { AppContext } from "../app-context";
import * as schema from "../db/schema";
import { createContactMessage } from "../services/contact";
import { insertOrder } from "../services/orders";
import { createProduct, type NewProduct, type Product } from "../services/products";
import { signUp } from "./accounts";

/** A valid product body for POST /api/postProduct. */
export const PRODUCT_BODY: NewProduct = {
  name: "Cotton Panjabi for Eid",
  description: "Fabric: Cotton",
  category: "Men Items",
  subCategory: "Panjabi",
  productType: "New Arrivals",
  sizes: ["M"],
  colors: ["White"],
  images: [],
  originalPrice: 2500,
  offerPrice: 1990,
  ratings: 4.5,
  reviews: 12,
};

export const CONTACT_BODY = {
  name: "Rahim",
  email: "rahim@example.com",
  phoneNumber: "01712345678",
  subject: "Delivery",
  description: "How long to Sylhet?",
};

export const SLIDE_BODY = { image: "https://example.com/slide.webp", title: "Eid sale" };

export const CUSTOMER_DATA = {
  name: "Rahim Uddin",
  mobileNumber: "01712345678",
  district: "ঢাকা",
  thana: "মিরপুর",
  address: "House 12, Road 3, Section 10",
  comment: "",
  addressType: "Home",
  deliveryArea: "Inside Dhaka" as const,
  paymentSystem: "Cash On Delivery",
};

export async function newProduct(ctx: AppContext): Promise<Product> {
  return createProduct(ctx.db, PRODUCT_BODY);
}

/** A valid POST /api/postOrder body: one line of `product` at its current price. */
export function orderBody(product: Product, email: string) {
  const price = product.offerPrice ?? product.originalPrice;
  return {
    date: "05 Mar, 2026",
    placedAt: "2026-03-05T10:00:00.000Z",
    time: "04:00 pm",
    subTotal: price,
    total: price + 60,
    orderStatus: "Pending",
    products: [
      {
        id: product._id,
        name: product.name,
        imageUrl: "",
        color: "White",
        size: "M",
        originalPrice: price,
        quantity: 1,
      },
    ],
    customerData: { ...CUSTOMER_DATA, email, deliveryCharge: 60 },
  };
}

/** Stores an order of `userId` (null: a guest) that went through `statuses` after Pending. */
export async function storeOrder(
  ctx: AppContext,
  product: Product,
  owner: { userId: string | null; email: string },
  statuses: OrderStatus[] = [],
): Promise<string> {
  const order = await insertOrder(ctx.db, {
    userId: owner.userId,
    customer: { ...CUSTOMER_DATA, email: owner.email },
    lines: [
      {
        productId: product._id,
        name: product.name,
        imageUrl: "",
        color: "White",
        size: "M",
        unitPrice: product.offerPrice ?? product.originalPrice,
        quantity: 1,
      },
    ],
    placedAt: new Date(),
    laterChanges: statuses.map((to) => ({ to, at: new Date(), byUserId: null, byRole: "system" })),
  });
  if (!order) throw new Error("order not stored");
  return order.id;
}

export async function newContactMessage(ctx: AppContext): Promise<string> {
  return (await createContactMessage(ctx.db, CONTACT_BODY)).insertedId;
}

/** A signed-in customer with both ways to call the API: the session cookie and a bearer token. */
export type ApiAccount = { id: string; email: string; cookie: string; bearer: string };

export async function apiAccount(
  ctx: AppContext,
  request: (path: string, init: RequestInit) => Response | Promise<Response>,
  email: string,
  signUpAs: typeof signUp = signUp,
): Promise<ApiAccount> {
  const { id, cookie } = await signUpAs(ctx, { email });
  const res = await request("/api/jwt", {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  const { token } = (await res.json()) as { token: string };
  return { id, email, cookie, bearer: `Bearer ${token}` };
}

/** A 600x600 PNG, a valid upload for POST /api/images. */
export async function pngBlob(): Promise<Blob> {
  const data = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#3a7" } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(data)], { type: "image/png" });
}

const TABLES: PgTable[] = Object.values(schema).filter((v: unknown) => is(v, PgTable)) as PgTable[];

/**
 * Row count and an md5 of every row of every table, in one query: two equal snapshots mean
 * nothing was written in between.
 */
export async function snapshotTables(ctx: AppContext): Promise<Record<string, string>> {
  const parts = TABLES.map((t) => {
    const name = getTableConfig(t).name;
    // A message's sending state is changed by its background job at any time; which messages
    // exist is what a request decides (decision 059).
    const rows =
      name === "messages"
        ? `(SELECT id, order_id, channel, event, "to", language FROM "messages")`
        : `"${name}"`;
    return sql.raw(
      `(SELECT count(*) || ':' || coalesce(md5(string_agg(r::text, '|' ORDER BY r::text)), '') FROM ${rows} r) AS "${name}"`,
    );
  });
  const result = await ctx.db.execute(sql`SELECT ${sql.join(parts, sql`, `)}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    string
  >[];
  return rows[0] ?? {};
}
