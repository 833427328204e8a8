import { describe, expect, it } from "vitest";
import type { OrderView } from "~/core/order-view";
import { renderIn } from "~/tests/support/render-in";
import { RiskPanel, RiskSummary } from "./confirmation";

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

  it("says nothing of a code once it is entered", () => {
    expect(renderIn(RiskPanel, { order: order(false) })).not.toContain("Waiting for the code");
  });
});
