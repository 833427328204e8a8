import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toBengaliDigits } from "~/core/locale";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { hydrated, uniqueEmail } from "./auth-support";
import { expectBengali, loadDataWords } from "./bengali-support";
import { ADMIN, adminSessionCookie, openDashboard, signedInPage } from "./orders-support";

/**
 * The dashboard's frame in Bengali (issue 25): the admin's home, All Users, Blocked Numbers,
 * Messages, the dashboard's 404 and the phone drawer, and a new customer's home, with their
 * dialogs, answers and refusals, show no English interface word (tests/e2e/bengali-support.ts).
 */

const baseURL = shop().baseURL;

/** Configuration names the admin's home names as they are (the server's settings). */
const SETTINGS = ["SMTP_URL", "SMS_PROVIDER", "DATA_DIR/outbox/sms"];

type Listed = { name: string; email: string };

async function adminGet<T>(cookie: string, path: string): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

async function dialogNamed(page: Page, name: string) {
  const dialog = page.locator('[role="dialog"], [role="alertdialog"]').filter({ hasText: name });
  await dialog.waitFor();
  return dialog;
}

describe("the dashboard's frame in Bengali", () => {
  let browser: Browser;
  let cookie: string;
  let adminName: string;
  // A customer for All Users' changes, with a Bengali name.
  const member = {
    name: "রহিম উদ্দিন",
    email: uniqueEmail("bn-layout"),
    password: "bn-layout-2026",
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    cookie = await adminSessionCookie(baseURL);
    const admins = await adminGet<{ data: Listed[] }>(
      cookie,
      `/api/users?search=${encodeURIComponent(ADMIN.email)}`,
    );
    adminName = admins.data[0]?.name ?? "";
    const res = await fetch(`${baseURL}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseURL },
      body: JSON.stringify(member),
    });
    if (res.status !== 200) throw new Error(`sign-up answered ${res.status}`);
    // Shown as typed: the admin's name and addresses, and the settings' names.
    await loadDataWords(baseURL, [adminName, ADMIN.email, member.email, ...SETTINGS]);
  });
  afterAll(async () => browser?.close());

  it("shows the admin's home, All Users, Blocked Numbers, Messages and the 404 in Bengali", async () => {
    const page = await signedInPage(browser, baseURL, ADMIN, { path: "/dashboard?lang=bn" });
    await expectBengali(page, "admin home");
    expect(await page.title()).toBe("ড্যাশবোর্ড");
    const sidebar = page.locator("#dashboard-sidebar");
    expect(await sidebar.getByRole("link", { name: "English" }).isVisible()).toBe(true);
    expect(await sidebar.getByText("অ্যাডমিন", { exact: true }).count()).toBe(1);
    expect(await page.getByTestId("dashboard-card").first().textContent()).toMatch(
      /^মোট পণ্য[০-৯,]+$/,
    );

    // All Users, every account: its names and addresses are data.
    const everyone = await adminGet<{ data: Listed[] }>(cookie, "/api/users?limit=500");
    await loadDataWords(baseURL, [
      adminName,
      ...SETTINGS,
      ...everyone.data.flatMap((u) => [u.name, u.email]),
    ]);
    await openDashboard(page, baseURL, "/dashboard/allUsers");
    await expectBengali(page, "All Users");
    const roles = await page.locator('td[data-label="ভূমিকা"] .badge').allTextContents();
    expect(new Set(roles)).toEqual(new Set(["অ্যাডমিন", "গ্রাহক"]));

    // One customer's row: promote, the delete dialog (cancelled), demote.
    await loadDataWords(baseURL, [adminName, member.email]);
    await page.getByLabel("নাম বা ইমেইল দিয়ে ইউজার খুঁজুন").fill(member.email);
    await page.getByRole("button", { name: "খুঁজুন", exact: true }).click();
    await page.waitForURL(/\?q=/);
    const row = page.getByRole("row").filter({ hasText: member.email });
    // The whole list holds that row too: wait for the search's answer to replace it.
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await row.waitFor();
    await expectBengali(page, "All Users, one user");
    await row.getByRole("button", { name: "অ্যাডমিন বানান" }).click();
    const promote = await dialogNamed(page, "আপনি কি নিশ্চিত?");
    await expectBengali(page, "promote dialog");
    await promote.getByRole("button", { name: "হ্যাঁ, অ্যাডমিন বানান" }).click();
    await page.getByText("ইউজারের ভূমিকা সফলভাবে বদলানো হয়েছে!").waitFor();
    await expectBengali(page, "role toast");
    await row.getByText("অ্যাডমিন", { exact: true }).waitFor();
    await row.getByRole("button", { name: `${member.name} মুছে ফেলুন` }).click();
    const remove = await dialogNamed(page, `${member.name} (${member.email}) মুছে ফেলা হবে।`);
    await expectBengali(page, "delete dialog");
    expect(await remove.getByRole("button", { name: "হ্যাঁ, মুছে ফেলুন!" }).count()).toBe(1);
    await remove.getByRole("button", { name: "বাতিল" }).click();
    await remove.waitFor({ state: "detached" });
    await row.getByRole("button", { name: "গ্রাহক বানান" }).click();
    const demote = await dialogNamed(page, "আর অ্যাডমিন পেজগুলো ব্যবহার করতে পারবেন না।");
    await demote.getByRole("button", { name: "হ্যাঁ, গ্রাহক বানান" }).click();
    await row.getByText("গ্রাহক", { exact: true }).waitFor();
    await expectBengali(page, "demoted");

    // Blocked Numbers: a number typed in Bengali digits, a bad number's refusal, unblocking.
    const digits = String(10_000_000 + (randomBytes(4).readUInt32BE() % 90_000_000));
    const phone = `০১৭${toBengaliDigits(digits)}`;
    await openDashboard(page, baseURL, "/dashboard/blockedNumbers");
    // Reasons others gave are data.
    const reasons = await page.locator("tbody tr td:nth-child(2)").allTextContents();
    await loadDataWords(baseURL, [adminName, ...reasons]);
    await expectBengali(page, "Blocked Numbers");
    await page.getByLabel("ফোন নম্বর").fill(phone);
    await page.getByLabel("কারণ").fill("ভুয়া অর্ডার");
    await page.getByRole("button", { name: "নম্বর ব্লক করুন" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `${phone} ব্লক করা হয়েছে।` })
      .waitFor();
    expect(await page.locator(`tr[data-phone="017${digits}"]`).textContent()).toContain(phone);
    await expectBengali(page, "number blocked");
    await page.getByLabel("ফোন নম্বর").fill("১২৩৪৫");
    await page.getByLabel("কারণ").fill("ভুল নম্বর");
    await page.getByRole("button", { name: "নম্বর ব্লক করুন" }).click();
    await page.getByText("১১ সংখ্যার মোবাইল নম্বর দিন, যেমন ০১৭১২৩৪৫৬৭৮").waitFor();
    await expectBengali(page, "bad number");
    await page.getByRole("button", { name: `${phone} আনব্লক করুন` }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `${phone} আনব্লক করা হয়েছে।` })
      .waitFor();
    await expectBengali(page, "number unblocked");

    // Messages: a visitor's message in Bengali, marked as read; others' messages are data.
    const subject = `ডেলিভারি কবে ${randomBytes(2).toString("hex")}`;
    const sent = await fetch(`${baseURL}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseURL },
      body: JSON.stringify({
        name: "নাসিমা আক্তার",
        email: "nasima.bn@example.com",
        phoneNumber: "01812345678",
        subject,
        description: "খুলনায় ডেলিভারি দেন?",
      }),
    });
    expect(sent.status).toBeLessThan(300);
    const messages = await adminGet<{
      data: (Listed & { subject: string; description: string })[];
    }>(cookie, "/api/contactMessages?limit=500");
    await loadDataWords(baseURL, [
      adminName,
      ...messages.data.flatMap((m) => [m.name, m.email, m.subject, m.description]),
    ]);
    await openDashboard(page, baseURL, "/dashboard/messages");
    await expectBengali(page, "Messages");
    const card = page.getByRole("listitem").filter({ hasText: subject });
    expect(await card.getByText("নতুন", { exact: true }).count()).toBe(1);
    expect(await card.getByRole("link", { name: "০১৮১২৩৪৫৬৭৮" }).getAttribute("href")).toBe(
      "tel:01812345678",
    );
    await card.getByRole("button", { name: "পড়া হয়েছে চিহ্নিত করুন" }).click();
    await card.getByRole("button", { name: "না-পড়া চিহ্নিত করুন" }).waitFor();
    await expectBengali(page, "message read");

    // The dashboard's 404.
    await loadDataWords(baseURL, [adminName]);
    await openDashboard(page, baseURL, "/dashboard/no-such");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "দুঃখিত! পেজটি পাওয়া যায়নি",
    );
    await expectBengali(page, "dashboard 404");
    await page.context().close();
  });

  it("opens the phone drawer at 390 px in Bengali, with the language toggle in the header", async () => {
    await loadDataWords(baseURL, [adminName, ...SETTINGS]);
    const page = await signedInPage(browser, baseURL, ADMIN, {
      width: 390,
      path: "/dashboard?lang=bn",
    });
    expect(await page.locator("header").getByRole("link", { name: "English" }).isVisible()).toBe(
      true,
    );
    await expectBengali(page, "phone home");
    await page.getByRole("button", { name: "ড্যাশবোর্ডের মেনু খুলুন" }).click();
    const drawer = page.locator("#dashboard-sidebar");
    await drawer.getByRole("link", { name: "সব ইউজার" }).waitFor({ state: "visible" });
    await expectBengali(page, "phone drawer");
    await page.keyboard.press("Escape");
    await page.context().close();
  });

  it("shows a new customer's home in Bengali, from sign-up to deleting the account", async () => {
    const customer = {
      name: "করিম আহমেদ",
      email: uniqueEmail("bn-home"),
      password: "bn-home-2026",
    };
    await loadDataWords(baseURL, [customer.email]);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/authentication/register?lang=bn`);
    await hydrated(page);
    await page.getByLabel("নাম", { exact: true }).fill(customer.name);
    await page.getByLabel("ইমেইল", { exact: true }).fill(customer.email);
    await page.getByLabel("পাসওয়ার্ড", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "সাইন আপ", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto(`${baseURL}/dashboard`);
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      `স্বাগতম, ${customer.name}!`,
    );
    expect(
      await page.locator("#dashboard-sidebar").getByText("গ্রাহক", { exact: true }).count(),
    ).toBe(1);
    await expectBengali(page, "customer home");

    // An admin's page: the dashboard's error page (403).
    await page.goto(`${baseURL}/dashboard/allUsers`);
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "এই পেজটি দেখার অনুমতি আপনার নেই",
    );
    await expectBengali(page, "admin page refused");

    await page.goto(`${baseURL}/dashboard`);
    await hydrated(page);
    await page.getByRole("button", { name: "যাচাইয়ের ইমেইল আবার পাঠান" }).click();
    const notice = page.locator('[role="dialog"]');
    await notice.waitFor();
    await expectBengali(page, "resend notice");
    await notice.getByRole("button", { name: "ঠিক আছে" }).click();

    await page.getByRole("button", { name: "অ্যাকাউন্ট মুছে ফেলুন" }).click();
    const confirm = await dialogNamed(page, "আপনি কি নিশ্চিত?");
    await expectBengali(page, "delete account dialog");
    await confirm.getByRole("button", { name: "বাতিল" }).click();
    await confirm.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "অ্যাকাউন্ট মুছে ফেলুন" }).click();
    await (await dialogNamed(page, "আপনি কি নিশ্চিত?"))
      .getByRole("button", { name: "হ্যাঁ, আমার অ্যাকাউন্ট মুছে ফেলুন" })
      .click();
    await page.waitForURL((url) => url.pathname === "/");
    await dialogNamed(page, "অ্যাকাউন্ট মুছে ফেলা হয়েছে");
    await expectBengali(page, "account deleted");
    await context.close();
  });
});
