import { describe, expect, it } from "vitest";
import type { Lang } from "~/core/locale";
import type { MessageView } from "~/server/notify/messages";
import { TOO_MANY_ORDER_MAILS } from "~/server/notify/send";
import { renderIn, textOf } from "~/tests/support/render-in";
import { CustomerMessages } from "./customer-messages";

function textIn(messages: MessageView[], lang: Lang) {
  return textOf(renderIn(CustomerMessages, { messages }, lang));
}

const message = (channel: "sms" | "email", to: string): MessageView => ({
  id: `${channel}-1`,
  channel,
  event: "order_placed",
  to,
  status: "sent",
  text: null,
  attempts: 1,
  lastError: null,
  provider: null,
  providerMessageId: null,
  // 14:16 UTC is 8:16 in the evening in Dhaka.
  createdAt: "2026-12-03T14:16:00.000Z",
  sentAt: "2026-12-03T14:16:05.000Z",
});

describe("the order's SMS and email table", () => {
  it("writes when each went in Dhaka time", () => {
    const text = textIn([message("sms", "01712345678")], "en");
    expect(text).toContain("08:16 pm");
    expect(text).not.toContain("14:16");
  });

  it("writes a phone number in Bengali digits and an email address as it is, on a Bengali page", () => {
    const text = textIn(
      [message("sms", "01712345678"), message("email", "qa01611000004@example.com")],
      "bn",
    );
    expect(text).toContain("০১৭১২৩৪৫৬৭৮");
    expect(text).toContain("qa01611000004@example.com");
    expect(text).toContain("রাত ৮:১৬");
  });

  it("says why a message was not sent in the page's language", () => {
    const failed: MessageView = {
      ...message("email", "someone@example.com"),
      status: "failed",
      lastError: TOO_MANY_ORDER_MAILS,
    };
    expect(textIn([failed], "bn")).toContain(
      "পাঠানো হয়নি: এই ঠিকানায় ৬০ মিনিটে ৫টির বেশি অর্ডারের ইমেইল",
    );
    expect(textIn([failed], "en")).toContain(
      "Not sent: more than 5 order emails to this address within 60 minutes",
    );
  });
});
