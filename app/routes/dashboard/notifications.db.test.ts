import { afterAll, beforeAll, expect, it } from "vitest";
import { DEFAULT_TEMPLATES } from "~/core/notifications";
import type { AppContext } from "~/server/app-context";
import type { TemplateView } from "~/server/notify/templates";
import { signUp, signUpAdmin } from "~/server/testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import { callLoader, postToAction } from "~/tests/support/page-action";
import { action, loader } from "./notifications";

/** SMS & Email (issue 24): the templates page's loader and actions, as plain form posts. */
describeDb(`SMS & Email page (${TEST_DB})`, () => {
  let ctx: AppContext;
  let admin: { id: string; cookie: string };
  let customer: { id: string; cookie: string };
  const path = "/dashboard/notifications";

  beforeAll(async () => {
    ctx = await openTestContext();
    admin = await signUpAdmin(ctx, { email: "sms-admin@haat.test" });
    customer = await signUp(ctx, { email: "sms-customer@haat.test" });
  });
  afterAll(async () => ctx?.close());

  const templates = async () => {
    const answer = await callLoader(ctx, loader, { path, cookie: admin.cookie });
    expect(answer.status).toBe(200);
    return answer.data as {
      templates: TemplateView[];
      status: { sendingSms: boolean; smsProvider: string };
      sample: { shopName?: string; trackUrl?: string };
    };
  };

  it("says SMS are not sent without a gateway, and lists every event in both languages", async () => {
    const page = await templates();
    expect(page.status).toMatchObject({ sendingSms: false, smsProvider: "outbox" });
    expect(page.templates).toHaveLength(12);
    expect(
      page.templates.find((t) => t.event === "order_placed" && t.language === "bn"),
    ).toMatchObject({
      template: DEFAULT_TEMPLATES.order_placed.bn,
      isDefault: true,
    });
    // The preview's link is this shop's own, as long as the customer's will be.
    expect(page.sample.shopName).toBe(ctx.config.SHOP_NAME);
    expect(page.sample.trackUrl).toBe(
      `${ctx.config.publicUrl.replace(/\/$/, "")}/track-order?orderNumber=100123&phone=01712345678`,
    );
  });

  it("saves a template, refuses an unknown placeholder under its field, restores the default", async () => {
    const saved = await postToAction(ctx, action, {
      path,
      cookie: admin.cookie,
      form: {
        intent: "save",
        event: "order_confirmed",
        language: "en",
        template: "Order {orderNumber} confirmed, {name}.",
      },
    });
    expect(saved.data).toEqual({
      ok: true,
      intent: "save",
      event: "order_confirmed",
      language: "en",
    });
    let page = await templates();
    expect(
      page.templates.find((t) => t.event === "order_confirmed" && t.language === "en"),
    ).toMatchObject({
      template: "Order {orderNumber} confirmed, {name}.",
      isDefault: false,
    });

    const bad = await postToAction(ctx, action, {
      path,
      cookie: admin.cookie,
      form: { intent: "save", event: "order_confirmed", language: "en", template: "Hi {nmae}" },
    });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      issues: [
        { path: "template", message: expect.stringMatching(/^Unknown placeholder \{nmae\}/) },
      ],
      details: { event: "order_confirmed", language: "en", template: "Hi {nmae}" },
    });

    const restored = await postToAction(ctx, action, {
      path,
      cookie: admin.cookie,
      form: { intent: "restore", event: "order_confirmed", language: "en" },
    });
    expect(restored.data).toMatchObject({ ok: true, intent: "restore" });
    page = await templates();
    expect(page.templates.every((t) => t.isDefault)).toBe(true);
  });

  it("refuses customers", async () => {
    const answer = await postToAction(ctx, action, {
      path,
      cookie: customer.cookie,
      form: { intent: "restore", event: "order_confirmed", language: "en" },
    });
    expect(answer.status).toBe(403);
  });
});
