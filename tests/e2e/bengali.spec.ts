import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { hydrated } from "./auth-support";
import { ADDRESS_OF_AREA, fetchProducts } from "./checkout-support";

/**
 * The shop in Bengali (issue 25, decision 061): every storefront and account page a visitor
 * meets, and the whole buying journey, show no English interface word. Product data (names,
 * descriptions the shop typed in English), the shop's own address and e-mail, brand names and
 * size codes are not interface words.
 */

const baseURL = shop().baseURL;

const BRANDS = [
  // The toggle's link to the other language names it in that language.
  "English",
  "Haat",
  "WhatsApp",
  "Facebook",
  "Google",
  "Instagram",
  "Linkedin",
  "Twitter",
  "bKash",
  "Nagad",
  "Rocket",
  "Upay",
  "VISA",
  "Mastercard",
  "AMEX",
];
const SIZE_CODES = ["XS", "S", "M", "L", "XL", "XXL", "XXXL"];

/** Latin words that are data, not interface: product texts, the shop's details, brands. */
let dataWords: Set<string>;

function wordsOf(text: string): string[] {
  return text.match(/[A-Za-z]{2,}/g) ?? [];
}

/** A truncated product name ends in part of a word: a prefix of a data word is data too. */
function isDataWord(word: string): boolean {
  const lower = word.toLowerCase();
  if (dataWords.has(lower)) return true;
  for (const known of dataWords) if (known.startsWith(lower)) return true;
  return false;
}

/** The page's visible text and the words a screen reader or a hover reads. */
async function interfaceText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.body.innerText, document.title];
    for (const el of document.querySelectorAll("[aria-label], [placeholder], [title], img[alt]")) {
      for (const name of ["aria-label", "placeholder", "title", "alt"]) {
        const value = el.getAttribute(name);
        if (value) parts.push(value);
      }
    }
    const description = document.querySelector('meta[name="description"]')?.getAttribute("content");
    if (description) parts.push(description);
    return parts.join("\n");
  });
}

async function englishWordsOn(page: Page): Promise<string[]> {
  const text = await interfaceText(page);
  return [...new Set(wordsOf(text).filter((w) => !isDataWord(w)))];
}

async function expectBengali(page: Page, where: string) {
  expect(await page.getAttribute("html", "lang"), where).toBe("bn");
  expect(await englishWordsOn(page), where).toEqual([]);
}

describe("the shop in Bengali", () => {
  let browser: Browser;
  let context: BrowserContext;
  let products: Awaited<ReturnType<typeof fetchProducts>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    products = await fetchProducts(baseURL);
    // Every product's words are data (fetchProducts leaves out the sold-out and low ones, which
    // the listings still show).
    const all = (await (await fetch(`${baseURL}/api/products?limit=500`)).json()) as {
      data: { name: string; description: string }[];
    };
    // Slides are shop data too: the demo slides have English titles only (their alt text).
    const slides = (await (await fetch(`${baseURL}/api/getSliders`)).json()) as {
      title: string;
    }[];
    const shopDetails = ["West Shewrapara, Mirpur, Dhaka", "support@haat.example", "haat example"];
    // What the visitor typed (the search shown back) is theirs, not the interface's.
    const typed = ["zzzz-nothing"];
    dataWords = new Set(
      [
        ...BRANDS,
        ...SIZE_CODES,
        ...shopDetails,
        ...typed,
        ...all.data.flatMap((p) => [p.name, p.description]),
        ...slides.map((s) => s.title),
      ].flatMap((text) => wordsOf(text).map((w) => w.toLowerCase())),
    );
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
    ];
    for (const path of paths) {
      await page.goto(`${baseURL}${path}`);
      await hydrated(page);
      await expectBengali(page, path);
    }
    // The contact form's field issues and the sign-in form's refusal, in Bengali too.
    await page.goto(`${baseURL}/contact-us`);
    await hydrated(page);
    await page.getByRole("button", { name: "মেসেজ পাঠান" }).click();
    await expect.poll(() => page.getByText("নাম দিতে হবে").count()).toBeGreaterThan(0);
    await expectBengali(page, "contact form issues");
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
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("অর্ডার সম্পন্ন হয়েছে");
    expect(await page.getByTestId("success-total").textContent()).toMatch(/^৳[০-৯,]+$/);
    await expectBengali(page, "order success");
    await page.close();
  });
});
