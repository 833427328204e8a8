import { describe, expect, it } from "vitest";
import { hasControlCharacter, NAME_LIMITS, nameLimit, truncate } from "./text";

describe("truncate", () => {
  it("keeps text at or under the limit", () => {
    expect(truncate("Earbuds", 20)).toBe("Earbuds");
    expect(truncate("12345", 5)).toBe("12345");
    expect(truncate("", 5)).toBe("");
  });

  it("cuts to max characters and adds an ellipsis", () => {
    expect(truncate("123456", 5)).toBe("12345...");
    expect(truncate("Wireless Bluetooth Earbuds Pro 5.3", 20)).toBe("Wireless Bluetooth E...");
    expect(truncate("abc", 0)).toBe("...");
  });

  it("does not split characters outside the BMP", () => {
    expect(truncate("ab😀cd", 3)).toBe("ab😀...");
  });
});

describe("nameLimit", () => {
  it("follows the spec's storefront card limits", () => {
    expect(nameLimit("card", 360)).toBe(38);
    expect(nameLimit("card", 400)).toBe(38);
    expect(nameLimit("card", 401)).toBe(55);
    expect(nameLimit("card", 768)).toBe(55);
    expect(nameLimit("card", 769)).toBe(47);
    expect(nameLimit("card", 1440)).toBe(47);
  });

  it("follows the checkout, cart and admin limits", () => {
    expect([400, 768, 1024].map((w) => nameLimit("checkout", w))).toEqual([20, 180, 30]);
    expect([400, 768, 1024].map((w) => nameLimit("cartLine", w))).toEqual([28, 55, 70]);
    expect([400, 768, 1024].map((w) => nameLimit("cartSummary", w))).toEqual([42, 55, 30]);
    expect([400, 768, 1024].map((w) => nameLimit("adminTable", w))).toEqual([20, 20, 20]);
  });

  it("exposes the table", () => {
    expect(NAME_LIMITS.card).toEqual({ small: 38, medium: 55, large: 47 });
  });
});

describe("hasControlCharacter", () => {
  it("finds NUL, tab, newline and DEL, and passes printable text of any script", () => {
    for (const text of ["a\u0000b", "a\tb", "a\nb", "a\u007fb"]) {
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ["abc-_09", "হাট ৳১২০", "emoji 🛍️", ""]) {
      expect(hasControlCharacter(text), text).toBe(false);
    }
  });
});
