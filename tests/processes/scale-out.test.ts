import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client";
import { orders, products, slides, user } from "~/server/db/schema";
import { startFakeS3 } from "~/server/testing/fake-s3";
import { openPostgresDatabase } from "~/server/testing/test-context";
import type { ServerProcess } from "../support/server-process";
import {
  call,
  cookieOf,
  eventually,
  inParallel,
  type ServerPair,
  sharedServices,
  startServerPair,
} from "./scale-out-support";

const { databaseUrl, redisUrl } = sharedServices();

const PASSWORD = "a-long-test-password";

const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}@haat.test`;

async function signUp(server: ServerProcess, email: string): Promise<string> {
  const res = await call(server, "/api/auth/sign-up/email", {
    body: { name: email.split("@")[0], email, password: PASSWORD },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return cookieOf(res);
}

async function signIn(server: ServerProcess, email: string): Promise<string> {
  const res = await call(server, "/api/auth/sign-in/email", {
    body: { email, password: PASSWORD },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return cookieOf(res);
}

/** What GET /api/customer/{email} answers with these headers: 200 only for a signed-in caller. */
async function customerCheck(
  server: ServerProcess,
  email: string,
  headers: Record<string, string>,
) {
  const res = await call(server, `/api/customer/${encodeURIComponent(email)}`, { headers });
  return { status: res.status, body: await res.json() };
}

async function dashboard(server: ServerProcess, cookie: string) {
  const res = await call(server, "/dashboard", { headers: { Cookie: cookie } });
  return { status: res.status, location: res.headers.get("Location"), html: await res.text() };
}

const productInput = (name: string) => ({
  name,
  description: "Connectivity: USB Type-C",
  category: "Gadget Items",
  subCategory: "Charging Cable",
  productType: "New Arrivals",
  sizes: [],
  colors: [],
  images: [],
  originalPrice: 350,
  ratings: 4.5,
  reviews: 3,
});

const customer = {
  name: "Rahim Uddin",
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

/** An order of `quantity` cables (৳350 each) for `email`, with the client's figures. */
function orderBody(productId: string, email: string, quantity = 1) {
  return {
    subTotal: 350 * quantity,
    total: 350 * quantity + 60,
    products: [
      {
        id: productId,
        name: "cable",
        imageUrl: "",
        color: "N/A",
        size: "N/A",
        originalPrice: 350,
        quantity,
      },
    ],
    customerData: { ...customer, email },
  };
}

type Placed = { status: number; insertedId: string; orderNumber: number };

async function placeOrder(server: ServerProcess, body: unknown, key?: string): Promise<Placed> {
  const res = await call(server, "/api/postOrder", {
    body,
    headers: key ? { "Idempotency-Key": key } : {},
  });
  const json = await res.json();
  return { status: res.status, insertedId: json.insertedId, orderNumber: json.orderNumber };
}

const variants = [
  { name: "Redis (REDIS_URL set), media in S3", redis: true, media: "s3" },
  {
    name: "PostgreSQL LISTEN/NOTIFY (no REDIS_URL), media in DATA_DIR",
    redis: false,
    media: "local",
  },
] as const;

const bucket = { bucket: "haat-media", region: "eu-test-1" };
const s3Credentials = { accessKeyId: "haat-test", secretAccessKey: "haat-test-secret" };

async function uploadImage(server: ServerProcess, cookie: string): Promise<string> {
  const png = await sharp({
    create: { width: 600, height: 600, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("kind", "product");
  form.append("image", new Blob([new Uint8Array(png)]), "p.png");
  const res = await fetch(`${server.url}/api/images`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, Origin: server.url },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).data.url;
}

describe.skipIf(!databaseUrl || !redisUrl).each(variants)(
  "two servers on one PostgreSQL, $name",
  ({ redis, media }) => {
    let database: Database & { url: string };
    let pair: ServerPair;
    let one: ServerProcess;
    let two: ServerProcess;
    let adminCookie: string;
    let productId: string;
    let s3: Awaited<ReturnType<typeof startFakeS3>> | undefined;

    beforeAll(async () => {
      database = await openPostgresDatabase(databaseUrl as string);
      s3 = media === "s3" ? await startFakeS3({ ...bucket, ...s3Credentials }) : undefined;
      pair = await startServerPair({
        databaseUrl: database.url,
        redisUrl: redis ? redisUrl : undefined,
        env: s3
          ? {
              MEDIA_STORAGE: "s3",
              S3_ENDPOINT: s3.endpoint,
              S3_REGION: bucket.region,
              S3_BUCKET: bucket.bucket,
              S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
              S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
              S3_FORCE_PATH_STYLE: "true",
            }
          : {},
      });
      ({ one, two } = pair);

      // An admin, as `npm run make-admin` makes one: signed up, then promoted in the database.
      const adminEmail = uniqueEmail("admin");
      adminCookie = await signUp(one, adminEmail);
      await database.db.update(user).set({ role: "admin" }).where(eq(user.email, adminEmail));

      const created = await call(one, "/api/postProduct", {
        body: productInput("Braided Cable Original"),
        headers: { Cookie: adminCookie },
      });
      expect(created.status).toBe(201);
      productId = (await created.json()).insertedId;
    });

    afterAll(async () => {
      await pair?.stop();
      await database?.close();
      await s3?.close();
    });

    it(
      media === "s3"
        ? "serves an image uploaded on one server from the other (S3 is shared)"
        : "serves an image uploaded on one server only from that server (DATA_DIR/media is not shared)",
      async () => {
        const url = await uploadImage(one, adminCookie);
        const onOne = await call(one, url);
        expect(onOne.status).toBe(200);
        expect(onOne.headers.get("Content-Type")).toBe("image/webp");
        const onTwo = await call(two, url);
        expect(onTwo.status).toBe(media === "s3" ? 200 : 404);
        if (media === "s3") {
          expect(Buffer.from(await onTwo.arrayBuffer())).toEqual(
            Buffer.from(await onOne.arrayBuffer()),
          );
        }
      },
    );

    it("honours a session and an API token made on one server on the other, and a sign-out on either", async () => {
      const email = uniqueEmail("customer");
      const signedUpOnOne = await signUp(one, email);
      const cookie = { Cookie: signedUpOnOne };

      const page = await dashboard(two, signedUpOnOne);
      expect(page.status).toBe(200);
      expect(page.html).toContain(email);
      expect(await customerCheck(two, email, cookie)).toEqual({
        status: 200,
        body: { customer: true },
      });

      const jwt = await call(one, "/api/jwt", { body: { email }, headers: cookie });
      expect(jwt.status).toBe(200);
      const bearer = { Authorization: `Bearer ${(await jwt.json()).token}` };
      expect(await customerCheck(two, email, bearer)).toEqual({
        status: 200,
        body: { customer: true },
      });

      // A second session, signed in on server 2 and signed out on server 2: gone on server 1,
      // while the first session (server 1) stays valid on both.
      const signedInOnTwo = await signIn(two, email);
      expect((await customerCheck(one, email, { Cookie: signedInOnTwo })).status).toBe(200);
      const out = await call(two, "/api/auth/sign-out", {
        body: {},
        headers: { Cookie: signedInOnTwo },
      });
      expect(out.status).toBe(200);
      expect((await customerCheck(one, email, { Cookie: signedInOnTwo })).status).toBe(401);
      const afterSignOut = await dashboard(one, signedInOnTwo);
      expect(afterSignOut.status).toBe(302);
      expect(afterSignOut.location).toMatch(/^\/authentication\/login/);
      expect((await customerCheck(two, email, cookie)).status).toBe(200);

      // And the other way round: signed out on server 1, refused on server 2.
      expect((await call(one, "/api/auth/sign-out", { body: {}, headers: cookie })).status).toBe(
        200,
      );
      expect((await customerCheck(two, email, cookie)).status).toBe(401);
      expect((await dashboard(two, signedUpOnOne)).status).toBe(302);
    });

    it("drops the other server's cached product, list, slides and pages when an admin changes them", async () => {
      const admin = { Cookie: adminCookie };
      const slide = await call(one, "/api/postSlider", {
        body: { image: "https://img.example/eid.jpg", title: "Eid Sale Original" },
        headers: admin,
      });
      expect(slide.status).toBe(201);
      const slideId = (await slide.json()).insertedId;

      const reads = {
        product: async () =>
          (await (await call(two, `/api/product/${productId}`)).json()).data.name,
        list: async () => {
          const res = await call(two, "/api/products?category=Gadget%20Items&limit=50");
          return ((await res.json()).data as { _id: string; name: string }[]).find(
            (p) => p._id === productId,
          )?.name;
        },
        slides: async () => {
          const list = (await (await call(two, "/api/getSliders")).json()) as {
            _id: string;
            title: string;
          }[];
          return list.find((s) => s._id === slideId)?.title;
        },
        productPage: async () => (await call(two, `/product-details/${productId}`)).text(),
        homePage: async () => (await call(two, "/")).text(),
      };

      // Server 2 reads everything once, so it is cached there.
      expect(await reads.product()).toBe("Braided Cable Original");
      expect(await reads.list()).toBe("Braided Cable Original");
      expect(await reads.slides()).toBe("Eid Sale Original");
      expect(await reads.productPage()).toContain("Braided Cable Original");
      expect(await reads.homePage()).toContain("Eid Sale Original");
      // A guest's pages now come from server 2's guest page cache (decision 047).
      const pageCache = async (path: string) => {
        const res = await call(two, path);
        await res.arrayBuffer();
        return res.headers.get("X-Page-Cache");
      };
      expect(await pageCache(`/product-details/${productId}`)).toBe("hit");
      expect(await pageCache("/")).toBe("hit");
      const before = await call(two, `/api/product/${productId}`);
      const etag = before.headers.get("ETag") ?? "";
      expect(etag).toMatch(/^W\/"/);
      expect(
        (await call(two, `/api/product/${productId}`, { headers: { "If-None-Match": etag } }))
          .status,
      ).toBe(304);

      // Control: a change behind the servers' backs (no notification) is not seen, so the reads
      // above really come from server 2's cache.
      await database.db
        .update(products)
        .set({ name: "Changed By Hand" })
        .where(eq(products.id, productId));
      await database.db
        .update(slides)
        .set({ title: "Changed By Hand" })
        .where(eq(slides.id, slideId));
      expect(await reads.product()).toBe("Braided Cable Original");
      expect(await reads.productPage()).not.toContain("Changed By Hand");
      expect(await reads.slides()).toBe("Eid Sale Original");

      // The admin changes the product and the slide on server 1.
      const changed = await call(one, `/api/updateProduct/${productId}`, {
        method: "PATCH",
        body: { name: "Braided Cable Renamed" },
        headers: admin,
      });
      expect(changed.status).toBe(200);
      const slideChanged = await call(one, `/api/updateSlider/${slideId}`, {
        method: "PUT",
        body: { image: "https://img.example/eid-2.jpg", title: "Eid Sale Renamed" },
        headers: admin,
      });
      expect(slideChanged.status).toBe(200);

      const renamed = (v: string | undefined) => v === "Braided Cable Renamed";
      expect(await eventually(reads.product, renamed)).toBe("Braided Cable Renamed");
      expect(await eventually(reads.list, renamed)).toBe("Braided Cable Renamed");
      expect(await eventually(reads.slides, (v) => v === "Eid Sale Renamed")).toBe(
        "Eid Sale Renamed",
      );
      expect(
        await eventually(reads.productPage, (h) => h.includes("Braided Cable Renamed")),
      ).toContain("Braided Cable Renamed");
      expect(await eventually(reads.homePage, (h) => h.includes("Eid Sale Renamed"))).toContain(
        "Eid Sale Renamed",
      );
      expect(await pageCache(`/product-details/${productId}`)).toBe("hit");

      const revalidated = await call(two, `/api/product/${productId}`, {
        headers: { "If-None-Match": etag },
      });
      expect(revalidated.status).toBe(200);
      expect(revalidated.headers.get("ETag")).not.toBe(etag);
      expect((await revalidated.json()).data.name).toBe("Braided Cable Renamed");
    });

    it("answers an Idempotency-Key replayed on the other server with the same order, also when both race", async () => {
      const email = uniqueEmail("idem");
      const body = orderBody(productId, email);

      const key = `key-${randomBytes(8).toString("hex")}`;
      const first = await placeOrder(one, body, key);
      expect(first.status).toBe(201);
      const replayed = await placeOrder(two, body, key);
      expect(replayed).toEqual({ ...first, status: 200 });
      const otherBody = await placeOrder(two, orderBody(productId, email, 2), key);
      expect(otherBody.status).toBe(409);

      const raceKeys = Array.from(
        { length: 20 },
        (_, i) => `race-${i}-${randomBytes(8).toString("hex")}`,
      );
      for (const raceKey of raceKeys) {
        const [a, b] = await Promise.all([
          placeOrder(one, body, raceKey),
          placeOrder(two, body, raceKey),
        ]);
        expect([a.status, b.status].sort()).toEqual([200, 201]);
        expect({ id: a.insertedId, n: a.orderNumber }).toEqual({
          id: b.insertedId,
          n: b.orderNumber,
        });
      }

      const stored = await database.db
        .select({ key: orders.idempotencyKey })
        .from(orders)
        .where(inArray(orders.idempotencyKey, [key, ...raceKeys]));
      expect(stored.map((r) => r.key).sort()).toEqual([key, ...raceKeys].sort());
    });

    it("never issues one order number twice across the servers", async () => {
      const email = uniqueEmail("many");
      const count = 200;
      const placed = await inParallel(count, 16, (i) =>
        placeOrder(i % 2 === 0 ? one : two, orderBody(productId, email)),
      );

      expect(placed.filter((p) => p.status === 201)).toHaveLength(count);
      const numbers = placed.map((p) => p.orderNumber);
      expect(numbers.every(Number.isInteger)).toBe(true);
      expect(new Set(numbers).size).toBe(count);
      expect(new Set(placed.map((p) => p.insertedId)).size).toBe(count);

      const [row] = await database.db
        .select({
          stored: sql<number>`count(*)::int`,
          distinctNumbers: sql<number>`count(distinct ${orders.orderNumber})::int`,
        })
        .from(orders)
        .where(and(eq(orders.customerEmail, email)));
      expect(row).toEqual({ stored: count, distinctNumbers: count });
    });
  },
);
