import { describe, expect, it } from "vitest";
import { CART_INTRO, CHECKOUT_INTRO } from "~/app/features/cart/messages";
import { CATEGORIES, COLORS, PRODUCT_TYPES, SUB_CATEGORIES } from "~/core/catalogue";
import { CHECKOUT_MESSAGES } from "~/core/checkout";
import { DELIVERY_AREAS } from "~/core/delivery";
import { shortLineText } from "~/core/stock";
import { bn } from "./bn";
import { compileText, keysShipped, wholeCatalog } from "./catalog.server";
import { en } from "./en";
import { issueKey, issueText } from "./issues";
import type { MessageKey } from "./keys";
import { makeTranslator } from "./translator";

/**
 * The two languages' catalogues (decision 061): the same keys, the same placeholders, English
 * texts exactly as written (the spec's words), and Bengali that is Bengali.
 */
const keys = (o: object) => Object.keys(o).sort();
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe("message catalogues", () => {
  it("have the same keys in English and Bengali", () => {
    expect(keys(bn)).toEqual(keys(en));
  });

  it("name the same placeholders in both languages", () => {
    for (const key of keys(en) as MessageKey[]) {
      expect(placeholders(bn[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it("compile to text and {placeholders} only, and an English text without placeholders comes out exactly as written", () => {
    const english = makeTranslator("en", wholeCatalog("en"));
    for (const catalog of [en, bn]) {
      for (const [key, text] of Object.entries(catalog) as [MessageKey, string][]) {
        expect(() => compileText(key, text), key).not.toThrow();
      }
    }
    for (const [key, text] of Object.entries(en) as [MessageKey, string][]) {
      if (!text.includes("{")) expect(english.t(key), key).toBe(text);
    }
    expect(() => compileText("x", "{count, plural, one {# item} other {# items}}")).toThrow(
      "x: only {placeholders} are supported",
    );
  });

  it("fill placeholders with the values given, leave out one not given, and show a key without a message", () => {
    const translator = makeTranslator("en", {
      greeting: compileText("greeting", "Hello {name}, {count} items for '{'you'}'"),
      plain: compileText("plain", "Don't wait"),
    });
    const t = translator.t as (key: string, values?: Record<string, string | number>) => string;
    expect(t("greeting", { name: "Rahim", count: 3 })).toBe("Hello Rahim, 3 items for {you}");
    expect(t("greeting", { count: 0 })).toBe("Hello , 0 items for {you}");
    expect(t("plain")).toBe("Don't wait");
    expect(t("no.such.key")).toBe("no.such.key");
  });

  it("write Bengali in Bengali (brand names and codes aside)", () => {
    const sameInBoth = new Set(["auth.google", "product.questions.after"]);
    for (const [key, text] of Object.entries(bn)) {
      if (sameInBoth.has(key)) continue;
      expect(text, key).toMatch(/[\u0980-\u09FF]/);
      expect(text, key).not.toMatch(/[0-9]/);
    }
  });

  it("ship each page only its own messages, in one language", () => {
    const home = keysShipped("home");
    expect(home).toContain("menu.allCategories");
    expect(home.some((k) => k.startsWith("issue."))).toBe(false);
    expect(home.some((k) => k.startsWith("checkout."))).toBe(false);
    // The dashboard's order refusals name short stock lines and a 429's wait (shared messages).
    expect(keysShipped("dashboard", "dashOrders")).toEqual(
      expect.arrayContaining(["issue.line.short", "issue.line.soldOut", "issue.tooManyRequests"]),
    );
    // The admin's product list carries its own area's texts, not the orders' or the papers'.
    const products = keysShipped("dashboard", "dashProducts");
    expect(products).toContain("dash.catalogue.products.searchLabel");
    expect(products.some((k) => k.startsWith("dash.orders."))).toBe(false);
    expect(products.some((k) => k.startsWith("dash.paper."))).toBe(false);
    expect(products.some((k) => k.startsWith("dash.catalogue.form."))).toBe(false);
    const cart = keysShipped("cart");
    expect(cart.some((k) => k.startsWith("sub."))).toBe(false);
    expect(keysShipped("product").filter((k) => k.startsWith("issue."))).toEqual([
      "issue.chooseSize",
      "issue.chooseColour",
    ]);
    const bengali = JSON.stringify(wholeCatalog("bn"));
    expect(bengali).not.toContain("Add To Cart");
    expect(JSON.stringify(wholeCatalog("en"))).not.toContain("কার্টে যোগ করুন");
  });

  it("name every category, sub-category, colour, product type and delivery area", () => {
    const all = new Set(Object.keys(en));
    for (const c of CATEGORIES) {
      expect(all.has(`cat.${c}`), c).toBe(true);
      for (const s of SUB_CATEGORIES[c]) expect(all.has(`sub.${s}`), s).toBe(true);
    }
    for (const c of COLORS) expect(all.has(`color.${c}`), c).toBe(true);
    for (const t of PRODUCT_TYPES) expect(all.has(`type.${t}`), t).toBe(true);
    for (const a of DELIVERY_AREAS) expect(all.has(`area.${a}`), a).toBe(true);
  });

  it("translate every checkout field issue core/ writes", () => {
    const bengali = makeTranslator("bn", wholeCatalog("bn"));
    for (const message of Object.values(CHECKOUT_MESSAGES)) {
      expect(issueKey(message), message).toBeDefined();
      expect(issueText(bengali, message)).toMatch(/[\u0980-\u09FF]/);
    }
    expect(issueText(bengali, "Description must be at most 5,000 characters")).toBe(
      "বিস্তারিত সর্বোচ্চ ৫,০০০ অক্ষরের হতে পারে",
    );
    expect(issueText(bengali, "Something the table does not know")).toBe(
      "Something the table does not know",
    );
  });

  it("say how long to wait after a 429 in the page's language, the English as the server wrote it", () => {
    const english = makeTranslator("en", wholeCatalog("en"));
    const bengali = makeTranslator("bn", wholeCatalog("bn"));
    for (const message of [
      "Too many requests. Please try again in 10 minutes.",
      "Too many requests. Please try again in 1 minute.",
      "Too many requests. Please try again in 45 seconds.",
      "Too many requests. Please try again in 1 second.",
    ]) {
      expect(issueText(english, message)).toBe(message);
    }
    expect(issueText(bengali, "Too many requests. Please try again in 10 minutes.")).toBe(
      "অনেকবার চেষ্টা করা হয়েছে। ১০ মিনিট পরে আবার চেষ্টা করুন।",
    );
    expect(issueText(bengali, "Too many requests. Please try again in 45 seconds.")).toBe(
      "অনেকবার চেষ্টা করা হয়েছে। ৪৫ সেকেন্ড পরে আবার চেষ্টা করুন।",
    );
  });

  it("say which order line the server refused, with its numbers, the English as written", () => {
    const english = makeTranslator("en", wholeCatalog("en"));
    const bengali = makeTranslator("bn", wholeCatalog("bn"));
    const short = { id: "p1", size: "M", color: "White", requested: 3, available: 2 };
    const refusals = [
      shortLineText(short, "Cotton Panjabi"),
      shortLineText({ ...short, available: 0 }),
      'Product "Cotton Panjabi" is no longer available',
      'Choose a colour of "Cotton Panjabi"',
      'Size XXL is not offered for "Cotton Panjabi"',
      'Colour Red is not offered for "Cotton Panjabi"',
      "Some products cannot be ordered",
    ];
    for (const message of refusals) {
      expect(issueText(english, message)).toBe(message);
      expect(issueText(bengali, message), message).toMatch(/[\u0980-\u09FF]/);
    }
    expect(issueText(bengali, refusals[0] ?? "")).toBe(
      "Cotton Panjabi (M / সাদা): মাত্র ২টি আছে, আপনি চেয়েছেন ৩টি",
    );
    expect(issueText(bengali, refusals[1] ?? "")).toBe("এই পণ্য (M / সাদা) স্টকে নেই");
  });

  it("keep the cart's and checkout's English intros word for word", () => {
    const english = makeTranslator("en", wholeCatalog("en"));
    const charges = { inside: english.taka(60), outside: english.taka(120) };
    expect(english.t("cart.intro", charges)).toBe(CART_INTRO);
    expect(english.t("checkout.intro", charges)).toBe(CHECKOUT_INTRO);
  });

  it("write the page's numbers in its digits", () => {
    const bengali = makeTranslator("bn", wholeCatalog("bn"));
    expect(bengali.t("stock.few", { count: bengali.count(3) })).toBe("আর মাত্র ৩টি আছে");
    expect(bengali.taka(1250)).toBe("৳১,২৫০");
    const english = makeTranslator("en", wholeCatalog("en"));
    expect(english.t("stock.few", { count: english.count(3) })).toBe("Only 3 left");
  });
});
