import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { wholeCatalog } from "~/app/i18n/catalog.server";
import type { Lang } from "~/core/locale";
import { CancelByPhone } from "./cancel-by-phone";

function renderIn(lang: Lang) {
  const order = {
    courier: { name: "steadfast" as const, consignmentId: "1", trackingCode: "SF1", status: null },
  };
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: () => createElement(CancelByPhone, { order }) },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: ["/"],
      hydrationData: {
        loaderData: {
          root: { lang, messages: wholeCatalog(lang), shop: { phone: "01700000000" } },
        },
      },
    }),
  );
}

describe("a customer's order that a courier has", () => {
  it("names the courier and the shop's number to call, which dials it", () => {
    const html = renderIn("en");
    expect(html.replace(/<[^>]+>/g, "")).toContain(
      "Steadfast has the parcel: to cancel, call the shop on 01700000000",
    );
    expect(html).toContain('href="tel:01700000000"');
  });

  it("says it in Bengali, with the number in Bengali digits", () => {
    expect(renderIn("bn").replace(/<[^>]+>/g, "")).toContain(
      "পার্সেলটি Steadfast-এর কাছে: বাতিল করতে দোকানে ফোন করুন ০১৭০০০০০০০০",
    );
  });
});
