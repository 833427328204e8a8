import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { IMAGE_LINK_MESSAGE, IMAGE_REF_MESSAGE } from "./common";
import { productInputSchema, productQuerySchema, productUpdateSchema } from "./product";

const good = {
  name: "  Wireless Bluetooth Earbuds Pro 5.3  ",
  description: "Great sound.\nBattery: 30 hours",
  videoLink: "https://www.youtube.com/watch?v=abc123XYZ00",
  category: "Gadget Items",
  subCategory: "Earbuds",
  productType: "New Arrivals",
  sizes: [],
  colors: ["Black", "White"],
  images: ["https://i.ibb.co/abc/earbuds.jpg", "/media/products/ab12.webp"],
  originalPrice: 1500,
  offerPrice: 1250,
  ratings: 4.5,
  reviews: 12,
  createdAt: "2025-03-05T06:00:00.000Z",
};

function issuePaths(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((i) => i.path.join("."));
}

describe("productInputSchema", () => {
  it("accepts a complete product and trims the name", () => {
    const p = productInputSchema.parse(good);
    expect(p.name).toBe("Wireless Bluetooth Earbuds Pro 5.3");
    expect(p.offerPrice).toBe(1250);
    expect(p.images).toHaveLength(2);
  });

  it("fills defaults for a minimal product", () => {
    const p = productInputSchema.parse({
      name: "Cotton Saree",
      category: "Women Items",
      subCategory: "Saree",
      productType: "Best Selling",
      originalPrice: 2200,
    });
    expect(p).toMatchObject({
      description: "",
      sizes: [],
      colors: [],
      images: [],
      ratings: 5,
      reviews: 0,
    });
    expect(p.videoLink).toBeUndefined();
    expect(p.offerPrice).toBeUndefined();
  });

  it("reads an empty or null video link as none", () => {
    expect(productInputSchema.parse({ ...good, videoLink: "" }).videoLink).toBeUndefined();
    expect(productInputSchema.parse({ ...good, videoLink: "   " }).videoLink).toBeUndefined();
    expect(productInputSchema.parse({ ...good, videoLink: null }).videoLink).toBeUndefined();
  });

  it("rejects video links that are not http(s)", () => {
    for (const videoLink of [
      "javascript:alert(1)",
      "ftp://x.org/v",
      "youtube.com/watch",
      "https://",
    ]) {
      expect(issuePaths(productInputSchema.safeParse({ ...good, videoLink })), videoLink).toEqual([
        "videoLink",
      ]);
    }
  });

  it("accepts Home & Living and lowercased category names", () => {
    const p = productInputSchema.parse({
      ...good,
      category: "Home & Living",
      subCategory: "bed sheet",
    });
    expect(p.category).toBe("Home and Living");
    expect(p.subCategory).toBe("Bed Sheet");
    expect(productInputSchema.parse({ ...good, category: "gadget items" }).category).toBe(
      "Gadget Items",
    );
  });

  it("rejects an unknown category", () => {
    const r = productInputSchema.safeParse({ ...good, category: "Toys" });
    expect(issuePaths(r)).toEqual(["category"]);
    expect(r.error?.issues[0]?.message).toBe("Unknown category");
  });

  it("requires the sub-category to belong to the category", () => {
    expect(issuePaths(productInputSchema.safeParse({ ...good, subCategory: "Saree" }))).toEqual([
      "subCategory",
    ]);
    expect(
      issuePaths(productInputSchema.safeParse({ ...good, subCategory: "Teleporter" })),
    ).toEqual(["subCategory"]);
    expect(issuePaths(productInputSchema.safeParse({ ...good, subCategory: "" }))).toEqual([
      "subCategory",
    ]);
  });

  it("reports a cross-field problem together with other field problems", () => {
    const r = productInputSchema.safeParse({ ...good, name: "", subCategory: "Saree" });
    expect(issuePaths(r).sort()).toEqual(["name", "subCategory"]);
  });

  it("validates the name length", () => {
    expect(issuePaths(productInputSchema.safeParse({ ...good, name: "   " }))).toEqual(["name"]);
    expect(issuePaths(productInputSchema.safeParse({ ...good, name: "x".repeat(201) }))).toEqual([
      "name",
    ]);
    expect(productInputSchema.safeParse({ ...good, name: "x".repeat(200) }).success).toBe(true);
    expect(
      issuePaths(productInputSchema.safeParse({ ...good, description: "x".repeat(5001) })),
    ).toEqual(["description"]);
  });

  it("takes product type, sizes and colours from the fixed lists", () => {
    expect(issuePaths(productInputSchema.safeParse({ ...good, productType: "Hot" }))).toEqual([
      "productType",
    ]);
    expect(issuePaths(productInputSchema.safeParse({ ...good, sizes: ["M", "XXXXL"] }))).toEqual([
      "sizes.1",
    ]);
    expect(issuePaths(productInputSchema.safeParse({ ...good, sizes: ["M", "M"] }))).toEqual([
      "sizes",
    ]);
    expect(issuePaths(productInputSchema.safeParse({ ...good, colors: ["black"] }))).toEqual([
      "colors.0",
    ]);
  });

  it("takes up to four images, each an https:// URL or a /media/ path", () => {
    const five = Array.from({ length: 5 }, (_, i) => `/media/p/${i}.webp`);
    expect(issuePaths(productInputSchema.safeParse({ ...good, images: five }))).toEqual(["images"]);
    expect(productInputSchema.safeParse({ ...good, images: five.slice(0, 4) }).success).toBe(true);
    for (const bad of [
      "/etc/passwd",
      "/media/../secret",
      "data:image/png;base64,AAA",
      "media/x.png",
      // The pages load outside images over https only: this one would never show.
      "http://i.ibb.co/abc/earbuds.jpg",
    ]) {
      expect(issuePaths(productInputSchema.safeParse({ ...good, images: [bad] })), bad).toEqual([
        "images.0",
      ]);
    }
    const plain = productInputSchema.safeParse({ ...good, images: ["http://img.example/a.jpg"] });
    expect(plain.error?.issues[0]?.message).toBe(IMAGE_REF_MESSAGE);
    // Text that is no link at all is not told about http://.
    for (const notALink of ["javascript:alert(1)", "data:text/html,x", "/media/../../etc/passwd"]) {
      const refused = productInputSchema.safeParse({ ...good, images: [notALink] });
      expect(refused.error?.issues[0]?.message, notALink).toBe(IMAGE_LINK_MESSAGE);
    }
    expect(
      productInputSchema.safeParse({ ...good, images: ["HTTPS://img.example/a.jpg"] }).success,
    ).toBe(true);
  });

  it("takes whole-taka prices ≥ 1 with the offer at most the original", () => {
    for (const originalPrice of [0, -5, 10.5, "100"]) {
      expect(
        issuePaths(productInputSchema.safeParse({ ...good, originalPrice, offerPrice: null })),
        String(originalPrice),
      ).toEqual(["originalPrice"]);
    }
    expect(issuePaths(productInputSchema.safeParse({ ...good, offerPrice: 0 }))).toEqual([
      "offerPrice",
    ]);
    expect(issuePaths(productInputSchema.safeParse({ ...good, offerPrice: 1501 }))).toEqual([
      "offerPrice",
    ]);
    expect(productInputSchema.parse({ ...good, offerPrice: 1500 }).offerPrice).toBe(1500);
    expect(productInputSchema.parse({ ...good, offerPrice: null }).offerPrice).toBeNull();
  });

  it("takes ratings 1–5 with one decimal and whole review counts", () => {
    for (const ratings of [1, 3.7, 5]) {
      expect(productInputSchema.safeParse({ ...good, ratings }).success, String(ratings)).toBe(
        true,
      );
    }
    for (const ratings of [0.9, 5.1, 4.55]) {
      expect(
        issuePaths(productInputSchema.safeParse({ ...good, ratings })),
        String(ratings),
      ).toEqual(["ratings"]);
    }
    expect(issuePaths(productInputSchema.safeParse({ ...good, reviews: -1 }))).toEqual(["reviews"]);
    expect(issuePaths(productInputSchema.safeParse({ ...good, reviews: 1.5 }))).toEqual([
      "reviews",
    ]);
  });

  it("says what the limit is for a price or review count over it, not that it is missing", () => {
    const messages = (body: Record<string, unknown>) =>
      productInputSchema.safeParse({ ...good, ...body }).error?.issues.map((i) => i.message);
    expect(messages({ originalPrice: 99_999_999 })).toEqual(["Prices go up to ৳10,000,000"]);
    expect(messages({ offerPrice: 99_999_999, originalPrice: 10_000_000 })).toEqual([
      "Prices go up to ৳10,000,000",
    ]);
    expect(messages({ reviews: 99_999_999_999 })).toEqual(["Reviews go up to 1,000,000,000"]);
    expect(messages({ originalPrice: 1e20 })).toContain("Prices go up to ৳10,000,000");
    expect(messages({ originalPrice: 1e20 })).not.toContain("Enter the original price");
    expect(messages({ originalPrice: "1200" })).toEqual(["Enter the original price"]);
  });

  it("accepts createdAt only as an ISO time", () => {
    expect(issuePaths(productInputSchema.safeParse({ ...good, createdAt: "yesterday" }))).toEqual([
      "createdAt",
    ]);
  });
});

describe("productUpdateSchema", () => {
  it("accepts a partial body without adding defaults", () => {
    expect(productUpdateSchema.parse({ offerPrice: 900 })).toEqual({ offerPrice: 900 });
    expect(productUpdateSchema.parse({})).toEqual({});
  });

  it("checks cross-field rules when both fields are present", () => {
    expect(
      issuePaths(productUpdateSchema.safeParse({ originalPrice: 500, offerPrice: 600 })),
    ).toEqual(["offerPrice"]);
    expect(
      issuePaths(productUpdateSchema.safeParse({ category: "Bag Items", subCategory: "Earbuds" })),
    ).toEqual(["subCategory"]);
    expect(
      productUpdateSchema.parse({ category: "home & living", subCategory: "curtain" }),
    ).toEqual({ category: "Home and Living", subCategory: "Curtain" });
  });

  it("still rejects an unknown sub-category on its own", () => {
    expect(issuePaths(productUpdateSchema.safeParse({ subCategory: "Teleporter" }))).toEqual([
      "subCategory",
    ]);
    expect(productUpdateSchema.parse({ subCategory: "earbuds" })).toEqual({
      subCategory: "Earbuds",
    });
  });
});

describe("productQuerySchema", () => {
  it("defaults the limit and treats empty values as absent", () => {
    expect(productQuerySchema.parse({})).toEqual({ limit: 100 });
    expect(
      productQuerySchema.parse({
        searchQuery: "",
        category: "",
        subCategory: " ",
        productType: "",
        limit: "",
        cursor: "",
      }),
    ).toEqual({ limit: 100 });
  });

  it("normalises category and sub-category names", () => {
    expect(
      productQuerySchema.parse({
        searchQuery: "  earbuds ",
        category: "home & living",
        subCategory: "bed sheet",
        productType: "Best Selling",
        limit: "20",
        cursor: "abc",
      }),
    ).toEqual({
      searchQuery: "earbuds",
      category: "Home and Living",
      subCategory: "Bed Sheet",
      productType: "Best Selling",
      limit: 20,
      cursor: "abc",
    });
  });

  it("rejects unknown names and bad limits", () => {
    const r = productQuerySchema.safeParse({ category: "toys" });
    expect(issuePaths(r)).toEqual(["category"]);
    expect(r.error?.issues[0]?.message).toBe("Unknown category");
    expect(issuePaths(productQuerySchema.safeParse({ subCategory: "nope" }))).toEqual([
      "subCategory",
    ]);
    expect(issuePaths(productQuerySchema.safeParse({ productType: "Hot" }))).toEqual([
      "productType",
    ]);
    for (const limit of ["0", "501", "abc", "2.5"]) {
      expect(issuePaths(productQuerySchema.safeParse({ limit })), limit).toEqual(["limit"]);
    }
    expect(issuePaths(productQuerySchema.safeParse({ searchQuery: "x".repeat(101) }))).toEqual([
      "searchQuery",
    ]);
    expect(issuePaths(productQuerySchema.safeParse({ cursor: "x".repeat(201) }))).toEqual([
      "cursor",
    ]);
  });
});
