import { eq } from "drizzle-orm";
import { deliveryAreaFor } from "~/core/dhaka-thanas";
import { DISTRICTS } from "~/core/districts";
import type { OrderStatus } from "~/core/order-status";
import type { AppContext } from "~/server/app-context";
import { insertOrder, type NewOrderRecord, type StatusChange } from "~/server/services/orders";
import { createProduct, type NewProduct } from "~/server/services/products";
import type { Db } from "../client";
import { newId } from "../ids";
import { orders, products, slides, user } from "../schema";
import {
  copyProductPictures,
  DEMO_SLIDES,
  type DemoPictures,
  demoPictures,
} from "./demo-image-files";
import { generateDemoProducts } from "./demo-products";

export const DEMO_ADMIN = {
  name: "Demo Admin",
  email: "admin@haat.test",
  password: "haat-admin-2026",
} as const;
export const DEMO_CUSTOMER = {
  name: "Rahim Uddin",
  email: "customer@haat.test",
  password: "haat-customer-2026",
} as const;

type Log = (line: string) => void;

/** A brand-new database: no products, slides, users or orders. Only then is demo data added on start. */
export async function isDatabaseFresh(db: Db): Promise<boolean> {
  const counts = await Promise.all([products, slides, user, orders].map((t) => db.$count(t)));
  return counts.every((n) => n === 0);
}

function progress(log: Log, label: string, done: number, total: number) {
  const width = 20;
  const filled = Math.round((done / total) * width);
  log(`  ${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total}`);
}

async function seedProducts(ctx: AppContext, log: Log, pictures: DemoPictures): Promise<void> {
  if ((await ctx.db.$count(products)) > 0) return log("  products: already present, kept");
  const demo = generateDemoProducts();
  const step = Math.max(1, Math.round(demo.length / 10));
  // The pictures are files drawn beforehand (demo-image-files.ts), with their srcset copies, as
  // uploads have them (so S3_PUBLIC_URL works): copied into the media store, each one once.
  const images = await copyProductPictures(pictures, demo, (done) => {
    if (done % step === 0 || done === demo.length) {
      progress(log, "product images", done, demo.length);
    }
  });
  const prepared = demo.map(({ imageSeed: _seed, imageCount: _count, createdAt, ...input }, i) => ({
    input: { ...input, images: images[i] ?? [] } satisfies NewProduct,
    createdAt,
  }));
  // One transaction: an interrupted seed leaves no half catalogue behind.
  await ctx.db.transaction(async (tx) => {
    // The shelf as counted when the shop opened: each variant's pieces, one "import" entry each.
    for (const p of prepared) {
      await createProduct(tx, p.input, p.createdAt, { userId: null, reason: "import" });
    }
  });
  log(`  products: ${prepared.length} added`);
}

async function seedSlides(ctx: AppContext, log: Log, pictures: DemoPictures): Promise<void> {
  if ((await ctx.db.$count(slides)) > 0) return log("  slides: already present, kept");
  const rows = [];
  for (const [i, s] of DEMO_SLIDES.entries()) {
    const image = await pictures.slide(i);
    const time = new Date(Date.now() - (DEMO_SLIDES.length - i) * 60_000);
    // Added a minute apart, as an admin would: the slider's order (by when a slide was added)
    // stays when one of them is updated.
    rows.push({ id: newId(), image, title: s.headline, time, createdAt: time });
  }
  await ctx.db.insert(slides).values(rows);
  log(`  slides: ${DEMO_SLIDES.length} added`);
}

/**
 * An email-and-password account made as Better Auth's sign-up makes one (its hasher, its
 * credential account), but already confirmed: a sign-up would mail a confirmation link to a
 * demo address nobody reads, and to the shop's outbox on every fresh start.
 */
async function createVerifiedAccount(
  ctx: AppContext,
  who: { name: string; email: string; password: string },
): Promise<string> {
  const auth = await ctx.auth.$context;
  const hash = await auth.password.hash(who.password);
  const created = await auth.internalAdapter.createUser(
    {
      name: who.name,
      email: who.email.toLowerCase(),
      emailVerified: true,
    },
    { method: "admin" },
  );
  await auth.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: hash,
  });
  return created.id;
}

async function ensureUser(
  ctx: AppContext,
  who: { name: string; email: string; password: string },
  role: "admin" | "customer",
): Promise<string> {
  const [existing] = await ctx.db.select().from(user).where(eq(user.email, who.email));
  const id = existing?.id ?? (await createVerifiedAccount(ctx, who));
  // Also on a re-run, so that an account left half-made by an interrupted seed is completed.
  await ctx.db.update(user).set({ role, emailVerified: true }).where(eq(user.id, id));
  return id;
}

const STATUS_PATHS: Record<OrderStatus, { to: OrderStatus; byRole: "admin" | "customer" }[]> = {
  Pending: [],
  Confirmed: [{ to: "Confirmed", byRole: "admin" }],
  Shipping: [
    { to: "Confirmed", byRole: "admin" },
    { to: "Shipping", byRole: "admin" },
  ],
  Delivered: [
    { to: "Confirmed", byRole: "admin" },
    { to: "Shipping", byRole: "admin" },
    { to: "Delivered", byRole: "admin" },
  ],
  Cancelled: [{ to: "Cancelled", byRole: "customer" }],
  Return: [
    { to: "Confirmed", byRole: "admin" },
    { to: "Shipping", byRole: "admin" },
    { to: "Delivered", byRole: "admin" },
    { to: "Return", byRole: "customer" },
  ],
};

const GUESTS = [
  { name: "Nusrat Jahan", email: "nusrat@example.com", mobileNumber: "01812345678" },
  { name: "Karim Hossain", email: "karim@example.com", mobileNumber: "01911223344" },
];

async function seedOrders(
  ctx: AppContext,
  log: Log,
  people: { adminId: string; customerId: string },
): Promise<void> {
  if ((await ctx.db.$count(orders)) > 0) return log("  orders: already present, kept");
  const catalogue = await ctx.db.select().from(products).limit(40);
  const dhaka = DISTRICTS.find((d) => d.name === "Dhaka");
  const outside = DISTRICTS.find((d) => d.name === "Chattogram" || d.name === "Chittagong");
  if (!dhaka || !outside || catalogue.length < 3)
    throw new Error("seed needs districts and products");
  const records: NewOrderRecord[] = [];
  let n = 0;
  for (const status of Object.keys(STATUS_PATHS) as OrderStatus[]) {
    for (let k = 0; k < 3; k++) {
      n++;
      const ownOrder = k !== 2;
      const guest = GUESTS[n % GUESTS.length] as (typeof GUESTS)[number];
      const person = ownOrder
        ? { name: DEMO_CUSTOMER.name, email: DEMO_CUSTOMER.email, mobileNumber: "01712345678" }
        : guest;
      const inside = n % 2 === 0;
      const district = inside ? dhaka : outside;
      const placedAt = new Date(Date.now() - (40 - n) * 86_400_000 - n * 3_600_000);
      const lines = [0, 1].slice(0, 1 + (n % 2)).map((j) => {
        const p = catalogue[(n * 3 + j) % catalogue.length] as (typeof catalogue)[number];
        return {
          productId: p.id,
          name: p.name,
          nameBn: p.nameBn,
          imageUrl: p.images[0] ?? "",
          color: p.colors[0] ?? "N/A",
          size: p.sizes[0] ?? "N/A",
          unitPrice: p.offerPrice ?? p.originalPrice,
          quantity: 1 + ((n + j) % 3),
        };
      });
      const laterChanges: StatusChange[] = STATUS_PATHS[status].map((step, i) => ({
        to: step.to,
        at: new Date(placedAt.getTime() + (i + 1) * 6 * 3_600_000),
        byRole: step.byRole,
        byUserId: step.byRole === "admin" ? people.adminId : ownOrder ? people.customerId : null,
      }));
      const thana = district.thanas[n % district.thanas.length]?.bnName ?? "";
      records.push({
        userId: ownOrder ? people.customerId : null,
        customer: {
          ...person,
          district: district.bnName,
          thana,
          address: `House ${10 + n}, Road ${(n % 9) + 1}`,
          comment: n % 4 === 0 ? "Please call before delivery" : "",
          addressType: n % 3 === 0 ? "Office" : "Home",
          // The address decides the area: a Dhaka upazila outside the city is Outside Dhaka.
          deliveryArea: deliveryAreaFor(district.bnName, thana) ?? "Outside Dhaka",
          paymentSystem: "Cash On Delivery",
        },
        lines,
        placedAt,
        laterChanges,
        freeDeliveryOver: ctx.config.FREE_DELIVERY_OVER,
      });
    }
  }
  await ctx.db.transaction(async (tx) => {
    for (const record of records) await insertOrder(tx, record);
  });
  log(`  orders: ${records.length} added in every status`);
}

/** Demo catalogue, slides, users and orders. Each part is added only when missing. */
export async function seedDemoData(ctx: AppContext, options: { log?: Log } = {}): Promise<void> {
  const log = options.log ?? (() => {});
  const pictures = demoPictures(ctx.media);
  log("Seeding demo data:");
  await seedProducts(ctx, log, pictures);
  await seedSlides(ctx, log, pictures);
  const adminId = await ensureUser(ctx, DEMO_ADMIN, "admin");
  const customerId = await ensureUser(ctx, DEMO_CUSTOMER, "customer");
  await seedOrders(ctx, log, { adminId, customerId });
  log("");
  log("Demo sign-in details:");
  log(`  admin:    ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
  log(`  customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
  log("");
}
