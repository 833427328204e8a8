import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatOrderDate } from "~/core/dates";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { expectDialog, hydrated, register, uniqueEmail } from "./auth-support";
import { fetchProducts } from "./checkout-support";
import {
  ADMIN,
  cardValues,
  DEMO_CUSTOMER,
  listedNumbers,
  openDashboard,
  orderIdOf,
  orderRow,
  placeApiOrder,
  placeOrder,
  runAction,
  signedInPage,
  UPDATED,
} from "./orders-support";

describe("a customer follows, cancels, re-confirms and returns their orders (issue 7)", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let customer: Page;
  let admin: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await signedInPage(browser, baseURL, ADMIN);
    // The customer the first test registers is the one the next tests look at.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    customer = await context.newPage();
  });
  afterAll(async () => browser?.close());

  const expectCards = async (expected: Record<string, number>) => {
    expect(await cardValues(customer, baseURL)).toEqual(expected);
  };
  const listOf = async (path: string) => {
    await openDashboard(customer, baseURL, path);
    return listedNumbers(customer);
  };

  it("places two orders, cancels and re-confirms one, returns the other once delivered", async () => {
    const products = await fetchProducts(baseURL);
    const [first, second] = products;
    if (!first || !second) throw new Error("the seed has no products");
    const email = uniqueEmail("orders");
    await customer.goto(`${baseURL}/authentication/register`);
    await hydrated(customer);
    await register(customer, baseURL, { name: "Sumaiya Akter", email, password: "sumaiya-2026" });
    await expectDialog(customer, "Signup Successful");

    // A brand-new account has nothing yet.
    await expectCards({ "Active Orders": 0, Delivered: 0, "My Cancellations": 0, "My Returns": 0 });
    expect(await customer.getByRole("link", { name: /^Active Orders/ }).getAttribute("href")).toBe(
      "/dashboard/activeOrders",
    );
    await openDashboard(customer, baseURL, "/dashboard/activeOrders");
    expect(await customer.getByText("You have no active orders.").count()).toBe(1);

    // Two orders through the real checkout, signed in (so they are this account's).
    const kept = await placeOrder(customer, baseURL, first, email);
    const cancelled = await placeOrder(customer, baseURL, second, email);
    expect(await listOf("/dashboard/activeOrders")).toEqual([cancelled, kept]);
    expect(await customer.getByTestId("order-count").textContent()).toBe("2 orders");
    await expectCards({ "Active Orders": 2, Delivered: 0, "My Cancellations": 0, "My Returns": 0 });

    // Cancel Order: it moves to My Cancellations.
    await openDashboard(customer, baseURL, "/dashboard/activeOrders");
    await runAction(customer, orderRow(customer, cancelled), "Cancel Order", {
      sentence: `Order #${cancelled} will be cancelled.`,
      ...UPDATED,
    });
    await orderRow(customer, cancelled).waitFor({ state: "detached" });
    expect(await listedNumbers(customer)).toEqual([kept]);
    expect(await listOf("/dashboard/myCancellations")).toEqual([cancelled]);
    await expectCards({ "Active Orders": 1, Delivered: 0, "My Cancellations": 1, "My Returns": 0 });

    // Re-confirm it: back to Active Orders.
    await openDashboard(customer, baseURL, "/dashboard/myCancellations");
    await runAction(customer, orderRow(customer, cancelled), "Confirm", {
      sentence: `Order #${cancelled} will be confirmed.`,
      ...UPDATED,
    });
    await customer.getByText("You have no cancelled orders.").waitFor();
    expect(await listOf("/dashboard/activeOrders")).toEqual([cancelled, kept]);
    const keptId = await orderIdOf(customer, kept);
    await expectCards({ "Active Orders": 2, Delivered: 0, "My Cancellations": 0, "My Returns": 0 });

    // An admin confirms and delivers the other one.
    await openDashboard(admin, baseURL, `/dashboard/order-overview/${keptId}`);
    const actions = admin.getByRole("group", { name: `Actions for order ${kept}` });
    await runAction(admin, actions, "Confirm", UPDATED);
    await runAction(admin, actions, "Delivered", UPDATED);
    await expectCards({ "Active Orders": 1, Delivered: 1, "My Cancellations": 0, "My Returns": 0 });

    // The customer returns it from My Shopping: it moves to My Return.
    expect(await listOf("/dashboard/myShopping")).toEqual([kept]);
    // It says until when it can be returned: RETURN_DAYS (7) after delivery (issue 20 item 16).
    const returnBy = `Return by ${formatOrderDate(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000))}`;
    expect(await orderRow(customer, kept).textContent()).toContain(returnBy);
    await runAction(customer, orderRow(customer, kept), "Return", {
      sentence: `Order #${kept} will be returned to the shop.`,
      ...UPDATED,
    });
    await orderRow(customer, kept).waitFor({ state: "detached" });
    expect(await listOf("/dashboard/myReturn")).toEqual([kept]);
    // A returned order has no more actions.
    expect(await customer.getByRole("group", { name: `Actions for order ${kept}` }).count()).toBe(
      0,
    );
    await expectCards({ "Active Orders": 1, Delivered: 0, "My Cancellations": 0, "My Returns": 1 });

    // Their own overview and invoice open by URL, with the history of who did what.
    await openDashboard(customer, baseURL, `/dashboard/order-overview/${keptId}`);
    expect(await customer.getByRole("heading", { level: 1 }).textContent()).toBe(`Order #${kept}`);
    const history = await customer.locator("ol li").allTextContents();
    expect(history.at(-1)).toContain("Delivered → Return");
    expect(history.at(-1)).toContain("Sumaiya Akter (customer)");
    await customer.getByRole("link", { name: "Invoice" }).click();
    await customer.getByRole("button", { name: "Print Invoice" }).waitFor();
    // Invoiced to the name and email given at checkout (fillCheckout's name).
    const invoice = (await customer.locator("article").textContent()) ?? "";
    expect(invoice).toContain("Karim Ahmed");
    expect(invoice).toContain(email);
  });

  it("answers another customer's order overview and invoice with the 404 page", async () => {
    // An order of the demo customer, placed here: the seeded ones may have been confirmed or
    // cancelled by another journey on this server.
    const [product] = await fetchProducts(baseURL);
    if (!product) throw new Error("the seed has no products");
    const other = await signedInPage(browser, baseURL, DEMO_CUSTOMER);
    const { id, n: someone } = await placeApiOrder(other, product, {
      name: "Demo Customer",
      email: DEMO_CUSTOMER.email,
      mobileNumber: "01712345678",
    });
    await other.context().close();
    for (const path of [
      `/dashboard/order-overview/${id}`,
      `/dashboard/order-overview/${id}/invoice/${id}`,
    ]) {
      const res = await customer.goto(`${baseURL}${path}`);
      expect(res?.status(), path).toBe(404);
      expect(await customer.getByRole("heading", { level: 1 }).textContent()).toBe(
        "Oops! Page Not Found",
      );
    }
    // Their lists never show it either, whatever they search.
    await openDashboard(customer, baseURL, `/dashboard/activeOrders?q=${someone}`);
    expect(await listedNumbers(customer)).toEqual([]);
    // And the admin lists are not theirs.
    const res = await customer.goto(`${baseURL}/dashboard/pendingOrders`);
    expect(res?.status()).toBe(403);
  });
});
