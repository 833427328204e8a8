import { describe, expect, it } from "vitest";
import { authBodySchema, userNameSchema } from "./user";

describe("authBodySchema", () => {
  it("passes Better Auth's bodies through, unknown fields included", () => {
    const body = {
      name: "Rahim",
      email: "rahim@example.com",
      password: "secret",
      rememberMe: true,
    };
    expect(authBodySchema.parse(body)).toEqual(body);
  });

  it("refuses a name, image or redirect of the wrong type or size, and text with NUL", () => {
    for (const body of [
      { name: { first: "Rahim" } },
      { name: 12 },
      { name: "x".repeat(101) },
      { name: "   " },
      { image: 5 },
      { redirectTo: "x".repeat(2001) },
      { email: "a\u0000@example.com" },
    ]) {
      expect(authBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});

describe("userNameSchema", () => {
  it("trims the name", () => {
    expect(userNameSchema.parse("  Rahim  ")).toBe("Rahim");
  });
});
