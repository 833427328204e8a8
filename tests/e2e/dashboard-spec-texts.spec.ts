import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { apiAsPage as api, expectDialog, hydrated, register, uniqueEmail } from "./auth-support";
import { fetchProducts } from "./checkout-support";
import {
  ADMIN,
  cardValues,
  checkoutCustomer,
  openDashboard,
  orderIdOf,
  orderRow,
  placeApiOrder,
  placeOrder,
  runAction,
  signedInPage,
  UPDATED,
} from "./orders-support";

/**
 * The dashboards read with the spec's own words (§2 screens, §4 transitions, §8 messages): every
 * journey finds things by the exact text a shop admin or customer sees. Each journey makes its
 * own orders, products, slides and users, so the files sharing the seeded server don't collide.
 */

async function expectToast(page: Page, text: string) {
  await page.getByRole("status").filter({ hasText: text }).first().waitFor();
}

/** Answers the open "Are you sure?" with its confirming (first) button. */
async function confirmIt(page: Page, text?: string) {
  await expectDialog(page, "Are you sure?", text);
  await page.getByRole("alertdialog").getByRole("button").first().click();
}

/** Closes a notice with Escape: it may already have closed itself after its 3 s. */
async function closeNotice(page: Page) {
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });
}

async function openList(page: Page, baseURL: string, slug: string, orderNumber: number) {
  await openDashboard(page, baseURL, `/dashboard/${slug}?q=${orderNumber}`);
  await orderRow(page, orderNumber).waitFor();
}

const ORDER_COLUMNS = [
  "Order ID",
  "Order Date",
  "Amount",
  "Customer Name",
  "Customer Number",
  "Order Status",
  "Actions",
];

async function productBody(name: string) {
  return {
    name,
    description: "Made for the dashboard journey.",
    videoLink: "",
    category: "Kitchen Items",
    subCategory: "Dinner Set",
    productType: "New Arrivals",
    sizes: [],
    colors: [],
    images: [],
    originalPrice: 500,
    offerPrice: 450,
    ratings: 4.5,
    reviews: 3,
    createdAt: new Date().toISOString(),
  };
}

/** Fills the product form with a valid product (no images). */
async function fillProductForm(page: Page, title: string) {
  await page.getByLabel("Product Title", { exact: true }).fill(title);
  await page.getByLabel("Category", { exact: true }).selectOption("Kitchen Items");
  await page.getByLabel("Sub-Category", { exact: true }).selectOption("Dinner Set");
  await page.getByLabel("Product Type", { exact: true }).selectOption("New Arrivals");
  await page.getByLabel("Original Price", { exact: true }).fill("500");
  await page.getByLabel("Ratings", { exact: true }).fill("4");
  await page.getByLabel("Reviews", { exact: true }).fill("2");
}

/**
 * Holds the page's form posts to `url` (a route action: the page's own path, as React Router's
 * `.data` request) until the returned function is called, then lets them go to the server
 * unchanged: the busy word of a button can be read without racing the answer.
 */
async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  return release;
}

describe("the dashboards in the spec's words", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("an admin cancels an order, re-confirms it from Cancelled Orders, reads its overview and invoice, and deletes it", async () => {
    const page = await signedInPage(browser, baseURL, ADMIN);
    await page.getByRole("heading", { name: /Demo Admin/ }).waitFor();
    await page.getByRole("link", { name: "Take a Product" }).waitFor();
    expect(Object.keys(await cardValues(page, baseURL))).toEqual([
      "Total Products",
      "Active Orders",
      "Delivered",
      "Cancelled",
    ]);
    for (const path of [
      "/dashboard/allUsers",
      "/dashboard/allProducts",
      "/dashboard/pendingOrders",
      "/dashboard/confirmedOrders",
      "/dashboard/cancelledOrders",
      "/dashboard/deliveredOrders",
      "/dashboard/returnOrders",
      "/dashboard/manageSlider",
    ]) {
      expect(await page.locator(`nav a[href="${path}"]`).count()).toBeGreaterThan(0);
    }
    await page.getByRole("link", { name: "Go To Home" }).first().waitFor();

    const [product] = await fetchProducts(baseURL);
    if (!product) throw new Error("the seeded shop has no product");
    const { n } = await placeApiOrder(page, product, checkoutCustomer(uniqueEmail("spec-cancel")));

    await openList(page, baseURL, "pendingOrders", n);
    expect(await page.locator("thead th").allTextContents()).toEqual(ORDER_COLUMNS);
    await runAction(page, orderRow(page, n), "Cancel", {
      sentence: "will be cancelled",
      ...UPDATED,
    });
    await orderRow(page, n).waitFor({ state: "detached" });

    await openList(page, baseURL, "cancelledOrders", n);
    await runAction(page, orderRow(page, n), "Confirm", UPDATED);
    await orderRow(page, n).waitFor({ state: "detached" });

    await openList(page, baseURL, "confirmedOrders", n);
    await runAction(page, orderRow(page, n), "Cancel", UPDATED);
    await openList(page, baseURL, "cancelledOrders", n);
    await runAction(page, orderRow(page, n), "Confirm", UPDATED);

    await openList(page, baseURL, "confirmedOrders", n);
    await page.getByRole("link", { name: `View order ${n}` }).click();
    await page.getByRole("heading", { name: `Order #${n}` }).waitFor();
    await hydrated(page);
    for (const text of ["Sub Total", "Delivery Charge", "Total Amount (TK)", "Bangladesh"]) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    await page.getByRole("link", { name: "Invoice", exact: true }).click();
    await page.getByRole("button", { name: "Print Invoice" }).waitFor();
    expect(await page.locator("thead th").allTextContents()).toEqual([
      "No",
      "Name",
      "Rate",
      "QTY",
      "Amount",
    ]);
    for (const text of ["Sub Total", "Delivery Charge", "Total", "Thank you for your purchase!"]) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }

    await openList(page, baseURL, "confirmedOrders", n);
    await runAction(page, orderRow(page, n), "Cancel", UPDATED);
    await openList(page, baseURL, "cancelledOrders", n);
    await runAction(page, orderRow(page, n), "Delete", {
      sentence: "You won't be able to revert this!",
      title: "Success!",
      text: "Order deleted successfully.",
    });
    await orderRow(page, n).waitFor({ state: "detached" });
    await page.context().close();
  });

  it("an admin's change to an order deleted meanwhile shows the §8 failure texts", async () => {
    const page = await signedInPage(browser, baseURL, ADMIN);
    const other = await signedInPage(browser, baseURL, ADMIN);
    const [product] = await fetchProducts(baseURL);
    if (!product) throw new Error("the seeded shop has no product");
    const { n: toConfirm } = await placeApiOrder(
      other,
      product,
      checkoutCustomer(uniqueEmail("spec-gone")),
    );
    const { n: toDelete } = await placeApiOrder(
      other,
      product,
      checkoutCustomer(uniqueEmail("spec-gone")),
    );

    // Both wait in Cancelled Orders; another admin deletes each while this page still lists it.
    for (const n of [toConfirm, toDelete]) {
      await openList(other, baseURL, "pendingOrders", n);
      await runAction(other, orderRow(other, n), "Cancel", UPDATED);
    }
    await openList(page, baseURL, "cancelledOrders", toConfirm);
    const gone = await orderIdOf(page, toConfirm);
    await openList(other, baseURL, "cancelledOrders", toConfirm);
    await runAction(other, orderRow(other, toConfirm), "Delete", {
      title: "Success!",
      text: "Order deleted successfully.",
    });
    await orderRow(page, toConfirm).getByRole("button", { name: "Confirm", exact: true }).click();
    await confirmIt(page);
    await expectDialog(page, "Error!", "Failed to update order status.");
    await closeNotice(page);
    await orderRow(page, toConfirm).waitFor({ state: "detached" });
    expect(
      (await api(page, `/api/orderStatus/${gone}`, "PUT", { status: "Confirmed" })).status,
    ).toBe(404);

    await openList(page, baseURL, "cancelledOrders", toDelete);
    await openList(other, baseURL, "cancelledOrders", toDelete);
    await runAction(other, orderRow(other, toDelete), "Delete", {
      title: "Success!",
      text: "Order deleted successfully.",
    });
    await orderRow(page, toDelete).getByRole("button", { name: "Delete", exact: true }).click();
    await confirmIt(page, "You won't be able to revert this!");
    await expectDialog(page, "Error!", "Error deleting order. Please try again later.");
    await closeNotice(page);
    await page.context().close();
    await other.context().close();
  });

  it("an admin's product table, forms and messages use the spec's words, failures included", async () => {
    const page = await signedInPage(browser, baseURL, ADMIN);
    const tag = uniqueEmail("x").slice(2, 10);
    const names = ["Deleted", "Gone", "Renamed", "Vanished"].map(
      (w) => `Spec Review ${w} Dinner Set ${tag}`,
    );
    const ids: string[] = [];
    for (const name of names) {
      const res = await api(page, "/api/postProduct", "POST", await productBody(name));
      expect(res.status).toBe(201);
      expect(typeof res.body.insertedId).toBe("string");
      ids.push(res.body.insertedId);
    }
    const [deleted, gone, renamed, vanished] = ids as [string, string, string, string];

    await openDashboard(page, baseURL, `/dashboard/allProducts?q=${encodeURIComponent(tag)}`);
    await page.getByRole("link", { name: "Add Product" }).waitFor();
    expect(await page.locator("thead th").allTextContents()).toEqual([
      "Name",
      "Category",
      "Sub-Category",
      "Type",
      "Price",
      "Offer",
      // Issue 22: stock per product.
      "Stock",
      "Image",
      "Actions",
    ]);
    // Spec §9: the admin table cuts names to 20 characters.
    const cut = page.locator(`tr[data-product-id="${deleted}"] th`);
    expect((await cut.textContent())?.replace(/\.\.\.$|…$/, "")).toBe(
      (names[0] as string).slice(0, 20),
    );

    await page.getByRole("button", { name: `Delete ${names[0]}` }).click();
    await confirmIt(page, "You won't be able to revert this!");
    await expectToast(page, "Product deleted successfully.");
    await page.locator(`tr[data-product-id="${deleted}"]`).waitFor({ state: "detached" });

    expect((await api(page, `/api/deleteProduct/${gone}`, "DELETE")).status).toBe(200);
    await page.getByRole("button", { name: `Delete ${names[1]}` }).click();
    await confirmIt(page);
    await expectToast(page, "Error deleting product. Please try again later.");

    await openDashboard(page, baseURL, "/dashboard/addProduct");
    for (const label of [
      "Product Title",
      "Product Description",
      "Product Video Link",
      "Category",
      "Sub-Category",
      "Product Type",
      "Original Price",
      "Offer Price",
      "Ratings",
      "Reviews",
    ]) {
      await page.getByLabel(label, { exact: true }).waitFor();
    }
    expect(await page.getByLabel("Product Description").getAttribute("rows")).toBe("10");
    expect(await page.getByText("450px width and height").count()).toBe(4);
    // A held request shows the busy word; the server then answers as usual.
    const title = `Spec Review Added Dinner Set ${tag}`;
    await fillProductForm(page, title);
    const release = await holdRequests(page, "**/dashboard/addProduct.data*");
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await page.getByRole("button", { name: "Uploading..." }).waitFor();
    release();
    await expectDialog(page, "Product Added!", "Your product has been successfully added.");
    await page.waitForURL((url) => url.pathname === "/dashboard/allProducts");
    await closeNotice(page);

    // A picture the server refuses: the add fails with the spec's text and adds nothing.
    await openDashboard(page, baseURL, "/dashboard/addProduct");
    await fillProductForm(page, `${title} Refused`);
    await page.getByLabel(/^Image 1/).setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: Buffer.from("a text file pretending to be a picture"),
    });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expectDialog(page, "Error!", "Something went wrong while adding the product.");
    await closeNotice(page);
    expect(new URL(page.url()).pathname).toBe("/dashboard/addProduct");
    const found = await api(page, `/api/products?searchQuery=${encodeURIComponent(title)}`);
    expect(found.body.data.map((p: { name: string }) => p.name)).toEqual([title]);

    await openDashboard(page, baseURL, `/dashboard/update/${renamed}`);
    await page.getByLabel("Product Title").fill(`${names[2]} Deluxe`);
    const releaseUpdate = await holdRequests(page, `**/dashboard/update/${renamed}.data*`);
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await page.getByRole("button", { name: "Updating..." }).waitFor();
    releaseUpdate();
    await expectDialog(page, "Product Updated!", "Your product has been successfully updated.");
    await page.waitForURL((url) => url.pathname === "/dashboard/allProducts");
    await closeNotice(page);

    await openDashboard(page, baseURL, `/dashboard/update/${vanished}`);
    await page.getByLabel("Product Title").fill(`${names[3]} Deluxe`);
    expect((await api(page, `/api/deleteProduct/${vanished}`, "DELETE")).status).toBe(200);
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expectDialog(page, "Error!", "Something went wrong while updating the product.");
    await closeNotice(page);
    expect(new URL(page.url()).pathname).toBe(`/dashboard/update/${vanished}`);
    await page.context().close();
  });

  it("an admin's slide and user changes on something deleted meanwhile show the §8 failures", async () => {
    const page = await signedInPage(browser, baseURL, ADMIN);
    const other = await signedInPage(browser, baseURL, ADMIN);

    const title = `Spec review slide ${uniqueEmail("s").slice(2, 10)}`;
    const [first] = (await api(page, "/api/getSliders")).body as { image: string }[];
    if (!first) throw new Error("the seeded shop has no slide");
    const added = await api(page, "/api/postSlider", "POST", {
      image: first.image,
      title,
      time: new Date().toISOString(),
    });
    expect(typeof added.body.insertedId).toBe("string");
    const slideRow = (p: Page) =>
      p.locator("tr").filter({ has: p.getByRole("img", { name: title, exact: true }) });

    await openDashboard(page, baseURL, "/dashboard/manageSlider");
    await page.getByRole("link", { name: "Add Slide" }).waitFor();
    await openDashboard(other, baseURL, "/dashboard/manageSlider");
    await slideRow(other)
      .getByRole("button", { name: /^Delete slide/ })
      .click();
    await confirmIt(other, "You won't be able to revert this!");
    await expectToast(other, "Slide deleted successfully");
    await slideRow(page)
      .getByRole("button", { name: /^Delete slide/ })
      .click();
    await confirmIt(page);
    await expectToast(page, "Failed to delete slide");

    const again = await api(page, "/api/postSlider", "POST", {
      image: first.image,
      title,
      time: new Date().toISOString(),
    });
    await openDashboard(
      page,
      baseURL,
      `/dashboard/manageSlider/updateSlider/${again.body.insertedId}`,
    );
    await page.getByText("900x450").waitFor();
    await page.getByLabel(/^Title/).fill(`${title} renamed`);
    expect((await api(other, `/api/deleteSlider/${again.body.insertedId}`, "DELETE")).status).toBe(
      200,
    );
    const releaseSlide = await holdRequests(page, "**/dashboard/manageSlider/updateSlider/*.data*");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await page.getByRole("button", { name: "Updating..." }).waitFor();
    releaseSlide();
    await expectToast(page, "Failed to update slider data");

    const newcomer = {
      name: "Spec Review Shopper",
      email: uniqueEmail("spec-user"),
      password: "spec-pass-2026",
    };
    const signup = await browser.newContext();
    const signupPage = await signup.newPage();
    await register(signupPage, baseURL, newcomer);
    await expectDialog(signupPage, "Signup Successful");
    await signup.close();

    const userRow = (p: Page) =>
      p
        .getByRole("row")
        .filter({ has: p.getByRole("cell", { name: newcomer.email, exact: true }) });
    const search = `/dashboard/allUsers?q=${encodeURIComponent(newcomer.email)}`;
    await openDashboard(page, baseURL, search);
    expect(await page.locator("thead th").allTextContents()).toEqual([
      "#",
      "Name",
      "Email",
      "Role",
      "Action",
    ]);
    await userRow(page).getByRole("button", { name: "Promote to Admin" }).waitFor();
    await openDashboard(other, baseURL, search);
    await userRow(other)
      .getByRole("button", { name: `Delete ${newcomer.name}` })
      .click();
    await confirmIt(other, "You won't be able to revert this!");
    await expectToast(other, "User deleted successfully");

    await userRow(page).getByRole("button", { name: "Promote to Admin" }).click();
    await confirmIt(page);
    await expectDialog(page, "Failed to update user role");
    await closeNotice(page);
    await userRow(page)
      .getByRole("button", { name: `Delete ${newcomer.name}` })
      .click();
    await confirmIt(page);
    await expectDialog(page, "Failed to delete user");
    await closeNotice(page);
    await page.context().close();
    await other.context().close();
  });

  it("an admin demoted meanwhile gets the 403 page on the next change, and nothing changes", async () => {
    const admin = await signedInPage(browser, baseURL, ADMIN);
    const helper = {
      name: "Spec Review Helper",
      email: uniqueEmail("spec-helper"),
      password: "spec-pass-2026",
    };
    const signup = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const newcomer = await signup.newPage();
    await register(newcomer, baseURL, helper);
    await expectDialog(newcomer, "Signup Successful");
    await signup.close();

    const search = `/dashboard/allUsers?q=${encodeURIComponent(helper.email)}`;
    const row = (p: Page) =>
      p.getByRole("row").filter({ has: p.getByRole("cell", { name: helper.email, exact: true }) });
    await openDashboard(admin, baseURL, search);
    await row(admin).getByRole("button", { name: "Promote to Admin" }).click();
    await confirmIt(admin);
    await expectToast(admin, "User role updated successfully!");

    // A role change ends the user's sessions (decision 029): the new admin signs in again.
    const page = await signedInPage(browser, baseURL, helper);
    const context = page.context();

    const productName = `Spec Review Kept Dinner Set ${uniqueEmail("k").slice(2, 10)}`;
    const created = await api(admin, "/api/postProduct", "POST", await productBody(productName));
    await openDashboard(
      page,
      baseURL,
      `/dashboard/allProducts?q=${encodeURIComponent(productName)}`,
    );
    await page.getByRole("button", { name: `Delete ${productName}` }).waitFor();

    await row(admin).getByRole("button", { name: "Demote to Customer" }).click();
    await confirmIt(admin);
    await expectToast(admin, "User role updated successfully!");

    // The helper's page still shows the admin table; its next call answers 401 (session ended).
    await page.getByRole("button", { name: `Delete ${productName}` }).click();
    await confirmIt(page);
    await page.waitForURL((url) => url.pathname === "/authentication/login");
    expect((await api(admin, `/api/product/${created.body.insertedId}`)).status).toBe(200);
    await page.goto(`${baseURL}/dashboard`);
    await page.waitForURL((url) => url.pathname === "/authentication/login");
    await context.close();
    await admin.context().close();
  });

  it("a new customer on a phone cancels an order and confirms it again from My Cancellations", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const me = {
      name: "Spec Review Customer",
      email: uniqueEmail("spec-customer"),
      password: "spec-pass-2026",
    };
    await register(page, baseURL, me);
    await expectDialog(page, "Signup Successful");
    await closeNotice(page);

    const [product] = await fetchProducts(baseURL);
    if (!product) throw new Error("the seeded shop has no product");
    const n = await placeOrder(page, baseURL, product, me.email);

    const before = await cardValues(page, baseURL);
    expect(before).toEqual({
      "Active Orders": 1,
      Delivered: 0,
      "My Cancellations": 0,
      "My Returns": 0,
    });
    await page.getByRole("heading", { name: /Spec Review Customer/ }).waitFor();
    await page.getByRole("link", { name: "Take a Product" }).waitFor();
    for (const path of [
      "/dashboard/activeOrders",
      "/dashboard/myShopping",
      "/dashboard/myCancellations",
      "/dashboard/myReturn",
    ]) {
      expect(await page.locator(`nav a[href="${path}"]`).count()).toBeGreaterThan(0);
    }

    await openList(page, baseURL, "activeOrders", n);
    expect(await page.locator("thead th").allTextContents()).toEqual(ORDER_COLUMNS);
    await runAction(page, orderRow(page, n), "Cancel Order", UPDATED);
    await orderRow(page, n).waitFor({ state: "detached" });
    expect(await cardValues(page, baseURL)).toEqual({
      ...before,
      "Active Orders": 0,
      "My Cancellations": 1,
    });

    await openList(page, baseURL, "myCancellations", n);
    await runAction(page, orderRow(page, n), "Confirm", UPDATED);
    await orderRow(page, n).waitFor({ state: "detached" });

    await openList(page, baseURL, "activeOrders", n);
    await page.getByRole("link", { name: `View order ${n}` }).click();
    await page.getByRole("heading", { name: `Order #${n}` }).waitFor();
    for (const text of ["Sub Total", "Delivery Charge", "Total Amount (TK)", "Bangladesh"]) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    await page.getByRole("link", { name: "Invoice", exact: true }).click();
    await page.getByText("Thank you for your purchase!").waitFor();
    await page.getByRole("button", { name: "Print Invoice" }).waitFor();
    expect(await cardValues(page, baseURL)).toEqual(before);
    await context.close();
  });
});
