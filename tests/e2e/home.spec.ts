import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";

type ApiProduct = { _id: string; name: string; category: string; productType: string };

/** The API's products in the shop's order: `cursor=a~` starts with the available part (decision 056). */
async function apiProducts(baseURL: string, query: Record<string, string>): Promise<ApiProduct[]> {
  const params = new URLSearchParams({ limit: "500", cursor: "a~", ...query });
  const body = await (await fetch(`${baseURL}/api/products?${params}`)).json();
  return body.data;
}

/** Cards shown in a grid or carousel region: one link per product. */
function cards(region: Locator): Locator {
  return region.locator("article a[href^='/product-details/']");
}

/** The page's CSS animations now, by name and play state. */
const cssAnimations = (page: Page) =>
  page.evaluate(() =>
    document.getAnimations().map((a) => [(a as CSSAnimation).animationName, a.playState]),
  );

describe("a visitor on the home page", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  async function open(
    width = 1280,
    height = 900,
    options: BrowserContextOptions = {},
  ): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height }, ...options });
    const response = await page.goto(baseURL);
    expect(response?.status()).toBe(200);
    return page;
  }

  it("gets every section rendered by the server, with the home page's meta tags", async () => {
    const response = await fetch(baseURL);
    const html = await response.text();
    for (const text of [
      "হাট-এ আপনাকে স্বাগতম!",
      "All Categories",
      "Best Selling Products",
      "Most Popular Item",
      "New Arrivals",
      "100 TK Items",
      "Kitchen Items",
      'id="new_arrivals"',
      'id="most_popular_items"',
      'id="best_selling_products"',
      'rel="canonical"',
      'property="og:image"',
    ]) {
      expect(html, text).toContain(text);
    }
    const [firstBest] = await apiProducts(baseURL, { productType: "Best Selling", limit: "1" });
    expect(html).toContain(`/product-details/${firstBest?._id}`);

    const page = await open();
    for (const name of [
      "Best Selling Products",
      "Most Popular Item",
      "New Arrivals",
      "100 TK Items",
      "Shop by Category",
    ]) {
      expect(await page.getByRole("heading", { level: 2, name }).count(), name).toBe(1);
    }
    const banner = page.getByText("হাট-এ আপনাকে স্বাগতম!");
    expect(await banner.textContent()).toContain("01700000000");
    expect(await page.title()).toContain("Online shopping in Bangladesh");
    await page.close();
  });

  it("sees the slides: first eager with high priority, it advances by itself and pauses on hover", async () => {
    const slides = await (await fetch(`${baseURL}/api/getSliders`)).json();
    expect(slides.length).toBeGreaterThanOrEqual(2);
    const page = await open(1280, 900, { reducedMotion: "no-preference" });
    // The welcome banner scrolls for a visitor who has not asked for less motion.
    expect(await cssAnimations(page)).toContainEqual(["marquee", "running"]);
    const slider = page.getByRole("region", { name: "Offers" });
    const first = slider.getByRole("img", { name: slides[0].title });
    expect(await first.getAttribute("loading")).toBe("eager");
    expect(await first.getAttribute("fetchpriority")).toBe("high");
    expect(await first.getAttribute("width")).toBe("900");
    // The page as sent: only the first slide's picture is asked for with it; the others, out of
    // sight, come once the page has loaded and before the slider shows them.
    const sent = await (await fetch(`${baseURL}/`)).text();
    const pictures = [...sent.matchAll(/<img[^>]*alt="([^"]*)"[^>]*>/g)].filter((m) =>
      slides.some((slide: { title: string }) => slide.title === m[1]),
    );
    expect(pictures.map((m) => / src="/.test(m[0]))).toEqual(
      slides.map((_: unknown, i: number) => i === 0),
    );
    const second = slider.getByRole("img", { name: slides[1].title, includeHidden: true });
    await expect.poll(() => second.getAttribute("src")).toBe(slides[1].image);
    // Fetched once the page has loaded, though still out of sight.
    await expect
      .poll(() => second.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const current = () => slider.getByRole("group").getAttribute("aria-label");
    expect(await current()).toBe(`1 of ${slides.length}`);
    await expect.poll(current, { timeout: 15_000 }).toBe(`2 of ${slides.length}`);

    await slider.hover();
    await expect.poll(() => slider.getAttribute("data-paused")).toBe("true");
    const paused = await current();
    await page.waitForTimeout(2600);
    expect(await current()).toBe(paused);

    await page.mouse.move(5, 600);
    await expect.poll(() => slider.getAttribute("data-paused")).toBe("false");
    await expect.poll(current, { timeout: 15_000 }).not.toBe(paused);

    await slider.getByRole("button", { name: "Show slide 1" }).click();
    await expect.poll(current).toBe(`1 of ${slides.length}`);
    await slider.getByRole("button", { name: "Previous slide" }).click();
    await expect.poll(current).toBe(`${slides.length} of ${slides.length}`);
    await page.close();
  });

  it("moves the slider by touch swipes, and does not autoplay for visitors who ask for less motion", async () => {
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      reducedMotion: "reduce",
    });
    await page.goto(baseURL);
    await page.waitForLoadState("networkidle");
    const slider = page.getByRole("region", { name: "Offers" });
    const total = await slider.getByRole("button", { name: /^Show slide/ }).count();
    const current = () => slider.getByRole("group").getAttribute("aria-label");
    await expect.poll(() => slider.getAttribute("data-paused")).toBe("true");
    expect(await current()).toBe(`1 of ${total}`);
    expect(await cssAnimations(page)).not.toContainEqual(["marquee", "running"]);

    const box = await slider.boundingBox();
    if (!box) throw new Error("slider not on screen");
    // On a phone the arrows sit in the bottom corners, off the middle where a banner's headline is.
    for (const name of ["Previous slide", "Next slide"]) {
      const arrow = await slider.getByRole("button", { name }).boundingBox();
      expect(arrow && arrow.y - box.y, name).toBeGreaterThan(box.height * 0.7);
    }
    const cdp = await page.context().newCDPSession(page);
    const y = box.y + box.height / 2;
    const swipe = async (from: number, to: number) => {
      await cdp.send("Input.dispatchTouchEvent", {
        type: "touchStart",
        touchPoints: [{ x: box.x + from, y }],
      });
      for (const x of [from + (to - from) / 3, from + ((to - from) * 2) / 3, to]) {
        await cdp.send("Input.dispatchTouchEvent", {
          type: "touchMove",
          touchPoints: [{ x: box.x + x, y }],
        });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    await swipe(box.width - 60, 60);
    await expect.poll(current).toBe(`2 of ${total}`);
    await swipe(60, box.width - 60);
    await expect.poll(current).toBe(`1 of ${total}`);
    await swipe(60, box.width - 60);
    await expect.poll(current).toBe(`${total} of ${total}`);
    await page.close();
  });

  it("shows 10 Most Popular items, 5 more per click, then Show Less back to 10; tabs load their category", async () => {
    const all = await apiProducts(baseURL, { productType: "Most Popular" });
    expect(all.length).toBeGreaterThan(15);
    const page = await open();
    const section = page.locator("#most_popular_items");
    const panel = section.getByRole("tabpanel");
    expect(
      await section.getByRole("tab", { name: "All Items" }).getAttribute("aria-selected"),
    ).toBe("true");
    expect(await cards(panel).count()).toBe(10);
    const button = panel.getByRole("button", { name: /Show Me More|Show Less/ });

    let expected = 10;
    while (expected < all.length) {
      expect(await button.textContent()).toBe("Show Me More");
      await button.click();
      expected = Math.min(expected + 5, all.length);
      await expect.poll(() => cards(panel).count()).toBe(expected);
    }
    await expect.poll(() => button.textContent()).toBe("Show Less");
    const shownIds = await cards(panel).evaluateAll((links) =>
      links.map((a) => (a as HTMLAnchorElement).pathname.split("/").pop()),
    );
    expect(shownIds).toEqual(all.map((p) => p._id));
    await button.click();
    await expect.poll(() => cards(panel).count()).toBe(10);
    expect(await button.textContent()).toBe("Show Me More");

    // A category tab: that category's Most Popular products, count reset, button only above 10.
    const counts = new Map<string, number>();
    for (const p of all) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
    const [category, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] as [
      string,
      number,
    ];
    await section.getByRole("tab", { name: category, exact: true }).click();
    await expect
      .poll(() =>
        section.getByRole("tab", { name: category, exact: true }).getAttribute("aria-selected"),
      )
      .toBe("true");
    await expect.poll(() => cards(panel).count()).toBe(Math.min(count, 10));
    expect(await panel.getByRole("button", { name: /Show Me More|Show Less/ }).count()).toBe(
      count > 10 ? 1 : 0,
    );
    const names = await panel
      .locator("article h3")
      .evaluateAll((hs) => hs.map((h) => h.getAttribute("title")));
    const expectedNames = all.filter((p) => p.category === category).map((p) => p.name);
    expect(names).toEqual(expectedNames.slice(0, 10));

    // Keyboard: arrow keys move between tabs and select them.
    await section.getByRole("tab", { name: "All Items" }).click();
    await expect.poll(() => cards(panel).count()).toBe(10);
    await section.getByRole("tab", { name: "All Items" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe("Women Items");
    await expect
      .poll(() => section.getByRole("tab", { name: "Women Items" }).getAttribute("aria-selected"))
      .toBe("true");
    await page.close();
  });

  it("shows the first 10 of the 100 TK Items, all with Show Me More, and 10 again with Show Less", async () => {
    const cheap = await apiProducts(baseURL, { category: "100 TK Items" });
    expect(cheap.length).toBeGreaterThan(10);
    const page = await open();
    const section = page.getByRole("region", { name: "100 TK Items" });
    expect(await cards(section).count()).toBe(10);
    const button = section.getByRole("button", { name: /Show Me More|Show Less/ });
    expect(await button.textContent()).toBe("Show Me More");
    await button.click();
    await expect.poll(() => cards(section).count()).toBe(cheap.length);
    await expect.poll(() => button.textContent()).toBe("Show Less");
    await button.click();
    await expect.poll(() => cards(section).count()).toBe(10);
    expect(await button.textContent()).toBe("Show Me More");
    await page.close();
  });

  it("without scripts, Show Me More leads to the whole list and no tab that cannot work shows", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto(baseURL);
    const popular = page.getByRole("region", { name: "Most Popular Item" });
    expect(await popular.getByRole("tab").count()).toBe(0);
    expect(await popular.getByRole("button", { name: "Show Me More" }).count()).toBe(0);
    await popular.getByRole("link", { name: "Show Me More" }).click();
    await page.waitForURL((url) => url.pathname === "/shop");
    expect(new URL(page.url()).searchParams.get("productType")).toBe("Most Popular");
    await page.goto(baseURL);
    await page
      .getByRole("region", { name: "100 TK Items" })
      .getByRole("link", { name: "Show Me More" })
      .click();
    await page.waitForURL(/\/product\/category\/100%20TK%20Items$/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("100 TK Items");
    await page.close();
  });

  it("shows 2, 3 and 5 products per carousel view at 375, 800 and 1280 px, with 10/15/20 px gaps", async () => {
    for (const [width, perView, gap] of [
      [375, 2, 10],
      [800, 3, 15],
      [1280, 5, 20],
    ] as const) {
      const page = await open(width, 900);
      const carousel = page.getByRole("group", { name: "New Arrivals", exact: true });
      const track = carousel.getByRole("list");
      const layout = await track.evaluate((ul) => {
        const box = ul.getBoundingClientRect();
        const items = [...ul.children].map((li) => li.getBoundingClientRect());
        return {
          fully: items.filter((r) => r.left >= box.left - 1 && r.right <= box.right + 1).length,
          gap: Math.round((items[1]?.left ?? 0) - (items[0]?.right ?? 0)),
        };
      });
      expect(layout, `width ${width}`).toEqual({ fully: perView, gap });

      // Next pages by one view; Previous comes back.
      const firstId = await cards(track).first().getAttribute("href");
      await carousel.getByRole("button", { name: "Next New Arrivals" }).click();
      await expect
        .poll(() =>
          track.evaluate((ul) => {
            const box = ul.getBoundingClientRect();
            const first = [...ul.children].find(
              (li) => li.getBoundingClientRect().left >= box.left - 1,
            );
            return first?.querySelector("a")?.getAttribute("href");
          }),
        )
        .not.toBe(firstId);
      await carousel.getByRole("button", { name: "Previous New Arrivals" }).click();
      await expect.poll(() => track.evaluate((ul) => ul.scrollLeft)).toBe(0);
      await page.close();
    }
  });

  it("renders 10 New Arrivals first and brings the rest, up to 20, as the visitor pages to the end", async () => {
    const expected = (await apiProducts(baseURL, { productType: "New Arrivals", limit: "20" })).map(
      (p) => `/product-details/${p._id}`,
    );
    const page = await open(375, 900);
    const carousel = page.getByRole("group", { name: "New Arrivals", exact: true });
    const track = carousel.getByRole("list");
    expect(await cards(track).count()).toBe(Math.min(10, expected.length));
    const next = carousel.getByRole("button", { name: "Next New Arrivals" });
    // Page forward (Next hides for a moment at the end until the fetched cards arrive).
    await expect
      .poll(
        async () => {
          if (await next.isVisible()) await next.click({ timeout: 1_000 }).catch(() => {});
          return cards(track).count();
        },
        { timeout: 30_000 },
      )
      .toBe(expected.length);
    expect(await cards(track).evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual(
      expected,
    );
    await page.close();
  });

  it("opens a category's sub-categories by hover, click or keyboard; links use the lowercased name", async () => {
    const page = await open();
    const menu = page.getByRole("navigation", { name: "Categories" });
    const kitchen = menu.getByRole("button", { name: "Kitchen Items" });
    await kitchen.hover();
    await expect.poll(() => kitchen.getAttribute("aria-expanded")).toBe("true");
    const all = menu.getByRole("link", { name: "All Kitchen Items" });
    expect(await all.getAttribute("href")).toBe("/product/category/Kitchen%20Items");
    const sub = menu.getByRole("link", { name: "Non Stick Pan" });
    expect(await sub.getAttribute("href")).toBe("/product/sub-category/non%20stick%20pan");
    await page.mouse.move(1200, 880);
    await expect.poll(() => kitchen.getAttribute("aria-expanded")).toBe("false");
    expect(await sub.isVisible()).toBe(false);

    const bags = menu.getByRole("button", { name: "Bag Items" });
    await bags.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => bags.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe("All Bag Items");
    await page.keyboard.press("Escape");
    await expect.poll(() => bags.getAttribute("aria-expanded")).toBe("false");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe("Bag Items");

    await menu.getByRole("button", { name: "Women Items" }).click();
    await menu.getByRole("link", { name: "Saree" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/product/sub-category/saree");
    await page.close();
  });

  it("opens the category list on a phone and the tiles lead to the category pages", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 }, hasTouch: true });
    await page.goto(baseURL);
    const menu = page.getByRole("navigation", { name: "Categories" });
    expect(await menu.getByRole("button", { name: "Women Items" }).isVisible()).toBe(false);
    await menu.getByRole("button", { name: "All Categories" }).tap();
    const baby = menu.getByRole("button", { name: "Baby and Kids" });
    await baby.tap();
    await expect.poll(() => baby.getAttribute("aria-expanded")).toBe("true");
    expect(await menu.getByRole("link", { name: "Baby Toys" }).isVisible()).toBe(true);
    await baby.tap();
    await expect.poll(() => baby.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.getByRole("link", { name: "Baby Toys" }).count()).toBe(0);

    const tiles = page.getByRole("region", { name: "Shop by Category" });
    expect(await tiles.getByRole("link").allTextContents()).toEqual([
      "Kitchen Items",
      "Bag Items",
      "Home and Living",
      "Women Items",
      "Electronics and Appliances",
      "Baby and Kids",
    ]);
    await tiles.getByRole("link", { name: "Home and Living" }).click();
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe("/product/category/Home%20and%20Living");
    await page.close();
  });

  it("sees product cards with the shown price, the struck-through original and the negative discount", async () => {
    const page = await open();
    const discounted = page.locator("article", { has: page.locator("s") }).first();
    const text = (await discounted.innerText()).replace(/\s+/g, " ");
    expect(text).toMatch(/৳[\d,]+ Was ৳[\d,]+ -\d+%|৳[\d,]+ ৳[\d,]+ -\d+%/);
    const img = discounted.getByRole("img").first();
    expect(await img.getAttribute("width")).toBe("450");
    expect(await img.getAttribute("height")).toBe("450");
    expect(await discounted.getByRole("img", { name: /Rated [\d.]+ out of 5/ }).count()).toBe(1);
    await page.close();
  });

  it("cuts card names to the spec's limits for the width without moving the cards", async () => {
    const cutFor = (names: Locator, limit: number) =>
      names.evaluateAll(
        (hs, limit) =>
          hs.every((h) => {
            const full = Array.from(h.getAttribute("title") ?? "");
            const shown = h.textContent ?? "";
            return full.length <= limit
              ? shown === full.join("")
              : shown === `${full.slice(0, limit).join("")}...`;
          }),
        limit,
      );
    for (const [width, limit] of [
      [390, 38],
      [700, 55],
      [1280, 47],
    ] as const) {
      const page = await open(width, 900);
      const names = page.locator("#most_popular_items article h3");
      await expect.poll(() => names.count()).toBe(10);
      await expect.poll(() => cutFor(names, limit), { message: `width ${width}` }).toBe(true);
      // The name box is two lines high whatever the name.
      const heights = await names.evaluateAll((hs) =>
        hs.map((h) => h.getBoundingClientRect().height),
      );
      expect(new Set(heights).size).toBe(1);
      if (width === 1280) {
        // A window narrowed after the page loaded: every card follows it.
        await page.setViewportSize({ width: 390, height: 900 });
        await expect.poll(() => cutFor(names, 38), { message: "narrowed to 390" }).toBe(true);
      }
      await page.close();
    }
  });
});
