import { describe, expect, it } from "vitest";
import { wholeCatalog } from "~/app/i18n/catalog.server";
import { makeTranslator } from "~/app/i18n/translator";
import { TOO_MANY_ORDER_MAILS } from "~/server/notify/send";
import { SMS_PROVIDER_LABELS } from "~/server/notify/sms";
import { SMS_GATEWAY_NAMES, sendingErrorText } from "./sending-error-text";

const english = makeTranslator("en", wholeCatalog("en"));
const bengali = makeTranslator("bn", wholeCatalog("bn"));

describe("why a message to the customer was not sent", () => {
  it("say why a customer's SMS or email was not sent in Bengali, the gateway's own words kept", () => {
    // The names the SMS senders write (server/notify/sms.ts) are the ones the table knows.
    expect([...SMS_GATEWAY_NAMES].sort()).toEqual(
      Object.entries(SMS_PROVIDER_LABELS)
        .filter(([provider]) => provider !== "outbox")
        .map(([, label]) => label)
        .sort(),
    );
    expect(sendingErrorText(bengali, TOO_MANY_ORDER_MAILS)).toBe(
      "পাঠানো হয়নি: এই ঠিকানায় ৬০ মিনিটে ৫টির বেশি অর্ডারের ইমেইল (কেউ হয়তো অন্যের ইমেইল দিয়ে অর্ডার করছেন)",
    );
    expect(sendingErrorText(bengali, "No more tries")).toBe("আর চেষ্টা বাকি নেই");
    expect(sendingErrorText(bengali, "No answer from SSL Wireless within 10 s")).toBe(
      "১০ সেকেন্ডের মধ্যে SSL Wireless থেকে কোনো উত্তর আসেনি",
    );
    expect(sendingErrorText(bengali, "BulkSMSBD could not be reached (fetch failed)")).toBe(
      "BulkSMSBD-এর সাথে যোগাযোগ করা যায়নি (fetch failed)",
    );
    expect(sendingErrorText(bengali, "Alpha SMS refused the message (405: Invalid number)")).toBe(
      "Alpha SMS মেসেজটি নেয়নি (405: Invalid number)",
    );
    expect(sendingErrorText(bengali, "SSL Wireless answered 502 without JSON: Bad Gateway")).toBe(
      "SSL Wireless JSON ছাড়া উত্তর দিয়েছে (৫০২): Bad Gateway",
    );
    // The reasons the sender adds after a gateway's words are translated around them.
    expect(
      sendingErrorText(
        bengali,
        "No answer from BulkSMSBD within 10 s; it may have been delivered, so it is not sent again",
      ),
    ).toBe(
      "১০ সেকেন্ডের মধ্যে BulkSMSBD থেকে কোনো উত্তর আসেনি; মেসেজটি হয়তো পৌঁছে গেছে, তাই আবার পাঠানো হয়নি",
    );
    expect(
      sendingErrorText(
        bengali,
        "SSL Wireless's answer broke off (terminated). An earlier try got no answer and may have been delivered; not sent again to avoid a second message",
      ),
    ).toBe(
      "SSL Wireless-এর উত্তর মাঝপথে থেমে গেছে (terminated)। আগের চেষ্টায় কোনো উত্তর আসেনি, মেসেজটি হয়তো পৌঁছে গেছে; দুবার যাতে না যায় তাই আবার পাঠানো হয়নি",
    );
    // A mail server's own error is shown as it said it; English pages show every text as written.
    expect(sendingErrorText(bengali, "connect ECONNREFUSED 127.0.0.1:2525")).toBe(
      "connect ECONNREFUSED 127.0.0.1:2525",
    );
    expect(sendingErrorText(english, TOO_MANY_ORDER_MAILS)).toBe(TOO_MANY_ORDER_MAILS);
  });
});
