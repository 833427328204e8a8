import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toBengaliDigits } from "~/core/locale";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { expectDialog, hydrated, register, uniqueEmail } from "./auth-support";
import { expectBengali, loadDataWords } from "./bengali-support";
import { fetchProducts } from "./checkout-support";
import {
  ADMIN,
  freshPhone,
  guestPage,
  openDashboard,
  orderRow,
  placeApiOrder,
  sendFrom,
  signedInPage,
} from "./orders-support";

/**
 * The order screens in Bengali (issue 25): every admin order list, an order's overview, the
 * confirmation call, a status change with its "Are you sure?" and notices, a refused change, a
 * bulk action and the courier panel without a courier; the customer's four lists, their order's
 * overview and cancelling it. No English interface word on any of them (bengali-support.ts).
 */

const baseURL = shop().baseURL;

const bengaliDigits = (n: number | string) => toBengaliDigits(String(n));

/** What this walk types: its customers' names, e-mails, addresses and notes. */
const TYPED = {
  name: "Walker Rahman",
  address: "House 7, Road 3",
  note: "Walk note",
  customer: "Sumaiya Walker",
  search: "zzzz-nothing",
  // The demo admin's account name, shown as who changed a status.
  admin: "Demo Admin",
};

describe("the order screens in Bengali", () => {
  let browser: Browser;
  let admin: Page;
  let guest: Page;
  let products: Awaited<ReturnType<typeof fetchProducts>>;
  const emails: string[] = [];

  /**
   * An order placed through the API: a customer's own, or for the admin a guest's (one the admin
   * placed would be theirs and show on their own lists, which another journey checks are empty).
   */
  function placeOrder(who: Page, email: string) {
    const product = products[0];
    if (!product) throw new Error("the seeded shop has no products");
    const customer = {
      name: TYPED.name,
      email,
      mobileNumber: freshPhone(),
      address: TYPED.address,
    };
    return placeApiOrder(who === admin ? guest : who, product, customer, who);
  }

  async function setStatus(id: string, ...statuses: string[]) {
    for (const status of statuses) {
      const moved = await sendFrom(admin, "PUT", `/api/orderStatus/${id}`, { status });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
  }

  /**
   * The page shows no English interface word. Customers' names on a list, the shop's own
   * orders' e-mail addresses and what the walk typed are data.
   */
  async function check(page: Page, where: string) {
    const names = await page.locator("tbody tr td:nth-child(4)").allTextContents();
    // Order ids.
    const ids = await page.locator(".font-mono").allTextContents();
    const messages = await page
      .locator(
        "[data-testid=order-messages] tbody td:nth-child(4), [data-testid=order-messages] tbody td:nth-child(6)",
      )
      .allTextContents();
    await loadDataWords(baseURL, [
      ...Object.values(TYPED),
      ...emails,
      ...names,
      ...ids,
      ...messages,
      // The couriers' names (brands) and their settings' names in the "no courier" note.
      "Steadfast Pathao RedX STEADFAST PATHAO REDX",
    ]);
    await expectBengali(page, where);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    products = await fetchProducts(baseURL);
    admin = await signedInPage(browser, baseURL, ADMIN);
    guest = await guestPage(browser, baseURL);
    await admin.context().addCookies([{ name: "lang", value: "bn", url: baseURL }]);
    emails.push("walk-orders@example.com");
  });
  afterAll(async () => browser?.close());

  it("walks every admin list, confirms an order by phone and by its button, is refused, bulk-confirms", async () => {
    const email = "walk-orders@example.com";
    const called = await placeOrder(admin, email);
    const stale = await placeOrder(admin, email);
    const bulk = await placeOrder(admin, email);
    const cancelled = await placeOrder(admin, email);
    await setStatus(cancelled.id, "Cancelled");

    for (const list of [
      "pendingOrders",
      "unverifiedOrders",
      "confirmedOrders",
      "cancelledOrders",
      "deliveredOrders",
      "returnOrders",
    ]) {
      await openDashboard(admin, baseURL, `/dashboard/${list}`);
      await check(admin, list);
    }

    // The search, typed with Bengali digits; and a search that finds nothing (an empty list).
    await openDashboard(admin, baseURL, "/dashboard/pendingOrders");
    await admin.getByLabel("অর্ডার আইডি দিয়ে খুঁজুন").fill(bengaliDigits(called.n));
    await admin.waitForURL((url) => url.searchParams.get("q") === bengaliDigits(called.n));
    await expect.poll(() => admin.getByTestId("order-count").textContent()).toContain("১টি অর্ডার");
    await orderRow(admin, bengaliDigits(called.n)).waitFor();
    await check(admin, "search");
    await openDashboard(admin, baseURL, `/dashboard/cancelledOrders?q=${TYPED.search}`);
    await admin.getByText("“zzzz-nothing”-এর সাথে মেলে এমন কোনো অর্ডার নেই।").waitFor();
    await check(admin, "no match");

    // The call step on the Pending queue: Cancel… asks "Are you sure?" first; No keeps it.
    await openDashboard(admin, baseURL, "/dashboard/pendingOrders");
    const row = orderRow(admin, bengaliDigits(stale.n));
    await row.getByText("বাতিল…").click();
    await row.getByRole("button", { name: `অর্ডার ${bengaliDigits(stale.n)} বাতিল করুন` }).click();
    const sure = admin.getByRole("heading", { name: "আপনি কি নিশ্চিত?" });
    await sure.waitFor();
    // The question stands above the list: it comes into view with the focus on it.
    await expect.poll(() => sure.evaluate((h) => document.activeElement === h)).toBe(true);
    expect(
      await sure.evaluate((h) => {
        const box = h.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }),
    ).toBe(true);
    await check(admin, "call: cancel, are you sure");
    await admin.getByRole("link", { name: "না", exact: true }).click();
    await admin.getByRole("heading", { name: "আপনি কি নিশ্চিত?" }).waitFor({ state: "detached" });

    // The order's overview: a call with no answer, a note, then Confirm with its dialogs.
    await openDashboard(admin, baseURL, `/dashboard/order-overview/${called.id}`);
    await check(admin, "overview (pending)");
    await admin
      .getByRole("button", { name: `ফোন ধরেননি: অর্ডার ${bengaliDigits(called.n)}` })
      .click();
    await admin.getByText(`অর্ডার #${bengaliDigits(called.n)}: “ফোন ধরেননি” লেখা হয়েছে।`).waitFor();
    await hydrated(admin);
    await admin.getByLabel("নোট যোগ করুন").fill(TYPED.note);
    await admin.getByRole("button", { name: "নোট যোগ করুন" }).click();
    await admin.getByTestId("notes").getByText(TYPED.note).waitFor();
    await check(admin, "overview: call and note recorded");
    await admin.getByRole("button", { name: "নিশ্চিত করুন", exact: true }).click();
    const question = admin.getByRole("alertdialog");
    await question.waitFor();
    expect(await question.locator("h2").textContent()).toBe("আপনি কি নিশ্চিত?");
    expect(await question.locator("p").textContent()).toContain(
      `অর্ডার #${bengaliDigits(called.n)} নিশ্চিত করা হবে।`,
    );
    await check(admin, "overview: are you sure");
    await question.getByRole("button", { name: "হ্যাঁ, বদলে দিন!" }).click();
    const done = admin.getByRole("dialog").filter({ hasText: "হালনাগাদ হয়েছে!" });
    await done.waitFor();
    expect(await done.textContent()).toContain("অর্ডারের অবস্থা হালনাগাদ হয়েছে।");
    await check(admin, "overview: updated");
    await admin.keyboard.press("Escape");
    await admin.getByRole("dialog").waitFor({ state: "detached" });

    // A Confirmed order's courier panel, no courier configured on this shop.
    await admin.getByText("কোনো কুরিয়ার চালু নেই।", { exact: false }).first().waitFor();
    await check(admin, "overview: confirmed, courier panel");

    // A refused change: someone else confirmed the order since the list was shown.
    await openDashboard(admin, baseURL, "/dashboard/pendingOrders?calls=not_called");
    const staleRow = orderRow(admin, bengaliDigits(stale.n));
    await staleRow.waitFor();
    await setStatus(stale.id, "Confirmed");
    await staleRow.getByRole("button", { name: "নিশ্চিত করুন", exact: true }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "হ্যাঁ, বদলে দিন!" }).click();
    const refused = admin.getByRole("dialog").filter({ hasText: "ত্রুটি!" });
    await refused.waitFor();
    expect(await refused.textContent()).toContain(
      "অর্ডারের অবস্থা হালনাগাদ করা যায়নি। অর্ডারটি আগে থেকেই নিশ্চিত।",
    );
    await check(admin, "refused change");
    await admin.keyboard.press("Escape");
    await admin.getByRole("dialog").waitFor({ state: "detached" });

    // A bulk action: the selected order is confirmed.
    await openDashboard(admin, baseURL, "/dashboard/pendingOrders?calls=not_called");
    await admin.getByRole("checkbox", { name: `অর্ডার ${bengaliDigits(bulk.n)} বাছাই করুন` }).check();
    await admin
      .getByRole("form", { name: "বাছাই করা অর্ডার" })
      .getByRole("button", { name: "নিশ্চিত করুন", exact: true })
      .click();
    await admin.getByText("বাছাই করা ১টি অর্ডার নিশ্চিত করা হবে।").waitFor();
    await check(admin, "bulk confirm: are you sure?");
    await admin.getByRole("button", { name: "হ্যাঁ, নিশ্চিত করুন!" }).click();
    await admin.getByText("নিশ্চিত: ১টির মধ্যে ১টি অর্ডার").waitFor();
    await check(admin, "bulk confirm");

    // The cancelled order's overview (Delete offered) and the lists after the changes.
    await openDashboard(admin, baseURL, `/dashboard/order-overview/${cancelled.id}`);
    await check(admin, "overview (cancelled)");
    await openDashboard(admin, baseURL, "/dashboard/confirmedOrders");
    await orderRow(admin, bengaliDigits(called.n)).waitFor();
    await check(admin, "confirmed list");
  });

  it("shows a customer's four lists, their order's overview, and cancels and returns their orders", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const customer = await context.newPage();
    const email = uniqueEmail("walk-customer");
    emails.push(email);
    await register(customer, baseURL, { name: TYPED.customer, email, password: "walker-2026" });
    await expectDialog(customer, "Signup Successful");
    await context.addCookies([{ name: "lang", value: "bn", url: baseURL }]);
    // The dashboard the sign-up led to, now in Bengali (its English notice closed).
    await customer.reload();

    // A new account: every list is empty.
    for (const [list, empty] of [
      ["activeOrders", "আপনার কোনো চলমান অর্ডার নেই।"],
      ["myShopping", "এখনো কোনো অর্ডার ডেলিভারি হয়নি।"],
      ["myCancellations", "আপনার কোনো বাতিল অর্ডার নেই।"],
      ["myReturn", "আপনার কোনো ফেরত অর্ডার নেই।"],
    ] as const) {
      await openDashboard(customer, baseURL, `/dashboard/${list}`);
      await customer.getByText(empty).waitFor();
      await check(customer, `${list} (empty)`);
    }

    const mine = await placeOrder(customer, email);
    const delivered = await placeOrder(customer, email);
    await setStatus(delivered.id, "Confirmed", "Shipping", "Delivered");

    await openDashboard(customer, baseURL, "/dashboard/activeOrders");
    await orderRow(customer, bengaliDigits(mine.n)).waitFor();
    await check(customer, "activeOrders");
    await openDashboard(customer, baseURL, `/dashboard/order-overview/${mine.id}`);
    await check(customer, "customer overview (pending)");

    // Cancelling their own pending order.
    await customer.getByRole("button", { name: "অর্ডার বাতিল করুন", exact: true }).click();
    const question = customer.getByRole("alertdialog");
    await question.waitFor();
    expect(await question.locator("p").textContent()).toContain(
      `অর্ডার #${bengaliDigits(mine.n)} বাতিল করা হবে।`,
    );
    await check(customer, "customer: cancel, are you sure");
    await question.getByRole("button", { name: "হ্যাঁ, বাতিল করুন!" }).click();
    await customer.getByRole("dialog").filter({ hasText: "হালনাগাদ হয়েছে!" }).waitFor();
    await check(customer, "customer: cancelled");
    await customer.keyboard.press("Escape");

    await openDashboard(customer, baseURL, "/dashboard/myCancellations");
    await orderRow(customer, bengaliDigits(mine.n)).waitFor();
    await check(customer, "myCancellations");

    await openDashboard(customer, baseURL, "/dashboard/myShopping");
    const row = orderRow(customer, bengaliDigits(delivered.n));
    await row.getByText("পর্যন্ত ফেরত দেওয়া যাবে").waitFor();
    await check(customer, "myShopping");
    await openDashboard(customer, baseURL, `/dashboard/order-overview/${delivered.id}`);
    await check(customer, "customer overview (delivered)");
    await customer.getByRole("button", { name: "ফেরত দিন", exact: true }).click();
    await customer.getByRole("alertdialog").getByRole("button", { name: "হ্যাঁ, বদলে দিন!" }).click();
    await customer.getByRole("dialog").filter({ hasText: "হালনাগাদ হয়েছে!" }).waitFor();
    await customer.keyboard.press("Escape");

    await openDashboard(customer, baseURL, "/dashboard/myReturn");
    await orderRow(customer, bengaliDigits(delivered.n)).waitFor();
    await check(customer, "myReturn");
    await openDashboard(customer, baseURL, `/dashboard/order-overview/${delivered.id}`);
    await check(customer, "customer overview (returned)");
    await context.close();
  });
  it("asks and answers on the page itself without scripts", async () => {
    const order = await placeOrder(admin, "walk-orders@example.com");
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies(await admin.context().cookies());
    const page = await context.newPage();
    await page.goto(`${baseURL}/dashboard/order-overview/${order.id}`);
    await page.getByRole("button", { name: "নিশ্চিত করুন", exact: true }).click();
    await page.getByRole("heading", { name: "আপনি কি নিশ্চিত?" }).waitFor();
    await check(page, "no scripts: are you sure");
    await page.getByRole("button", { name: "হ্যাঁ, বদলে দিন!" }).click();
    await page.getByText("অর্ডারের অবস্থা হালনাগাদ হয়েছে।").waitFor();
    await check(page, "no scripts: updated");
    await context.close();
  });
});
