import { describe, expect, it } from "vitest";
import type { OrderView } from "~/core/order-view";
import { renderIn } from "~/tests/support/render-in";
import { EnterYourCode, RiskPanel, RiskSummary } from "./confirmation";

const risk = {
  orders: 1,
  delivered: 0,
  cancelled: 0,
  returned: 0,
  deliveredRatio: null,
  risky: false,
  blocked: false,
};
const order = (awaitingCode: boolean) =>
  ({ risk, heldReason: null, awaitingCode }) as unknown as OrderView;

describe("an order waiting for its code (ORDER_OTP)", () => {
  it("says so on the overview's risk panel and in the list row", () => {
    const panel = renderIn(RiskPanel, { order: order(true) });
    expect(panel).toContain(
      "Waiting for the code sent by SMS: confirm it by phone, or it joins the Pending queue",
    );
    const row = renderIn(RiskSummary, { order: order(true) });
    expect(row).toContain("Waiting for the code sent by SMS");
  });

  it("says so in Bengali on a Bengali page", () => {
    expect(renderIn(RiskSummary, { order: order(true) }, "bn")).toContain(
      "এসএমএসে পাঠানো কোডের অপেক্ষায়",
    );
  });

  it("says where the code stands: valid with tries left, expired with new codes left, locked", () => {
    const withCode = (code: object) =>
      ({ ...order(true), code: { resendAfterSeconds: 0, ...code } }) as unknown as OrderView;
    expect(
      renderIn(RiskSummary, {
        order: withCode({ state: "awaiting", triesLeft: 3, resendsLeft: 3 }),
      }),
    ).toContain("The code is valid: 3 tries left");
    expect(
      renderIn(RiskPanel, { order: withCode({ state: "expired", triesLeft: 5, resendsLeft: 2 }) }),
    ).toContain("The code expired: the customer may ask for a new one (2 left)");
    expect(
      renderIn(RiskSummary, { order: withCode({ state: "locked", triesLeft: 0, resendsLeft: 0 }) }),
    ).toContain("Locked: no more codes; call the customer to confirm");
    expect(
      renderIn(
        RiskSummary,
        { order: withCode({ state: "awaiting", triesLeft: 3, resendsLeft: 3 }) },
        "bn",
      ),
    ).toContain("কোড চালু আছে: আর ৩ বার চেষ্টা করা যাবে");
  });

  it("says nothing of a code once it is entered", () => {
    expect(renderIn(RiskPanel, { order: order(false) })).not.toContain("Waiting for the code");
  });
});

describe("a customer's own order waiting for its code", () => {
  const own = (awaitingCode: boolean) =>
    ({
      orderNumber: 100_042,
      customerData: { mobileNumber: "01712345678" },
      ...(awaitingCode ? { awaitingCode } : {}),
    }) as unknown as OrderView;

  it("says so, with a link to Track Order where the code goes in", () => {
    const html = renderIn(EnterYourCode, { order: own(true) });
    expect(html).toContain("Waiting for the code we sent you by SMS.");
    expect(html).toContain('href="/track-order?orderNumber=100042&amp;phone=01712345678"');
    expect(html).toContain(">Enter the code</a>");
    expect(renderIn(EnterYourCode, { order: own(true) }, "bn")).toContain("কোডটি দিন");
  });

  it("says nothing once the code is entered", () => {
    expect(renderIn(EnterYourCode, { order: own(false) })).toBe("");
  });
});
