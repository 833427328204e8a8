import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import {
  apiAsPage,
  axeViolationsAtWidths,
  expectDialog,
  hydrated,
  signInThroughApi,
} from "./auth-support";
import { searchProducts } from "./catalogue-support";
import { ADMIN, DEMO_CUSTOMER, openDashboard } from "./orders-support";

/** A small real PNG, as a phone's gallery would hand to the file input. */
async function png(width: number, height: number, rgb: [number, number, number]) {
  const [r, g, b] = rgb;
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

async function signIn(page: Page, baseURL: string, who: typeof DEMO_CUSTOMER, then: string) {
  await signInThroughApi(page, baseURL, who);
  await page.goto(`${baseURL}${then}`);
  await hydrated(page);
}

/** The corner toast with this text (delete and slide messages). */
async function expectToast(page: Page, text: string) {
  await page.locator('[role="status"]').filter({ hasText: text }).first().waitFor();
}

/**
 * Closes the open notice with Escape (it may already have closed itself after its 3 s, so no
 * click on its OK button, which might be gone), then waits until no dialog is left.
 */
async function closeNotice(page: Page) {
  await page.keyboard.press("Escape");
  await page.locator('[role="dialog"]').waitFor({ state: "detached" });
}

async function mediaStatus(page: Page, url: string): Promise<number> {
  return page.evaluate(async (u) => (await fetch(u, { cache: "no-store" })).status, url);
}

/** The classes of the open confirmation's two buttons (confirm first, then Cancel). */
async function confirmButtonClasses(page: Page) {
  const buttons = page.getByRole("alertdialog").getByRole("button");
  await buttons.first().waitFor();
  return {
    confirm: ((await buttons.nth(0).getAttribute("class")) ?? "").split(/\s+/),
    cancel: ((await buttons.nth(1).getAttribute("class")) ?? "").split(/\s+/),
  };
}

/** Expects a destructive confirmation: a red confirm button and a neutral Cancel. */
async function expectDestructiveConfirm(page: Page) {
  const classes = await confirmButtonClasses(page);
  expect(classes.confirm).toContain("btn-error");
  expect(classes.confirm).not.toContain("btn-primary");
  expect(classes.cancel).not.toContain("btn-error");
  expect(classes.cancel).not.toContain("btn-primary");
  expect(await page.getByRole("alertdialog").getByRole("button").nth(1).textContent()).toBe(
    "Cancel",
  );
}

/** Records the page's CSP violations from its first byte on (window.__cspViolations). */
async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
}

describe("admin manages the catalogue", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signIn(page, baseURL, ADMIN, "/dashboard/allProducts");
  });
  afterAll(async () => browser?.close());

  it("adds a product with two uploaded images, edits its price, finds it and deletes it", async () => {
    const name = `Canvas Tote Bag ${randomBytes(3).toString("hex")}`;
    await page.getByRole("link", { name: "Add Product" }).click();
    await page.waitForURL(`${baseURL}/dashboard/addProduct`);
    await page.getByRole("heading", { name: "Add Product" }).waitFor();

    await page.getByLabel("Product Title").fill(name);
    await page.getByLabel("Product Description").fill("Material: Canvas\nRoomy and washable.");
    await page.getByLabel("Product Video Link").fill("https://www.youtube.com/watch?v=tote");
    await page.getByLabel("Category", { exact: true }).selectOption("Bag Items");
    await page.getByLabel("Sub-Category").selectOption("Backpack");
    await page.getByLabel("Product Type").selectOption("Best Selling");
    await page.getByRole("checkbox", { name: "M", exact: true }).check();
    await page.getByRole("checkbox", { name: "Black" }).check();
    await page.getByLabel("Original Price").fill("1500");
    await page.getByLabel("Offer Price").fill("1200");
    await page.getByLabel("Ratings").fill("4.5");
    await page.getByLabel("Reviews").fill("10");
    await page.getByLabel("Image 1").setInputFiles({
      name: "front.png",
      mimeType: "image/png",
      buffer: await png(600, 600, [200, 40, 40]),
    });
    await page.getByLabel("Image 2").setInputFiles({
      name: "back.png",
      mimeType: "image/png",
      buffer: await png(500, 500, [40, 40, 200]),
    });
    await page.getByRole("img", { name: "Preview of Image 2" }).waitFor();
    await page.getByRole("button", { name: "Upload" }).click();
    await expectDialog(page, "Product Added!", "Your product has been successfully added.");
    await page.waitForURL(`${baseURL}/dashboard/allProducts`);
    await closeNotice(page);

    // The table finds it by name on the server; the name is cut to 20 characters.
    await searchProducts(page, name);
    const row = page.locator("tbody tr").filter({ hasText: name.slice(0, 20) });
    expect(await row.count()).toBe(1);
    expect(await row.locator("th").getAttribute("title")).toBe(name);
    expect(await row.locator("th").textContent()).toBe(`${name.slice(0, 20)}...`);
    expect(await row.textContent()).toContain("৳1,500");
    expect(await row.textContent()).toContain("৳1,200");
    const thumbnail = await row.locator("img").getAttribute("src");
    expect(thumbnail).toMatch(/^\/media\/[a-f0-9]{2}\/[a-f0-9]{32}\.webp\?w=80$/);
    const id = (await row.getAttribute("data-product-id")) as string;

    // Stored as sent, with both images, and shown on the storefront with the discount.
    const stored = await page.evaluate(
      async (productId) => (await fetch(`/api/product/${productId}`)).json(),
      id,
    );
    expect(stored.data).toMatchObject({
      name,
      category: "Bag Items",
      subCategory: "Backpack",
      productType: "Best Selling",
      sizes: ["M"],
      colors: ["Black"],
      originalPrice: 1500,
      offerPrice: 1200,
      ratings: 4.5,
      reviews: 10,
    });
    expect(stored.data.images).toHaveLength(2);
    const [front, back] = stored.data.images as [string, string];
    expect(front).not.toBe(back);
    expect(await mediaStatus(page, back)).toBe(200);
    await row.getByRole("link", { name: `View ${name}` }).click();
    await page.waitForURL(`${baseURL}/product-details/${id}`);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    expect(await page.locator("main").textContent()).toContain("-20%");

    // Edit the price: the form is prefilled from the product.
    await openDashboard(page, baseURL, `/dashboard/allProducts?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await page.waitForURL(`${baseURL}/dashboard/update/${id}`);
    await hydrated(page);
    expect(await page.getByLabel("Product Title").inputValue()).toBe(name);
    expect(await page.getByLabel("Sub-Category").inputValue()).toBe("Backpack");
    expect(await page.getByRole("checkbox", { name: "Black" }).isChecked()).toBe(true);
    await page.getByRole("img", { name: "Preview of Image 2" }).waitFor();
    await page.getByLabel("Offer Price").fill("1000");
    await page.getByRole("button", { name: "Remove Image 2" }).click();
    await page.getByRole("button", { name: "Update" }).click();
    await expectDialog(page, "Product Updated!", "Your product has been successfully updated.");
    await page.waitForURL(`${baseURL}/dashboard/allProducts`);
    await closeNotice(page);
    await searchProducts(page, name);
    expect(await row.textContent()).toContain("৳1,000");
    // The image the update dropped is gone from storage.
    const edited = await page.evaluate(
      async (productId) => (await fetch(`/api/product/${productId}`)).json(),
      id,
    );
    expect(edited.data.images).toEqual([front]);
    expect(await mediaStatus(page, back)).toBe(404);

    // Delete it behind the confirmation.
    await row.getByRole("button", { name: `Delete ${name}` }).click();
    await expectDialog(page, "Are you sure?", "You won't be able to revert this!");
    await page.getByRole("button", { name: "Yes, delete it!" }).click();
    await expectToast(page, "Product deleted successfully.");
    await row.waitFor({ state: "detached" });
    const gone = await page.evaluate(
      async (productId) => (await fetch(`/api/product/${productId}`)).status,
      id,
    );
    expect(gone).toBe(404);
    expect(await mediaStatus(page, front)).toBe(404);
  });

  it("a save from a form opened before another admin's change is refused, saying so; reloaded, it saves", async () => {
    /** The JSON API as another admin's client would call it (the page's own API token). */
    const api = (path: string, method: string, body?: unknown) =>
      apiAsPage(page, path, method, body);
    const name = `Shared Kettle ${randomBytes(3).toString("hex")}`;
    await openDashboard(page, baseURL, "/dashboard/allProducts");
    const added = await api("/api/postProduct", "POST", {
      name,
      category: "Kitchen Items",
      subCategory: "Dinner Set",
      productType: "New Arrivals",
      originalPrice: 1500,
      offerPrice: 1300,
    });
    expect(added.status).toBe(201);
    const id = added.body.insertedId as string;

    await openDashboard(page, baseURL, `/dashboard/update/${id}`);
    await hydrated(page);
    // Meanwhile another admin lowers the offer.
    const other = await api(`/api/updateProduct/${id}`, "PATCH", { offerPrice: 900 });
    expect(other.status).toBe(200);

    await page.getByLabel("Offer Price").fill("1000");
    await page.getByRole("button", { name: "Update" }).click();
    await expectDialog(page, "Error!", "Something went wrong while updating the product.");
    await closeNotice(page);
    await page
      .getByRole("alert")
      .filter({
        hasText:
          "Someone else changed this product while the form was open: reload the page to see their changes",
      })
      .waitFor();
    expect(page.url()).toBe(`${baseURL}/dashboard/update/${id}`);
    expect((await api(`/api/product/${id}`, "GET")).body.data.offerPrice).toBe(900);

    // Reloaded, the form shows the other admin's price and the save goes through.
    await page.reload();
    await hydrated(page);
    expect(await page.getByLabel("Offer Price").inputValue()).toBe("900");
    await page.getByLabel("Offer Price").fill("1000");
    await page.getByRole("button", { name: "Update" }).click();
    await expectDialog(page, "Product Updated!", "Your product has been successfully updated.");
    await page.waitForURL(`${baseURL}/dashboard/allProducts`);
    await closeNotice(page);
    expect((await api(`/api/product/${id}`, "GET")).body.data.offerPrice).toBe(1000);
    expect((await api(`/api/deleteProduct/${id}`, "DELETE")).status).toBe(200);
  });

  it("pages the table on the server: Load more appends, and works without JavaScript too", async () => {
    await openDashboard(page, baseURL, "/dashboard/allProducts");
    const ids = () =>
      page
        .locator("tbody tr")
        .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-product-id")));
    const first = await ids();
    expect(first).toHaveLength(20);
    await page.getByRole("link", { name: "Load more" }).click();
    await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 40);
    const both = await ids();
    expect(new Set(both).size).toBe(40);
    expect(both.slice(0, 20)).toEqual(first);
    expect(page.url()).toBe(`${baseURL}/dashboard/allProducts`);

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.context().addCookies(await context.cookies());
    await plain.goto(`${baseURL}/dashboard/allProducts`);
    await plain.getByLabel("Search products by name").fill("bag");
    await plain.getByRole("button", { name: "Search", exact: true }).click();
    await plain.waitForURL((url) => url.searchParams.get("q") === "bag");
    const names = await plain
      .locator("tbody th")
      .evaluateAll((cells) => cells.map((c) => c.getAttribute("title") ?? ""));
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n.toLowerCase()).toContain("bag");
    await plain.goto(`${baseURL}/dashboard/allProducts`);
    await plain.getByRole("link", { name: "Load more" }).click();
    await plain.waitForURL((url) => url.searchParams.has("cursor"));
    const next = await plain
      .locator("tbody tr")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-product-id")));
    expect(next).toEqual(both.slice(20, 40));
    await noScript.close();
  });

  it("shows the field issues of a product the rules refuse, and saves nothing", async () => {
    await openDashboard(page, baseURL, "/dashboard/addProduct");
    await page.getByLabel("Product Title").fill("Offer above price");
    await page.getByLabel("Category", { exact: true }).selectOption("Kitchen Items");
    await page.getByLabel("Sub-Category").selectOption("Non Stick Pan");
    await page.getByLabel("Product Type").selectOption("New Arrivals");
    await page.getByLabel("Original Price").fill("500");
    await page.getByLabel("Offer Price").fill("800");
    await page.getByLabel("Ratings").fill("6");
    await page.getByRole("button", { name: "Upload" }).click();
    await page.getByText("Offer price cannot be more than the original price").waitFor();
    await page.getByText("Ratings must be between 1 and 5").waitFor();
    expect(await page.getByLabel("Offer Price").getAttribute("aria-invalid")).toBe("true");
    expect(page.url()).toBe(`${baseURL}/dashboard/addProduct`);
  });

  it("a file that is not an image is refused beside its slot, and nothing is added", async () => {
    await openDashboard(page, baseURL, "/dashboard/manageSlider");
    const before = await page.locator("tbody tr").count();
    await openDashboard(page, baseURL, "/dashboard/manageSlide/addSlide");
    await page.getByLabel("Slide Image").setInputFiles({
      name: "banner.png",
      mimeType: "image/png",
      buffer: Buffer.from("this is a text file pretending to be a picture"),
    });
    await page.getByRole("button", { name: "Upload" }).click();
    await expectDialog(page, "Error!", "Failed to add slider data");
    await closeNotice(page);
    await page.getByText("Choose a JPEG, PNG, WebP, AVIF or GIF image").waitFor();
    expect(page.url()).toBe(`${baseURL}/dashboard/manageSlide/addSlide`);
    const slides = await page.evaluate(async () => (await fetch("/api/getSliders")).json());
    expect(slides).toHaveLength(before);

    const missing = await page.goto(`${baseURL}/dashboard/update/no-such-product`);
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { name: "Oops! Page Not Found" }).waitFor();
  });

  it("adds, edits and deletes a slide, and the home slider follows", async () => {
    const title = `Eid sale ${randomBytes(3).toString("hex")}`;
    await openDashboard(page, baseURL, "/dashboard/manageSlider");
    const before = await page.locator("tbody tr").count();
    await page.getByRole("link", { name: "Add Slide" }).click();
    await page.waitForURL(`${baseURL}/dashboard/manageSlide/addSlide`);
    await hydrated(page);
    await page.getByLabel("Slide Image").setInputFiles({
      name: "eid.png",
      mimeType: "image/png",
      buffer: await png(1200, 600, [20, 140, 80]),
    });
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Upload" }).click();
    await expectToast(page, "Slider data add successfully");
    await page.waitForURL(`${baseURL}/dashboard/manageSlider`);
    await page.getByRole("img", { name: title }).waitFor();
    expect(await page.locator("tbody tr").count()).toBe(before + 1);

    await page.goto(baseURL);
    await page.locator(`img[alt="${title}"]`).first().waitFor({ state: "attached" });

    const renamed = `${title} renamed`;
    await openDashboard(page, baseURL, "/dashboard/manageSlider");
    await page.getByRole("link", { name: `Edit slide ${before + 1}` }).click();
    await page.waitForURL(/\/dashboard\/manageSlider\/updateSlider\//);
    await hydrated(page);
    expect(await page.getByLabel("Title").inputValue()).toBe(title);
    await page.getByLabel("Title").fill(renamed);
    await page.getByRole("button", { name: "Update" }).click();
    await expectToast(page, "Slider data update successfully");
    await page.waitForURL(`${baseURL}/dashboard/manageSlider`);
    await page.getByRole("img", { name: renamed }).waitFor();

    await page.getByRole("button", { name: `Delete slide ${before + 1}` }).click();
    await expectDialog(page, "Are you sure?", "You won't be able to revert this!");
    await page.getByRole("button", { name: "Yes, delete it!" }).click();
    await expectToast(page, "Slide deleted successfully");
    await page.getByRole("img", { name: renamed }).waitFor({ state: "detached" });
    expect(await page.locator("tbody tr").count()).toBe(before);
    await page.goto(baseURL);
    await page.locator("main img").first().waitFor({ state: "attached" });
    expect(await page.locator(`img[alt="${renamed}"]`).count()).toBe(0);
  });

  for (const theme of ["light", "dark"] as const) {
    it(`the products table and form have no WCAG A/AA violations (${theme})`, async () => {
      const themed = await browser.newContext({ colorScheme: theme });
      const themedPage = await themed.newPage();
      await signIn(themedPage, baseURL, ADMIN, "/dashboard/allProducts");
      for (const path of [
        "/dashboard/allProducts",
        "/dashboard/addProduct",
        "/dashboard/manageSlider",
        "/dashboard/manageSlide/addSlide",
      ]) {
        await themedPage.setViewportSize({ width: 390, height: 900 });
        await themedPage.goto(`${baseURL}${path}`);
        await hydrated(themedPage);
        expect(await themedPage.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        for (const found of await axeViolationsAtWidths(themedPage, path)) {
          expect(found).toEqual({ where: found.where, violations: [] });
        }
      }
      // The form's field errors and their red are read too (light red on white was 3:1).
      await themedPage.goto(`${baseURL}/dashboard/addProduct`);
      await hydrated(themedPage);
      await themedPage.getByRole("button", { name: "Upload" }).click();
      await themedPage.locator(".text-error").first().waitFor();
      for (const found of await axeViolationsAtWidths(themedPage, "addProduct errors")) {
        expect(found).toEqual({ where: found.where, violations: [] });
      }
      await themed.close();
    });
  }

  it("image previews load on the product and slide forms, with no CSP violation (issue 20 item 17)", async () => {
    const previews = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await previews.addCookies(await context.cookies());
    const previewPage = await previews.newPage();
    await recordCspViolations(previewPage);
    for (const [path, label] of [
      ["/dashboard/addProduct", "Image 1"],
      ["/dashboard/manageSlide/addSlide", "Slide Image"],
    ] as const) {
      await previewPage.goto(`${baseURL}${path}`);
      await hydrated(previewPage);
      await previewPage.getByLabel(label).setInputFiles({
        name: "preview.png",
        mimeType: "image/png",
        buffer: await png(900, 450, [30, 120, 200]),
      });
      const preview = previewPage.getByRole("img", { name: `Preview of ${label}` });
      await preview.waitFor();
      expect(await preview.getAttribute("src")).toMatch(/^blob:/);
      // decode() settles once the image has loaded (or rejects when it was refused).
      const width = await preview.evaluate((img: HTMLImageElement) =>
        img.decode().then(
          () => img.naturalWidth,
          () => 0,
        ),
      );
      expect({ path, width: width > 0 }).toEqual({ path, width: true });
      const violations = await previewPage.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      );
      expect({ path, violations }).toEqual({ path, violations: [] });
    }
    await previews.close();
  });

  it("a field's issue goes as soon as the field is valid again (issue 20 item 20)", async () => {
    await openDashboard(page, baseURL, "/dashboard/addProduct");
    await page.getByLabel("Ratings").fill("6");
    await page.getByRole("button", { name: "Upload" }).click();
    const title = page.getByLabel("Product Title");
    const ratings = page.getByLabel("Ratings");
    await page.locator("#product-name-issue").waitFor();
    await page.getByText("Ratings must be between 1 and 5").waitFor();
    expect(await title.getAttribute("aria-invalid")).toBe("true");

    await title.fill("Fixed Title");
    await page.locator("#product-name-issue").waitFor({ state: "detached" });
    expect(await title.getAttribute("aria-invalid")).toBeNull();
    // The other field is still wrong, so its issue stays.
    expect(await page.getByText("Ratings must be between 1 and 5").count()).toBe(1);
    await ratings.fill("4");
    await page.getByText("Ratings must be between 1 and 5").waitFor({ state: "detached" });
    expect(await ratings.getAttribute("aria-invalid")).toBeNull();
    // A category chosen clears its issue too.
    await page.getByLabel("Category", { exact: true }).selectOption("Bag Items");
    await page.locator("#product-category-issue").waitFor({ state: "detached" });

    await openDashboard(page, baseURL, "/dashboard/manageSlide/addSlide");
    await page.getByRole("button", { name: "Upload" }).click();
    await page.getByText("Choose an image").waitFor();
    await page.getByLabel("Slide Image").setInputFiles({
      name: "slide.png",
      mimeType: "image/png",
      buffer: await png(900, 450, [10, 10, 10]),
    });
    await page.getByText("Choose an image").waitFor({ state: "detached" });
  });

  it("destructive confirmations look destructive and Cancel neutral (issue 20 item 23)", async () => {
    await openDashboard(page, baseURL, "/dashboard/allProducts");
    await page
      .getByRole("button", { name: /^Delete / })
      .first()
      .click();
    await expectDialog(page, "Are you sure?", "You won't be able to revert this!");
    await expectDestructiveConfirm(page);
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();

    await openDashboard(page, baseURL, "/dashboard/manageSlider");
    await page.getByRole("button", { name: "Delete slide 1" }).click();
    await expectDestructiveConfirm(page);
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();

    await openDashboard(page, baseURL, "/dashboard/allUsers?q=customer%40haat.test");
    await page.getByRole("button", { name: "Delete Rahim Uddin" }).click();
    await expectDestructiveConfirm(page);
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    // A role change is not destructive: its confirm button stays the primary one.
    await page.getByRole("button", { name: "Promote to Admin" }).first().click();
    expect((await confirmButtonClasses(page)).confirm).toContain("btn-primary");
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Logout" }).first().click();
    await expectDialog(page, "Are you sure you want to logout?");
    await expectDestructiveConfirm(page);
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("alertdialog").waitFor({ state: "detached" });
  });

  it("a customer opening the admin catalogue pages gets the 403 page", async () => {
    const customer = await browser.newContext();
    const customerPage = await customer.newPage();
    await signIn(customerPage, baseURL, DEMO_CUSTOMER, "/dashboard");
    for (const path of [
      "/dashboard/allProducts",
      "/dashboard/addProduct",
      "/dashboard/manageSlider",
    ]) {
      const res = await customerPage.goto(`${baseURL}${path}`);
      expect({ path, status: res?.status() }).toEqual({ path, status: 403 });
      await customerPage
        .getByRole("heading", { name: "You do not have access to this page" })
        .waitFor();
    }
    const api = await customerPage.evaluate(async () => {
      const res = await fetch("/api/deleteProduct/anything", { method: "DELETE" });
      return res.status;
    });
    expect(api).toBe(403);

    // Delete account on the customer's dashboard home: a destructive confirmation.
    await customerPage.goto(`${baseURL}/dashboard`);
    await hydrated(customerPage);
    await customerPage.getByRole("button", { name: "Delete account" }).click();
    await expectDialog(customerPage, "Are you sure?");
    await expectDestructiveConfirm(customerPage);
    await customerPage.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    await customer.close();
  });
});
