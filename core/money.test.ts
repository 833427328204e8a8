import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURRENCY_SYMBOL, discountPercent, formatNumber, formatTaka, priceShown } from "./money";

describe("priceShown", () => {
  it("uses the offer price when there is one", () => {
    expect(priceShown({ originalPrice: 1000, offerPrice: 850 })).toBe(850);
  });

  it("falls back to the original price when the offer is missing, null or 0", () => {
    expect(priceShown({ originalPrice: 1000 })).toBe(1000);
    expect(priceShown({ originalPrice: 1000, offerPrice: null })).toBe(1000);
    expect(priceShown({ originalPrice: 1000, offerPrice: 0 })).toBe(1000);
  });
});

describe("discountPercent", () => {
  it("rounds to a whole percent", () => {
    expect(discountPercent(1000, 850)).toBe(15);
    expect(discountPercent(300, 200)).toBe(33);
    expect(discountPercent(300, 100)).toBe(67);
    expect(discountPercent(999, 998)).toBe(0);
    expect(discountPercent(200, 199)).toBe(1); // 0.5 rounds up
  });

  it("is 0 when a value is missing or the original is not positive", () => {
    expect(discountPercent(undefined, 100)).toBe(0);
    expect(discountPercent(1000, undefined)).toBe(0);
    expect(discountPercent(null, null)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
    expect(discountPercent(-100, 50)).toBe(0);
    expect(discountPercent(1000, 0)).toBe(0);
    expect(discountPercent(Number.NaN, 50)).toBe(0);
  });

  it("is 0 for no discount and never negative", () => {
    expect(discountPercent(500, 500)).toBe(0);
    expect(discountPercent(500, 600)).toBe(0);
  });
});

describe("formatTaka", () => {
  it("groups thousands with the taka sign", () => {
    expect(CURRENCY_SYMBOL).toBe("৳");
    expect(formatTaka(1250)).toBe("৳1,250");
    expect(formatTaka(0)).toBe("৳0");
    expect(formatTaka(1234567)).toBe("৳1,234,567");
  });

  it("shows the requested decimals", () => {
    expect(formatTaka(1250, 2)).toBe("৳1,250.00");
    expect(formatTaka(99.5, 2)).toBe("৳99.50");
    expect(formatTaka(99.5)).toBe("৳100");
  });

  it("puts the minus sign before the symbol", () => {
    expect(formatTaka(-60)).toBe("-৳60");
    expect(formatTaka(-0.001)).toBe("৳0");
  });

  it("rounds half up the amount as written", () => {
    expect(formatTaka(7558.065, 2)).toBe("৳7,558.07");
    expect(formatTaka(1.005, 2)).toBe("৳1.01");
    expect(formatTaka(2.5)).toBe("৳3");
    expect(formatTaka(0.0000001, 2)).toBe("৳0.00");
    // Its digits, not a float near them: …46497 × 100 is …46.5 as a double.
    expect(formatTaka(529692565446.46497, 2)).toBe("৳529,692,565,446.46");
    expect(formatTaka(999.995, 2)).toBe("৳1,000.00");
    expect(formatTaka(0.005, 2)).toBe("৳0.01");
  });

  it("writes what Intl.NumberFormat writes for en-US, rounding included", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: 0, max: 1e12, noNaN: true }),
          fc.integer({ min: 0, max: 10_000_000 }),
          fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 1000),
        ),
        fc.integer({ min: 0, max: 3 }),
        (amount, decimals) => {
          const intl = new Intl.NumberFormat("en-US", {
            minimumFractionDigits: decimals,
            maximumFractionDigits: decimals,
          }).format(amount);
          expect(formatTaka(amount, decimals)).toBe(`৳${intl}`);
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe("formatNumber", () => {
  it("groups thousands and keeps up to three decimals, as en-US writes numbers", () => {
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1000)).toBe("1,000");
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatNumber(1250.5)).toBe("1,250.5");
    expect(formatNumber(100.1)).toBe("100.1");
    expect(formatNumber(-2500)).toBe("-2,500");
  });

  it("matches toLocaleString('en-US') for any amount, except that it never writes -0", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (n) => {
        expect(formatNumber(n)).toBe(n.toLocaleString("en-US").replace(/^-0$/, "0"));
      }),
    );
  });
});
