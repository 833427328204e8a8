import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { expectDialog, hydrated, login } from "./auth-support";
import { DEMO_CUSTOMER } from "./orders-support";

/**
 * The spec's own words (storefront-spec.md §2, §4, §5, §8) as accessible names, the way a new
 * customer's journey written from the spec looks for them: exact names, visible without opening
 * hidden menus, at a phone and a desktop width. A renamed button fails here first.
 */

type ApiProduct = { _id: string; name: string; sizes: string[]; colors: string[] };

const exact = { exact: true } as const;

async function visible(locator: Locator): Promise<boolean> {
  await locator.first().waitFor();
  return locator.first().isVisible();
}

describe("the spec's words on the shop's screens", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let product: ApiProduct;

  beforeAll(async () => {
    browser = await launchBrowser();
    const body = await (await fetch(`${baseURL}/api/products?limit=200`)).json();
    product = body.data.find((p: ApiProduct) => p.sizes.length > 0 && p.colors.length > 0);
    expect(product).toBeDefined();
  });
  afterAll(async () => browser?.close());

  async function open(path: string, width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}${path}`);
    await hydrated(page);
    return page;
  }

  it.each([390, 1280])("home at %i px: header, sections and footer", async (width) => {
    const page = await open("/", width);
    const header = page.getByRole("banner");
    expect(await visible(header.getByRole("link", { name: "Register / Login", ...exact }))).toBe(
      true,
    );
    expect(await visible(header.getByRole("button", { name: "Dark Mode", ...exact }))).toBe(true);
    expect(await header.getByRole("link", { name: /^Cart/ }).count()).toBe(1);
    if (width >= 1024) {
      const nav = header.getByRole("navigation", { name: "Main" });
      for (const name of ["Home", "Shops", "About us", "Contact us"]) {
        expect(await visible(nav.getByRole("link", { name, ...exact })), name).toBe(true);
      }
      expect(await visible(header.getByRole("combobox", { name: "Search products" }))).toBe(true);
    }

    const main = page.getByRole("main");
    for (const name of [
      "Best Selling Products",
      "Most Popular Item",
      "New Arrivals",
      "100 TK Items",
    ]) {
      expect(await main.getByRole("heading", { name, ...exact }).count(), name).toBe(1);
    }
    const popular = main.getByRole("region", { name: "Most Popular Item", ...exact });
    expect(
      await popular.getByRole("tab", { name: "All Items", ...exact }).getAttribute("aria-selected"),
    ).toBe("true");
    expect(await visible(popular.getByRole("button", { name: "Show Me More", ...exact }))).toBe(
      true,
    );
    const cheap = main.getByRole("region", { name: "100 TK Items", ...exact });
    await cheap.getByRole("button", { name: "Show Me More", ...exact }).click();
    expect(await visible(cheap.getByRole("button", { name: "Show Less", ...exact }))).toBe(true);
    for (const name of [
      "Kitchen Items",
      "Bag Items",
      "Home and Living",
      "Women Items",
      "Electronics and Appliances",
      "Baby and Kids",
    ]) {
      const tile = main.getByRole("link", { name, ...exact });
      expect(await tile.getAttribute("href"), name).toBe(
        `/product/category/${encodeURIComponent(name)}`,
      );
    }
    for (const id of ["new_arrivals", "most_popular_items", "best_selling_products"]) {
      expect(await page.locator(`#${id}`).count(), id).toBe(1);
    }

    const footer = page.getByRole("contentinfo");
    for (const name of ["Getting Started", "Explore Now", "Follow Us"]) {
      expect(await footer.getByRole("heading", { name, ...exact }).count(), name).toBe(1);
    }
    for (const name of ["Accounts", "My Cart", "Help & Support"]) {
      expect(await footer.getByRole("link", { name, ...exact }).count(), name).toBe(1);
    }
    const explore = footer.getByRole("navigation", { name: "Explore Now" });
    expect(
      await explore.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href"))),
    ).toEqual(["/#new_arrivals", "/#most_popular_items", "/#best_selling_products"]);
    expect(await footer.getByRole("link", { name: "Facebook", ...exact }).count()).toBe(1);
    for (const name of ["Instagram", "Linkedin", "Twitter"]) {
      expect(await footer.getByRole("img", { name, ...exact }).count(), name).toBe(1);
      expect(await footer.getByRole("link", { name, ...exact }).count(), name).toBe(0);
    }

    await header.getByRole("button", { name: "Dark Mode", ...exact }).click();
    expect(await visible(header.getByRole("button", { name: "Light Mode", ...exact }))).toBe(true);
    await header.getByRole("button", { name: "Light Mode", ...exact }).click();
    await page.context().close();
  });

  it("product page, cart and checkout use the spec's buttons, links and messages", async () => {
    const page = await open(`/product-details/${product._id}`, 390);
    const main = page.getByRole("main");
    expect(
      await main.getByRole("button", { name: "Decrease quantity", ...exact }).isDisabled(),
    ).toBe(true);
    expect(await visible(main.getByRole("button", { name: "Order Now", ...exact }))).toBe(true);
    // A product that offers sizes and colours is added in one of each (decisions.md).
    const size = product.sizes[0] as string;
    const colour = product.colors[0] as string;
    await main
      .getByRole("group", { name: /^Size/ })
      .getByRole("button", { name: size, ...exact })
      .click();
    await main
      .getByRole("group", { name: /^Colour/ })
      .getByRole("button", { name: colour, ...exact })
      .click();
    await main.getByRole("button", { name: "Add To Cart", ...exact }).click();
    await expectDialog(
      page,
      "Product Added!",
      "Your product has been successfully added to the cart.",
    );
    const cart = JSON.parse(
      (await page.evaluate(() => localStorage.getItem("cartProducts"))) ?? "[]",
    );
    expect(cart.at(-1)).toMatchObject({
      id: product._id,
      name: product.name,
      color: colour,
      size,
      quantity: 1,
    });
    expect(Object.keys(cart.at(-1))).toEqual(
      expect.arrayContaining([
        "id",
        "name",
        "imageUrl",
        "color",
        "size",
        "quantity",
        "originalPrice",
      ]),
    );
    await page.keyboard.press("Escape");

    await page.goto(`${baseURL}/cart`);
    await hydrated(page);
    const proceed = page.getByRole("button", { name: "Proceed To Checkout", ...exact });
    await proceed.waitFor();
    const line = page
      .getByRole("listitem", { name: `${product.name} (${colour}, ${size})` })
      .last();
    expect(await line.getByRole("button", { name: /^Decrease quantity/ }).isDisabled()).toBe(true);
    // Lines start ticked; unticking the only line disables Proceed To Checkout.
    await line.getByRole("checkbox").uncheck();
    await expect.poll(() => proceed.isDisabled()).toBe(true);
    await line.getByRole("checkbox").check();
    await expect.poll(() => proceed.isEnabled()).toBe(true);
    await proceed.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/product-checkout");

    const confirm = page.getByRole("button", { name: "Confirm Order", ...exact });
    await confirm.waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    expect(
      await page.getByRole("link", { name: "Cancel Order", ...exact }).getAttribute("href"),
    ).toBe(`/product-details/${product._id}`);
    expect(await page.getByRole("link", { name: "Change", ...exact }).getAttribute("href")).toBe(
      "/cart",
    );
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(
      await crumbs.getByRole("link", { name: "Homepage", ...exact }).getAttribute("href"),
    ).toBe("/");
    for (const label of ["Email", "Mobile Number", "District", "Thana", "Address"]) {
      expect(await page.getByLabel(label, exact).count(), label).toBe(1);
    }
    for (const name of ["Address Type", "Delivery Area"]) {
      expect(await page.getByRole("group", { name, ...exact }).count(), name).toBe(1);
    }
    expect(await page.getByRole("radio", { name: /^Inside Dhaka/ }).count()).toBe(1);
    expect(await page.getByRole("radio", { name: /^Outside Dhaka/ }).count()).toBe(1);
    expect(await page.getByRole("radio", { name: "Cash On Delivery", ...exact }).isChecked()).toBe(
      true,
    );
    await page.getByLabel("Mobile Number", exact).pressSequentially("017123456789");
    expect(
      await page.getByRole("alert").filter({ hasText: "Number must be 11 digit" }).count(),
    ).toBe(1);
    expect(await page.getByLabel("Mobile Number", exact).inputValue()).toBe("01712345678");
    await page.context().close();
  });

  it("order success says so in Bengali and links to the homepage", async () => {
    const page = await open("/");
    // The checkout's navigation to it, with the order it placed as navigation state.
    await page.evaluate(() => {
      const placedOrder = {
        orderNumber: 1001,
        items: [{ name: "Cotton Shirt", quantity: 1, lineTotal: 650 }],
        subTotal: 650,
        deliveryCharge: 60,
        total: 710,
      };
      window.history.pushState(
        { usr: { placedOrder }, key: "placed", idx: 1 },
        "",
        "/order-success",
      );
    });
    await page.reload();
    await hydrated(page);
    const main = page.getByRole("main");
    await expect.poll(() => main.innerText()).toContain("আপনার অর্ডারটি সফলভাবে সম্পন্ন হয়েছে!");
    expect(await main.getByRole("link", { name: /Homepage/ }).getAttribute("href")).toBe("/");
    await page.context().close();
  });

  it("an unknown page is Oops! Page Not Found with Go Home", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${baseURL}/no-such-page`);
    expect(response?.status()).toBe(404);
    expect(
      await page.getByRole("heading", { name: "Oops! Page Not Found", ...exact }).count(),
    ).toBe(1);
    expect(await page.getByRole("link", { name: "Go Home", ...exact }).getAttribute("href")).toBe(
      "/",
    );
    await context.close();
  });

  it("header words name one link each, page-wide, on the pages that repeat them", async () => {
    const page = await open("/about-us");
    for (const name of ["Shops", "About us", "Contact us", "Register / Login"]) {
      expect(await page.getByRole("link", { name }).count(), name).toBe(1);
    }
    await page.context().close();
  });

  it("contact form shows the five required-field messages", async () => {
    const page = await open("/contact-us", 390);
    const form = page.getByRole("form");
    await form.getByRole("button").click();
    for (const message of [
      "Name is required",
      "Email is required",
      "Phone Number is required",
      "Subject is required",
      "Description is required",
    ]) {
      expect(await visible(form.getByText(message, exact)), message).toBe(true);
    }
    await page.context().close();
  });

  it("auth pages: buttons and links in the spec's words", async () => {
    const page = await open("/authentication/login", 390);
    const main = page.getByRole("main");
    expect(await visible(main.getByRole("button", { name: "Sign In", ...exact }))).toBe(true);
    expect(await main.getByRole("button", { name: /Google/ }).count()).toBe(1);
    expect(await main.getByRole("link", { name: /^Forgot password/ }).getAttribute("href")).toBe(
      "/authentication/forgot-password",
    );
    // Page-wide and not exact, the way a journey written from the spec asks: one link each.
    expect(await page.getByRole("link", { name: "Register" }).getAttribute("href")).toBe(
      "/authentication/register",
    );

    await page.goto(`${baseURL}/authentication/register`);
    await hydrated(page);
    expect(await visible(main.getByRole("button", { name: "Sign Up", ...exact }))).toBe(true);
    expect(await main.getByRole("button", { name: "Continue with Google", ...exact }).count()).toBe(
      1,
    );
    expect(await page.getByRole("link", { name: "Login" }).getAttribute("href")).toBe(
      "/authentication/login",
    );

    await page.goto(`${baseURL}/authentication/forgot-password`);
    await hydrated(page);
    expect(await main.getByRole("link", { name: "Sign in", ...exact }).getAttribute("href")).toBe(
      "/authentication/login",
    );
    expect(await main.getByRole("link", { name: "Sign up", ...exact }).getAttribute("href")).toBe(
      "/authentication/register",
    );
    await main.getByRole("button", { name: "Forgot", ...exact }).click();
    await expectDialog(
      page,
      "Email Required",
      "Please provide your email address to reset the password.",
    );
    await page.context().close();
  });

  it.each([390, 1280])("signed in at %i px: Dashboard and Logout in the header", async (width) => {
    const page = await open("/authentication/login", width);
    await login(page, DEMO_CUSTOMER);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    const header = page.getByRole("banner");
    const dashboard = header.getByRole("link", { name: "Dashboard", ...exact });
    expect(await visible(dashboard)).toBe(true);
    expect(await visible(header.getByRole("button", { name: "Logout", ...exact }))).toBe(true);
    expect(await header.getByRole("link", { name: "Register / Login", ...exact }).count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("JWT_ACCESS_TOKEN")))
      .toBeTruthy();

    await dashboard.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/dashboard");
    const main = page.getByRole("main");
    expect(await visible(main.getByRole("link", { name: "Take a Product", ...exact }))).toBe(true);
    if (width >= 1024) {
      const side = page.getByRole("complementary");
      expect(await visible(side.getByRole("link", { name: "Dashboards", ...exact }))).toBe(true);
      expect(await visible(side.getByRole("link", { name: "Go To Home", ...exact }))).toBe(true);
      expect(await side.getByRole("button", { name: /^(Dark|Light) Mode$/ }).count()).toBe(1);
    }

    await page.goto(baseURL);
    await hydrated(page);
    await header.getByRole("button", { name: "Logout", ...exact }).click();
    const ask = page.getByRole("alertdialog");
    await ask.waitFor();
    expect(await ask.getByText("Are you sure you want to logout?", exact).count()).toBe(1);
    await ask.getByRole("button", { name: "Yes, logout!", ...exact }).click();
    await expectDialog(page, "Logout Successful", "You have been successfully logged out.");
    await page.keyboard.press("Escape");
    expect(await visible(header.getByRole("link", { name: "Register / Login", ...exact }))).toBe(
      true,
    );
    await page.context().close();
  });
});
