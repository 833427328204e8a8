import { describe, expect, it } from "vitest";
import type { Lang } from "~/core/locale";
import { renderIn, textOf } from "~/tests/support/render-in";
import { CancelByPhone } from "./cancel-by-phone";

const order = {
  courier: { name: "steadfast" as const, consignmentId: "1", trackingCode: "SF1", status: null },
};
const renderAt = (lang: Lang) =>
  renderIn(CancelByPhone, { order }, lang, { shop: { phone: "01700000000" } });

describe("a customer's order that a courier has", () => {
  it("names the courier and the shop's number to call, which dials it", () => {
    const html = renderAt("en");
    expect(textOf(html)).toContain(
      "Steadfast has the parcel: to cancel, call the shop on 01700000000",
    );
    expect(html).toContain('href="tel:01700000000"');
  });

  it("says it in Bengali, with the number in Bengali digits", () => {
    expect(textOf(renderAt("bn"))).toContain(
      "পার্সেলটি স্টেডফাস্ট-এর কাছে: বাতিল করতে দোকানে ফোন করুন ০১৭০০০০০০০০",
    );
  });
});
