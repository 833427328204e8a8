import { describe, expect, it } from "vitest";
import { loginHref, safeReturnPath } from "./auth-client";

describe("safeReturnPath", () => {
  it("keeps paths inside the shop", () => {
    expect(safeReturnPath("/dashboard")).toBe("/dashboard");
    expect(safeReturnPath("/product-details/abc?x=1")).toBe("/product-details/abc?x=1");
  });
  it("refuses other hosts, auth pages and the API", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "dashboard",
      "",
      null,
      "/authentication/login",
      "/api/jwt",
    ]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });
});

describe("loginHref", () => {
  it("comes back to the current page", () => {
    expect(loginHref("/cart")).toBe("/authentication/login?redirectTo=%2Fcart");
    expect(loginHref("/")).toBe("/authentication/login");
    expect(loginHref("/authentication/register")).toBe("/authentication/login");
  });
});
