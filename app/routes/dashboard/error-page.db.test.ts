import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "~/server/app-context";
import { signUp, signUpAdmin } from "~/server/testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import { documentRequest } from "~/tests/support/document-request";

/** The error page's heading, as rendered. */
const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

/**
 * The dashboard's error page when a page's action refuses (a customer posting to an admin's
 * page): React Router runs the loaders above the error's boundary only, and the page must still
 * have the dashboard's words, its title included, in the visitor's language, as a GET has.
 */
describeDb(`the dashboard's error page after a refused action (${TEST_DB})`, () => {
  let ctx: AppContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await openTestContext();
    ({ cookie } = await signUp(ctx, { email: "err-page-customer@haat.test" }));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const ADMIN_PAGES = ["/dashboard/allProducts", "/dashboard/manageSlider", "/dashboard/messages"];

  it("a customer's post to an admin's page: 403 with the title and words in Bengali", async () => {
    for (const page of ADMIN_PAGES) {
      const res = await documentRequest(ctx, {
        path: `${page}?lang=bn`,
        cookie,
        form: { intent: "x" },
      });
      expect({ page, status: res.status, title: res.title, heading: heading(res.html) }).toEqual({
        page,
        status: 403,
        title: "ড্যাশবোর্ড",
        heading: "এই পেজটি দেখার অনুমতি আপনার নেই",
      });
      expect(res.html).toContain("ড্যাশবোর্ডের এই অংশটি শপের অ্যাডমিনদের জন্য।");
      expect(res.html).not.toContain("dash.layout.");
    }
  });

  it("the same in English, and a GET as before", async () => {
    for (const form of [{ intent: "x" }, undefined]) {
      const res = await documentRequest(ctx, { path: "/dashboard/allProducts", cookie, form });
      expect({ status: res.status, title: res.title, heading: heading(res.html) }).toEqual({
        status: 403,
        title: "Dashboard",
        heading: "You do not have access to this page",
      });
    }
    const bengali = await documentRequest(ctx, { path: "/dashboard/allProducts?lang=bn", cookie });
    expect(bengali.title).toBe("ড্যাশবোর্ড");
    expect(heading(bengali.html)).toBe("এই পেজটি দেখার অনুমতি আপনার নেই");
  });

  it("shows the error page in the dashboard's frame, with the customer's menu", async () => {
    const res = await documentRequest(ctx, {
      path: "/dashboard/allProducts?lang=bn",
      cookie,
      form: { intent: "x" },
    });
    expect(res.html).toContain('id="dashboard-sidebar"');
    // One main landmark: the frame's.
    expect(res.html.match(/<main/g)).toHaveLength(1);
  });
});

describeDb(`the dashboard's page of a record that is not there (${TEST_DB})`, () => {
  let ctx: AppContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await openTestContext();
    ({ cookie } = await signUpAdmin(ctx, { email: "missing-admin@haat.test" }));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("says it may have been deleted, not to try again, in English and Bengali", async () => {
    for (const path of ["/dashboard/update/no-such-product", "/dashboard/stock/no-such-product"]) {
      const english = await documentRequest(ctx, { path, cookie });
      expect(english.status, path).toBe(404);
      expect(english.html, path).toContain("It may have been deleted, or the link to it is wrong.");
      expect(english.html, path).not.toContain("Please try again in a moment.");
      const bengali = await documentRequest(ctx, { path: `${path}?lang=bn`, cookie });
      expect(bengali.html, path).toContain("হয়তো এটি মুছে ফেলা হয়েছে, অথবা এর লিংকটি ভুল।");
    }
  });
});

describeDb(`printing orders that are not there (${TEST_DB})`, () => {
  let ctx: AppContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await openTestContext();
    ({ cookie } = await signUpAdmin(ctx, { email: "print-admin@haat.test" }));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("says no order is selected on the invoices sheet, as the labels sheet does, not a blank page", async () => {
    for (const [lang, text] of [
      ["en", "No orders selected."],
      ["bn", "কোনো অর্ডার বাছাই করা হয়নি।"],
    ] as const) {
      const res = await documentRequest(ctx, {
        path: `/dashboard/print/invoices?id=nope&lang=${lang}`,
        cookie,
      });
      expect(res.status).toBe(200);
      expect(res.html).toContain(text);
    }
  });
});
