import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "~/server/app-context";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import { callLoader } from "~/tests/support/page-action";
import { loader } from "./login";

/** The first step of a Google sign-in is the login page's loader: a redirect, no fetch. */
describeDb(`provider sign-in start (${TEST_DB})`, () => {
  let ctx: AppContext;
  beforeAll(async () => {
    ctx = await openTestContext({
      PUBLIC_URL: "https://shop.example",
      GOOGLE_CLIENT_ID: "haat-test-client",
      GOOGLE_CLIENT_SECRET: "haat-test-secret",
    });
  });
  afterAll(async () => ctx?.close());

  it("redirects to Google with the state cookie, coming back to the popup's done step", async () => {
    const answer = await callLoader(ctx, loader, {
      path: "/authentication/login?oauth=start&provider=google&popup=1",
    });
    expect(answer.status).toBe(302);
    const to = new URL(answer.location ?? "");
    expect(to.origin).toBe("https://accounts.google.com");
    expect(to.searchParams.get("client_id")).toBe("haat-test-client");
    expect(answer.headers.get("set-cookie")).toMatch(/state/);
  });

  it("sends a provider that cannot start to the error step with its words", async () => {
    const answer = await callLoader(ctx, loader, {
      path: "/authentication/login?oauth=start&provider=nope&popup=1",
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/authentication/login?oauth=error&error=start_failed&popup=1");
  });
});
