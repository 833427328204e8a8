import { describe, expect, it } from "vitest";
import {
  accountEmailSchema,
  authBodySchema,
  newPasswordSchema,
  passwordSchema,
  signInFormSchema,
  signUpFormSchema,
  userNameSchema,
} from "./user";

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

describe("the sign-in forms' schemas", () => {
  const issues = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => result.error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

  it("say one thing a field, in the words the pages translate", () => {
    expect(issues(signUpFormSchema.safeParse({ name: " ", email: "", password: "" }))).toEqual([
      ["name", "Name is required"],
      ["email", "Email is required"],
      ["password", "Password is required"],
    ]);
    expect(
      issues(
        signUpFormSchema.safeParse({
          name: "ক".repeat(101),
          email: `${"a".repeat(250)}@x.test`,
          password: "p".repeat(129),
        }),
      ),
    ).toEqual([
      ["name", "Name is too long"],
      ["email", "Enter a valid email address"],
      ["password", "Password too long"],
    ]);
    expect(
      issues(signUpFormSchema.safeParse({ name: "R", email: "a@b", password: "1234567" })),
    ).toEqual([
      ["email", "Enter a valid email address"],
      ["password", "Password too short"],
    ]);
  });

  it("take Better Auth's lengths: 8 to 128 for a new password, up to 128 to sign in with", () => {
    expect(newPasswordSchema.safeParse("p".repeat(8)).success).toBe(true);
    expect(newPasswordSchema.safeParse("p".repeat(128)).success).toBe(true);
    expect(passwordSchema.safeParse("short").success).toBe(true);
    expect(passwordSchema.safeParse("p".repeat(129)).success).toBe(false);
    expect(signInFormSchema.parse({ email: " Rahim@Example.com ", password: "x" })).toEqual({
      email: "Rahim@Example.com",
      password: "x",
    });
    expect(accountEmailSchema.safeParse(`${"a".repeat(240)}@example.com`).success).toBe(true);
  });
});
