import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { injectAxe, launchBrowser, resizeAndSettle } from "../support/browser";
import { shop } from "../support/shop";

type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
};

/** axe-core's serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
    const result = await (window as any).axe.run(document, {
      resultTypes: ["violations"],
    });
    return result.violations as AxeViolation[];
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
}

describe("the storefront layout", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  async function open(path = "/", options: BrowserContextOptions = {}) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      ...options,
    });
    const page = await context.newPage();
    const response = await page.goto(`${baseURL}${path}`);
    return { context, page, response };
  }

  it("has the header links, the cart badge and the footer blocks", async () => {
    const { context, page } = await open("/about-us");
    const header = page.getByRole("banner");
    const nav = header.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link").allTextContents()).toEqual([
      "Home",
      "Shops",
      "About us",
      "Contact us",
    ]);
    expect(await nav.getByRole("link", { name: "Shops" }).getAttribute("href")).toBe("/shop");
    expect(await header.getByRole("combobox", { name: "Search products" }).count()).toBe(1);
    const login = header.getByRole("link", { name: "Register / Login", exact: true });
    expect(await login.isVisible()).toBe(true);
    expect(await login.getAttribute("href")).toBe("/authentication/login?redirectTo=%2Fabout-us");

    const cart = header.getByRole("link", { name: /^Cart, / });
    await expect.poll(() => cart.getAttribute("aria-label")).toBe("Cart, 0 items");
    await page.evaluate(() => {
      const item = { id: "x1", name: "Test", imageUrl: "", quantity: 1, originalPrice: 100 };
      localStorage.setItem("cartProducts", JSON.stringify([item, { ...item, id: "x2" }]));
      window.dispatchEvent(new StorageEvent("storage", { key: "cartProducts" }));
    });
    await expect.poll(() => cart.getAttribute("aria-label")).toBe("Cart, 2 items");
    expect(await cart.innerText()).toBe("2");

    const footer = page.getByRole("contentinfo");
    for (const name of ["Getting Started", "Explore Now", "Payment Methods", "Follow Us"]) {
      expect(await footer.getByRole("heading", { name }).count(), name).toBe(1);
    }
    for (const name of ["Accounts", "My Cart", "Help & Support"]) {
      expect(await footer.getByRole("link", { name }).count(), name).toBe(1);
    }
    const brands = footer.getByRole("list", { name: "Payment brands" });
    expect(await brands.getByText("Cash On Delivery", { exact: true }).count()).toBe(1);
    for (const brand of ["bKash", "Nagad", "VISA", "Mastercard"]) {
      expect(await brands.getByText(brand, { exact: true }).count(), brand).toBe(1);
    }
    expect(await footer.innerText()).toContain("We accept Cash On Delivery only.");
    expect(await footer.getByRole("link", { name: "Facebook" }).getAttribute("href")).toMatch(
      /^https:\/\/www\.facebook\.com\//,
    );
    for (const name of ["Instagram", "Linkedin", "Twitter"]) {
      expect(await footer.getByRole("img", { name }).count(), name).toBe(1);
      expect(await footer.getByRole("link", { name }).count(), name).toBe(0);
    }
    expect(await footer.innerText()).toMatch(/© \d{4} Haat\. All rights reserved\./);
    expect(await footer.innerText()).toContain("Developed by");
    await context.close();
  });

  it("jumps to the home sections from the footer anchors and starts new pages at the top", async () => {
    const { context, page } = await open("/about-us");
    const footer = page.getByRole("contentinfo");
    for (const [name, id] of [
      ["New Arrivals", "new_arrivals"],
      ["Most Popular Items", "most_popular_items"],
      ["Best Selling Products", "best_selling_products"],
    ] as const) {
      await footer.getByRole("link", { name }).click();
      await expect.poll(() => new URL(page.url()).hash).toBe(`#${id}`);
      await expect
        .poll(() =>
          page.evaluate((id) => {
            const top = document.getElementById(id)?.getBoundingClientRect().top ?? -1;
            return top >= 0 && top < window.innerHeight / 2;
          }, id),
        )
        .toBe(true);
    }
    // A new page starts at the top.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await footer.getByRole("link", { name: "Help & Support" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/contact-us");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it("remembers the chosen theme across reloads and applies it before any script of the app runs", async () => {
    const { context, page } = await open("/", { colorScheme: "light" });
    const html = page.locator("html");
    expect(await html.getAttribute("data-theme")).toBe("light");
    const toDark = page.getByRole("button", { name: "Dark Mode" });
    await toDark.click();
    expect(await html.getAttribute("data-theme")).toBe("dark");
    expect(await page.getByRole("button", { name: "Light Mode" }).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

    // No app JavaScript at all: only the inline boot script can set the theme before paint.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.reload({ waitUntil: "load" });
    expect(await html.getAttribute("data-theme")).toBe("dark");
    expect(await page.getByRole("button", { name: "Light Mode" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Dark Mode" }).count()).toBe(0);
    await page.unroute("**/assets/*.js");

    await page.reload();
    await page.getByRole("button", { name: "Light Mode" }).click();
    expect(await html.getAttribute("data-theme")).toBe("light");
    await page.reload();
    expect(await html.getAttribute("data-theme")).toBe("light");
    await context.close();

    // A first visit follows the system preference.
    const dark = await open("/", { colorScheme: "dark" });
    expect(await dark.page.locator("html").getAttribute("data-theme")).toBe("dark");
    await dark.context.close();
  });

  it("answers an unknown page with 404, 'Oops! Page Not Found' and Go Home inside the layout", async () => {
    const { context, page, response } = await open("/no-such-page/at-all");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Oops! Page Not Found",
    );
    expect(await page.getByRole("banner").count()).toBe(1);
    expect(await page.getByRole("contentinfo").count()).toBe(1);
    await page.getByRole("link", { name: "Go Home" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    await expect
      .poll(() => page.getByRole("heading", { name: "Best Selling Products" }).count())
      .toBe(1);
    await context.close();
  });

  it("scrolls no storefront page sideways on a 320 px phone, in English and in Bengali", async () => {
    const { context, page } = await open("/about-us", { viewport: { width: 320, height: 700 } });
    const wider: string[] = [];
    for (const path of ["/", "/shop", "/about-us", "/cart", "/product-checkout", "/track-order"]) {
      for (const lang of ["en", "bn"]) {
        await page.goto(`${baseURL}${path}${path.includes("?") ? "&" : "?"}lang=${lang}`);
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scroll > 320) wider.push(`${path} (${lang}): ${scroll} px`);
      }
    }
    // The guest's "Register / Login" stood past the edge: below 360 px its icon stands for it.
    const login = page.getByRole("link", { name: "Register / Login" });
    expect(wider).toEqual([]);
    await page.goto(`${baseURL}/about-us?lang=en`);
    expect(await login.isVisible()).toBe(true);
    await context.close();
  });

  it("opens the floating contact button on hover and closes it on leave; click and keyboard too", async () => {
    const { context, page } = await open("/");
    const button = page.getByRole("button", { name: "Contact us" });
    const whatsapp = page.getByRole("link", { name: "WhatsApp" });
    expect(await whatsapp.isVisible()).toBe(false);
    await button.hover();
    await expect.poll(() => whatsapp.isVisible()).toBe(true);
    expect(await whatsapp.getAttribute("href")).toBe("https://wa.me/8801700000000");
    expect(await page.getByRole("link", { name: /^Call / }).getAttribute("href")).toBe(
      "tel:01700000000",
    );
    expect(await page.getByRole("link", { name: "Facebook page" }).getAttribute("href")).toMatch(
      /facebook\.com/,
    );
    await page.mouse.move(100, 300);
    await expect.poll(() => whatsapp.isVisible()).toBe(false);

    await button.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
    await context.close();

    const phone = await open("/", { viewport: { width: 390, height: 844 }, hasTouch: true });
    const tapButton = phone.page.getByRole("button", { name: "Contact us" });
    await tapButton.tap();
    await expect
      .poll(() => phone.page.getByRole("link", { name: "WhatsApp" }).isVisible())
      .toBe(true);
    await tapButton.tap();
    await expect
      .poll(() => phone.page.getByRole("link", { name: "WhatsApp" }).isVisible())
      .toBe(false);
    await phone.context.close();
  });

  it("has no serious or critical axe violations on home (light and dark) and the 404 page", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const { context, page } = await open("/", {
        colorScheme,
        viewport: { width: 1280, height: 900 },
      });
      await page.waitForLoadState("networkidle");
      expect(await page.locator("html").getAttribute("data-theme")).toBe(colorScheme);
      for (const width of [1280, 390]) {
        await resizeAndSettle(page, { width, height: 900 });
        expect(await seriousViolations(page), `${colorScheme} ${width}px`).toEqual([]);
      }
      await context.close();
    }
    const { context, page } = await open("/missing-page");
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
