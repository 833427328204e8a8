import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { injectAxe, resizeAndSettle, untilInteractive } from "../support/browser";

/** A unique email for one journey, so files sharing the seeded server never collide. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@haat.test`;
}

/** The open notice or confirmation's title, once it shows. */
export async function dialogTitle(page: Page): Promise<string> {
  const dialog = page.locator('[role="dialog"], [role="alertdialog"]');
  await dialog.first().waitFor();
  return (await dialog.first().locator("h2").textContent()) ?? "";
}

export async function expectDialog(page: Page, title: string, text?: string) {
  const dialog = page.locator('[role="dialog"], [role="alertdialog"]').filter({ hasText: title });
  await dialog.waitFor();
  expect(await dialog.locator("h2").textContent()).toBe(title);
  if (text !== undefined) expect(await dialog.locator("p").first().textContent()).toContain(text);
}

export async function register(
  page: Page,
  baseURL: string,
  who: { name: string; email: string; password: string },
) {
  await page.goto(`${baseURL}/authentication/register`);
  await page.getByLabel("Name").fill(who.name);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
}

export async function login(page: Page, who: { email: string; password: string }) {
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/**
 * Signs `who` in through the API in the page's browser context, whose cookie jar takes the
 * session cookie: a journey that only needs to be signed in skips the sign-in page's load. The
 * sign-in form has journeys of its own (auth.spec.ts, no-script-accounts.spec.ts).
 */
export async function signInThroughApi(
  page: Page,
  baseURL: string,
  who: { email: string; password: string },
) {
  const res = await page.context().request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email: who.email, password: who.password },
    headers: { origin: baseURL },
  });
  if (res.status() !== 200) throw new Error(`sign-in of ${who.email} answered ${res.status()}`);
}

/** Pages of the shop are hydrated once React has marked <html data-hydrated> (app/root.tsx). */
export async function hydrated(page: Page) {
  await untilInteractive(page);
}

/**
 * The open page's WCAG violations at each width, the tab resized in place (resizeAndSettle)
 * instead of the page loaded again: `where` names the path and the width.
 */
export async function axeViolationsAtWidths(
  page: Page,
  path: string,
  widths: number[] = [390, 1280],
): Promise<{ where: string; violations: string[] }[]> {
  const found = [];
  for (const width of widths) {
    await resizeAndSettle(page, { width, height: 900 });
    found.push({ where: `${path} at ${width}px`, violations: await axeViolations(page) });
  }
  return found;
}

/** WCAG 2 A/AA violations axe-core finds on the page as it is now (ids and the first target). */
export async function axeViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    return result.violations.map(
      (v: { id: string; nodes: { target: string[]; html: string }[] }) =>
        `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`,
    );
  });
}

/** A call to the shop's API as the page's signed-in user (bearer token from the browser). */
export async function apiAsPage(page: Page, path: string, method = "GET", body?: unknown) {
  // The page stores its API token once it has hydrated (spec §4 JWT_ACCESS_TOKEN).
  await page.waitForFunction(() => window.localStorage.getItem("JWT_ACCESS_TOKEN"));
  return page.evaluate(
    async ([path, method, body]) => {
      const token = window.localStorage.getItem("JWT_ACCESS_TOKEN");
      const res = await fetch(path as string, {
        method: method as string,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    [path, method, body] as const,
  );
}
