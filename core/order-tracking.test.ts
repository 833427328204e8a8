import { describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATES, renderTemplate } from "./notifications";
import { hideOrderCode } from "./order-tracking";

describe("hideOrderCode", () => {
  it("hides the code of the default texts in both languages and keeps the order number", () => {
    const values = { shopName: "Haat", orderNumber: "104233", code: "583920" };
    const bn = hideOrderCode(renderTemplate(DEFAULT_TEMPLATES.order_code.bn, values));
    const en = hideOrderCode(renderTemplate(DEFAULT_TEMPLATES.order_code.en, values));
    expect(bn).toBe("Haat: অর্ডার #104233 নিশ্চিত করার কোড ••••••। ১০ মিনিট বৈধ। কাউকে বলবেন না।");
    expect(en).toBe(
      "Haat: the code for order #104233 is ••••••. Valid for 10 minutes. Do not share it.",
    );
  });

  it("leaves a text without a code as it is", () => {
    expect(hideOrderCode("Haat: order #1042 is confirmed")).toBe("Haat: order #1042 is confirmed");
  });
});
