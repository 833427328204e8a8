import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { axeViolations } from "./auth-support";

type ApiProduct = {
  _id: string;
  name: string;
  category: string;
  images: string[];
  sizes: string[];
  colors: string[];
  originalPrice: number;
  offerPrice: number | null;
};

describe("a visitor uses the product page", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let product: ApiProduct;

  const open = async (width = 390): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const response = await page.goto(`${baseURL}/product-details/${product._id}`);
    expect(response?.status()).toBe(200);
    await page.locator("main[data-hydrated]").waitFor();
    return page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    const { data } = await (await fetch(`${baseURL}/api/products?limit=500`)).json();
    product = (data as ApiProduct[]).find(
      (p) =>
        p.images.length >= 3 &&
        p.sizes.length >= 2 &&
        p.colors.length >= 2 &&
        p.offerPrice !== null &&
        p.offerPrice < p.originalPrice,
    ) as ApiProduct;
    expect(
      product,
      "the demo catalogue has a discounted product with sizes and colours",
    ).toBeTruthy();
  });
  afterAll(async () => browser?.close());

  it("shows the name, the price shown, the struck-through original price and the discount", async () => {
    const page = await open();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(product.name);
    const percent = Math.round(
      ((product.originalPrice - (product.offerPrice as number)) / product.originalPrice) * 100,
    );
    expect(await page.getByTestId("price").textContent()).toBe(
      `৳${(product.offerPrice as number).toLocaleString("en-US")}`,
    );
    const box = page.getByTestId("buy-box");
    expect(await box.locator("s").textContent()).toContain(
      product.originalPrice.toLocaleString("en-US"),
    );
    expect(await box.getByText(`-${percent}%`, { exact: true }).count()).toBe(1);
    expect(await box.getByRole("img", { name: /^Rated \d\.\d out of 5$/ }).count()).toBe(1);
    await page.close();
  });

  it("switches the main image from the thumbnails, by click and by keyboard", async () => {
    const page = await open();
    const main = page.getByTestId("main-image");
    expect(await main.getAttribute("src")).toBe(product.images[0]);
    const second = page.getByRole("button", { name: `Show image 2 of ${product.images.length}` });
    await second.click();
    await expect.poll(() => main.getAttribute("src")).toBe(product.images[1]);
    expect(await second.getAttribute("aria-pressed")).toBe("true");
    const third = page.getByRole("button", { name: `Show image 3 of ${product.images.length}` });
    await third.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => main.getAttribute("src")).toBe(product.images[2]);
    expect(await second.getAttribute("aria-pressed")).toBe("false");
    await page.close();
  });

  it("highlights the chosen size and colour and keeps the quantity at 1 or more", async () => {
    const page = await open();
    const [sizeA, sizeB] = product.sizes as [string, string];
    const [colour] = product.colors as [string];
    const sizes = page.getByRole("group", { name: /^Size/ });
    await sizes.getByRole("button", { name: sizeA, exact: true }).click();
    await expect
      .poll(() =>
        sizes.getByRole("button", { name: sizeA, exact: true }).getAttribute("aria-pressed"),
      )
      .toBe("true");
    await sizes.getByRole("button", { name: sizeB, exact: true }).click();
    await expect
      .poll(() =>
        sizes.getByRole("button", { name: sizeA, exact: true }).getAttribute("aria-pressed"),
      )
      .toBe("false");
    expect(
      await sizes.getByRole("button", { name: sizeB, exact: true }).getAttribute("aria-pressed"),
    ).toBe("true");
    const colours = page.getByRole("group", { name: /^Colour/ });
    await colours.getByRole("button", { name: colour, exact: true }).click();
    await expect
      .poll(() =>
        colours.getByRole("button", { name: colour, exact: true }).getAttribute("aria-pressed"),
      )
      .toBe("true");

    const decrease = page.getByRole("button", { name: "Decrease quantity" });
    const increase = page.getByRole("button", { name: "Increase quantity" });
    expect(await page.locator("output").textContent()).toBe("1");
    expect(await decrease.isDisabled()).toBe(true);
    await increase.click();
    await expect.poll(() => page.locator("output").textContent()).toBe("2");
    expect(await decrease.isDisabled()).toBe(false);
    await decrease.click();
    await expect.poll(() => page.locator("output").textContent()).toBe("1");
    expect(await decrease.isDisabled()).toBe(true);
    await page.close();
  });

  it("shows at most 10 related products, all of the same category and not this one", async () => {
    const page = await open(1280);
    const related = page.getByRole("list", { name: "Related Products" }).getByRole("link");
    const hrefs = await related.evaluateAll((links) =>
      links.map((a) => a.getAttribute("href") ?? ""),
    );
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.length).toBeLessThanOrEqual(10);
    for (const href of hrefs) {
      const id = href.split("/").pop() as string;
      expect(id).not.toBe(product._id);
      const { data } = await (await fetch(`${baseURL}/api/product/${id}`)).json();
      expect(data.category).toBe(product.category);
    }
    await page.close();
  });

  it("adds the chosen item to the cart in localStorage with the spec's fields", async () => {
    const page = await open();
    await page.evaluate(() => localStorage.removeItem("cartProducts"));
    const [size] = product.sizes as [string];
    const [colour] = product.colors as [string];
    await page
      .getByRole("group", { name: /^Size/ })
      .getByRole("button", { name: size, exact: true })
      .click();
    await page
      .getByRole("group", { name: /^Colour/ })
      .getByRole("button", { name: colour, exact: true })
      .click();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Add To Cart" }).click();
    const dialog = page.getByRole("dialog", { name: "Product Added!" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      "Your product has been successfully added to the cart.",
    );
    const cart = JSON.parse(
      (await page.evaluate(() => localStorage.getItem("cartProducts"))) ?? "[]",
    );
    expect(cart).toEqual([
      {
        id: product._id,
        name: product.name,
        imageUrl: product.images[0],
        color: colour,
        size,
        quantity: 2,
        originalPrice: product.offerPrice,
      },
    ]);
    await page.close();
  });

  const storedCart = async (page: Page) =>
    JSON.parse((await page.evaluate(() => localStorage.getItem("cartProducts"))) ?? "[]");

  it("asks for a size and a colour instead of adding N/A, then appends each Add To Cart", async () => {
    const page = await open();
    await page.evaluate(() => localStorage.setItem("cartProducts", "[]"));
    const sizes = page.getByRole("group", { name: /^Size/ });
    const colours = page.getByRole("group", { name: /^Colour/ });
    await page.getByRole("button", { name: "Add To Cart" }).click();
    // Shown next to the pickers, and nothing goes to the cart.
    await expect.poll(() => sizes.getByText("Please choose a size").count()).toBe(1);
    expect(await colours.getByText("Please choose a colour").count()).toBe(1);
    expect(await page.getByRole("dialog", { name: "Product Added!" }).count()).toBe(0);
    expect(await storedCart(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    // The first missing choice has the focus.
    expect(await page.evaluate(() => document.activeElement?.closest("fieldset")?.id)).toBe(
      "choice-size",
    );

    await sizes.getByRole("button", { name: product.sizes[0], exact: true }).click();
    await expect.poll(() => page.getByText("Please choose a size").count()).toBe(0);
    expect(await page.getByText("Please choose a colour").count()).toBe(1);
    await colours.getByRole("button", { name: product.colors[0], exact: true }).click();
    await expect.poll(() => page.getByText("Please choose a colour").count()).toBe(0);

    await page.getByRole("button", { name: "Add To Cart" }).click();
    await page.getByRole("dialog", { name: "Product Added!" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await expect.poll(async () => (await storedCart(page)).length).toBe(2);
    const cart = await storedCart(page);
    expect(cart[0]).toMatchObject({
      color: product.colors[0],
      size: product.sizes[0],
      quantity: 1,
    });
    await page.close();
  });

  it("adds N/A for a product that offers no size or colour", async () => {
    const { data } = await (await fetch(`${baseURL}/api/products?limit=500`)).json();
    const plain = (data as ApiProduct[]).find((p) => p.sizes.length === 0 && p.colors.length === 0);
    expect(plain, "the demo catalogue has a product without sizes and colours").toBeTruthy();
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await page.goto(`${baseURL}/product-details/${plain?._id}`);
    await page.locator("main[data-hydrated]").waitFor();
    await page.evaluate(() => localStorage.setItem("cartProducts", "[]"));
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await page.getByRole("dialog", { name: "Product Added!" }).waitFor();
    expect((await storedCart(page))[0]).toMatchObject({ color: "N/A", size: "N/A", quantity: 1 });
    await page.close();
  });

  it("asks for the choices on Order Now too, then goes straight to checkout with this one item", async () => {
    const page = await open();
    await page.getByRole("button", { name: "Order Now" }).click();
    await expect.poll(() => page.getByText("Please choose a size").count()).toBe(1);
    expect(await page.getByText("Please choose a colour").count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe(`/product-details/${product._id}`);
    await page
      .getByRole("group", { name: /^Size/ })
      .getByRole("button", { name: product.sizes[1], exact: true })
      .click();
    await page
      .getByRole("group", { name: /^Colour/ })
      .getByRole("button", { name: product.colors[1], exact: true })
      .click();
    await page.getByRole("button", { name: "Order Now" }).click();
    await page.waitForURL(`${baseURL}/product-checkout`);
    const items = JSON.parse(
      (await page.evaluate(() => sessionStorage.getItem("checkoutProducts"))) ?? "[]",
    );
    expect(items).toEqual([
      expect.objectContaining({
        id: product._id,
        quantity: 1,
        color: product.colors[1],
        size: product.sizes[1],
      }),
    ]);
    await page.close();
  });

  it("remembers the favourite heart across a reload", async () => {
    const page = await open();
    const heart = page.getByRole("button", { name: "Favourite" });
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    await heart.click();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    await page.reload();
    await page.locator("main[data-hydrated]").waitFor();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    await heart.click();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("false");
    expect(await page.evaluate(() => localStorage.getItem("favorites"))).toBe("[]");
    await page.close();
  });

  it("shows the video link, the contact line, the policy cards and the Label: value lines", async () => {
    const { data } = await (await fetch(`${baseURL}/api/products?limit=500`)).json();
    const withVideo = (
      data as (ApiProduct & { videoLink: string | null; description: string })[]
    ).find((p) => p.videoLink && /^[^:\n]{1,40}:\s*\S/m.test(p.description));
    expect(withVideo, "the demo catalogue has a product with a video").toBeTruthy();
    const page = await browser.newPage();
    await page.goto(`${baseURL}/product-details/${withVideo?._id}`);
    const video = page.getByRole("link", { name: "Watch Video Demo", exact: true });
    expect(await video.getAttribute("href")).toBe(withVideo?.videoLink);
    expect(await video.getAttribute("target")).toBe("_blank");
    expect(await video.getAttribute("rel")).toContain("noopener");
    expect(await video.getAttribute("aria-describedby")).toBe("video-new-tab");
    expect(await page.getByRole("link", { name: "WhatsApp us" }).getAttribute("href")).toMatch(
      /^https:\/\/wa\.me\/880\d+$/,
    );
    for (const title of ["Free Shipping", "7 Days Return", "Courier Charge", "Cash On Delivery"]) {
      expect(await page.getByRole("heading", { name: title, exact: true }).count(), title).toBe(1);
    }
    expect(await page.getByText("7 days return for any reason.").count()).toBe(1);
    expect(await page.getByText("Free shipping on orders over ৳5,000.").count()).toBe(1);
    const labels = await page
      .getByRole("region", { name: "Product Details" })
      .locator("li strong")
      .allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.every((l) => l.endsWith(":"))).toBe(true);
    await page.close();
  });

  it("refetches the product when the window regains focus", async () => {
    const page = await open();
    const refetch = page.waitForRequest(
      (r) => r.url().includes(`/product-details/${product._id}.data`) && r.method() === "GET",
    );
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    const response = await (await refetch).response();
    expect(response?.status()).toBe(200);
    await page.close();
  });

  it("gets the 404 page for an unknown product id", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${baseURL}/product-details/no-such-product`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Oops! Page Not Found",
    );
    expect(await page.getByRole("link", { name: "Go Home" }).count()).toBe(1);
    await page.close();
  });
});
