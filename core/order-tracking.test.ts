import { describe, expect, it } from "vitest";
import { hideOrderCode, orderCodeSms } from "./order-tracking";

describe("hideOrderCode", () => {
  it("hides the code in both languages and keeps the order number", () => {
    const text = hideOrderCode(orderCodeSms("Haat", 104233, "583920"));
    expect(text).not.toContain("583920");
    expect(text).toBe(
      "Haat: অর্ডার #104233 নিশ্চিত করার কোড ••••••। ১০ মিনিটের মধ্যে দিন। Your code for order #104233: ••••••",
    );
  });

  it("leaves a text without a code as it is", () => {
    expect(hideOrderCode("Haat: order #1042 is confirmed")).toBe("Haat: order #1042 is confirmed");
  });
});
