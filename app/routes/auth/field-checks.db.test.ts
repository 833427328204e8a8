import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "~/server/app-context";
import { issueResetToken, signUp } from "~/server/testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import { documentRequest } from "~/tests/support/document-request";
import { postToAction } from "~/tests/support/page-action";
import * as registerPage from "./register";

/** The message under a field of the rendered page (auth-card.tsx Field). */
function fieldError(html: string, name: string): string | undefined {
  return new RegExp(`<p id="field-${name}-error"[^>]*>([^<]*)</p>`).exec(html)?.[1];
}

/** The `maxlength` of a field's input, as rendered. */
function maxLengthOf(html: string, name: string): string | undefined {
  const input = new RegExp(`<input[^>]*id="field-${name}"[^>]*>`).exec(html)?.[0] ?? "";
  return /maxLength="(\d+)"/i.exec(input)?.[1];
}

const LONG_EMAIL = `${"a".repeat(300)}@probe.test`;
const LONG_PASSWORD = "p".repeat(200);

/**
 * The sign-in pages' forms posted without JavaScript, with what Better Auth would refuse (an
 * overlong name or email, a malformed email, a password too short or too long): a 400 with the
 * message under the field, in the page's language — never a 500, never Better Auth's English.
 */
describeDb(`the sign-in pages' field checks (${TEST_DB})`, () => {
  let ctx: AppContext;

  beforeAll(async () => {
    ctx = await openTestContext();
    const mita = await signUp(ctx, {
      name: "Mita",
      email: "fc-mita@haat.test",
      password: "right-pass-2026",
    });
    await issueResetToken(ctx, mita.id, "some-token");
  });
  afterAll(async () => {
    await ctx?.close();
  });

  type Case = {
    page: string;
    form: Record<string, string>;
    field: string;
    bn: string;
    en: string;
  };
  const cases: [string, Case][] = [
    [
      "register: a name of 101 characters",
      {
        page: "/authentication/register",
        form: { name: "ক".repeat(101), email: "x@probe.test", password: "abcdefghijk" },
        field: "name",
        bn: "নামটি অনেক বড়",
        en: "Name is too long",
      },
    ],
    [
      "register: a malformed email",
      {
        page: "/authentication/register",
        form: { name: "রহিম", email: "notmail", password: "abcdefghijk" },
        field: "email",
        bn: "সঠিক ইমেইল ঠিকানা দিন",
        en: "Enter a valid email address",
      },
    ],
    [
      "register: an email over 254 characters",
      {
        page: "/authentication/register",
        form: { name: "রহিম", email: LONG_EMAIL, password: "abcdefghijk" },
        field: "email",
        bn: "সঠিক ইমেইল ঠিকানা দিন",
        en: "Enter a valid email address",
      },
    ],
    [
      "register: a password of one character",
      {
        page: "/authentication/register",
        form: { name: "রহিম", email: "rahim@probe.test", password: "1" },
        field: "password",
        bn: "পাসওয়ার্ডটি খুব ছোট",
        en: "Password too short",
      },
    ],
    [
      "register: a password of 200 characters",
      {
        page: "/authentication/register",
        form: { name: "রহিম", email: "rahim@probe.test", password: LONG_PASSWORD },
        field: "password",
        bn: "পাসওয়ার্ডটি অনেক লম্বা",
        en: "Password too long",
      },
    ],
    [
      "login: an email over 254 characters",
      {
        page: "/authentication/login",
        form: { email: LONG_EMAIL, password: "abcdefghij" },
        field: "email",
        bn: "সঠিক ইমেইল ঠিকানা দিন",
        en: "Enter a valid email address",
      },
    ],
    [
      "login: a malformed email",
      {
        page: "/authentication/login",
        form: { email: "notmail", password: "abcdefghij" },
        field: "email",
        bn: "সঠিক ইমেইল ঠিকানা দিন",
        en: "Enter a valid email address",
      },
    ],
    [
      "login: a password of 200 characters",
      {
        page: "/authentication/login",
        form: { email: "fc-mita@haat.test", password: LONG_PASSWORD },
        field: "password",
        bn: "পাসওয়ার্ডটি অনেক লম্বা",
        en: "Password too long",
      },
    ],
    [
      "forgot password: an email over 254 characters",
      {
        page: "/authentication/forgot-password",
        form: { email: LONG_EMAIL },
        field: "email",
        bn: "সঠিক ইমেইল ঠিকানা দিন",
        en: "Enter a valid email address",
      },
    ],
    [
      "forgot password: a malformed email",
      {
        page: "/authentication/forgot-password",
        form: { email: "notmail" },
        field: "email",
        bn: "সঠিক ইমেইল ঠিকানা দিন",
        en: "Enter a valid email address",
      },
    ],
    [
      "new password: 200 characters",
      {
        page: "/authentication/reset-password?token=some-token",
        form: { token: "some-token", password: LONG_PASSWORD, confirm: LONG_PASSWORD },
        field: "password",
        bn: "পাসওয়ার্ডটি অনেক লম্বা",
        en: "Password too long",
      },
    ],
  ];

  describe.each(cases)("%s", (_name, { page, form, field, bn, en }) => {
    it("is a 400 with the message under the field, in Bengali and in English", async () => {
      const join = page.includes("?") ? "&" : "?";
      const bengali = await documentRequest(ctx, { path: `${page}${join}lang=bn`, form });
      expect({ status: bengali.status, message: fieldError(bengali.html, field) }).toEqual({
        status: 400,
        message: bn,
      });
      // No English refusal of Better Auth's shown anywhere on the Bengali page.
      expect(bengali.html).not.toMatch(/Invalid email|Password too|\[body\.|Too big/);
      const english = await documentRequest(ctx, { path: page, form });
      expect({ status: english.status, message: fieldError(english.html, field) }).toEqual({
        status: 400,
        message: en,
      });
    });
  });

  it("the inputs stop at the server's limits", async () => {
    const register = await documentRequest(ctx, { path: "/authentication/register" });
    expect({
      name: maxLengthOf(register.html, "name"),
      email: maxLengthOf(register.html, "email"),
      password: maxLengthOf(register.html, "password"),
    }).toEqual({ name: "100", email: "254", password: "128" });
    const login = await documentRequest(ctx, { path: "/authentication/login" });
    expect([maxLengthOf(login.html, "email"), maxLengthOf(login.html, "password")]).toEqual([
      "254",
      "128",
    ]);
    const forgot = await documentRequest(ctx, { path: "/authentication/forgot-password" });
    expect(maxLengthOf(forgot.html, "email")).toBe("254");
    const reset = await documentRequest(ctx, {
      path: "/authentication/reset-password?token=some-token",
    });
    expect(maxLengthOf(reset.html, "password")).toBe("128");
  });

  it("a name of exactly 100 characters still registers", async () => {
    const res = await documentRequest(ctx, {
      path: "/authentication/register?lang=bn",
      form: { name: "ক".repeat(100), email: "hundred@probe.test", password: "abcdefghijk" },
    });
    expect(res).toMatchObject({ status: 302, location: "/?notice=welcome" });
  });

  it("a refusal Better Auth throws from its hook is a 400 with the spec's words, not a 500", async () => {
    // A NUL in a field: refused by the auth hook (server/auth/auth.ts), which throws even when
    // asked for a Response. The page pipeline replaces NUL in forms before React Router; the
    // action must not need it to.
    const res = await postToAction(ctx, registerPage.action, {
      path: "/authentication/register?lang=bn",
      form: { name: "রহিম", email: "nul@probe.test", password: "abcd\u0000efghijk" },
    });
    expect(res.thrown).toBe(false);
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ ok: false, message: "An error occurred" });
  });
});
