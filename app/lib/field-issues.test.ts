import { describe, expect, it } from "vitest";
import { productInputSchema } from "~/core/schemas";
import { issuesByField, zodFieldIssues } from "./field-issues";

describe("issuesByField", () => {
  it("keys API issues by their top-level field and keeps the first message", () => {
    expect(
      issuesByField([
        {
          path: "images.2",
          message:
            "Enter an https:// link or a /media/ path: an http:// image cannot show on the shop's pages",
        },
        { path: "images", message: "Up to 4 images" },
        { path: "offerPrice", message: "Offer price cannot be more than the original price" },
        { path: "", message: "Expected an object" },
      ]),
    ).toEqual({
      images:
        "Enter an https:// link or a /media/ path: an http:// image cannot show on the shop's pages",
      offerPrice: "Offer price cannot be more than the original price",
      form: "Expected an object",
    });
  });

  it("reads the core schema's issues the same way in the browser", () => {
    const result = productInputSchema.safeParse({
      name: "Panjabi",
      category: "Men Items",
      subCategory: "Saree",
      productType: "New Arrivals",
      originalPrice: 100,
      offerPrice: 200,
      ratings: 6,
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(zodFieldIssues(result.error)).toEqual({
      ratings: "Ratings must be between 1 and 5",
      subCategory: '"Saree" is not a sub-category of Men Items',
      offerPrice: "Offer price cannot be more than the original price",
    });
  });
});
