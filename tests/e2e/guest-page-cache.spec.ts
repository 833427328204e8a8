import { randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_DATA, PRODUCT_BODY } from "~/server/testing/api-fixtures";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { hydrated } from "./auth-support";
import { ADMIN } from "./orders-support";

/**
 * Guests' pages from the guest page cache (server/http/guest-page-cache.ts, decision 047) on the
 * running production server: the page a guest gets is the page a fresh render gives, runs under
 * a strict policy without a nonce, follows a product change at once, and never reaches a
 * signed-in visitor.
 */

const baseURL = shop().baseURL;

async function signIn(who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify(who),
  });
  expect(res.status).toBe(200);
  return (res.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
}

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseURL}${path}`, { headers });
  return {
    status: res.status,
    cache: res.headers.get("x-page-cache"),
    csp: res.headers.get("content-security-policy") ?? "",
    cacheControl: res.headers.get("cache-control"),
    html: await res.text(),
  };
}

const scriptSources = (csp: string) =>
  csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src "))
    ?.split(/\s+/)
    .slice(1) ?? [];

describe("guests' pages from the page cache", () => {
  let browser: Browser;
  let adminCookie: string;
  let productId: string;
  const name = `Cached Cable ${randomBytes(3).toString("hex")}`;

  const productPath = () => `/product-details/${productId}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    adminCookie = await signIn(ADMIN);
    const res = await fetch(`${baseURL}/api/postProduct`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseURL, cookie: adminCookie },
      body: JSON.stringify({
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
      }),
    });
    expect(res.status).toBe(201);
    productId = (await res.json()).insertedId;
  });
  afterAll(async () => browser?.close());

  it("serves a guest the page a fresh render gives, with a policy of hashes and no nonce", async () => {
    await get(productPath());
    const cached = await get(productPath());
    expect(cached.status).toBe(200);
    expect(cached.cache).toBe("hit");
    expect(cached.html).toContain(name);
    expect(cached.html).not.toContain("nonce=");
    const allowed = scriptSources(cached.csp);
    expect(allowed.some((s) => s.startsWith("'nonce-"))).toBe(false);
    expect(allowed).not.toContain("'unsafe-inline'");
    expect(allowed.length).toBeGreaterThan(5);

    // A request with an Authorization header is never served from the cache: a fresh render.
    const fresh = await get(productPath(), { authorization: "Bearer not-a-token" });
    expect(fresh.cache).toBeNull();
    const nonce = /'nonce-([^']+)'/.exec(fresh.csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(fresh.html.replaceAll(` nonce="${nonce}"`, "")).toBe(cached.html);
  });

  it("runs a cached page's scripts without a single policy violation, also from a link Facebook tagged", async () => {
    // A link shared on Facebook comes with a click tag of its own (fbclid): the same copy.
    const tagged = (path: string) => `${path}?fbclid=IwAR0${randomBytes(4).toString("hex")}`;
    for (const [cachedPath, path] of [
      [productPath(), productPath()],
      ["/", "/"],
      [productPath(), tagged(productPath())],
      ["/shop", tagged("/shop")],
    ] as const) {
      // Cached by an earlier guest, so the browser gets the cached page.
      await get(cachedPath);
      expect((await get(cachedPath)).cache).toBe("hit");
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(() => {
        const seen: string[] = [];
        Object.assign(window, { __cspViolations: seen });
        document.addEventListener("securitypolicyviolation", (e) => {
          seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
        });
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      const response = await page.goto(`${baseURL}${path}`);
      expect(response?.headers()["x-page-cache"], path).toBe("hit");
      await hydrated(page);
      // The theme boot script ran, and a control that only scripts drive responds.
      expect(await page.locator("html").getAttribute("data-theme")).toMatch(/^(light|dark)$/);
      if (path.startsWith(productPath())) {
        await page.getByRole("button", { name: "Increase quantity" }).click();
        await expect.poll(() => page.locator("output").textContent()).toBe("2");
      }
      expect(
        await page.evaluate(
          () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
        ),
        path,
      ).toEqual([]);
      expect(errors, path).toEqual([]);
      await context.close();
    }
  });

  it("shows a guest the stock an order left, not the cached figure (issue 26)", async () => {
    const made = await fetch(`${baseURL}/api/postProduct`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseURL, cookie: adminCookie },
      body: JSON.stringify({
        ...PRODUCT_BODY,
        name: `${name} Stocked`,
        sizes: [],
        colors: [],
        offerPrice: null,
        originalPrice: 300,
        trackStock: true,
        stock: [{ size: "N/A", color: "N/A", quantity: 3 }],
      }),
    });
    expect(made.status).toBe(201);
    const id = String((await made.json()).insertedId);
    const path = `/product-details/${id}`;
    const availability = (html: string) =>
      />([^<]*)<\/[a-z]+>/.exec(html.slice(html.indexOf('data-testid="availability"')))?.[1];
    const order = async (quantity: number) => {
      const res = await fetch(`${baseURL}/api/postOrder`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseURL },
        body: JSON.stringify({
          products: [
            {
              id,
              name: `${name} Stocked`,
              imageUrl: "",
              color: "N/A",
              size: "N/A",
              originalPrice: 300,
              quantity,
            },
          ],
          customerData: { ...CUSTOMER_DATA, email: "cache-stock@example.com" },
        }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
    };

    await get(path);
    const cached = await get(path);
    expect(cached.cache).toBe("hit");
    expect(availability(cached.html)).toBe("Only 3 left");
    // Another customer takes one: no variant sold out, yet the page a guest gets says 2.
    await order(1);
    const fewer = await get(path);
    expect(fewer.cache).toBe("miss");
    expect(availability(fewer.html)).toBe("Only 2 left");
    expect((await get(path)).cache).toBe("hit");
    // … then the last two: the guest's reload says Out of stock.
    await order(2);
    const gone = await get(path);
    expect(gone.cache).toBe("miss");
    expect(availability(gone.html)).toBe("Out of stock");
  });

  it("drops a guest's page when an admin changes the product", async () => {
    await get(productPath());
    expect((await get(productPath())).cache).toBe("hit");
    const renamed = `${name} Renamed`;
    const res = await fetch(`${baseURL}/api/updateProduct/${productId}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", origin: baseURL, cookie: adminCookie },
      body: JSON.stringify({ name: renamed }),
    });
    expect(res.status).toBe(200);
    const after = await get(productPath());
    expect(after.cache).toBe("miss");
    expect(after.html).toContain(renamed);
  });

  it("never serves a signed-in visitor a cached page, nor keeps theirs for guests", async () => {
    await get(productPath());
    expect((await get(productPath())).cache).toBe("hit");
    const mine = await get(productPath(), { cookie: adminCookie });
    expect(mine.cache).toBeNull();
    expect(mine.cacheControl).toBe("private, no-cache");
    expect(scriptSources(mine.csp).some((s) => s.startsWith("'nonce-"))).toBe(true);
    // The signed-in page carries the admin's API token and menu; a guest's never does.
    const guest = await get(productPath());
    expect(guest.cache).toBe("hit");
    expect(guest.html).not.toContain(ADMIN.email);
    expect(mine.html).toContain(ADMIN.email);
    expect(guest.html).not.toBe(mine.html.replace(/ nonce="[^"]+"/g, ""));
  });

  it("renders the checkout and the dashboard for each request", async () => {
    for (const [path, headers] of [
      ["/product-checkout", {}],
      ["/authentication/login", {}],
      ["/dashboard", { cookie: adminCookie }],
    ] as const) {
      await get(path, headers);
      const again = await get(path, headers);
      expect(again.cache, path).toBeNull();
      expect(again.csp, path).toMatch(/'nonce-/);
    }
  });
});
