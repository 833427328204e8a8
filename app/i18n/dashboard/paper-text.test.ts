import { describe, expect, it } from "vitest";
import { templateProblem } from "~/core/notifications";
import { NOT_AT_COURIER } from "~/server/services/courier-areas";
import { wholeCatalog } from "../catalog.server";
import { makeTranslator } from "../translator";
import { paperText } from "./paper-text";

const english = makeTranslator("en", wholeCatalog("en"));
const bengali = makeTranslator("bn", wholeCatalog("bn"));

/** What the SMS & Email and courier-area pages can be answered with (core/ and the services). */
const ANSWERS = [
  templateProblem("") ?? "",
  templateProblem("x".repeat(481)) ?? "",
  templateProblem("{nmae}, #{orderNumber}") ?? "",
  templateProblem("Your order #{orderNumber}", "order_code") ?? "",
  templateProblem("Code {code}", "order_placed") ?? "",
  templateProblem("Order {orderNumber") ?? "",
  "The template cannot be saved",
  "This change is not complete; reload the page and try again",
  "Message event not found",
  "Template language not found",
  "The area is not complete",
  "A whole number above 0",
  "A courier's id is a whole number up to 2,147,483,647",
  "Choose a courier",
  "Choose a thana of the district, as orders name them (Bengali)",
  "Pathao needs the city and the zone",
  "RedX needs the area's id and name",
  "Steadfast needs no areas",
  "Not configured, or needs no areas",
  "Pathao has no areas to look up here",
  "Courier area not found",
  "Only admins may manage courier areas",
  ...Object.values(NOT_AT_COURIER),
];

describe("the server's answers on the paper pages (paperText)", () => {
  it("stay exactly as written in English", () => {
    for (const answer of ANSWERS) expect(paperText(english, answer)).toBe(answer);
  });

  it("are Bengali in Bengali, with Bengali digits", () => {
    for (const answer of ANSWERS) {
      const text = paperText(bengali, answer);
      expect(text, answer).toMatch(/[\u0980-\u09FF]/);
      expect(text, answer).not.toMatch(/[0-9]/);
    }
    expect(paperText(bengali, templateProblem("{nmae}") ?? "")).toContain("{nmae}");
    expect(paperText(bengali, templateProblem("Order {orderNumber") ?? "")).toBe(
      "একটি { বা } জোড়া ছাড়া আছে: প্রতিটি প্লেসহোল্ডার দুই বন্ধনীসহ লিখুন, যেমন {orderNumber}।",
    );
  });

  it("leaves a text it does not know as written", () => {
    expect(paperText(bengali, "Steadfast: timeout")).toBe("Steadfast: timeout");
  });
});
