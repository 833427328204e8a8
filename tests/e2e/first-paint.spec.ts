import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CART_INTRO, CHECKOUT_INTRO } from "~/app/features/cart/messages";
import { PRODUCT_BODY } from "~/server/testing/api-fixtures";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { fetchProducts } from "./checkout-support";
import { adminSessionCookie } from "./orders-support";

/** What the browser recorded of a page load: paints, the largest paint, and script requests. */
type LoadRecord = {
  firstContentfulPaint: number;
  largest: { at: number; tag: string; text: string; highPriority: boolean }[];
  scriptStarts: number[];
  violations: string[];
};

/** Observers installed before the page's own code, so nothing it does is missed. */
function recordLoad() {
  const w = window as unknown as { __load: { largest: unknown[]; violations: string[] } };
  w.__load = { largest: [], violations: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as LargestContentfulPaint[]) {
      const el = e.element;
      w.__load.largest.push({
        at: e.startTime,
        tag: el?.tagName ?? "",
        text: el?.textContent?.trim().slice(0, 200) ?? "",
        highPriority: el?.getAttribute("fetchpriority") === "high",
      });
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  document.addEventListener("securitypolicyviolation", (e) =>
    w.__load.violations.push(`${e.violatedDirective} ${e.blockedURI}`),
  );
}

async function readLoad(page: Page): Promise<LoadRecord> {
  return page.evaluate(() => {
    const w = window as unknown as {
      __load: { largest: LoadRecord["largest"]; violations: string[] };
    };
    return {
      firstContentfulPaint:
        performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      largest: w.__load.largest,
      scriptStarts: performance
        .getEntriesByType("resource")
        .filter((r) => new URL(r.name).pathname.endsWith(".js"))
        .map((r) => r.startTime),
      violations: w.__load.violations,
    };
  });
}

describe("the page comes first, its scripts after (decisions 028 and 086)", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let productId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const withImage = (await fetchProducts(baseURL)).find((p) => p.images.length > 0);
    if (!withImage) throw new Error("no product with an image");
    productId = withImage._id;
    // /shop leads with the newest product, and other journeys on this worker's server add
    // products without pictures, whose cards have no image to paint: one with pictures goes first.
    const added = await fetch(`${baseURL}/api/postProduct`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: baseURL,
        cookie: await adminSessionCookie(baseURL),
      },
      body: JSON.stringify({
        ...PRODUCT_BODY,
        name: "First Paint Panjabi",
        images: withImage.images,
      }),
    });
    expect(added.status).toBe(201);
  });
  afterAll(async () => browser?.close());

  /** A phone, as Lighthouse's mobile run sees it: the page goes up to interactive. */
  async function load(path: string): Promise<{ page: Page; record: LoadRecord }> {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    await context.addInitScript(recordLoad);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${baseURL}${path}`);
    // Whatever paints after hydration has been painted and reported.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
    );
    const record = await readLoad(page);
    expect(errors, path).toEqual([]);
    expect(record.violations, path).toEqual([]);
    return { page, record };
  }

  /**
   * A page under Chromium's own throttling, as a phone on mobile data: navigator.connection.rtt
   * says 150, so the loader takes its slow-link path (decisions 086 and 088).
   */
  async function onSlowLink() {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    await context.addInitScript(recordLoad);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: 1_000_000,
      uploadThroughput: 500_000,
    });
    return { context, page, errors };
  }

  it("sends pages without module preloads or module scripts, and one loader under the page's nonce", async () => {
    // A page rendered for this request (a guest's /shop comes from the guest page cache, with
    // no nonce: tests/e2e/guest-page-cache.spec.ts).
    const response = await fetch(`${baseURL}/authentication/login`);
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(
      response.headers.get("content-security-policy") ?? "",
    )?.[1];
    expect(nonce).toBeTruthy();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    const loaders = html.match(/<script nonce="[^"]+">\(function startScriptsAfterPaint/g) ?? [];
    expect(loaders).toEqual([`<script nonce="${nonce}">(function startScriptsAfterPaint`]);
    // The loader closes <head> (a slow link's preloads go out before the body is parsed); what
    // it starts waits for the whole document.
    expect(html).toMatch(/startScriptsAfterPaint[\s\S]*<\/script><\/head><body/);
  });

  it("paints nothing until the whole page is parsed, on a phone's CPU: its first frame holds the footer", async () => {
    // The first animation frame is the first rendering update; a frame taken while the parser
    // had reached only part of the page is laid out again as the rest comes (decision 102).
    // Chromium yields its parser every few milliseconds at this CPU speed, so the page arrives in
    // several parts: with the expect link on the content's opening tag, four loads in five
    // painted the header and a part of the content first.
    for (const [load, path] of ["/", "/", "/shop", `/product-details/${productId}`].entries()) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
      });
      await context.addInitScript(() => {
        requestAnimationFrame(() => {
          (window as unknown as { __firstFrame: unknown }).__firstFrame = {
            footer: document.querySelector("footer") !== null,
            parsed: document.getElementById("page-parsed") !== null,
          };
        });
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.goto(`${baseURL}${path}`, { waitUntil: "commit" });
      const firstFrame = await page.waitForFunction(
        () => (window as unknown as { __firstFrame?: unknown }).__firstFrame,
      );
      expect(await firstFrame.jsonValue(), `load ${load + 1}: ${path}`).toEqual({
        footer: true,
        parsed: true,
      });
      await context.close();
    }
  });

  /** The storefront's stylesheet, as /shop inlines it. */
  const storefrontSheet = async () => {
    const html = await (await fetch(`${baseURL}/shop`)).text();
    return /<style id="haat-css"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
  };

  it("draws the cards' rating stars from a picture, not an SVG image, which Chromium builds a document for after the first paint", async () => {
    const sheet = await storefrontSheet();
    expect(sheet).toContain(".rating-stars{");
    expect(sheet).toMatch(/\.rating-stars\{[^}]*mask:url\("?data:image\/png;base64,/);
    expect(sheet).not.toContain("data:image/svg+xml");
  });

  it("asks Chromium for no font it does not need in the first layout: the taka face has only its own bytes, the stack no ui-sans-serif", async () => {
    const sheet = await storefrontSheet();
    const taka = /@font-face\{font-family:"?Haat Taka"?;[^}]*\}/.exec(sheet)?.[0] ?? "";
    expect(taka).toContain("src:url(data:font/woff2;base64,");
    expect(taka).not.toContain("local(");
    // The Bengali face still takes the visitor's own Bengali font first: no download then.
    expect(sheet).toMatch(/@font-face\{font-family:"?Haat Bengali"?;[^}]*src:local\(/);
    expect(sheet).toContain("--font-sans:");
    expect(sheet).not.toContain("ui-sans-serif");
  });

  it("on a link of long round trips, fetches the scripts with the page and starts them at its first paint", async () => {
    const { context, page, errors } = await onSlowLink();
    await page.goto(`${baseURL}/about-us`);
    const record = await readLoad(page);
    expect(
      await page.evaluate(() => (navigator as { connection?: { rtt: number } }).connection?.rtt),
    ).toBe(150);
    expect(record.scriptStarts.length).toBeGreaterThan(5);
    expect(Math.min(...record.scriptStarts)).toBeLessThan(record.firstContentfulPaint);
    expect(await page.locator("html").getAttribute("data-hydrated")).toBe("");
    expect(errors).toEqual([]);
    expect(record.violations).toEqual([]);
    await context.close();
  });

  it("on a link of long round trips, keeps the pictures off the first screen and the Bengali face until the page responds", async () => {
    const { context, page, errors } = await onSlowLink();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    // The page's scripts wait until the page has been looked at without them.
    let letScriptsGo = () => {};
    const scriptsMayGo = new Promise<void>((resolve) => (letScriptsGo = resolve));
    await page.route("**/assets/**/*.js", async (route) => {
      await scriptsMayGo;
      await route.continue();
    });
    const sent = await (await fetch(`${baseURL}/?lang=bn`)).text();
    const lazySources = [...sent.matchAll(/<img [^>]*>/g)]
      .map(([img]) => img)
      .filter((img) => img.includes('loading="lazy"'))
      .flatMap((img) => /\ssrc="([^"]*)"/.exec(img)?.[1]?.replaceAll("&amp;", "&") ?? []);
    expect(lazySources.length).toBeGreaterThan(10);

    await page.goto(`${baseURL}/?lang=bn`, { waitUntil: "domcontentloaded" });
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length);
    const lazyImages = page.locator('img[loading="lazy"]');
    // What the first paint shows comes at once; the rest has no source yet.
    await expect
      .poll(() =>
        lazyImages.evaluateAll((images) =>
          (images as HTMLImageElement[])
            .filter((img) => !img.hasAttribute("data-held") && img.hasAttribute("src"))
            .every((img) => img.complete && img.naturalWidth > 0),
        ),
      )
      .toBe(true);
    const waiting = await lazyImages.evaluateAll((images) =>
      (images as HTMLImageElement[]).map((img) => {
        const box = img.getBoundingClientRect();
        return {
          held: img.hasAttribute("data-held"),
          sourced: img.hasAttribute("src") || img.hasAttribute("srcset"),
          onScreen:
            box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth,
        };
      }),
    );
    expect(waiting.filter((img) => img.onScreen && !img.held).length).toBeGreaterThan(0);
    expect(waiting.filter((img) => img.held).length).toBeGreaterThan(10);
    expect(waiting.filter((img) => img.held && (img.sourced || img.onScreen))).toEqual([]);
    expect(requested.filter((url) => url.includes("noto-sans-bengali-400"))).toEqual([]);
    expect(await page.locator("html").getAttribute("data-slow-link")).toBe("");
    // The Bengali text is on screen meanwhile, in the visitor's own Bengali font.
    await expect
      .poll(() => page.getByRole("heading", { name: "সর্বাধিক বিক্রিত পণ্য" }).isVisible())
      .toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toContain(
      "Haat Bengali",
    );
    expect(await page.locator("html").getAttribute("data-hydrated")).toBeNull();

    // Whether the face had arrived when it joined the font stack (else the page is laid out
    // twice: for the new stack, then again when the face comes).
    await page.evaluate(() => {
      const root = document.documentElement;
      new MutationObserver((_, observer) => {
        if (root.hasAttribute("data-slow-link")) return;
        observer.disconnect();
        root.dataset.faceHereWhenShown = String(document.fonts.check('1em "Haat Bengali"', "হাট"));
      }).observe(root, { attributes: true, attributeFilter: ["data-slow-link"] });
    });
    letScriptsGo();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // Then every picture has its sources back, as the server sent them, and the face comes.
    await expect
      .poll(() => lazyImages.evaluateAll((images) => images.map((img) => img.getAttribute("src"))))
      .toEqual(expect.arrayContaining(lazySources));
    expect(await page.locator("img[data-held]").count()).toBe(0);
    await expect.poll(() => page.locator("html").getAttribute("data-slow-link")).toBeNull();
    expect(await page.locator("html").getAttribute("data-face-here-when-shown")).toBe("true");
    expect(await page.evaluate(() => document.fonts.check('1em "Haat Bengali"', "হাট"))).toBe(true);
    expect(requested.filter((url) => url.includes("noto-sans-bengali-400"))).toHaveLength(1);
    const last = lazyImages.last();
    await last.scrollIntoViewIfNeeded();
    await expect
      .poll(() => last.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(errors).toEqual([]);
    expect((await readLoad(page)).violations).toEqual([]);
    await context.close();
  });

  for (const [name, path] of [
    ["home", "/"],
    ["shop", "/shop"],
    ["a category", "/product/category/Bag%20Items"],
    ["a product page", "product"],
  ] as const) {
    it(`paints ${name} with its first image before any script is requested, then hydrates`, async () => {
      const { page, record } = await load(
        path === "product" ? `/product-details/${productId}` : path,
      );
      const firstScript = Math.min(...record.scriptStarts);
      expect(record.scriptStarts.length).toBeGreaterThan(5);
      expect(record.firstContentfulPaint).toBeLessThan(firstScript);
      // The largest paint is the image the page asks for first, and no script was on its way.
      const largest = record.largest.at(-1);
      expect(largest?.tag).toBe("IMG");
      expect(largest?.highPriority).toBe(true);
      expect(largest?.at).toBeLessThan(firstScript);
      expect(await page.locator("html").getAttribute("data-hydrated")).toBe("");
      await page.context().close();
    });
  }

  for (const [name, path, intro] of [
    ["cart", "/cart", CART_INTRO],
    ["checkout", "/product-checkout", CHECKOUT_INTRO],
  ] as const) {
    it(`paints the ${name}'s largest text from the server: what the page's script adds later is smaller`, async () => {
      const { page, record } = await load(path);
      // The page's script has run: the browser-side contents replaced the placeholder.
      expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
      const largest = record.largest.at(-1);
      expect(largest).toMatchObject({ tag: "P", text: intro });
      // Painted before any script was requested. A later entry for the same text (painted again
      // when its web font arrived) may come after: the first one counts.
      const first = record.largest.find((e) => e.tag === "P" && e.text === intro);
      expect(first?.at).toBeLessThan(Math.min(...record.scriptStarts));
      await page.context().close();
    });
  }

  it("has the taka sign's face ready from <head>: no font request where ৳ is the only Bengali", async () => {
    const { page } = await load("/shop");
    // Both faces for U+09F3 are registered: the stylesheet's (a data: URL, loaded asynchronously
    // if ever used) and the one shared/page-shell.ts builds from bytes in <head>. Only the latter may
    // have been used: the page's prices never waited for, nor re-laid out after, a font load.
    const fonts = await page.evaluate(() => ({
      requested: performance
        .getEntriesByType("resource")
        .filter((r) => /\.woff2?($|\?)/.test(new URL(r.name).pathname)).length,
      takaFaces: [...document.fonts]
        .filter((f) => f.unicodeRange.toUpperCase() === "U+9F3")
        .map((f) => f.status)
        .sort(),
    }));
    expect(fonts).toEqual({ requested: 0, takaFaces: ["loaded", "unloaded"] });
    expect(await page.getByText("৳").count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it("on a fast link, asks for the Bengali face from <head> on a Bengali page and on the English home (its welcome), before any text needs it", async () => {
    const faceRequested = async (path: string) => {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      const sent = await (await fetch(`${baseURL}${path}`)).text();
      // The page's <head> as sent, with a body without any text: only <head> can ask for the face.
      const headOnly = `${sent.slice(0, sent.indexOf("<body"))}<body><div id="content"></div></body></html>`;
      await page.route(`${baseURL}${path}`, (route) =>
        route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: headOnly }),
      );
      await page.route("**/assets/**/*.js", (route) => route.abort());
      await page.goto(`${baseURL}${path}`);
      const requested = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .some((r) => new URL(r.name).pathname.includes("noto-sans-bengali-400")),
        );
      if (path.includes("lang=bn")) {
        await expect
          .poll(() => page.evaluate(() => document.fonts.check('1em "Haat Bengali"', "হাট")))
          .toBe(true);
      }
      const answer = await requested();
      await context.close();
      return answer;
    };
    expect(await faceRequested("/about-us?lang=bn")).toBe(true);
    // The English home's first screen shows the Bengali welcome.
    expect(await faceRequested("/")).toBe(true);
    // An English page without Bengali text does not fetch it for nothing.
    expect(await faceRequested("/about-us")).toBe(false);
  });

  it("starts the Bengali face of the home page's welcome while the page is parsed, before its first paint", async () => {
    const { page, record } = await load("/");
    const bengali = await page.evaluate(
      () =>
        performance
          .getEntriesByType("resource")
          .find((r) => new URL(r.name).pathname.includes("noto-sans-bengali-400"))?.startTime,
    );
    expect(bengali).toBeLessThan(record.firstContentfulPaint);
    expect(await page.evaluate(() => document.fonts.check('1em "Haat Bengali"', "হাট"))).toBe(true);
    await page.context().close();
  });
});
