import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { wholeCatalog } from "~/app/i18n/catalog.server";
import type { Lang } from "~/core/locale";
import { type LatestMessage, LatestMessages } from "./latest-messages";

const SENT: LatestMessage = {
  id: "m1",
  orderId: "o1",
  orderNumber: 100_042,
  channel: "sms",
  event: "order_placed",
  to: "01712345678",
  status: "sent",
  lastError: null,
  // 15:05 in UTC is 9:05 in the evening in Dhaka.
  createdAt: "2026-12-05T15:05:00.000Z",
};

function render(lang: Lang, recent: LatestMessage[]) {
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: () => createElement(LatestMessages, { recent }) },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: ["/"],
      hydrationData: { loaderData: { root: { lang, messages: wholeCatalog(lang) } } },
    }),
  );
}

/** The text a person reads in the markup (tags and React's comment markers dropped). */
const text = (html: string) => html.replace(/<!--.*?-->/g, "").replace(/<[^>]+>/g, " ");

describe("the SMS & Email page's latest messages", () => {
  it("tell the time on the shop's clock, in English as in Bengali", () => {
    const english = text(render("en", [SENT]));
    expect(english).toContain("05 Dec, 2026, 09:05 pm");
    expect(english).not.toContain("15:05");
    expect(english).toContain("#100042");
    const bengali = text(render("bn", [SENT]));
    expect(bengali).toContain("৫ ডিসেম্বর, ২০২৬, রাত ৯:০৫");
    expect(bengali).toContain("০১৭১২৩৪৫৬৭৮");
  });

  it("say there are none yet", () => {
    expect(render("en", [])).not.toContain("<table");
    expect(render("en", [])).toContain(wholeCatalog("en")["dash.paper.notify.none"]);
  });

  it("say why a message failed in Bengali, keeping the gateway's own words", () => {
    const failed: LatestMessage = {
      ...SENT,
      status: "failed",
      lastError: "Alpha SMS refused the message (405: Invalid number)",
    };
    expect(text(render("bn", [failed]))).toContain("Alpha SMS মেসেজটি নেয়নি (405: Invalid number)");
    expect(text(render("en", [failed]))).toContain(
      "Alpha SMS refused the message (405: Invalid number)",
    );
  });
});
