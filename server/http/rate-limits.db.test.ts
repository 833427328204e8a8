import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppContext, createAppContext } from "../app-context";
import { loadConfig } from "../config";
import { contactMessages, orders } from "../db/schema";
import { RATE_LIMITS } from "../rate-limit/rules";
import { createProduct, type Product } from "../services/products";
import { signUp } from "../testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

/** Redis suites run when TEST_REDIS_URL is set (.ci/run sets it), like the PostgreSQL ones. */
const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL && process.env.CI)
  throw new Error("CI must run the Redis suites: set TEST_REDIS_URL");
const describeRedis: typeof describe = REDIS_URL ? describe : (describe.skip as typeof describe);

const ORIGIN = "http://localhost:3000";

/** A fresh client address per call site: app.request has no socket, so tests give the peer. */
let lastOctet = 0;
const newAddress = () => `198.51.${Math.floor(lastOctet / 250)}.${(lastOctet++ % 250) + 1}`;

/** A Bangladesh mobile no other test uses. */
let phoneSeq = 0;
const newPhone = () =>
  `017${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}${String(phoneSeq++).padStart(4, "0")}`;

/** The connection the Node adapter would give the handler (read by client-address.ts). */
const peer = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

type Server = { app: Hono<AppEnv>; ctx: AppContext };

function serve(ctx: AppContext): Server {
  const app = new Hono<AppEnv>();
  mountServerRoutes(app, ctx);
  return { app, ctx };
}

async function addProduct(ctx: AppContext): Promise<Product> {
  return createProduct(ctx.db, {
    name: "Travel Backpack 40L",
    description: "A product",
    images: ["/media/ab/abababababababababababababababab.webp"],
    ratings: 4.5,
    reviews: 3,
    productType: "New Arrivals",
    category: "Bag Items",
    subCategory: "Backpack",
    sizes: [],
    colors: ["Black"],
    originalPrice: 1200,
    offerPrice: 990,
    // biome-ignore lint/suspicious/noExplicitAny: sub-category names are checked by the schema tests
  } as any);
}

function orderBody(product: Product, mobileNumber: string) {
  return {
    subTotal: 990,
    total: 1050,
    products: [
      {
        id: product._id,
        name: product.name,
        color: "Black",
        size: "N/A",
        originalPrice: 990,
        quantity: 1,
      },
    ],
    customerData: {
      name: "Rahim Uddin",
      email: "rahim@example.com",
      mobileNumber,
      district: "ঢাকা",
      thana: "মিরপুর",
      address: "House 12, Road 3",
      deliveryArea: "Inside Dhaka",
      deliveryCharge: 60,
    },
  };
}

async function postOrder(
  { app }: Server,
  product: Product,
  { phone, address, key, total }: { phone: string; address: string; key?: string; total?: number },
) {
  const body = orderBody(product, phone);
  const res = await app.request(
    "/api/postOrder",
    {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(key ? { "idempotency-key": key } : {}),
      },
      body: JSON.stringify(total === undefined ? body : { ...body, total }),
    },
    peer(address),
  );
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
}

async function postContact(
  { app }: Server,
  { email, phone, address }: { email: string; phone: string; address: string },
) {
  const res = await app.request(
    "/api/contact",
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Karim",
        email,
        phoneNumber: phone,
        subject: "Delivery",
        description: "When will my order arrive?",
      }),
    },
    peer(address),
  );
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
}

async function postAuth({ app }: Server, route: string, body: unknown, address: string) {
  const res = await app.request(
    `/api/auth${route}`,
    {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify(body),
    },
    peer(address),
  );
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
}

/** What every refusal must look like: 429, the API's error shape, Retry-After within the window. */
function expectRefused(
  res: { status: number; retryAfter: string | null; body: unknown },
  windowSeconds: number,
) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({
    error: { code: "rate_limited", message: expect.stringMatching(/^Too many requests\./) },
  });
  expect(res.retryAfter).toMatch(/^\d+$/);
  const seconds = Number(res.retryAfter);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
}

/**
 * Sign-in and sign-up bodies without a password: Better Auth refuses them (400) before any
 * password hashing, and its limiter has counted them already, so the limits are reached quickly.
 */
const NO_PASSWORD = 400;

/** Sends `count` requests one after the other and returns their statuses. */
async function statuses(count: number, send: (i: number) => Promise<{ status: number }>) {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push((await send(i)).status);
  return seen;
}

const times = <T>(n: number, value: T) => Array.from({ length: n }, () => value);

describeDb(`rate limits with RATE_LIMIT=on, memory storage (${TEST_DB})`, () => {
  let server: Server;
  let product: Product;

  beforeAll(async () => {
    server = serve(await openTestContext({ RATE_LIMIT: "on" }));
    product = await addProduct(server.ctx);
  });
  afterAll(() => server.ctx.close());

  const orderCount = () => server.ctx.db.$count(orders);

  it("refuses the 11th order for one phone within 10 minutes, from any address, storing nothing", async () => {
    const phone = newPhone();
    const placed = await statuses(RATE_LIMITS.orderPerPhone.max, () =>
      postOrder(server, product, { phone, address: newAddress() }),
    );
    expect(placed).toEqual(times(10, 201));
    const before = await orderCount();
    const refused = await postOrder(server, product, { phone, address: newAddress() });
    expectRefused(refused, 600);
    expect(await orderCount()).toBe(before);
    // Another phone from that same new address is still served.
    const other = await postOrder(server, product, { phone: newPhone(), address: newAddress() });
    expect(other.status).toBe(201);
  });

  it("refuses the 6th order for one phone from one address, and the 11th for it from anywhere", async () => {
    const phone = newPhone();
    const home = newAddress();
    const fromHome = await statuses(RATE_LIMITS.orderPerAddressAndPhone.max + 1, () =>
      postOrder(server, product, { phone, address: home }),
    );
    expect(fromHome).toEqual([...times(5, 201), 429]);
    expectRefused(await postOrder(server, product, { phone, address: home }), 600);
    // The refusals at home did not count against the phone: five more from elsewhere, then no.
    const elsewhere = await statuses(6, () =>
      postOrder(server, product, { phone, address: newAddress() }),
    );
    expect(elsewhere).toEqual([...times(5, 201), 429]);
    // Another customer behind the same home address is served.
    expect((await postOrder(server, product, { phone: newPhone(), address: home })).status).toBe(
      201,
    );
  });

  // Once per run, on the database a shop expecting such a sale runs on (PostgreSQL when the run
  // has one): these limits count in memory whatever the database, and the 3,000 orders are most
  // of this suite's time.
  it.runIf(TEST_DB === (process.env.TEST_DATABASE_URL ? "postgres" : "pglite"))(
    "serves 3,000 customers ordering from one address (a carrier's NAT) with the default limits",
    async () => {
      const address = newAddress();
      const before = await orderCount();
      const seen: number[] = [];
      // In batches, as customers arrive at once.
      for (let start = 0; start < 3000; start += 50) {
        const batch = await Promise.all(
          Array.from({ length: 50 }, () =>
            postOrder(server, product, { phone: newPhone(), address }),
          ),
        );
        seen.push(...batch.map((r) => r.status));
      }
      expect(seen.filter((status) => status !== 201)).toEqual([]);
      expect((await orderCount()) - before).toBe(3000);
    },
    300_000,
  );

  it("keeps a single phone's flood from one address off the ceiling the address shares", async () => {
    const address = newAddress();
    const phone = newPhone();
    const flood = await statuses(50, () => postOrder(server, product, { phone, address }));
    expect(flood.filter((status) => status === 201)).toHaveLength(5);
    expect(flood.filter((status) => status === 429)).toHaveLength(45);
  });

  it("does not hold an order it turned away (prices moved) against the customer's phone", async () => {
    const phone = newPhone();
    const home = newAddress();
    // A customer whose figures are out of date five times over, as in a sale of moving prices.
    const stale = await statuses(RATE_LIMITS.orderPerAddressAndPhone.max + 2, () =>
      postOrder(server, product, { phone, address: home, total: 999 }),
    );
    expect(stale).toEqual(times(7, 409));
    // Their orders are still theirs to place: five, then the limit as before.
    const placed = await statuses(RATE_LIMITS.orderPerAddressAndPhone.max + 1, () =>
      postOrder(server, product, { phone, address: home }),
    );
    expect(placed).toEqual([...times(5, 201), 429]);
  });

  it("neither counts nor refuses replays of a placed order (same Idempotency-Key)", async () => {
    const phone = newPhone();
    const key = randomUUID();
    const first = await postOrder(server, product, { phone, address: newAddress(), key });
    expect(first.status).toBe(201);
    const replays = await Promise.all(
      Array.from({ length: 15 }, () =>
        postOrder(server, product, { phone, address: newAddress(), key }),
      ),
    );
    expect(replays.map((r) => r.status)).toEqual(times(15, 200));
    expect(new Set(replays.map((r) => r.body.orderNumber))).toEqual(
      new Set([first.body.orderNumber]),
    );
    // The 15 replays left 9 new orders for this phone.
    const more = await statuses(10, () =>
      postOrder(server, product, { phone, address: newAddress() }),
    );
    expect(more).toEqual([...times(9, 201), 429]);
  });

  it("limits contact messages per email, per phone (any spelling) and per address; refusals store nothing", async () => {
    const messages = () => server.ctx.db.$count(contactMessages);
    const email = `sender-${randomBytes(4).toString("hex")}@haat.test`;
    const perEmail = await statuses(4, () =>
      postContact(server, { email, phone: newPhone(), address: newAddress() }),
    );
    expect(perEmail).toEqual([201, 201, 201, 429]);

    const local = newPhone();
    const spellings = [local, `+880 ${local.slice(1)}`, `+88-${local}`, `00880${local.slice(1)}`];
    const perPhone = await statuses(4, (i) =>
      postContact(server, {
        email: `p${i}-${randomBytes(4).toString("hex")}@haat.test`,
        phone: spellings[i] as string,
        address: newAddress(),
      }),
    );
    expect(perPhone).toEqual([201, 201, 201, 429]);

    const address = newAddress();
    const perAddress = await statuses(RATE_LIMITS.contactPerAddress.max, (i) =>
      postContact(server, {
        email: `a${i}-${randomBytes(4).toString("hex")}@haat.test`,
        phone: newPhone(),
        address,
      }),
    );
    expect(perAddress).toEqual(times(10, 201));
    const before = await messages();
    const refused = await postContact(server, {
      email: `last-${randomBytes(4).toString("hex")}@haat.test`,
      phone: newPhone(),
      address,
    });
    expectRefused(refused, 600);
    expect(await messages()).toBe(before);
  });

  it("counts an IPv6 client by its /64: rotating addresses inside it does not escape the limit", async () => {
    const prefix = `2001:db8:${(lastOctet++).toString(16)}:7`;
    const sent = await statuses(RATE_LIMITS.contactPerAddress.max + 1, (i) =>
      postContact(server, {
        email: `v6-${i}-${randomBytes(4).toString("hex")}@haat.test`,
        phone: newPhone(),
        address: `${prefix}::${(i + 1).toString(16)}`,
      }),
    );
    expect(sent).toEqual([...times(10, 201), 429]);
    const neighbour = await postContact(server, {
      email: `v6-next-${randomBytes(4).toString("hex")}@haat.test`,
      phone: newPhone(),
      address: `${prefix.replace(/:7$/, ":8")}::1`,
    });
    expect(neighbour.status).toBe(201);
  });

  it("answers Better Auth's sign-in refusal in the API's shape with Retry-After (per address)", async () => {
    const address = newAddress();
    const attempts = await statuses(21, (i) =>
      postAuth(server, "/sign-in/email", { email: `nobody${i}@haat.test` }, address),
    );
    expect(attempts).toEqual([...times(20, NO_PASSWORD), 429]);
    const refused = await postAuth(
      server,
      "/sign-in/email",
      { email: "nobody@haat.test" },
      address,
    );
    expectRefused(refused, 60);
  });

  it("limits sign-in attempts against one email from many addresses", async () => {
    const email = `target-${randomBytes(4).toString("hex")}@haat.test`;
    const attempts = await statuses(11, (i) =>
      postAuth(
        server,
        "/sign-in/email",
        { email: i % 2 ? email.toUpperCase() : email },
        newAddress(),
      ),
    );
    expect(attempts).toEqual([...times(10, NO_PASSWORD), 429]);
    const refused = await postAuth(server, "/sign-in/email", { email }, newAddress());
    expectRefused(refused, 600);
  });

  it("does not count a sign-in that succeeds against its email: only wrong passwords are guesses", async () => {
    const email = `owner-${randomBytes(4).toString("hex")}@haat.test`;
    const password = "right-pass-2026";
    await signUp(server.ctx, { name: "Owner", email, password });
    const signIns = await statuses(RATE_LIMITS.signInPerEmail.max + 2, (i) =>
      postAuth(
        server,
        "/sign-in/email",
        { email: i % 2 ? email.toUpperCase() : email, password },
        newAddress(),
      ),
    );
    expect(signIns).toEqual(times(RATE_LIMITS.signInPerEmail.max + 2, 200));
    // The wrong passwords after them still meet the whole limit.
    const guesses = await statuses(RATE_LIMITS.signInPerEmail.max + 1, (i) =>
      postAuth(server, "/sign-in/email", { email, password: `guess-${i}-wrong` }, newAddress()),
    );
    expect(guesses).toEqual([...times(RATE_LIMITS.signInPerEmail.max, 401), 429]);
    const refused = await postAuth(server, "/sign-in/email", { email, password }, newAddress());
    expectRefused(refused, 600);
  });

  it("counts every sign-in guess whatever its encoding: other bodies than JSON are refused (415)", async () => {
    const email = `encoded-${randomBytes(4).toString("hex")}@haat.test`;
    const form = (contentType: string, body: string) =>
      server.app.request(
        "/api/auth/sign-in/email",
        { method: "POST", headers: { "content-type": contentType, origin: ORIGIN }, body },
        peer(newAddress()),
      );
    const guess = `email=${encodeURIComponent(email)}&password=guess-number-1`;
    const multipart = [
      "--b",
      'Content-Disposition: form-data; name="email"',
      "",
      email,
      "--b",
      'Content-Disposition: form-data; name="password"',
      "",
      "guess-number-2",
      "--b--",
      "",
    ].join("\r\n");
    const refusedEncodings = async () => [
      (await form("application/x-www-form-urlencoded", guess)).status,
      (await form("application/x-www-form-urlencoded; charset=utf-8", guess)).status,
      (await form("multipart/form-data; boundary=b", multipart)).status,
      (await form("text/plain", JSON.stringify({ email, password: "guess-number-3" }))).status,
    ];
    expect(await refusedEncodings()).toEqual(times(4, 415));
    const refused = await form("application/x-www-form-urlencoded", guess);
    expect(await refused.json()).toMatchObject({ error: { code: "invalid" } });

    // JSON in any spelling of its media type is counted against the email...
    const attempts = await statuses(11, async (i) =>
      server.app.request(
        "/api/auth/sign-in/email",
        {
          method: "POST",
          headers: {
            "content-type": i % 2 ? "application/json; charset=utf-8" : "Application/JSON",
            origin: ORIGIN,
          },
          body: JSON.stringify({ email }),
        },
        peer(newAddress()),
      ),
    );
    expect(attempts).toEqual([...times(10, NO_PASSWORD), 429]);
    // ...and after the 429 no other encoding lets a guess through.
    expect(await refusedEncodings()).toEqual(times(4, 415));
    // Sign-up takes JSON only too.
    const signUpForm = await server.app.request(
      "/api/auth/sign-up/email",
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
        body: `name=New&email=${encodeURIComponent(`form-${email}`)}&password=a-long-password-1`,
      },
      peer(newAddress()),
    );
    expect(signUpForm.status).toBe(415);
  });

  it("limits password-reset mails per email and per address", async () => {
    const email = `reset-${randomBytes(4).toString("hex")}@haat.test`;
    const perEmail = await statuses(4, () =>
      postAuth(server, "/request-password-reset", { email }, newAddress()),
    );
    expect(perEmail).toEqual([200, 200, 200, 429]);

    const address = newAddress();
    const perAddress = await statuses(6, (i) =>
      postAuth(server, "/request-password-reset", { email: `r${i}-${email}` }, address),
    );
    expect(perAddress).toEqual([...times(5, 200), 429]);
    expectRefused(
      await postAuth(server, "/request-password-reset", { email: `x-${email}` }, address),
      300,
    );
  });

  it("limits sign-ups per address", async () => {
    const address = newAddress();
    const tag = randomBytes(4).toString("hex");
    const signUps = await statuses(21, (i) =>
      postAuth(
        server,
        "/sign-up/email",
        { name: "New", email: `new${i}-${tag}@haat.test` },
        address,
      ),
    );
    expect(signUps).toEqual([...times(20, NO_PASSWORD), 429]);
  });
});

describeRedis(`rate limits shared through Redis by two servers (${TEST_DB})`, () => {
  let a: Server;
  let b: Server;
  let product: Product;
  let dataDir: string;

  beforeAll(async () => {
    // Other test runs share this Redis: a prefix of our own keeps their counts apart.
    const env = {
      RATE_LIMIT: "on",
      REDIS_URL: REDIS_URL as string,
      REDIS_PREFIX: `haat-test-${randomBytes(6).toString("hex")}:`,
    };
    const first = await openTestContext(env);
    // The second server: its own context (Redis connection, caches) on the same database.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-rl-"));
    const second = await createAppContext(
      loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...env }),
      { ...first.database, close: async () => {} },
    );
    a = serve(first);
    b = serve(second);
    product = await addProduct(first);
  });
  afterAll(async () => {
    await b?.ctx.close();
    await a?.ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses the 11th order for one phone in total, alternating servers", async () => {
    const phone = newPhone();
    const seen = await statuses(12, (i) =>
      postOrder(i % 2 ? b : a, product, { phone, address: newAddress() }),
    );
    expect(seen).toEqual([...times(10, 201), 429, 429]);
    const refused = await postOrder(a, product, { phone, address: newAddress() });
    expectRefused(refused, 600);
  });

  it("shares Better Auth's per-address sign-in count between the servers", async () => {
    const address = newAddress();
    const seen = await statuses(21, (i) =>
      postAuth(i % 2 ? b : a, "/sign-in/email", { email: `nobody${i}@haat.test` }, address),
    );
    expect(seen).toEqual([...times(20, NO_PASSWORD), 429]);
  });

  it("shares the contact limit per email between the servers", async () => {
    const email = `shared-${randomBytes(4).toString("hex")}@haat.test`;
    const seen = await statuses(4, (i) =>
      postContact(i % 2 ? b : a, { email, phone: newPhone(), address: newAddress() }),
    );
    expect(seen).toEqual([201, 201, 201, 429]);
  });
});

describeDb(`the ceiling of orders from one address (${TEST_DB})`, () => {
  let server: Server;
  let product: Product;
  const ceiling = 40;

  beforeAll(async () => {
    server = serve(
      await openTestContext({ RATE_LIMIT: "on", ORDER_LIMIT_PER_ADDRESS: String(ceiling) }),
    );
    product = await addProduct(server.ctx);
  });
  afterAll(() => server.ctx.close());

  it("refuses a bot that floods orders from one address with a new phone each time, storing nothing more", async () => {
    const address = newAddress();
    const placed = await statuses(ceiling, () =>
      postOrder(server, product, { phone: newPhone(), address }),
    );
    expect(placed).toEqual(times(ceiling, 201));
    const before = await server.ctx.db.$count(orders);
    const refused = await postOrder(server, product, { phone: newPhone(), address });
    expectRefused(refused, 60);
    expect(await server.ctx.db.$count(orders)).toBe(before);
    // Customers at other addresses are served meanwhile.
    expect(
      (await postOrder(server, product, { phone: newPhone(), address: newAddress() })).status,
    ).toBe(201);
  });
});

describeDb(`rate limits behind a trusted reverse proxy (${TEST_DB})`, () => {
  let server: Server;
  const proxy = "10.20.30.40";

  beforeAll(async () => {
    server = serve(await openTestContext({ RATE_LIMIT: "on", TRUSTED_PROXIES: "1" }));
  });
  afterAll(() => server.ctx.close());

  /** A contact message through the proxy, which appends the address it saw to X-Forwarded-For. */
  async function viaProxy(forwardedFor: string) {
    const res = await server.app.request(
      "/api/contact",
      {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
        body: JSON.stringify({
          name: "Karim",
          email: `proxy-${randomBytes(4).toString("hex")}@haat.test`,
          phoneNumber: newPhone(),
          subject: "Delivery",
          description: "When will my order arrive?",
        }),
      },
      peer(proxy),
    );
    return {
      status: res.status,
      retryAfter: res.headers.get("retry-after"),
      body: await res.json(),
    };
  }

  it("counts each client by the address the proxy saw, not the proxy's, and ignores what the client wrote", async () => {
    const limit = RATE_LIMITS.contactPerAddress.max;
    expect(await statuses(limit, () => viaProxy("198.51.100.1"))).toEqual(times(limit, 201));
    // The same client claiming another address in front of the proxy's entry is still itself.
    expectRefused(await viaProxy("192.0.2.99, 198.51.100.1"), 600);
    // Another client behind the same proxy is served.
    expect((await viaProxy("198.51.100.2")).status).toBe(201);
  });
});
