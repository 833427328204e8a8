import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toBengaliDigits } from "~/core/locale";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { expectDialog, hydrated } from "./auth-support";
import { expectBengali, loadDataWords } from "./bengali-support";
import { ADMIN, openDashboard, signedInPage } from "./orders-support";

/**
 * The admin's catalogue screens in Bengali (issue 25): All Products (search, load more), Add
 * Product (every field issue, then a product typed with Bengali digits), Update Product (its
 * Bengali name), the product's stock history (a refusal, then a change), Manage Slider, Add
 * Slide (a refused file, then a slide), Update Slide, and the delete confirmations, each with no
 * English interface word (tests/e2e/bengali-support.ts).
 */

const baseURL = shop().baseURL;
const tag = randomBytes(3).toString("hex");
const NAME = `Jute Walk Basket ${tag}`;
const SLIDE_TITLE = `Walk Slide ${tag}`;
const SEARCHED = "zzzz-nothing";

async function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 90 } } })
    .png()
    .toBuffer();
}

/** The corner toast with this text. */
async function expectToast(page: Page, text: string) {
  await page.locator('[role="status"]').filter({ hasText: text }).first().waitFor();
}

/** Closes the open notice (it may have closed itself already) and waits until it is gone. */
async function closeNotice(page: Page) {
  await page.keyboard.press("Escape");
  await page.locator('[role="dialog"]').waitFor({ state: "detached" });
}

/** The delete confirmation in Bengali, then বাতিল: nothing is deleted. */
async function cancelDelete(page: Page, where: string) {
  await expectDialog(page, "আপনি কি নিশ্চিত?", "এটি আর ফেরানো যাবে না!");
  await expectBengali(page, where);
  await page.getByRole("alertdialog").getByRole("button", { name: "বাতিল" }).click();
  await page.getByRole("alertdialog").waitFor({ state: "detached" });
}

async function searchProducts(page: Page, q: string) {
  await page.getByLabel("নাম দিয়ে পণ্য খুঁজুন").fill(q);
  await page.getByRole("button", { name: "খুঁজুন", exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === q);
  await hydrated(page);
}

describe("the admin's catalogue in Bengali", () => {
  let browser: Browser;
  let page: Page;
  let productId = "";

  beforeAll(async () => {
    browser = await launchBrowser();
    // What the admin types or picks is data, not interface: the names, the search, the files.
    await loadDataWords(baseURL, [
      NAME,
      SLIDE_TITLE,
      SEARCHED,
      "Demo Admin",
      "banner.png walk.png",
    ]);
    page = await signedInPage(browser, baseURL, ADMIN, { path: "/dashboard/allProducts?lang=bn" });
  });
  afterAll(async () => browser?.close());

  it("All Products: the table, a search that finds nothing, and more rows", async () => {
    await page.getByRole("heading", { level: 1, name: "সব পণ্য" }).waitFor();
    expect(await page.locator("tbody td[data-label='দাম']").first().textContent()).toMatch(
      /^৳[০-৯,]+$/,
    );
    await expectBengali(page, "all products");

    await searchProducts(page, SEARCHED);
    await page.getByText(`“${SEARCHED}” নামে কোনো পণ্য পাওয়া যায়নি।`).waitFor();
    await expectBengali(page, "all products, nothing found");

    await openDashboard(page, baseURL, "/dashboard/allProducts");
    const rows = await page.locator("tbody tr").count();
    await page.getByRole("link", { name: "আরও দেখুন" }).click();
    await expect.poll(() => page.locator("tbody tr").count()).toBeGreaterThan(rows);
    await expectBengali(page, "all products, more rows");
  });

  it("Add Product: every field issue in Bengali, then a product typed with Bengali digits", async () => {
    await page.getByRole("link", { name: "পণ্য যোগ করুন" }).first().click();
    await page.waitForURL(`${baseURL}/dashboard/addProduct`);
    await hydrated(page);
    await expectBengali(page, "add product");

    await page.getByRole("button", { name: "আপলোড করুন" }).click();
    for (const issue of [
      "নাম দিতে হবে",
      "ক্যাটাগরি বেছে নিন",
      "সাব-ক্যাটাগরি বেছে নিন",
      "পণ্যের ধরন বেছে নিন",
      "আসল দাম দিন",
    ]) {
      await page.locator("p.text-error", { hasText: issue }).first().waitFor();
    }
    await expectBengali(page, "add product, every issue");

    await page.getByLabel("পণ্যের নাম, ইংরেজিতে").fill(NAME);
    await page.getByLabel("পণ্যের নাম, বাংলায় (ঐচ্ছিক)").fill("পাটের ঝুড়ি");
    await page.getByLabel("ক্যাটাগরি", { exact: true }).selectOption("Bag Items");
    await page.getByLabel("সাব-ক্যাটাগরি", { exact: true }).selectOption("Backpack");
    await page.getByLabel("পণ্যের ধরন").selectOption("Best Selling");
    await page.getByRole("checkbox", { name: "M", exact: true }).check();
    await page.getByRole("checkbox", { name: "কালো" }).check();
    await page.getByRole("switch", { name: "স্টক ট্র্যাক করুন" }).check();
    await page.getByLabel("M / কালো: হাতে থাকা পিস").fill("৫");
    await page.getByLabel("আসল দাম").fill("১২৫০");
    await page.getByLabel("অফার দাম").fill("1500");
    // An offer above the price is refused in Bengali; the inputs show Bengali digits.
    await page.getByRole("button", { name: "আপলোড করুন" }).click();
    await page.getByText("অফার দাম আসল দামের চেয়ে বেশি হতে পারে না").waitFor();
    expect(await page.getByLabel("অফার দাম").inputValue()).toBe("১৫০০");
    await expectBengali(page, "add product, offer above the price");
    await page.getByLabel("অফার দাম").fill("৯৯০");
    await page.getByLabel("রেটিং").fill("৪.৫");
    await page.getByLabel("রিভিউ").fill("১০");
    await page.getByRole("button", { name: "আপলোড করুন" }).click();
    await expectDialog(page, "পণ্য যোগ হয়েছে!", "আপনার পণ্যটি সফলভাবে যোগ হয়েছে।");
    await expectBengali(page, "product added");
    await closeNotice(page);
    await page.waitForURL(`${baseURL}/dashboard/allProducts`);

    const stored = (await (
      await fetch(`${baseURL}/api/products?searchQuery=${encodeURIComponent(NAME)}`)
    ).json()) as {
      data: { _id: string; name: string; originalPrice: number; offerPrice: number | null }[];
    };
    const product = stored.data.find((p) => p.name === NAME);
    expect(product).toMatchObject({ originalPrice: 1250, offerPrice: 990 });
    productId = product?._id ?? "";
  });

  it("Update Product: the Bengali name is edited and saved; the delete confirmation is cancelled", async () => {
    await searchProducts(page, NAME);
    const row = page.locator(`tr[data-product-id="${productId}"]`);
    expect(await row.locator("td[data-label='দাম']").textContent()).toBe("৳১,২৫০");
    expect(await row.locator("td[data-label='স্টক']").textContent()).toContain("৫");
    await expectBengali(page, "all products, the new product");

    await row.getByRole("button", { name: `${NAME} মুছুন` }).click();
    await cancelDelete(page, "delete product?");

    await row.getByRole("link", { name: `${NAME} এডিট করুন` }).click();
    await page.waitForURL(`${baseURL}/dashboard/update/${productId}`);
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "পণ্য আপডেট করুন" }).waitFor();
    expect(await page.getByLabel("আসল দাম").inputValue()).toBe("১২৫০");
    await expectBengali(page, "update product");

    await page.getByLabel("পণ্যের নাম, বাংলায় (ঐচ্ছিক)").fill("বাংলা নাম");
    await page.getByRole("button", { name: "আপডেট করুন" }).click();
    await expectDialog(page, "পণ্য আপডেট হয়েছে!", "আপনার পণ্যটি সফলভাবে আপডেট হয়েছে।");
    await expectBengali(page, "product updated");
    await closeNotice(page);
    await page.waitForURL(`${baseURL}/dashboard/allProducts`);
    const saved = (await (await fetch(`${baseURL}/api/product/${productId}`)).json()) as {
      data: { nameBn?: string };
    };
    expect(saved.data.nameBn).toBe("বাংলা নাম");
  });

  it("stock history: a change below zero is refused, a change typed in Bengali digits is saved", async () => {
    await openDashboard(page, baseURL, `/dashboard/update/${productId}`);
    await page.getByRole("link", { name: "স্টকের ইতিহাস" }).click();
    await page.waitForURL(`${baseURL}/dashboard/stock/${productId}`);
    await hydrated(page);
    expect(await page.getByTestId("stock-summary").textContent()).toBe("হাতে আছে ৫ পিস");
    expect(await page.locator("tbody td[data-label='পরিবর্তন']").allTextContents()).toEqual(["+৫"]);
    await expectBengali(page, "stock history");

    await page.getByLabel("পরিবর্তন (মাইনাস দিলে কমবে)").fill("-৯");
    await page.getByRole("button", { name: "পরিবর্তন সেভ করুন" }).click();
    await page.getByText("হাতে আছে মাত্র ৫ পিস: সর্বোচ্চ ৫ পিস কমানো যায়").waitFor();
    await expectBengali(page, "stock change refused");

    await page.getByLabel("পরিবর্তন (মাইনাস দিলে কমবে)").fill("৩");
    await page.getByRole("button", { name: "পরিবর্তন সেভ করুন" }).click();
    await page.getByText("সেভ হয়েছে: M / কালো, হাতে আছে ৮ পিস।").waitFor();
    await expect
      .poll(() => page.getByTestId("stock-summary").textContent(), { timeout: 5000 })
      .toBe("হাতে আছে ৮ পিস");
    await expectBengali(page, "stock changed");
  });

  it("Manage Slider, Add Slide (a refused file, then a slide), Update Slide, and the deletes", async () => {
    await openDashboard(page, baseURL, "/dashboard/manageSlider");
    await page.getByRole("heading", { level: 1, name: "স্লাইডার ম্যানেজ করুন" }).waitFor();
    const before = await page.locator("tbody tr").count();
    await expectBengali(page, "manage slider");
    await page.getByRole("button", { name: "স্লাইড ১ মুছুন" }).click();
    await cancelDelete(page, "delete slide?");

    await page.getByRole("link", { name: "স্লাইড যোগ করুন" }).click();
    await page.waitForURL(`${baseURL}/dashboard/manageSlide/addSlide`);
    await hydrated(page);
    await page.getByRole("button", { name: "আপলোড করুন" }).click();
    await page.getByText("একটি ছবি বেছে নিন").waitFor();
    await expectBengali(page, "add slide, no image");

    await page.getByLabel("স্লাইডের ছবি").setInputFiles({
      name: "banner.png",
      mimeType: "image/png",
      buffer: Buffer.from("this is a text file pretending to be a picture"),
    });
    await page.getByRole("button", { name: "আপলোড করুন" }).click();
    await expectDialog(page, "ত্রুটি!", "স্লাইড যোগ করা যায়নি");
    await expectBengali(page, "add slide, refused file");
    await closeNotice(page);
    await page.getByText("জেপিজি, পিএনজি, ওয়েবপি, অ্যাভিফ বা জিআইএফ ছবি বেছে নিন").waitFor();

    await page.getByLabel("স্লাইডের ছবি").setInputFiles({
      name: "walk.png",
      mimeType: "image/png",
      buffer: await png(1200, 600),
    });
    await page.getByLabel("শিরোনাম, ইংরেজিতে").fill(SLIDE_TITLE);
    await page.getByRole("button", { name: "আপলোড করুন" }).click();
    await expectToast(page, "স্লাইড সফলভাবে যোগ হয়েছে");
    await page.waitForURL(`${baseURL}/dashboard/manageSlider`);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(before + 1);
    await expectBengali(page, "slide added");

    const n = toBengaliDigits(String(before + 1));
    await page.getByRole("link", { name: `স্লাইড ${n} এডিট করুন` }).click();
    await page.waitForURL(/\/dashboard\/manageSlider\/updateSlider\//);
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "স্লাইড আপডেট করুন" }).waitFor();
    await expectBengali(page, "update slide");
    await page.getByLabel("শিরোনাম, বাংলায়").fill("হাঁটার স্লাইড");
    await page.getByRole("button", { name: "আপডেট করুন" }).click();
    await expectToast(page, "স্লাইড সফলভাবে আপডেট হয়েছে");
    await page.waitForURL(`${baseURL}/dashboard/manageSlider`);
    await page.getByRole("img", { name: "হাঁটার স্লাইড" }).waitFor();
    await expectBengali(page, "slide updated");

    // The walk leaves the shop as it found it: its slide and its product go.
    await page.getByRole("button", { name: `স্লাইড ${n} মুছুন` }).click();
    await page.getByRole("button", { name: "হ্যাঁ, মুছে ফেলুন!" }).click();
    await expectToast(page, "স্লাইডটি সফলভাবে মুছে ফেলা হয়েছে");
    await expectBengali(page, "slide deleted");
    await expect.poll(() => page.locator("tbody tr").count()).toBe(before);

    await openDashboard(page, baseURL, "/dashboard/allProducts");
    await searchProducts(page, NAME);
    await page.getByRole("button", { name: `${NAME} মুছুন` }).click();
    await page.getByRole("button", { name: "হ্যাঁ, মুছে ফেলুন!" }).click();
    await expectToast(page, "পণ্যটি সফলভাবে মুছে ফেলা হয়েছে।");
    await expectBengali(page, "product deleted");
  });
});
