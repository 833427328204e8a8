import { describe, expect, it } from "vitest";
import {
  CHOOSE_COLOUR_MESSAGE,
  CHOOSE_SIZE_MESSAGE,
  type CheckoutForm,
  chargeFor,
  checkoutFormIssues,
  IDEMPOTENCY_KEY_PATTERN,
  linesSubTotal,
  MOBILE_NUMBER_MESSAGE,
  missingChoices,
  sanitizeMobileInput,
  selectableAreas,
  withAddressArea,
} from "./checkout";
import { findDistrict, isValidDistrictThana } from "./geo";
import { customerDataSchema } from "./schemas/order";

const issuesOf = (f: CheckoutForm) =>
  checkoutFormIssues(f, {
    isDistrict: (d) => findDistrict(d)?.bnName === d,
    isValidDistrictThana,
  });

const form: CheckoutForm = {
  name: "Rahim Uddin",
  email: "rahim@example.com",
  mobileNumber: "01712345678",
  district: "ঢাকা",
  thana: "মিরপুর",
  address: "House 12, Road 3",
  addressType: "Home",
  deliveryArea: "Inside Dhaka",
  comment: "",
  paymentSystem: "Cash On Delivery",
};

const lines = [
  {
    id: "p1",
    name: "Bag",
    imageUrl: "/media/a.webp",
    color: "Black",
    size: "N/A",
    originalPrice: 990,
    quantity: 2,
  },
  {
    id: "p2",
    name: "Pan",
    imageUrl: "",
    color: "N/A",
    size: "N/A",
    originalPrice: 850,
    quantity: 1,
  },
];

describe("sanitizeMobileInput", () => {
  it("keeps digits only: no minus sign, spaces or letters", () => {
    expect(sanitizeMobileInput("-017 12a", "")).toEqual({ value: "01712", refused: false });
    expect(sanitizeMobileInput("", "017")).toEqual({ value: "", refused: false });
  });

  it("turns a pasted +880 number into the local 11 digits", () => {
    expect(sanitizeMobileInput("+880 1712-345678", "")).toEqual({
      value: "01712345678",
      refused: false,
    });
  });

  it("takes a +880 number typed a key at a time, and gives the local 11 digits once it is whole", () => {
    let value = "";
    for (const key of "+8801712345678") {
      const next = sanitizeMobileInput(value + key, value);
      expect(next.refused, value + key).toBe(false);
      value = next.value;
    }
    expect(value).toBe("01712345678");
    // On the way it shows what was typed, the + included.
    expect(sanitizeMobileInput("+88017", "+8801")).toEqual({ value: "+88017", refused: false });
    expect(sanitizeMobileInput("0088017123456789", "")).toMatchObject({ refused: true });
    expect(sanitizeMobileInput("00880 1712345678", "")).toEqual({
      value: "01712345678",
      refused: false,
    });
    expect(sanitizeMobileInput("+880 01712345678", "")).toEqual({
      value: "01712345678",
      refused: false,
    });
  });

  it("takes Bengali digits, typed or pasted, as ASCII digits", () => {
    expect(sanitizeMobileInput("০১৭১২৩৪৫৬৭৮", "")).toEqual({
      value: "01712345678",
      refused: false,
    });
    expect(sanitizeMobileInput("+৮৮০ ১৭১২-৩৪৫৬৭৮", "")).toEqual({
      value: "01712345678",
      refused: false,
    });
    expect(sanitizeMobileInput("০১৭১২৩৪৫৬৭৮৯", "01712345678").refused).toBe(true);
  });

  it("keeps the first 11 digits of a longer paste, and says it is too long", () => {
    expect(sanitizeMobileInput("০১৭১২৩৪৫৬৭৮৯", "")).toEqual({
      value: "01712345678",
      refused: true,
    });
    expect(sanitizeMobileInput("+88017123456789", "")).toEqual({
      value: "01712345678",
      refused: true,
    });
    // Pasted over a number still being typed with its country code.
    expect(sanitizeMobileInput("+88017123456789", "+8801712345")).toEqual({
      value: "01712345678",
      refused: true,
    });
  });

  it("refuses a 12th digit and keeps the previous value", () => {
    expect(sanitizeMobileInput("01712345678", "0171234567")).toEqual({
      value: "01712345678",
      refused: false,
    });
    expect(sanitizeMobileInput("017123456789", "01712345678")).toEqual({
      value: "01712345678",
      refused: true,
    });
    // A digit typed inside a full number changes nothing either.
    expect(sanitizeMobileInput("017912345678", "01712345678")).toEqual({
      value: "01712345678",
      refused: true,
    });
  });
});

describe("checkoutFormIssues", () => {
  it("has none for a complete form; the comment is optional", () => {
    expect(issuesOf(form)).toEqual({});
    expect(issuesOf({ ...form, comment: "Call first" })).toEqual({});
  });

  it("requires every other field", () => {
    const empty = Object.fromEntries(Object.keys(form).map((k) => [k, ""])) as CheckoutForm;
    expect(Object.keys(issuesOf(empty)).sort()).toEqual(
      [
        "name",
        "email",
        "mobileNumber",
        "district",
        "thana",
        "address",
        "addressType",
        "deliveryArea",
        "paymentSystem",
      ].sort(),
    );
    expect(issuesOf({ ...form, name: "   " })).toEqual({ name: "Name is required" });
  });

  it("checks the mobile number, email, thana of the district and lengths", () => {
    expect(issuesOf({ ...form, mobileNumber: "01212345678" })).toEqual({
      mobileNumber: MOBILE_NUMBER_MESSAGE,
    });
    expect(issuesOf({ ...form, mobileNumber: "0171234567" }).mobileNumber).toBe(
      MOBILE_NUMBER_MESSAGE,
    );
    expect(issuesOf({ ...form, email: "rahim@" }).email).toBeDefined();
    expect(issuesOf({ ...form, thana: "ডুমুরিয়া" }).thana).toBeDefined();
    expect(issuesOf({ ...form, district: "Dhak", thana: "" }).district).toBe(
      "Choose a district from the list",
    );
    expect(issuesOf({ ...form, address: "x".repeat(301) }).address).toBeDefined();
    expect(issuesOf({ ...form, comment: "x".repeat(501) }).comment).toBeDefined();
    expect(issuesOf({ ...form, deliveryArea: "Mars" }).deliveryArea).toBeDefined();
    expect(issuesOf({ ...form, paymentSystem: "bKash" }).paymentSystem).toBeDefined();
  });

  it("refuses a delivery area that contradicts the address", () => {
    expect(issuesOf({ ...form, deliveryArea: "Outside Dhaka" }).deliveryArea).toBe(
      "This address is Inside Dhaka",
    );
    expect(
      issuesOf({ ...form, district: "চট্টগ্রাম", thana: "পটিয়া", deliveryArea: "Inside Dhaka" })
        .deliveryArea,
    ).toMatch(/Outside Dhaka/);
    expect(
      issuesOf({ ...form, district: "চট্টগ্রাম", thana: "পটিয়া", deliveryArea: "Outside Dhaka" }),
    ).toEqual({});
  });

  it("is the API's rule: the schema reports the same field with the same words", () => {
    expect(customerDataSchema.safeParse(form).success).toBe(true);
    expect(issuesOf(form)).toEqual({});
    const cases: Partial<CheckoutForm>[] = [
      { name: " " },
      { name: "x".repeat(101) },
      { email: "" },
      { email: "nope" },
      { email: "a..b@example.com" },
      { mobileNumber: "" },
      { mobileNumber: "01212345678" },
      { district: "" },
      { district: "Dhakka" },
      { thana: "" },
      { district: "চট্টগ্রাম" },
      { address: "  " },
      { address: "x".repeat(301) },
      { addressType: "Shop" },
      { deliveryArea: "" },
      { comment: "x".repeat(501) },
      { paymentSystem: "bKash" },
      { name: "", mobileNumber: "0171", thana: "পাহাড়তলী" },
    ];
    for (const change of cases) {
      const f = { ...form, ...change };
      const parsed = customerDataSchema.safeParse(f);
      const fromSchema = Object.fromEntries(
        (parsed.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]),
      );
      const onPage = issuesOf(f);
      expect(Object.keys(onPage).length, JSON.stringify(change)).toBeGreaterThan(0);
      expect(fromSchema, JSON.stringify(change)).toEqual(onPage);
    }
  });

  it("leaves an area that is not the address's own to the order service (a changed price)", () => {
    const f = { ...form, deliveryArea: "Outside Dhaka" };
    expect(issuesOf(f).deliveryArea).toBe("This address is Inside Dhaka");
    expect(customerDataSchema.safeParse(f).success).toBe(true);
  });
});

describe("totals", () => {
  it("adds the delivery charge of the chosen area", () => {
    expect(linesSubTotal(lines)).toBe(2830);
    expect(chargeFor("Inside Dhaka", 2830, 5000)).toBe(60);
    expect(chargeFor("Outside Dhaka", 2830, 5000)).toBe(120);
    expect(chargeFor("Outside Dhaka", 5000, 5000)).toBe(0);
    expect(chargeFor("Outside Dhaka", 9000, 0)).toBe(120);
    expect(chargeFor("", 2830, 5000)).toBe(0);
  });
});

describe("IDEMPOTENCY_KEY_PATTERN", () => {
  it("takes 1–100 visible ASCII characters", () => {
    expect(IDEMPOTENCY_KEY_PATTERN.test(crypto.randomUUID())).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test("")).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test("a b")).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test("k".repeat(101))).toBe(false);
  });
});

describe("the delivery area follows the address", () => {
  it("selects the address's area and offers no other once it is decided", () => {
    const start = { district: "", thana: "", deliveryArea: "" };
    expect(selectableAreas(start)).toEqual(["Inside Dhaka", "Outside Dhaka"]);
    const dhaka = withAddressArea({ ...start, district: "ঢাকা", deliveryArea: "Outside Dhaka" });
    expect(dhaka.deliveryArea).toBe("Outside Dhaka");
    expect(selectableAreas(dhaka)).toEqual(["Inside Dhaka", "Outside Dhaka"]);
    const mirpur = withAddressArea({ ...dhaka, thana: "মিরপুর" });
    expect(mirpur.deliveryArea).toBe("Inside Dhaka");
    expect(selectableAreas(mirpur)).toEqual(["Inside Dhaka"]);
    const savar = withAddressArea({ ...mirpur, thana: "সাভার" });
    expect(savar.deliveryArea).toBe("Outside Dhaka");
    const sylhet = withAddressArea({ district: "সিলেট", thana: "", deliveryArea: "Inside Dhaka" });
    expect(sylhet.deliveryArea).toBe("Outside Dhaka");
    expect(selectableAreas(sylhet)).toEqual(["Outside Dhaka"]);
  });

  it("decides nothing from a district half typed, and drops an area the address decided once it no longer does", () => {
    const whole = (d: string) => findDistrict(d)?.bnName === d;
    const start = { district: "", thana: "", deliveryArea: "" };
    const typed = withAddressArea({ ...start, district: "D" }, start, whole);
    expect(typed.deliveryArea).toBe("");
    const dhaka = withAddressArea({ ...typed, district: "ঢাকা" }, typed, whole);
    expect(dhaka.deliveryArea).toBe("");
    const mirpur = withAddressArea({ ...dhaka, thana: "মিরপুর" }, dhaka, whole);
    expect(mirpur.deliveryArea).toBe("Inside Dhaka");
    // The thana cleared: Inside Dhaka was the address's, not the customer's: choose again.
    const cleared = withAddressArea({ ...mirpur, thana: "" }, mirpur, whole);
    expect(cleared.deliveryArea).toBe("");
    // Chosen by hand while undecided, it stays while the address still decides nothing.
    const chosen = { ...cleared, deliveryArea: "Outside Dhaka" };
    expect(withAddressArea({ ...chosen, district: "ঢাক" }, chosen, whole).deliveryArea).toBe(
      "Outside Dhaka",
    );
  });
});

describe("missingChoices", () => {
  const offers = { sizes: ["M", "L"], colors: ["Black"] };

  it("asks for a size and a colour the product offers", () => {
    expect(missingChoices(offers, { size: null, color: null })).toEqual({
      size: CHOOSE_SIZE_MESSAGE,
      color: CHOOSE_COLOUR_MESSAGE,
    });
    expect(missingChoices(offers, { size: "N/A", color: "Black" })).toEqual({
      size: "Please choose a size",
    });
    expect(missingChoices(offers, { size: "XL", color: "Black" }).size).toBe(CHOOSE_SIZE_MESSAGE);
    expect(missingChoices(offers, { size: "M", color: "Black" })).toEqual({});
  });

  it("asks nothing of a product without sizes or colours", () => {
    expect(missingChoices({ sizes: [], colors: [] }, { size: null, color: null })).toEqual({});
  });
});
