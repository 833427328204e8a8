import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_BODY } from "~/server/testing/api-fixtures";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import {
  ADMIN,
  cardValues,
  DEFAULT_SHOP_ADDRESS,
  listedNumbers,
  openDashboard,
  orderIdOf,
  orderRow,
  runAction,
  signedInPage,
  UPDATED,
} from "./orders-support";

const buttonsOf = (page: Page, orderNumber: number) =>
  page
    .getByRole("group", { name: `Actions for order ${orderNumber}` })
    .getByRole("button")
    .allTextContents();

describe("an admin handles orders (issue 6)", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, baseURL, ADMIN);
  });
  afterAll(async () => browser?.close());

  it("shows the four admin cards and a 30-day chart with its figures for screen readers", async () => {
    const cards = await cardValues(page, baseURL);
    expect(Object.keys(cards)).toEqual([
      "Total Products",
      "Active Orders",
      "Delivered",
      "Cancelled",
    ]);
    expect(cards["Total Products"]).toBeGreaterThan(100);
    const chart = page.getByRole("img", { name: /Orders and revenue per day, last 30 days/ });
    expect(await chart.getAttribute("data-days")).toBe("30");
    expect(await chart.locator("rect").count()).toBe(30);
    expect(await chart.locator("title").textContent()).toBe(
      "Orders and revenue per day, last 30 days",
    );
    expect(await chart.locator("desc").textContent()).toMatch(/orders? and ৳[\d,]+ revenue/);
    expect(
      await page
        .locator("table")
        .filter({ hasText: "Orders and revenue per day" })
        .locator("tbody tr")
        .count(),
    ).toBe(30);
    expect(await page.getByRole("link", { name: /^Active Orders/ }).getAttribute("href")).toBe(
      "/dashboard/pendingOrders",
    );
  });

  it("counts a product added and one deleted meanwhile on the Total Products card", async () => {
    const before = (await cardValues(page, baseURL))["Total Products"] ?? Number.NaN;
    const send = (path: string, method: string, body?: unknown) =>
      page.evaluate(
        async ([path, method, body]) => {
          const res = await fetch(path as string, {
            method: method as string,
            headers: { "content-type": "application/json" },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          return { status: res.status, body: await res.json() };
        },
        [path, method, body] as const,
      );
    const added = await send("/api/postProduct", "POST", {
      ...PRODUCT_BODY,
      name: "Card count Panjabi",
    });
    expect(added.status).toBe(201);
    expect((await cardValues(page, baseURL))["Total Products"]).toBe(before + 1);
    const removed = await send(`/api/deleteProduct/${added.body.insertedId}`, "DELETE");
    expect(removed.status).toBe(200);
    expect((await cardValues(page, baseURL))["Total Products"]).toBe(before);
  });

  it("searches Pending Orders by id and by phone, confirms, ships, delivers and deletes an order", async () => {
    const before = await cardValues(page, baseURL);

    await openDashboard(page, baseURL, "/dashboard/pendingOrders");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Pending Orders");
    expect(await page.locator("thead th").allTextContents()).toEqual([
      "Order ID",
      "Order Date",
      "Amount",
      "Customer Name",
      "Customer Number",
      "Order Status",
      "Actions",
    ]);
    const [orderNumber] = await listedNumbers(page);
    if (!orderNumber) throw new Error("the seed has no pending order");
    const id = await orderIdOf(page, orderNumber);
    const row = orderRow(page, orderNumber);
    // The number is the cell's call link; its risk summary follows it.
    const phone = (await row.locator("td").nth(4).locator("a").textContent()) ?? "";
    expect(await row.locator("td").nth(1).textContent()).toMatch(
      /^\d{2} [A-Z][a-z]{2}, \d{4}\d{2}:\d{2} [ap]m$/,
    );
    expect(await row.locator("td").nth(2).textContent()).toMatch(/^৳[\d,]+$/);
    // A pending order can be confirmed or cancelled, never deleted.
    expect(await buttonsOf(page, orderNumber)).toEqual(["Confirm", "Cancel"]);

    // Search by the id (typed: searches by itself after a pause).
    const search = page.getByLabel("Search by order id");
    await search.fill(id);
    await page.waitForURL((url) => url.searchParams.get("q") === id);
    await expect.poll(() => listedNumbers(page)).toEqual([orderNumber]);
    expect(await page.getByTestId("order-count").textContent()).toContain("1 order found");

    // Search by phone (submitted: works without waiting).
    await search.fill(phone);
    await search.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === phone);
    const phones = await page.locator("tbody tr td:nth-child(5) a").allTextContents();
    expect(phones.length).toBeGreaterThan(0);
    expect(new Set(phones)).toEqual(new Set([phone]));
    expect(await listedNumbers(page)).toContain(orderNumber);

    // The overview opens by URL, with no navigation state.
    await openDashboard(page, baseURL, `/dashboard/order-overview/${id}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      `Order #${orderNumber}`,
    );
    for (const heading of [
      "Shipping Details",
      "Billing Details",
      "Customer Info",
      "Order Summary",
      "Status History",
    ]) {
      await page.getByRole("heading", { name: heading }).waitFor();
    }
    expect(await page.getByText("Total Amount (TK)").count()).toBe(1);
    expect(await page.getByRole("link", { name: "Invoice" }).getAttribute("href")).toBe(
      `/dashboard/order-overview/${id}/invoice/${id}`,
    );

    // Confirm from the list: it leaves Pending and shows up under Confirmed Orders.
    await openDashboard(page, baseURL, `/dashboard/pendingOrders?q=${id}`);
    await runAction(page, orderRow(page, orderNumber), "Confirm", {
      sentence: `Order #${orderNumber} will be confirmed.`,
      ...UPDATED,
    });
    await orderRow(page, orderNumber).waitFor({ state: "detached" });
    await openDashboard(page, baseURL, `/dashboard/confirmedOrders?q=${id}`);
    // Its status badge (a risk badge may stand beside it when this phone has a history).
    const status = orderRow(page, orderNumber).locator(".badge").filter({ hasNotText: "Risky" });
    expect(await status.textContent()).toBe("Confirmed");
    expect(await buttonsOf(page, orderNumber)).toEqual(["Shipping", "Delivered", "Cancel"]);
    // Pending → Confirmed: both are "active" for an admin.
    expect((await cardValues(page, baseURL))["Active Orders"]).toBe(before["Active Orders"]);

    // Shipping, from the overview: the Shipping button is then disabled.
    await openDashboard(page, baseURL, `/dashboard/order-overview/${id}`);
    const actions = page.getByRole("group", { name: `Actions for order ${orderNumber}` });
    await runAction(page, actions, "Shipping", {
      sentence: `Order #${orderNumber} will be set to Shipping.`,
      ...UPDATED,
    });
    // The buttons are also disabled while the change is in flight: wait for the reloaded status first.
    await expect.poll(() => page.locator("main .badge").first().textContent()).toBe("Shipping");
    expect(await actions.getByRole("button", { name: "Shipping" }).isDisabled()).toBe(true);
    expect((await cardValues(page, baseURL))["Active Orders"]).toBe(
      (before["Active Orders"] ?? Number.NaN) - 1,
    );

    await openDashboard(page, baseURL, `/dashboard/order-overview/${id}`);
    await runAction(page, actions, "Delivered", UPDATED);
    // A return the customer reports by phone can still be recorded (decisions.md "Returns").
    await expect
      .poll(() => actions.getByRole("button").allTextContents())
      .toEqual(["Record return", "Delete"]);
    const history = await page
      .getByRole("heading", { name: "Status History" })
      .locator("..")
      .locator("li")
      .allTextContents();
    expect(history.map((h) => h.split(/\d{2} [A-Z]/)[0])).toEqual([
      "Placed as Pending",
      "Pending → Confirmed",
      "Confirmed → Shipping",
      "Shipping → Delivered",
    ]);
    expect(history.at(-1)).toContain("(admin)");
    const delivered = await cardValues(page, baseURL);
    expect(delivered.Delivered).toBe((before.Delivered ?? Number.NaN) + 1);

    // Delete from Delivered Orders.
    await openDashboard(page, baseURL, `/dashboard/deliveredOrders?q=${id}`);
    await runAction(page, orderRow(page, orderNumber), "Delete", {
      sentence: "You won't be able to revert this!",
      title: "Success!",
      text: "Order deleted successfully.",
    });
    await orderRow(page, orderNumber).waitFor({ state: "detached" });
    expect(await page.getByText(`No order matches “${id}”.`).count()).toBe(1);
    expect((await cardValues(page, baseURL)).Delivered).toBe(before.Delivered);

    await page.goto(`${baseURL}/dashboard/order-overview/${id}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Oops! Page Not Found",
    );
  });

  it("says why a change failed when someone else changed the order first (409)", async () => {
    await openDashboard(page, baseURL, "/dashboard/pendingOrders");
    const [orderNumber] = await listedNumbers(page);
    if (!orderNumber) throw new Error("no pending order left");
    const id = await orderIdOf(page, orderNumber);
    // Another admin cancels it meanwhile.
    const status = await page.evaluate(async (orderId) => {
      const res = await fetch(`/api/orderStatus/${orderId}`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ status: "Cancelled" }),
      });
      return res.status;
    }, id);
    expect(status).toBe(200);
    await runAction(page, orderRow(page, orderNumber), "Cancel", {
      title: "Error!",
      text: "Failed to update order status. The order is already Cancelled.",
    });
    // The list shows the order as it is now: gone from Pending.
    await orderRow(page, orderNumber).waitFor({ state: "detached" });
    // Re-confirm it from Cancelled Orders.
    await openDashboard(page, baseURL, `/dashboard/cancelledOrders?q=${id}`);
    expect(await buttonsOf(page, orderNumber)).toEqual(["Confirm", "Delete"]);
    await runAction(page, orderRow(page, orderNumber), "Confirm", UPDATED);
    await orderRow(page, orderNumber).waitFor({ state: "detached" });
  });

  it("prints an invoice with the spec's texts and the shop's address on one A4 page", async () => {
    await openDashboard(page, baseURL, "/dashboard/deliveredOrders");
    const [orderNumber] = await listedNumbers(page);
    if (!orderNumber) throw new Error("the seed has no delivered order");
    const id = await orderIdOf(page, orderNumber);
    await openDashboard(page, baseURL, `/dashboard/order-overview/${id}`);
    await page.getByRole("link", { name: "Invoice" }).click();
    await page.waitForURL(`${baseURL}/dashboard/order-overview/${id}/invoice/${id}`);
    const invoice = page.locator("article");
    await invoice.getByRole("heading", { name: "Invoice", exact: true }).waitFor();
    const text = (await invoice.textContent()) ?? "";
    for (const expected of [
      `#${orderNumber}`,
      "Date:",
      "Invoiced To",
      "Pay To",
      DEFAULT_SHOP_ADDRESS,
      "Sub Total",
      "Delivery Charge",
      "Total",
      "Thank you for your purchase!",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(await invoice.locator("thead th").allTextContents()).toEqual([
      "No",
      "Name",
      "Rate",
      "QTY",
      "Amount",
    ]);
    expect(await page.getByRole("button", { name: "Print Invoice" }).isEnabled()).toBe(true);

    // Print: only the invoice, black on white, even in the dark theme.
    await page.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("button", { name: "Print Invoice" }).isVisible()).toBe(false);
    expect(await page.locator("#dashboard-sidebar").isVisible()).toBe(false);
    const colours = await invoice.evaluate((el) => ({
      text: getComputedStyle(el).color,
      background: getComputedStyle(document.body).backgroundColor,
    }));
    expect(colours).toEqual({ text: "rgb(0, 0, 0)", background: "rgb(255, 255, 255)" });
    // page.pdf() prints with print media unless screen is emulated: back to no emulation.
    await page.emulateMedia({ media: null });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const pages = pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages).toHaveLength(1);
    // A4 is 210 x 297 mm: 595 x 842 points (Chromium writes 594.96 x 841.92).
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString("latin1"));
    expect(Math.abs(Number(box?.[1]) - 595.3)).toBeLessThan(1);
    expect(Math.abs(Number(box?.[2]) - 841.9)).toBeLessThan(1);
    await page.evaluate(() => document.documentElement.setAttribute("data-theme", "light"));
  });

  it("shows an admin their own orders, not everyone's, on the customer lists", async () => {
    for (const [path, empty] of [
      ["/dashboard/activeOrders", "You have no active orders."],
      ["/dashboard/myShopping", "No delivered orders yet."],
    ] as const) {
      await openDashboard(page, baseURL, path);
      expect(await listedNumbers(page), path).toEqual([]);
      expect(await page.getByText(empty).count(), path).toBe(1);
    }
  });

  it("answers an invoice path with two different ids with the 404 page", async () => {
    await openDashboard(page, baseURL, "/dashboard/returnOrders");
    const [orderNumber] = await listedNumbers(page);
    if (!orderNumber) throw new Error("the seed has no returned order");
    const id = await orderIdOf(page, orderNumber);
    await page.goto(`${baseURL}/dashboard/order-overview/${id}/invoice/other`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Oops! Page Not Found",
    );
  });
});
