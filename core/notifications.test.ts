import { describe, expect, it } from "vitest";
import {
  DEFAULT_TEMPLATES,
  eventForStatus,
  MESSAGE_LANGUAGES,
  renderTemplate,
  SMS_EVENTS,
  smsSegments,
  templateProblem,
  trackOrderUrl,
  UNPAIRED_BRACE,
  unknownPlaceholders,
} from "./notifications";

describe("smsSegments", () => {
  it("counts plain text as GSM-7: 160 in one SMS, 153 per part after", () => {
    expect(smsSegments("")).toMatchObject({ segments: 0, encoding: "gsm7" });
    expect(smsSegments("a".repeat(160))).toEqual({
      encoding: "gsm7",
      length: 160,
      segments: 1,
      perSegment: 160,
      remaining: 0,
    });
    expect(smsSegments("a".repeat(161))).toMatchObject({
      segments: 2,
      perSegment: 153,
      remaining: 145,
    });
    expect(smsSegments("a".repeat(306))).toMatchObject({ segments: 2, remaining: 0 });
    expect(smsSegments("a".repeat(307))).toMatchObject({ segments: 3 });
  });

  it("counts the GSM extension characters twice", () => {
    expect(smsSegments("{}€")).toMatchObject({ encoding: "gsm7", length: 6 });
    expect(smsSegments(`${"a".repeat(159)}€`)).toMatchObject({ length: 161, segments: 2 });
  });

  it("makes any Bengali text Unicode: 70 in one SMS, 67 per part after", () => {
    const bengali = "অ".repeat(70);
    expect(smsSegments(bengali)).toEqual({
      encoding: "unicode",
      length: 70,
      segments: 1,
      perSegment: 70,
      remaining: 0,
    });
    expect(smsSegments(`${bengali}অ`)).toMatchObject({
      segments: 2,
      perSegment: 67,
      remaining: 63,
    });
    expect(smsSegments("অ".repeat(134))).toMatchObject({ segments: 2, remaining: 0 });
    expect(smsSegments("অ".repeat(135))).toMatchObject({ segments: 3 });
    // One Bengali letter turns a long English text into Unicode too.
    expect(smsSegments(`${"a".repeat(100)}অ`)).toMatchObject({ encoding: "unicode", segments: 2 });
  });
});

describe("templates", () => {
  it("finds unknown placeholders, each once", () => {
    expect(unknownPlaceholders("{orderNumber} {foo} {bar} {foo} {}")).toEqual(["foo", "bar", ""]);
    expect(unknownPlaceholders(DEFAULT_TEMPLATES.order_shipped.bn)).toEqual([]);
  });

  it("refuses an empty, an unknown-placeholder or an over-long template", () => {
    expect(templateProblem("  ")).toBe("Write the message (or restore the default).");
    expect(templateProblem("Order {orderNo}")).toMatch(/^Unknown placeholder \{orderNo\}\. Use: /);
    expect(templateProblem("x".repeat(481))).toBe("At most 480 characters.");
    expect(templateProblem("Order {orderNumber}")).toBeNull();
  });

  it("refuses a brace without its pair, which the customer would get as typed", () => {
    for (const typed of [
      "{{orderNumber}} {orderNumber",
      "Order {orderNumber",
      "Order orderNumber}",
    ]) {
      expect(templateProblem(typed), typed).toBe(UNPAIRED_BRACE);
    }
  });

  it("refuses a placeholder the event cannot fill, naming what it can", () => {
    expect(templateProblem("Your code {code}", "order_placed")).toBe(
      "Not known when this message is sent: {code}. Use: {orderNumber} {total} {name} {shopName} {shopPhone} {trackUrl}",
    );
    expect(templateProblem("With {courier}: {trackingCode}", "order_confirmed")).toBe(
      "Not known when this message is sent: {trackingCode}, {courier}. Use: {orderNumber} {total} {name} {shopName} {shopPhone} {trackUrl}",
    );
    expect(templateProblem("With {courier}: {trackingCode}", "order_shipped")).toBeNull();
    expect(templateProblem("Code {code} for {trackingCode}", "order_code")).toMatch(
      /^Not known when this message is sent: \{trackingCode\}\. Use: .*\{code\}$/,
    );
    // An unknown name is named as unknown, with the event's own list.
    expect(templateProblem("{orderNo}", "order_placed")).toBe(
      "Unknown placeholder {orderNo}. Use: {orderNumber} {total} {name} {shopName} {shopPhone} {trackUrl}",
    );
  });

  it("every default template is valid in both languages", () => {
    for (const event of SMS_EVENTS) {
      for (const language of MESSAGE_LANGUAGES) {
        expect(templateProblem(DEFAULT_TEMPLATES[event][language], event)).toBeNull();
      }
    }
  });

  it("fills placeholders; a missing value shows a dash in the first sentence", () => {
    expect(renderTemplate("#{orderNumber} {trackingCode}", { orderNumber: "100123" })).toBe(
      "#100123 -",
    );
  });

  it("leaves out a later sentence whose value is not known: a parcel without a courier or code", () => {
    const shipped = DEFAULT_TEMPLATES.order_shipped;
    const values = { shopName: "Haat", orderNumber: "100004", trackUrl: "https://haat.example/t" };
    expect(renderTemplate(shipped.bn, values)).toBe(
      "Haat: আপনার অর্ডার #100004 পাঠানো হয়েছে। দেখুন: https://haat.example/t",
    );
    expect(renderTemplate(shipped.en, { ...values, courier: "Steadfast" })).toBe(
      "Haat: your order #100004 is on its way. Courier: Steadfast. Track it: https://haat.example/t",
    );
    expect(
      renderTemplate(shipped.bn, { ...values, courier: "Steadfast", trackingCode: "SF12AB" }),
    ).toBe(
      "Haat: আপনার অর্ডার #100004 পাঠানো হয়েছে। কুরিয়ার: Steadfast। ট্র্যাকিং কোড: SF12AB। দেখুন: https://haat.example/t",
    );
  });

  it("builds the tracking link from the shop's public URL", () => {
    expect(trackOrderUrl("https://shop.example/", 100123, "01712345678")).toBe(
      "https://shop.example/track-order?orderNumber=100123&phone=01712345678",
    );
  });

  it("maps status moves to events", () => {
    expect(eventForStatus("Confirmed")).toBe("order_confirmed");
    expect(eventForStatus("Shipping")).toBe("order_shipped");
    expect(eventForStatus("Delivered")).toBe("order_delivered");
    expect(eventForStatus("Cancelled")).toBe("order_cancelled");
    expect(eventForStatus("Return")).toBeNull();
  });
});
