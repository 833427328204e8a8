import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { apiOrderBody } from "../support/order-body";
import { shop } from "../support/shop";
import { hydrated } from "./auth-support";
import { ADMIN, placedOrderId } from "./orders-support";

/**
 * Web security on the running production server (docs/decisions/020-web-security.md): the
 * headers of every kind of answer, pages that run under their strict policy without a single
 * violation, and markup in shop data that shows as text and runs nothing.
 */

const tag = () => randomBytes(3).toString("hex");

/** Every payload tries to set window.__xss; each one also leaves an element behind if parsed. */
const PAYLOAD =
  '<script>window.__xss=1</script><img src=x onerror="window.__xss=1">"><svg onload=window.__xss=1>';

type ApiProduct = {
  _id: string;
  name: string;
  category: string;
  images: string[];
  [key: string]: unknown;
};

async function signIn(baseURL: string, who: { email: string; password: string }) {
  const res = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify(who),
  });
  expect(res.status).toBe(200);
  return sessionCookie(res);
}

function sessionCookie(res: Response): { name: string; value: string; header: string } {
  const pair = (res.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  const at = pair.indexOf("=");
  return { name: pair.slice(0, at), value: pair.slice(at + 1), header: pair };
}

async function api(
  baseURL: string,
  method: string,
  path: string,
  body: unknown,
  cookie?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Records CSP violations and dialogs from the first script of every page on. */
async function watchedContext(browser: Browser, cookie?: { name: string; value: string }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (cookie) await context.addCookies([{ ...cookie, url: shop().baseURL }]);
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return context;
}

async function openWatched(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const response = await page.goto(url);
  await hydrated(page);
  return { page, dialogs, status: response?.status() };
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

/** Nothing from PAYLOAD became an element or ran. */
async function expectInert(page: Page, dialogs: string[]) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBe(
    undefined,
  );
  expect(await page.locator('img[src="x"], svg[onload], script:text("__xss=1")').count()).toBe(0);
  expect(dialogs).toEqual([]);
  expect(await violations(page)).toEqual([]);
}

describe("security headers on every kind of answer", () => {
  const baseURL = shop().baseURL;

  async function headersOf(path: string, cookie?: string) {
    const res = await fetch(`${baseURL}${path}`, { headers: cookie ? { cookie } : {} });
    await res.arrayBuffer();
    return { status: res.status, headers: res.headers };
  }

  it("pages carry the strict policy with a fresh nonce; API, media and 404 are locked down", async () => {
    const admin = await signIn(baseURL, ADMIN);
    const products = (await api(baseURL, "GET", "/products?limit=5", undefined)).body
      .data as ApiProduct[];
    const product = products.find((p) => p.images[0]?.startsWith("/media/")) ?? products[0];
    if (!product) throw new Error("the seeded shop has no products");

    const pages = {
      home: await headersOf("/"),
      product: await headersOf(`/product-details/${product._id}`),
      login: await headersOf("/authentication/login"),
      dashboard: await headersOf("/dashboard", admin.header),
      notFound: await headersOf(`/no-such-page-${tag()}`),
    };
    expect(pages.notFound.status).toBe(404);
    // A guest's home and product page come from the guest page cache (decision 047): their own
    // inline scripts are allowed by hash, as no nonce may serve two requests.
    const cachedForGuests = new Set(["home", "product"]);
    for (const [kind, { status, headers }] of Object.entries(pages)) {
      expect(status, kind).toBe(kind === "notFound" ? 404 : 200);
      const csp = headers.get("content-security-policy") ?? "";
      if (cachedForGuests.has(kind)) {
        expect(csp, kind).toMatch(/script-src 'self' 'sha256-/);
        expect(csp, kind).not.toContain("'nonce-");
      } else {
        expect(csp, kind).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
      }
      expect(csp, kind).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      for (const directive of [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "connect-src 'self'",
      ]) {
        expect(csp, `${kind}: ${directive}`).toContain(directive);
      }
      expect(headers.get("x-content-type-options"), kind).toBe("nosniff");
      expect(headers.get("x-frame-options"), kind).toBe("DENY");
      expect(headers.get("referrer-policy"), kind).toBe("strict-origin-when-cross-origin");
      expect(headers.get("cross-origin-opener-policy"), kind).toBeNull();
      // The shared test server runs in production on http://: no HSTS without https.
      expect(headers.get("strict-transport-security"), kind).toBeNull();
    }
    const again = await headersOf("/authentication/login");
    expect(again.headers.get("content-security-policy")).not.toBe(
      pages.login.headers.get("content-security-policy"),
    );

    const others = {
      api: await headersOf("/api/products?limit=1"),
      apiError: await headersOf("/api/no-such-route"),
      media: await headersOf(product.images[0] ?? "/media/missing.webp"),
      mediaMissing: await headersOf("/media/x.html"),
    };
    for (const [kind, { headers }] of Object.entries(others)) {
      expect(headers.get("content-security-policy"), kind).toMatch(/^default-src 'none'/);
      expect(headers.get("x-content-type-options"), kind).toBe("nosniff");
      expect(headers.get("x-frame-options"), kind).toBe("DENY");
      expect(headers.get("content-type") ?? "", kind).not.toMatch(/html|svg/);
    }
  });

  it("a page revalidates with 304 although every render has its own nonce", async () => {
    // The login page is rendered for every request (guests' catalogue pages are cached).
    const first = await fetch(`${baseURL}/authentication/login`);
    const html = await first.text();
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const nonce = /'nonce-([^']+)'/.exec(first.headers.get("content-security-policy") ?? "")?.[1];
    expect(html).toContain(`nonce="${nonce}"`);
    const second = await fetch(`${baseURL}/authentication/login`, {
      headers: { "if-none-match": etag ?? "" },
    });
    expect(second.status).toBe(304);
    // The browser keeps the policy stored with its copy, whose nonce the copy's scripts carry.
    expect(second.headers.get("content-security-policy")).toBeNull();
  });

  it("refuses a cross-site write and accepts the same one from the shop's own pages", async () => {
    const message = {
      name: "Cross Site",
      email: "cross@example.com",
      phoneNumber: "01812345678",
      subject: `cross-site ${tag()}`,
      description: "hello",
    };
    const send = (headers: Record<string, string>) =>
      fetch(`${baseURL}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(message),
      });
    const evil = await send({ origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    expect((await evil.json()).error.code).toBe("cross_site");
    const fetchSite = await send({ "sec-fetch-site": "cross-site" });
    expect(fetchSite.status).toBe(403);
    expect((await send({ origin: baseURL })).status).toBe(201);
  });
});

describe("a browser runs the shop under its policy", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("home, product, listing, login and the dashboard load, hydrate and violate nothing", async () => {
    const products = (await api(baseURL, "GET", "/products?limit=1", undefined)).body
      .data as ApiProduct[];
    const product = products[0];
    if (!product) throw new Error("the seeded shop has no products");
    const guest = await watchedContext(browser);
    for (const path of [
      "/",
      `/product-details/${product._id}`,
      `/product/category/${encodeURIComponent(product.category)}`,
      "/authentication/login",
      "/contact-us",
    ]) {
      const { page } = await openWatched(guest, `${baseURL}${path}`);
      // The theme boot script ran (by its hash) and the inline stylesheet applied (by its hash).
      expect(await page.evaluate(() => document.documentElement.dataset.theme), path).toMatch(
        /^(light|dark)$/,
      );
      expect(
        await page.evaluate(() => getComputedStyle(document.body).minHeight !== "auto"),
        path,
      ).toBe(true);
      expect(await violations(page), path).toEqual([]);
      await page.close();
    }
    await guest.close();

    const admin = await signIn(baseURL, ADMIN);
    const signedIn = await watchedContext(browser, admin);
    for (const path of ["/dashboard", "/dashboard/allProducts", "/dashboard/pendingOrders"]) {
      const { page } = await openWatched(signedIn, `${baseURL}${path}`);
      expect(await violations(page), path).toEqual([]);
      await page.close();
    }
    await signedIn.close();
  });
});

describe("markup in shop data renders as text", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let adminCookie: { name: string; value: string; header: string };
  const created: { product?: string; slide?: string } = {};

  beforeAll(async () => {
    browser = await launchBrowser();
    adminCookie = await signIn(baseURL, ADMIN);
  });
  afterAll(async () => {
    if (created.product) {
      await api(
        baseURL,
        "DELETE",
        `/deleteProduct/${created.product}`,
        undefined,
        adminCookie.header,
      );
    }
    if (created.slide) {
      await api(baseURL, "DELETE", `/deleteSlider/${created.slide}`, undefined, adminCookie.header);
    }
    await browser?.close();
  });

  it("a product's name and description on its page, the listing and the home page", async () => {
    const [model] = (await api(baseURL, "GET", "/products?limit=1", undefined)).body
      .data as ApiProduct[];
    if (!model) throw new Error("the seeded shop has no products");
    const label = `XSS ${tag()}`;
    const name = `${label} ${PAYLOAD}`;
    const description = `Made of ${PAYLOAD} cotton`;
    const { _id, ratings, reviews, ...fields } = model;
    const made = await api(
      baseURL,
      "POST",
      "/postProduct",
      {
        name,
        description,
        videoLink: "",
        category: fields.category,
        subCategory: fields.subCategory,
        // Newest first on /shop and in the home page's New Arrivals.
        productType: "New Arrivals",
        sizes: fields.sizes,
        colors: fields.colors,
        images: fields.images,
        originalPrice: fields.originalPrice,
        offerPrice: fields.offerPrice ?? null,
        ratings,
        reviews,
      },
      adminCookie.header,
    );
    expect(made.status).toBe(201);
    created.product = made.body.insertedId as string;

    const context = await watchedContext(browser);
    for (const path of [`/product-details/${created.product}`, "/shop", "/"]) {
      const { page, dialogs } = await openWatched(context, `${baseURL}${path}`);
      // Cards cut long names to a few words (spec): there the start shows, as text.
      const shown = path.startsWith("/product-details/") ? name : label;
      expect(await page.getByText(shown, { exact: false }).count(), path).toBeGreaterThan(0);
      if (path.startsWith("/product-details/")) {
        expect(await page.getByText(description).count()).toBeGreaterThan(0);
        // Meta tags and JSON-LD carry the text escaped: the document has one </script> per script.
        const html = await (await fetch(`${baseURL}${path}`)).text();
        const scripts = html.match(/<script\b/g)?.length ?? 0;
        expect(html.match(/<\/script>/g)?.length).toBe(scripts);
      }
      await expectInert(page, dialogs);
      await page.close();
    }
    await context.close();
  });

  it("a slide's title on the home page", async () => {
    const title = `Slide ${tag()} ${PAYLOAD}`;
    const made = await api(
      baseURL,
      "POST",
      "/postSlider",
      { image: "https://images.example/slide.webp", title },
      adminCookie.header,
    );
    expect(made.status).toBe(201);
    created.slide = made.body.insertedId as string;
    const context = await watchedContext(browser);
    const { page, dialogs } = await openWatched(context, `${baseURL}/`);
    expect(await page.getByAltText(title, { exact: true }).count()).toBeGreaterThan(0);
    await expectInert(page, dialogs.filter(Boolean));
    await context.close();
  });

  it("a contact message, a customer's order details and names in the dashboards", async () => {
    // A customer whose display name is markup, who orders with markup in name and address.
    const email = `xss-${tag()}@example.com`;
    const userName = `Mina ${PAYLOAD}`.slice(0, 100);
    const signUp = await fetch(`${baseURL}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseURL },
      body: JSON.stringify({ name: userName, email, password: "xss-customer-2026" }),
    });
    expect(signUp.status).toBe(200);
    const customer = sessionCookie(signUp);

    const [product] = (await api(baseURL, "GET", "/products?limit=1", undefined)).body
      .data as (ApiProduct & {
      colors: string[];
      sizes: string[];
      offerPrice: number | null;
      originalPrice: number;
    })[];
    if (!product) throw new Error("the seeded shop has no products");
    const orderName = `Rahim ${PAYLOAD}`.slice(0, 100);
    const address = `House 1 ${PAYLOAD}`;
    const order = await api(
      baseURL,
      "POST",
      "/postOrder",
      apiOrderBody(product, {
        name: orderName,
        email,
        mobileNumber: "01712345678",
        address,
        comment: PAYLOAD,
      }),
      customer.header,
    );
    expect(order.status).toBe(201);
    const orderId = placedOrderId(order.body);

    const subject = `Subject ${tag()} ${PAYLOAD}`;
    const contact = await api(baseURL, "POST", "/contact", {
      name: `Nasima ${PAYLOAD}`.slice(0, 100),
      email: "nasima@example.com",
      phoneNumber: "01812345678",
      subject,
      description: `Hello ${PAYLOAD}`,
    });
    expect(contact.status).toBe(201);

    const asCustomer = await watchedContext(browser, customer);
    for (const path of ["/dashboard", "/dashboard/activeOrders"]) {
      const { page, dialogs } = await openWatched(asCustomer, `${baseURL}${path}`);
      if (path === "/dashboard/activeOrders") {
        expect(await page.getByText(orderName, { exact: false }).count(), path).toBeGreaterThan(0);
      }
      await expectInert(page, dialogs);
      await page.close();
    }
    await asCustomer.close();

    const asAdmin = await watchedContext(browser, adminCookie);
    const adminPages: [string, string][] = [
      ["/dashboard/messages", subject],
      [`/dashboard/allUsers?q=${encodeURIComponent(email)}`, userName],
      // The Pending queue is oldest first: the search finds this order whatever came before it.
      [`/dashboard/pendingOrders?q=${orderId}`, orderName],
    ];
    if (orderId) adminPages.push([`/dashboard/order-overview/${orderId}`, address]);
    for (const [path, text] of adminPages) {
      const { page, dialogs } = await openWatched(asAdmin, `${baseURL}${path}`);
      expect(await page.getByText(text, { exact: false }).count(), path).toBeGreaterThan(0);
      await expectInert(page, dialogs);
      await page.close();
    }
    await asAdmin.close();
  });
});
