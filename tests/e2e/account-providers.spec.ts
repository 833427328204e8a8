import { spawn } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/client";
import { user } from "~/server/db/schema";
import { launchBrowser } from "../support/browser";
import { newShopDataDir } from "../support/new-shop-folder";
import {
  freePort,
  ROOT,
  type ServerProcess,
  spawnServer,
  waitUntilHealthy,
} from "../support/server-process";
import { expectDialog, hydrated, login, register, uniqueEmail } from "./auth-support";

type Mail = { to: string[]; raw: string };

/** The first http(s) link in a mail, with quoted-printable soft breaks and escapes undone. */
function linkIn(mail: Mail, pattern: RegExp): string {
  const text = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
  const match = pattern.exec(text);
  if (!match) throw new Error(`no link in mail:\n${text}`);
  return match[0];
}

describe("accounts with mail, Google (OIDC) and account deletion on a configured server", () => {
  const mails: Mail[] = [];
  const googleUser = { email: uniqueEmail("google"), name: "Google Person" };
  const ownerEmail = uniqueEmail("owner");
  let smtp: SMTPServer;
  let oidc: OAuth2Server;
  let server: ServerProcess;
  let env: Record<string, string>;
  let browser: Browser;
  let dataDir: string;
  let port: number;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => {
          raw += chunk.toString("utf8");
        });
        stream.on("end", () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;

    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate("RS256");
    await oidc.start(await freePort(), "127.0.0.1");
    oidc.service.on("beforeTokenSigning", (token) => {
      Object.assign(token.payload, {
        email: googleUser.email,
        name: googleUser.name,
        email_verified: true,
      });
    });
    oidc.service.on("beforeUserinfo", (response) => {
      response.body = {
        sub: "johndoe",
        email: googleUser.email,
        name: googleUser.name,
        email_verified: true,
      };
    });

    dataDir = newShopDataDir();
    port = await freePort();
    env = {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO_DATA: "never",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Haat Test <shop@haat.test>",
      OIDC_ISSUER: oidc.issuer.url as string,
      OIDC_CLIENT_ID: "haat-test-client",
      OIDC_CLIENT_SECRET: "haat-test-secret",
      ADMIN_EMAILS: ownerEmail.toUpperCase(),
    };
    server = spawnServer({ dataDir, port, env });
    await waitUntilHealthy(server);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await oidc?.stop();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const signUpOverHttp = async (who: { name: string; email: string; password: string }) => {
    const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: env.PUBLIC_URL as string },
      body: JSON.stringify(who),
    });
    expect(res.status).toBe(200);
  };

  it("starts without the unsent-mail line when SMTP_URL is set", async () => {
    await expect.poll(() => server.output()).toContain("Haat is running at");
    expect(server.output()).not.toContain("Email is not being sent");
  });

  it("mails a one-time reset link over SMTP that sets a new password", async () => {
    const email = uniqueEmail("forgetful");
    await signUpOverHttp({ name: "Forgetful", email, password: "old-password-2026" });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/authentication/forgot-password`);
    await hydrated(page);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Forgot" }).click();
    await expectDialog(
      page,
      "Password Reset Email Sent",
      "Please check your email for password reset instructions.",
    );
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");

    await expect
      .poll(
        () => mails.filter((m) => m.to.includes(email) && m.raw.includes("reset-password")).length,
      )
      .toBe(1);
    const mail = mails.find(
      (m) => m.to.includes(email) && m.raw.includes("reset-password"),
    ) as Mail;
    expect(mail.raw).toContain("From: Haat Test <shop@haat.test>");
    const link = linkIn(
      mail,
      /http:\/\/127\.0\.0\.1:\d+\/authentication\/reset-password\?token=[\w-]+/,
    );

    await page.goto(link);
    await hydrated(page);
    // A password the server refuses is said under its field only; a mismatch found next replaces it.
    const newPassword = page.getByLabel("New password", { exact: true });
    await page.evaluate(() => {
      for (const input of document.querySelectorAll("input[minlength]")) {
        input.removeAttribute("minlength");
      }
    });
    await newPassword.fill("abc");
    await page.getByLabel("Confirm new password").fill("abc");
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.getByText("Password too short").waitFor();
    expect(await page.getByText("Password too short").count()).toBe(1);
    await newPassword.fill("new-password-2026");
    await page.getByLabel("Confirm new password").fill("new-password-2027");
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.getByRole("alert").filter({ hasText: "The two passwords do not match." }).waitFor();
    expect(await page.getByText("Password too short").count()).toBe(0);
    await newPassword.fill("new-password-2026");
    await page.getByLabel("Confirm new password").fill("new-password-2026");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expectDialog(page, "Password Changed");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/authentication/login");

    await login(page, { email, password: "new-password-2026" });
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole("heading", { level: 1, name: /Forgetful/ }).waitFor();

    // The link works once: opened again, it says so before any password is typed.
    const again = await context.newPage();
    await again.goto(link);
    await hydrated(again);
    await again.getByRole("alert").filter({ hasText: "not valid or has expired" }).waitFor();
    expect(await again.getByLabel("New password", { exact: true }).count()).toBe(0);
    await context.close();
  });

  it("confirms the email by the mailed link; a listed ADMIN_EMAILS address then becomes admin", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/authentication/register`);
    await hydrated(page);
    await register(page, server.url, {
      name: "Shop Owner",
      email: ownerEmail,
      password: "owner-pass-2026",
    });
    await expectDialog(page, "Signup Successful");
    await page.goto(`${server.url}/dashboard`);
    const menu = page.getByRole("navigation", { name: "Dashboard menu" });
    await menu.getByRole("link", { name: "Active Orders" }).waitFor();
    expect(await page.getByRole("button", { name: "Resend verification email" }).count()).toBe(1);

    await expect
      .poll(
        () =>
          mails.filter((m) => m.to.includes(ownerEmail) && m.raw.includes("verify-email")).length,
      )
      .toBe(1);
    const mail = mails.find(
      (m) => m.to.includes(ownerEmail) && m.raw.includes("verify-email"),
    ) as Mail;
    await page.goto(linkIn(mail, /http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?[^\s"<>]+/));
    await expect.poll(() => new URL(page.url()).pathname).toBe("/dashboard");
    // The link says it worked, and the notice leaves the address.
    await expectDialog(page, "Email Confirmed", "your email address is confirmed");
    await expect.poll(() => new URL(page.url()).searchParams.has("notice")).toBe(false);
    await menu.getByRole("link", { name: "All Users" }).waitFor();
    expect(await page.getByRole("button", { name: "Resend verification email" }).count()).toBe(0);
    await context.close();
  });

  it("signs in with Google (an OIDC provider) in a 500x600 popup", async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      const open = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        (window as unknown as { openedWith: unknown[] }).openedWith = args;
        return open(...args);
      };
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/authentication/register`);
    await hydrated(page);
    await throughPopup(context, page, "Continue with Google");
    const features = await page.evaluate(
      () => (window as unknown as { openedWith: string[] }).openedWith[2],
    );
    expect(features).toContain("width=500");
    expect(features).toContain("height=600");
    await expectDialog(page, "Login Successful", googleUser.name);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("JWT_ACCESS_TOKEN")))
      .toMatch(/^ey/);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole("heading", { level: 1, name: /Google Person/ }).waitFor();
    // The provider vouched for the address: no confirmation banner.
    expect(await page.getByRole("button", { name: "Resend verification email" }).count()).toBe(0);
    await context.close();
  });

  it("signs in when the popup closes before its message arrives (the session decides)", async () => {
    const context = await browser.newContext();
    // Every page of this context drops posted messages: the popup's answer never reaches the
    // opener, as when the browser runs the opener's closed-popup check first.
    await context.addInitScript(() => {
      window.postMessage = () => {};
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/authentication/login`);
    await hydrated(page);
    await throughPopup(context, page, "Google");
    await expectDialog(page, "Login Successful", googleUser.name);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole("heading", { level: 1, name: /Google Person/ }).waitFor();
    await context.close();
  });

  it("falls back to a full-page redirect when the popup is blocked, and returns to the page", async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      window.open = () => null;
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => page.url()).toContain("redirectTo=%2Fdashboard");
    await hydrated(page);
    await page.getByRole("button", { name: "Google", exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/dashboard");
    await page.getByRole("heading", { level: 1, name: /Google Person/ }).waitFor();
    await context.close();
  });

  it("tells the user when Google sign-in fails", async () => {
    oidc.service.once("beforeAuthorizeRedirect", (redirect) => {
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", "access_denied");
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/authentication/login`);
    await hydrated(page);
    await throughPopup(context, page, "Google");
    await expectDialog(page, "Google Signup Failed");
    expect(new URL(page.url()).pathname).toBe("/authentication/login");
    await context.close();
  });

  // Two command-line scripts and the server's stop: longer than a journey step. That a deleted
  // account's orders are kept (without their owner) is server/services/users.db.test.ts's.
  it("deletes an account: sign-in gone; make-admin refuses while the server runs, then promotes", async () => {
    const email = uniqueEmail("leaving");
    const makeAdmin = (target: string) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        let output = "";
        const child = spawn(
          process.execPath,
          ["--import", "tsx", "scripts/make-admin.ts", target],
          {
            cwd: ROOT,
            env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "silent" },
          },
        );
        child.stdout.on("data", (d) => {
          output += d;
        });
        child.stderr.on("data", (d) => {
          output += d;
        });
        child.on("exit", (code) => resolve({ code, output }));
      });
    // The embedded database has one owner: the script is turned away while the server runs.
    const refusal = makeAdmin(googleUser.email);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/authentication/register`);
    await hydrated(page);
    await register(page, server.url, { name: "Leaving Soon", email, password: "leaving-2026" });
    await expectDialog(page, "Signup Successful");
    await page.goto(`${server.url}/dashboard`);
    await hydrated(page);
    await page.getByRole("button", { name: "Delete account" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.waitFor();
    expect(await confirm.locator("p").textContent()).toContain("Orders you placed are kept");
    await confirm.getByRole("button", { name: "Yes, delete my account" }).click();
    await expectDialog(page, "Account Deleted");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/authentication/login");
    await hydrated(page);
    await login(page, { email, password: "leaving-2026" });
    await expectDialog(page, "Login Failed", "Invalid email or password");
    await context.close();

    const refused = await refusal;
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("is in use by another Haat process");

    await server.stop();
    const promoted = await makeAdmin(googleUser.email);
    expect(promoted.output).toContain("is now an admin");
    expect(promoted.code).toBe(0);
    const after = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    try {
      expect(await after.db.select().from(user).where(eq(user.email, email))).toEqual([]);
      const [promotedRow] = await after.db
        .select({ role: user.role })
        .from(user)
        .where(eq(user.email, googleUser.email));
      expect(promotedRow?.role).toBe("admin");
    } finally {
      await after.close();
    }
  }, 240_000);
});

/** Clicks the button that opens the Google popup and waits until the popup has closed itself. */
async function throughPopup(context: BrowserContext, page: Page, button: string) {
  const [popup] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("button", { name: button, exact: true }).click(),
  ]);
  if (!popup.isClosed()) await popup.waitForEvent("close");
}
