import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { shellMessages } from "~/app/i18n/catalog.server";
import { UserMenu } from "./user-menu";

const shop = {
  name: "Haat",
  phone: "01700000000",
  email: "support@haat.example",
  address: "Dhaka",
  facebookUrl: "https://www.facebook.com/",
  publicUrl: "http://localhost:3000",
};

function render(path: string, user: unknown) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: UserMenu,
      children: [{ path: "*", Component: () => null }],
    },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: [path],
      // Root's data as an English page gets it: the language and the shell's messages.
      hydrationData: {
        loaderData: { root: { lang: "en", messages: shellMessages("en"), user, shop } },
      },
    }),
  );
}

describe("UserMenu", () => {
  it("offers Register / Login to guests, coming back to the current page", () => {
    const html = render("/cart", null);
    expect(html).not.toContain("<button");
    expect(html).toContain('href="/authentication/login?redirectTo=%2Fcart"');
    // The words are the link's own (below 360 px they are read, not shown: the icon stands in).
    expect(html).toContain('<span class="max-[359px]:sr-only">Register / Login</span></a>');
    expect(html).not.toContain("Logout");
  });

  it("leaves the guest link out on the sign-in pages themselves", () => {
    const html = render("/authentication/register", null);
    expect(html).not.toContain("Register / Login");
  });

  it("offers Dashboard and Logout to a signed-in user", () => {
    const html = render("/", {
      id: "u1",
      email: "a@haat.test",
      displayName: "Amina",
      role: "customer",
      emailVerified: true,
    });
    expect(html).toContain('href="/dashboard"');
    expect(html).toMatch(/>Dashboard<\/span><\/a>/);
    expect(html).toMatch(/>Logout<\/span><\/button>/);
    expect(html).not.toContain("Register / Login");
  });
});
