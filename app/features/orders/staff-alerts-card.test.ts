import { describe, expect, it } from "vitest";
import type { Lang } from "~/core/locale";
import type { StaffAlertView } from "~/core/staff-alerts";
import { renderIn, textOf } from "~/tests/support/render-in";
import { StaffAlertsCard } from "./staff-alerts-card";

function textIn(alerts: StaffAlertView[], lang: Lang) {
  return textOf(renderIn(StaffAlertsCard, { alerts }, lang));
}

const partial: StaffAlertView = {
  id: "a1",
  kind: "partial_delivery",
  orderId: "o1",
  orderNumber: 100042,
  message: "",
  details: { courier: "steadfast", courierStatus: "partial_delivered", codAmount: 500 },
  createdAt: "2026-12-03T10:00:00.000Z",
};

describe("the courier alert of a parcel delivered in part", () => {
  it("says what to do and the cash collected", () => {
    expect(textIn([partial], "en")).toContain(
      "Steadfast delivered only part of order #100042: count the pieces that come back and put them back in stock. Cash collected: ৳500.",
    );
  });

  it("says it in Bengali", () => {
    expect(textIn([partial], "bn")).toContain(
      "স্টেডফাস্ট অর্ডার #১০০০৪২-এর শুধু একাংশ ডেলিভারি দিয়েছে: ফেরত আসা পিসগুলো গুনে আবার স্টকে তুলুন। আদায় হয়েছে: ৳৫০০।",
    );
  });
});
