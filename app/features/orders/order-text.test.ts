import { describe, expect, it } from "vitest";
import { wholeCatalog } from "~/app/i18n/catalog.server";
import { makeTranslator } from "~/app/i18n/translator";
import { KNOWN_PARCEL_STATUSES } from "~/core/courier";
import { ORDER_MESSAGES, orderFailureText } from "./messages";
import { orderActions } from "./order-actions";
import { confirmOptions } from "./order-change-form";
import { changedBy, historyChange, lineOptions } from "./order-format";
import {
  actionLabel,
  changedByText,
  confirmTexts,
  failureText,
  historyByText,
  historyText,
  lineOptionsText,
  orderMessage,
  parcelStatusText,
  returnByLine,
  saidText,
} from "./order-text";

const english = makeTranslator("en", wholeCatalog("en"));
const bengali = makeTranslator("bn", wholeCatalog("bn"));

/** What the services write, as the JSON API answers them. */
const SAID = [
  "The order is already Confirmed",
  "The order was changed meanwhile: it is now Shipping, not Pending",
  "An order that is Delivered cannot be set to Pending",
  "An order that is Pending cannot be deleted; only cancelled, delivered or returned orders can",
  "A call is recorded on a Pending order; this order is Confirmed",
  "Only a Confirmed order can be booked; this one is Pending",
  "Returns are accepted within 7 days of delivery",
  "Returns are accepted within 1 day of delivery",
  "Select at most 100 orders at once",
  "This order is held (a blocked number): confirm it on its own page after calling the customer",
  "Select at least one order",
  "Say why the order is cancelled",
  "Keep the reason within 200 characters",
  "Only admins may delete orders",
  "Only admins may record confirmation calls",
  "Order not found",
  "Steadfast is not configured on this shop",
  "RedX has no areas to look up here",
  "This order is already booked with Pathao",
  "This order's RedX booking did not go through: retry it",
  "Booking with Steadfast queued; the courier's answer shows here in a moment",
  "Confirmed: 2 of 3 orders",
  "Booking with Pathao queued: 1 of 1 order",
  "Choose the Pathao area for মিরপুর, ঢাকা before booking",
  "Not enough stock: Mug (N/A / Red): only 2 left, you asked for 5; This product is out of stock. Please change the quantity or remove the item.",
  "The shop cancelled this order: call the shop to order it again",
  "This order is held for the shop's check: the shop will call you about it",
  "Blocked number: fraud, many returns",
  "Not sent: the order is Pending, not Confirmed",
  "A booking request went to Pathao and its answer was lost: check Pathao's panel for order #100042 before retrying",
  "Steadfast did not answer in time; it may have the parcel: check its panel for order #100042 before retrying",
  "Booked while the order was Cancelled: cancel the parcel at the courier if it should not go",
  "RedX: The courier could not be reached (fetch failed)",
  "Pathao: No answer from the courier within 10 s",
  "Steadfast: The courier's server failed (503)",
  "RedX: The courier refused the request (422)",
  "Pathao: The courier answered something that is not JSON",
  "Steadfast: The courier refused our keys",
  "Steadfast could not be asked whether it has order #100042: try again, or check its panel and retry with confirmNotBooked",
];

describe("the order screens' texts", () => {
  it("stay exactly as the spec and the services write them in English", () => {
    for (const text of SAID) expect(saidText(english, text)).toBe(text);
    for (const name of Object.keys(ORDER_MESSAGES) as (keyof typeof ORDER_MESSAGES)[]) {
      expect(orderMessage(english, name)).toBe(ORDER_MESSAGES[name]);
    }
    for (const change of [
      { intent: "status", to: "Confirmed" as const },
      { intent: "status", to: "Cancelled" as const },
      { intent: "status", to: "Shipping" as const },
      { intent: "delete" },
      { intent: "return-received" },
    ]) {
      expect(confirmTexts(english, 42, change)).toEqual(confirmOptions(42, change));
    }
    expect(failureText(english, "status", true, "The order is already Confirmed")).toBe(
      orderFailureText("status", true, "The order is already Confirmed"),
    );
    const entry = { from: "Pending" as const, to: "Confirmed" as const };
    expect(historyText(english, entry)).toBe(historyChange(entry));
    expect(changedByText(english, { byName: "Rahim", byRole: "admin" })).toBe(
      changedBy({ byName: "Rahim", byRole: "admin" }),
    );
    const line = { color: "Black", size: "XL" };
    expect(lineOptionsText(english, line)).toEqual(lineOptions(line));
    for (const action of orderActions("Pending", "admin")) {
      expect(actionLabel(english, action)).toBe(action.label);
    }
  });

  it("say how a change came about: who made it, the courier or the call, a guest's own order", () => {
    const at = { byName: null, byRole: "system" as const };
    const booked = { ...at, from: "Confirmed" as const, note: "by courier booking" };
    const delivered = {
      ...at,
      from: "Shipping" as const,
      note: "by courier: Steadfast — Parcel is delivered",
    };
    const called = { ...at, from: "Pending" as const, note: "by confirmation call" };
    const placed = { ...at, from: null, note: null };
    const byAdmin = {
      from: "Pending" as const,
      byName: "Rahim",
      byRole: "admin" as const,
      note: null,
    };
    expect(historyByText(english, booked)).toBe(", by courier booking");
    expect(historyByText(english, delivered)).toBe(", by courier: Steadfast — Parcel is delivered");
    expect(historyByText(english, placed)).toBe(", by a guest customer");
    expect(historyByText(english, byAdmin)).toBe(", by Rahim (admin)");
    expect(historyByText(bengali, booked)).toBe(", কুরিয়ার বুকিংয়ে");
    expect(historyByText(bengali, called)).toBe(", নিশ্চিতকরণ কলে");
    // The courier's own words stay as it sent them.
    expect(historyByText(bengali, delivered)).toBe(", কুরিয়ারের খবরে: স্টেডফাস্ট — Parcel is delivered");
    expect(historyByText(bengali, placed)).toBe(", করেছেন অতিথি গ্রাহক");
  });

  it("write each courier's parcel status in the page's language, whatever its spelling", () => {
    expect(parcelStatusText(bengali, "partial_delivered")).toBe("আংশিক ডেলিভারি");
    expect(parcelStatusText(bengali, "Pickup_Requested")).toBe("পিকআপের অনুরোধ করা হয়েছে");
    expect(parcelStatusText(bengali, "order.pickup-requested")).toBe("পিকআপের অনুরোধ করা হয়েছে");
    expect(parcelStatusText(bengali, "delivery-in-progress")).toBe("ডেলিভারির পথে");
    expect(parcelStatusText(english, "in_review")).toBe("In review");
    // A status no courier is known to send is shown as it came.
    expect(parcelStatusText(bengali, "lost_in_space")).toBe("lost_in_space");
    for (const status of KNOWN_PARCEL_STATUSES) {
      expect(parcelStatusText(bengali, status), status).toMatch(/^[\u0980-\u09FF ,]+$/);
      expect(parcelStatusText(english, status), status).not.toBe(status);
    }
  });

  it("are Bengali, with Bengali digits, on a Bengali page", () => {
    for (const text of SAID) {
      const shown = saidText(bengali, text);
      expect(shown, text).toMatch(/[\u0980-\u09FF]/);
      expect(shown, text).not.toMatch(/[0-9]/);
    }
    expect(saidText(bengali, "The order is already Confirmed")).toBe("অর্ডারটি আগে থেকেই নিশ্চিত");
    expect(saidText(bengali, "Confirmed: 2 of 3 orders")).toBe("নিশ্চিত: ৩টির মধ্যে ২টি অর্ডার");
    expect(failureText(bengali, "status", true, "The order is already Confirmed")).toBe(
      "অর্ডারের অবস্থা হালনাগাদ করা যায়নি। অর্ডারটি আগে থেকেই নিশ্চিত।",
    );
    expect(confirmTexts(bengali, 1042, { intent: "status", to: "Confirmed" })).toMatchObject({
      title: "আপনি কি নিশ্চিত?",
      text: "অর্ডার #১০৪২ নিশ্চিত করা হবে।",
    });
    expect(historyText(bengali, { from: null, to: "Pending" })).toBe("অর্ডার দেওয়া হয়েছে: অপেক্ষমাণ");
    expect(returnByLine(bengali, "2026-12-12T10:00:00Z", Date.parse("2026-12-01"))).toBe(
      "১২ ডিসেম্বর, ২০২৬ পর্যন্ত ফেরত দেওয়া যাবে",
    );
    expect(saidText(bengali, "RedX: The courier could not be reached (fetch failed)")).toBe(
      "রেডএক্স: কুরিয়ারের সাথে যোগাযোগ করা যায়নি (fetch failed)",
    );
    // The admin's reason is theirs; only the shop's prefix is translated.
    expect(saidText(bengali, "Blocked number: fraud, many returns")).toBe(
      "ব্লক করা নম্বর: fraud, many returns",
    );
    // The shop's own reasons after a courier's name are the shop's words: Bengali throughout.
    for (const text of [
      "Pathao: Pathao needs the thana's city and zone",
      "RedX: RedX needs the thana's delivery area",
      "Steadfast: Steadfast answered without a consignment id",
      "RedX: RedX answered without a tracking id",
      "Steadfast needs no areas",
    ]) {
      expect(saidText(bengali, text), text).not.toMatch(/[A-Za-z]/);
    }
    expect(saidText(bengali, "Pathao: Pathao needs the thana's city and zone")).toBe(
      "পাঠাও: পাঠাও-এ বুক করতে থানার শহর ও জোন লাগবে",
    );
    // A courier's own words after its name stay as it sent them.
    expect(saidText(bengali, "Pathao: Invalid zone")).toBe("পাঠাও: Invalid zone");
    // A text the table does not know is shown as written.
    expect(saidText(bengali, "Something new")).toBe("Something new");
  });
});
