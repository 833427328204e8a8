import { describe, expect, it } from "vitest";
import { RatingStars as ProductRating } from "~/app/features/catalogue/product-parts";
import { renderIn, textOf } from "~/tests/support/render-in";
import { RatingStars as CardRating } from "./rating-stars";

describe("the stars of a product nobody has reviewed", () => {
  it("on the product page: five empty stars and 'No reviews yet', not 5.0", () => {
    const html = renderIn(ProductRating, { rating: 5, reviews: 0 });
    expect(textOf(html)).toContain("No reviews yet");
    expect(textOf(html)).not.toContain("5.0");
    expect(html).toContain('aria-label="No reviews yet"');
    expect(html).toContain("width:0%");
  });

  it("on a card: empty stars without a (0) count, in Bengali too", () => {
    const html = renderIn(CardRating, { rating: 5, reviews: 0 }, "bn");
    expect(html).toContain('aria-label="এখনো কোনো রিভিউ নেই"');
    expect(html).toContain("--fill:0%");
    expect(textOf(html)).not.toMatch(/\(\s*০\s*\)/);
  });

  it("a reviewed product keeps its rating and count", () => {
    expect(textOf(renderIn(ProductRating, { rating: 4.5, reviews: 12 }))).toContain(
      "4.5 (12 reviews)",
    );
    const card = renderIn(CardRating, { rating: 4.5, reviews: 12 }, "bn");
    expect(card).toContain("--fill:90%");
    expect(textOf(card)).toMatch(/\(\s*১২\s*\)/);
  });
});
