import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { apiOrderBody } from "../support/order-body";
import { shop } from "../support/shop";
import { expectDialog, hydrated, register, uniqueEmail } from "./auth-support";
import { fetchProducts } from "./checkout-support";
import {
  ADMIN,
  freshPhone,
  guestPage,
  openDashboard,
  placedOrderId,
  sendFrom,
  signedInPage,
} from "./orders-support";

const PHONE = 390;

/** Every link and button in the first rows of the open table: its box, and its name. */
async function rowControls(page: Page) {
  await page.locator("tbody tr").first().waitFor();
  return page.evaluate(() =>
    [...document.querySelectorAll("tbody tr")].slice(0, 4).flatMap((row) =>
      [...row.querySelectorAll("a, button")].map((el) => {
        const box = el.getBoundingClientRect();
        return {
          name: el.getAttribute("aria-label") ?? el.textContent?.trim() ?? "",
          left: Math.round(box.left),
          right: Math.round(box.right),
        };
      }),
    ),
  );
}

/** Issue 20 items 21, 24 (dashboard) and 25: what an admin sees, on a phone above all. */
describe("the dashboard on a phone and its small defects", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let phone: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    phone = await signedInPage(browser, baseURL, ADMIN, { width: PHONE });
  });
  afterAll(async () => browser?.close());

  it.each(["/dashboard/pendingOrders", "/dashboard/allProducts", "/dashboard/allUsers"])(
    "reaches every action of %s at 390 px without scrolling sideways",
    async (path) => {
      await openDashboard(phone, baseURL, path);
      const controls = await rowControls(phone);
      expect(controls.length).toBeGreaterThan(0);
      const offScreen = controls.filter((c) => c.left < 0 || c.right > PHONE);
      expect(offScreen).toEqual([]);
      if (path.endsWith("Orders")) {
        // The status badge: a row may also carry a risk badge ("Risky") from another journey.
        const status = await phone
          .locator("tbody tr")
          .first()
          .locator(".badge", { hasText: /^Pending$/ })
          .boundingBox();
        expect(status && status.x + status.width).toBeLessThanOrEqual(PHONE);
      }
    },
  );

  it.each([1024, 1280])(
    "shows every action of All Products and Pending Orders in view beside the menu at %i px",
    async (width) => {
      const laptop = await signedInPage(browser, baseURL, ADMIN, { width });
      // Bengali first: ?lang=en then leaves the page's language cookie as the other tests expect.
      for (const lang of ["bn", "en"]) {
        for (const path of ["/dashboard/allProducts", "/dashboard/pendingOrders"]) {
          await openDashboard(laptop, baseURL, `${path}?lang=${lang}`);
          const controls = await rowControls(laptop);
          const box = await laptop.locator("table").locator("xpath=..").boundingBox();
          const edge = Math.round((box?.x ?? 0) + (box?.width ?? 0));
          expect(controls.length, `${path} ${lang}`).toBeGreaterThan(0);
          // The last actions were cut off by the table's scroll box: wider than it, beside the menu.
          expect(
            controls.filter((c) => c.right > edge),
            `${path} ${lang}`,
          ).toEqual([]);
        }
      }
      await laptop.context().close();
    },
  );

  it("keeps every cell of an order card on a 390 px screen: the risk line and the column names wrap", async () => {
    // Bengali first: ?lang=en then leaves the page's language cookie as the other tests expect.
    for (const lang of ["bn", "en"]) {
      await openDashboard(phone, baseURL, `/dashboard/pendingOrders?lang=${lang}`);
      await phone.locator("tbody tr").first().waitFor();
      const cut = await phone.evaluate(
        (width) =>
          [...document.querySelectorAll("tbody tr")]
            .slice(0, 4)
            .flatMap((row) =>
              [...row.querySelectorAll("td")]
                .filter(
                  (td) =>
                    td.getBoundingClientRect().right > width || td.scrollWidth > td.clientWidth + 1,
                )
                .map((td) => td.getAttribute("data-label") ?? ""),
            ),
        PHONE,
      );
      expect(cut, lang).toEqual([]);
    }
  });

  it.each(["en", "bn"])("scrolls no dashboard page sideways at 360 px (%s)", async (lang) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    await context.addCookies([
      { name: "lang", value: lang, url: baseURL },
      ...(await phone.context().cookies()),
    ]);
    const page = await context.newPage();
    const wide: string[] = [];
    for (const path of [
      "/dashboard",
      "/dashboard/notifications",
      "/dashboard/courierAreas",
      "/dashboard/blockedNumbers",
      "/dashboard/failedBookings",
      "/dashboard/messages",
      "/dashboard/addProduct",
      "/dashboard/manageSlider",
    ]) {
      await page.goto(`${baseURL}${path}`);
      const { scroll, client } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      // A few pixels of sub-pixel rounding aside.
      if (scroll > client + 8) wide.push(`${path}: ${scroll} px`);
    }
    expect(wide).toEqual([]);
    await context.close();
  });

  it("wraps a long email on an order's overview instead of scrolling the page sideways", async () => {
    const [product] = await fetchProducts(baseURL);
    if (!product) throw new Error("the seeded shop has no products");
    const guest = await guestPage(browser, baseURL);
    const email = `a.very.long.customer.address.${Date.now()}@some-long-domain-name.com.bd`;
    const placed = await sendFrom(
      guest,
      "POST",
      "/api/postOrder",
      apiOrderBody(product, { name: "Rahim Uddin", email, mobileNumber: freshPhone() }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    await guest.close();
    await openDashboard(phone, baseURL, `/dashboard/order-overview/${placedOrderId(placed.body)}`);
    await phone.getByText(email).first().waitFor();
    const { scroll, client } = await phone.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client + 8);
  });

  it("shows the latest days of the chart on a phone", async () => {
    await openDashboard(phone, baseURL, "/dashboard");
    const chart = phone.getByRole("img", { name: /Orders and revenue per day/ });
    const bars = chart.locator("rect");
    const last = await bars.last().boundingBox();
    if (!last) throw new Error("the chart has no bars");
    expect(last.x).toBeGreaterThanOrEqual(0);
    expect(last.x + last.width).toBeLessThanOrEqual(PHONE);
  });

  it("counts only delivered orders as revenue and shows the placed value apart", async () => {
    await openDashboard(phone, baseURL, "/dashboard");
    const summary = await phone
      .getByRole("img", { name: /Orders and revenue per day/ })
      .locator("desc")
      .textContent();
    expect(summary).toMatch(/revenue from .* \(delivered orders; ৳[\d,]+ placed in all\)/);
    const heads = await phone
      .locator("table")
      .filter({ hasText: "Orders and revenue per day" })
      .locator("thead th")
      .allTextContents();
    expect(heads).toEqual(["Day", "Orders", "Revenue (delivered)", "Placed value"]);
  });

  it("draws a sun, not an 'o', for Light Mode in the dark theme", async () => {
    const page = await signedInPage(browser, baseURL, ADMIN, { colorScheme: "dark" });
    const toggle = page.getByRole("button", { name: "Light Mode" });
    // A disc and its rays: more than one shape (a disc alone reads as the letter "o").
    const rays = await toggle.locator("svg path").count();
    const discs = await toggle.locator("svg circle").count();
    expect({ rays, discs }).toEqual({ rays: 1, discs: 1 });
    expect(await toggle.locator("svg path").getAttribute("d")).toMatch(/^M12 2v2/);
    await page.context().close();
  });

  it("answers an unknown dashboard path with a 404 inside the dashboard", async () => {
    const res = await phone.goto(`${baseURL}/dashboard/no-such-page`);
    expect(res?.status()).toBe(404);
    await hydrated(phone);
    expect(await phone.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Oops! Page Not Found",
    );
    expect(await phone.locator('nav[aria-label="Dashboard menu"]').count()).toBe(1);
    expect(await phone.getByRole("link", { name: "Dashboard", exact: true }).count()).toBe(1);
  });

  it("loads the dashboard without a console warning", async () => {
    const page = await signedInPage(browser, baseURL, ADMIN);
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") {
        warnings.push(`${message.type()}: ${message.text()}`);
      }
    });
    for (const path of ["/dashboard", "/dashboard/pendingOrders"]) {
      await openDashboard(page, baseURL, path);
      await page.waitForLoadState("load");
    }
    expect(warnings).toEqual([]);
    await page.context().close();
  });

  it("tells an admin on the home page that email is not being sent (no SMTP_URL)", async () => {
    await openDashboard(phone, baseURL, "/dashboard");
    const notice = phone.getByTestId("mail-notice");
    expect(await notice.textContent()).toContain("Email is not being sent: set SMTP_URL");
    expect(await notice.getAttribute("role")).toBe("status");
  });

  it("keeps the address whole in the phone's confirm-your-email banner", async () => {
    const page = await (
      await browser.newContext({ viewport: { width: PHONE, height: 844 } })
    ).newPage();
    const email = uniqueEmail("banner-wraps");
    await page.goto(`${baseURL}/authentication/register`);
    await hydrated(page);
    await register(page, baseURL, { name: "Nusrat Jahan", email, password: "nusrat-2026" });
    await expectDialog(page, "Signup Successful");
    await openDashboard(page, baseURL, "/dashboard");
    const address = page
      .getByRole("status")
      .filter({ hasText: "Please confirm" })
      .locator("strong");
    expect(await address.textContent()).toBe(email);
    // One box: the address moved to its own line whole instead of breaking after a few letters.
    expect(await address.evaluate((el) => el.getClientRects().length)).toBe(1);
    // The text has the banner's width: the button goes under it, not beside it.
    const banner = page.getByRole("status").filter({ hasText: "Please confirm" });
    const text = await banner.locator("span").first().boundingBox();
    const button = await banner.getByRole("button").boundingBox();
    if (!text || !button) throw new Error("the banner has no text or button");
    expect(button.y).toBeGreaterThanOrEqual(text.y + text.height - 1);
    await page.context().close();
  });
});
