import { describe, expect, it } from "vitest";
import { zodFieldIssues } from "~/app/lib/field-issues";
import { SIZES } from "~/core/catalogue";
import { productInputSchema } from "~/core/schemas";
import {
  EMPTY_PRODUCT_FORM,
  formIssuesOf,
  formValuesOf,
  productBody,
  productBodyFromForm,
  productFormData,
  stockGridOf,
  toggleIn,
} from "./product-form-values";

const filled = {
  ...EMPTY_PRODUCT_FORM,
  name: "Canvas Backpack",
  category: "Bag Items",
  subCategory: "Backpack",
  productType: "Best Selling",
  originalPrice: "1200",
};

describe("productBody", () => {
  it("turns the form into a body the core schema accepts, with no offer and no video", () => {
    const body = productBody(filled, ["/media/ab/abababababababababababababababab.webp"]);
    expect(body).toMatchObject({ originalPrice: 1200, offerPrice: null, videoLink: "" });
    const parsed = productInputSchema.parse(body);
    expect(parsed).toMatchObject({ ratings: 5, reviews: 0, videoLink: undefined });
  });

  it("names the field of a missing or unreadable number", () => {
    const result = productInputSchema.safeParse(
      productBody({ ...filled, originalPrice: "", ratings: "abc" }, []),
    );
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["originalPrice", "ratings"]));
  });

  it("an empty form names every required field in words an admin reads", () => {
    const result = productInputSchema.safeParse(productBody(EMPTY_PRODUCT_FORM, []));
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(zodFieldIssues(result.error)).toEqual({
      name: "Name is required",
      category: "Unknown category",
      subCategory: "Sub-category is required",
      productType: "Choose a product type",
      originalPrice: "Enter the original price",
    });
  });

  it("round-trips a stored product", () => {
    const product = {
      _id: "p1",
      name: "Pan",
      description: "Size: 24 cm",
      nameBn: "ননস্টিক প্যান",
      descriptionBn: "",
      videoLink: null,
      category: "Kitchen Items",
      subCategory: "Non Stick Pan",
      productType: "New Arrivals",
      sizes: [],
      colors: ["Black"],
      images: ["https://img.example/a.webp"],
      originalPrice: 900,
      offerPrice: 850,
      ratings: 4.5,
      reviews: 3,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-02T03:04:05.678Z",
      trackStock: false,
    };
    const levels = [{ size: "N/A", color: "Black", quantity: 4 }];
    const body = productBody(formValuesOf(product, levels), product.images);
    // The version the form was opened on goes with the save (a lost edit is refused).
    expect(body.updatedAt).toBe(product.updatedAt);
    const { _id, createdAt, updatedAt, ...fields } = product;
    expect(productInputSchema.parse(body)).toEqual({
      ...fields,
      videoLink: undefined,
      // With the pieces the form showed, so the save keeps what orders took meanwhile.
      stock: levels.map((l) => ({ ...l, was: l.quantity })),
    });
  });
});

describe("toggleIn", () => {
  it("keeps the catalogue's order", () => {
    expect(toggleIn(["XL"], "S", SIZES)).toEqual(["S", "XL"]);
    expect(toggleIn(["S", "XL"], "S", SIZES)).toEqual(["XL"]);
  });
});

describe("productFormData and productBodyFromForm", () => {
  it("the action reads back the body the form would have sent to the JSON API", () => {
    const values = {
      ...filled,
      sizes: ["S", "XL"],
      colors: ["Black"],
      offerPrice: "1000",
      videoLink: " https://youtu.be/x ",
    };
    const images = ["/media/ab/abababababababababababababababab.webp"];
    expect(productBodyFromForm(productFormData(values, images))).toEqual(
      productBody(values, images),
    );
  });

  it("an empty form reads back as empty fields, not as missing ones", () => {
    expect(productBodyFromForm(new FormData())).toEqual(productBody(EMPTY_PRODUCT_FORM, []));
  });
});

describe("the stock grid of the product form", () => {
  const withGrid = {
    ...filled,
    sizes: ["M", "L"],
    colors: ["Red"],
    trackStock: true,
    stock: { "stock:M:Red": "4", "stock:XL:Red": "9" },
  };

  it("sends one cell per size × colour offered now, empty cells as 0", () => {
    expect(stockGridOf(withGrid)).toEqual([
      { size: "M", color: "Red", quantity: 4 },
      { size: "L", color: "Red", quantity: 0 },
    ]);
    expect(stockGridOf({ sizes: [], colors: [], stock: { "stock:N/A:N/A": "7" } })).toEqual([
      { size: "N/A", color: "N/A", quantity: 7 },
    ]);
  });

  it("posts Track stock and the cells, and the action reads them back", () => {
    const body = productBodyFromForm(productFormData(withGrid, []));
    expect(body.trackStock).toBe(true);
    expect(body.stock).toEqual([
      { size: "M", color: "Red", quantity: 4 },
      { size: "L", color: "Red", quantity: 0 },
    ]);
    const untracked = productBodyFromForm(productFormData({ ...withGrid, trackStock: false }, []));
    expect(untracked.trackStock).toBe(false);
  });

  it("puts a cell's issue under that cell", () => {
    const issues = formIssuesOf(
      [
        { path: ["stock", 1, "quantity"], message: "Quantities cannot be negative" },
        { path: "name", message: "Enter a name" },
      ],
      withGrid,
    );
    expect(issues).toEqual({
      stock: "Quantities cannot be negative",
      "stock:L:Red": "Quantities cannot be negative",
      name: "Enter a name",
    });
  });

  it("fills the grid from the stored levels", () => {
    const values = formValuesOf(
      { ...productInputSchema.parse(productBody(filled, [])), _id: "x", createdAt: "" } as never,
      [{ size: "N/A", color: "N/A", quantity: 3 }],
    );
    expect(values.stock).toEqual({ "stock:N/A:N/A": "3" });
  });
});
