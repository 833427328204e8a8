import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { hydrated } from "./auth-support";
import { expectBengali, loadDataWords } from "./bengali-support";
import { ADDRESS_OF_AREA, fetchProducts } from "./checkout-support";

/**
 * The shop in Bengali (issue 25, decision 061): every storefront and account page a visitor
 * meets, and the whole buying journey, show no English interface word (tests/e2e/bengali-support.ts).
 */

const baseURL = shop().baseURL;

describe("the shop in Bengali", () => {
  let browser: Browser;
  let context: BrowserContext;
  let products: Awaited<ReturnType<typeof fetchProducts>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    products = await fetchProducts(baseURL);
    // What the visitor typed (the search shown back) is theirs, not the interface's.
    await loadDataWords(baseURL, ["zzzz-nothing"]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => browser?.close());

  it("shows every storefront and account page without an English interface word", async () => {
    const page = await context.newPage();
    const product = products.find((p) => p.sizes.length === 0 && p.colors.length === 0);
    if (!product) throw new Error("the seed has no product without sizes and colours");
    const paths = [
      "/?lang=bn",
      "/shop",
      "/shop?search=zzzz-nothing",
      "/about-us",
      "/contact-us",
      `/product-details/${product._id}`,
      `/product/category/${encodeURIComponent(product.category)}`,
      `/product/sub-category/${encodeURIComponent(product.subCategory.toLowerCase())}`,
      "/cart",
      "/product-checkout",
      "/order-success",
      "/track-order",
      "/track-order?orderNumber=999999&phone=01712345678",
      "/authentication/login",
      "/authentication/register",
      "/authentication/forgot-password",
      "/authentication/reset-password",
      "/no-such-page",
      // Refused by their loaders: the storefront layout's boundary names the page.
      "/product-details/no-such-product",
      "/product/category/No%20Such%20Category",
    ];
    for (const path of paths) {
      await page.goto(`${baseURL}${path}`);
      await hydrated(page);
      await expectBengali(page, path);
    }
    // The contact form's field issues and the sign-in form's refusal, in Bengali too.
    await page.goto(`${baseURL}/contact-us`);
    await hydrated(page);
    // The shop's number reads in Bengali digits; the link still dials it.
    const call = page.getByRole("main").locator('a[href^="tel:"]');
    expect(await call.textContent()).toBe("০১৭০০০০০০০০");
    expect(await call.getAttribute("href")).toBe("tel:01700000000");
    await page.getByRole("button", { name: "মেসেজ পাঠান" }).click();
    await expect.poll(() => page.getByText("নাম দিতে হবে").count()).toBeGreaterThan(0);
    await expectBengali(page, "contact form issues");
    await page.close();
  });

  it("writes the shop's number and the fields' examples in Bengali digits", async () => {
    const page = await context.newPage();
    const product = products[0];
    if (!product) throw new Error("the seed has no product");
    for (const path of ["/?lang=bn", `/product-details/${product._id}?lang=bn`]) {
      await page.goto(`${baseURL}${path}`);
      await hydrated(page);
      const text = await page.evaluate("document.body.innerText");
      expect(text, path).toContain("০১৭০০০০০০০০");
      expect(text, path).not.toContain("01700000000");
    }
    await page.goto(`${baseURL}/track-order?lang=bn`);
    const placeholders = await page
      .locator("input[placeholder]")
      .evaluateAll((inputs) => inputs.map((i) => i.getAttribute("placeholder")));
    expect(placeholders).toEqual(expect.arrayContaining(["১০০১২৩", "০১৭১২৩৪৫৬৭৮"]));
    // The unknown page's large number too.
    await page.goto(`${baseURL}/no-such-page`);
    expect(await page.getByRole("main").locator("p").first().textContent()).toBe("৪০৪");
    await page.close();
  });

  it("a search typed in Bengali finds a kind of product whose names are in English", async () => {
    const page = await context.newPage();
    await page.goto(`${baseURL}/shop?lang=bn&search=${encodeURIComponent("শাড়ি")}`);
    await hydrated(page);
    const found = await page
      .getByRole("main")
      .locator('a[href^="/product-details/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")?.split("/").pop()));
    const res = await fetch(`${baseURL}/api/products?subCategory=Saree&limit=500`);
    const sarees = new Set(
      ((await res.json()) as { data: { _id: string }[] }).data.map((p) => p._id),
    );
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((id) => !sarees.has(id ?? ""))).toEqual([]);
    await page.close();
  });

  it("buys from home to order success in Bengali: category, product, কার্টে যোগ করুন, cart, checkout", async () => {
    const page = await context.newPage();
    const product = products.find(
      (p) => p.sizes.length === 0 && p.colors.length === 0 && p.category === "Kitchen Items",
    );
    if (!product) throw new Error("the seed has no plain Kitchen Items product");

    await page.goto(`${baseURL}/`);
    await hydrated(page);
    await expectBengali(page, "home");
    await page.locator("#categories").getByRole("link", { name: "রান্নাঘরের পণ্য" }).click();
    await page.waitForURL(/\/product\/category\/Kitchen%20Items/);
    await hydrated(page);
    await expectBengali(page, "category");

    await page.goto(`${baseURL}/product-details/${product._id}`);
    await hydrated(page);
    await expectBengali(page, "product");
    await page.getByRole("button", { name: "কার্টে যোগ করুন" }).click();
    const dialog = page.getByRole("dialog", { name: "পণ্য যোগ হয়েছে!" });
    await expect.poll(() => dialog.count()).toBe(1);
    await expectBengali(page, "added dialog");
    await dialog.getByRole("button", { name: "ঠিক আছে" }).click();

    await page.getByRole("link", { name: /^কার্ট, ১টি পণ্য$/ }).click();
    await page.waitForURL(/\/cart$/);
    await hydrated(page);
    await expect
      .poll(() => page.getByTestId("cart-total").textContent())
      .toMatch(/^৳[০-৯,]+\.[০-৯]{2}$/);
    await expectBengali(page, "cart");

    await page.getByRole("button", { name: "চেকআউট করুন" }).click();
    await page.waitForURL(/\/product-checkout$/);
    await hydrated(page);
    await expectBengali(page, "checkout");
    // Every field's issue, in Bengali, before anything is typed.
    for (const label of ["গ্রাহকের নাম", "ইমেইল", "মোবাইল নম্বর"]) {
      await page.getByLabel(label, { exact: true }).focus();
      await page.getByLabel(label, { exact: true }).blur();
    }
    await expect.poll(() => page.getByText("নাম দিতে হবে").count()).toBe(1);
    await expectBengali(page, "checkout issues");

    await page.getByLabel("গ্রাহকের নাম", { exact: true }).fill("করিম আহমেদ");
    await page.getByLabel("ইমেইল", { exact: true }).fill("karim.bn@example.com");
    // Bengali digits are taken as 0–9.
    await page.getByLabel("মোবাইল নম্বর", { exact: true }).fill("০১৮১২৩৪৫৬৭৮");
    const district = page.getByLabel("জেলা", { exact: true });
    await expect.poll(() => district.isEnabled()).toBe(true);
    await district.fill(ADDRESS_OF_AREA["Outside Dhaka"].district);
    await page.getByLabel("থানা", { exact: true }).fill(ADDRESS_OF_AREA["Outside Dhaka"].thana);
    await page.getByLabel("ঠিকানা", { exact: true }).fill("বাসা ৭, রোড ২, সোনাডাঙ্গা");
    await expect.poll(() => page.getByRole("radio", { name: /^ঢাকার বাইরে/ }).isChecked()).toBe(true);
    await expectBengali(page, "checkout filled");

    await page.getByRole("button", { name: "অর্ডার নিশ্চিত করুন" }).click();
    await page.waitForURL(/\/order-success\?order=/);
    await hydrated(page);
    // The address changes as the navigation commits; the new page's render may follow a moment later.
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("অর্ডার সম্পন্ন হয়েছে");
    expect(await page.getByTestId("success-total").textContent()).toMatch(/^৳[০-৯,]+$/);
    await expectBengali(page, "order success");
    await page.close();
  });
});
