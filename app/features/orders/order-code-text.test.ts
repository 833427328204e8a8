import { describe, expect, it } from "vitest";
import { wholeCatalog } from "~/app/i18n/catalog.server";
import { makeTranslator } from "~/app/i18n/translator";
import { ORDER_CODE_MESSAGES, TRACK_MESSAGES } from "~/core/order-tracking";
import { orderCodeText } from "./order-code-text";

/** The order code's answers as /order-success and /track-order show them (decision 061). */
describe("orderCodeText", () => {
  const bengali = makeTranslator("bn", wholeCatalog("bn"));
  const english = makeTranslator("en", wholeCatalog("en"));

  it("shows every answer of the code service in Bengali, and in English as written", () => {
    for (const message of [
      ...Object.values(ORDER_CODE_MESSAGES),
      ...Object.values(TRACK_MESSAGES),
    ]) {
      // English shows the page's own sentence (never a message key).
      expect(orderCodeText(english, message)).not.toMatch(/^(track|issue)\./);
      const text = orderCodeText(bengali, message);
      expect(text, message).toMatch(/[\u0980-\u09FF]/);
      expect(text, message).not.toMatch(/[A-Za-z]{3,}/);
    }
    expect(orderCodeText(english, ORDER_CODE_MESSAGES.resent)).toBe(ORDER_CODE_MESSAGES.resent);
    expect(orderCodeText(bengali, ORDER_CODE_MESSAGES.resent)).toBe("নতুন কোড এসএমএস-এ পাঠানো হচ্ছে।");
  });

  it("says how many tries are left after a wrong code, in the page's digits", () => {
    expect(orderCodeText(bengali, "That code is not right. 4 tries left.")).toBe(
      "কোডটি ঠিক নয়। আর ৪ বার চেষ্টা করা যাবে।",
    );
    expect(orderCodeText(english, "That code is not right. 1 try left.")).toBe(
      "That code is not right. 1 try left.",
    );
  });

  it("says how long to wait after too many requests", () => {
    expect(orderCodeText(bengali, "Too many requests. Please try again in 2 minutes.")).toBe(
      "অনেকবার চেষ্টা করা হয়েছে। ২ মিনিট পরে আবার চেষ্টা করুন।",
    );
  });
});
