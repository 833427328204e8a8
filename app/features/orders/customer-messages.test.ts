import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { wholeCatalog } from "~/app/i18n/catalog.server";
import type { Lang } from "~/core/locale";
import type { MessageView } from "~/server/notify/messages";
import { CustomerMessages } from "./customer-messages";

function renderIn(messages: MessageView[], lang: Lang) {
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: () => createElement(CustomerMessages, { messages }) },
  ]);
  const html = renderToString(
    createElement(Stub, {
      initialEntries: ["/"],
      hydrationData: { loaderData: { root: { lang, messages: wholeCatalog(lang) } } },
    }),
  );
  // The table's text as a person reads it.
  return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
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
    const text = renderIn([message("sms", "01712345678")], "en");
    expect(text).toContain("08:16 pm");
    expect(text).not.toContain("14:16");
  });

  it("writes a phone number in Bengali digits and an email address as it is, on a Bengali page", () => {
    const text = renderIn(
      [message("sms", "01712345678"), message("email", "qa01611000004@example.com")],
      "bn",
    );
    expect(text).toContain("০১৭১২৩৪৫৬৭৮");
    expect(text).toContain("qa01611000004@example.com");
    expect(text).toContain("রাত ৮:১৬");
  });
});
