import { describe, expect, it } from "vitest";
import { requestedReturnPath, returnPathOr, safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps paths inside the shop, query and hash included", () => {
    for (const ok of ["/", "/dashboard", "/product-details/abc?x=1", "/shop?search=bag#top"]) {
      expect(safeReturnPath(ok)).toBe(ok);
    }
  });

  it("refuses anything a browser could read as another host, and the sign-in pages and API", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "\\/evil.example",
      "/\t/evil.example",
      "\t//evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/%0A/x\n",
      "/ok\u0000",
      "/\u007f/evil.example",
      "/dashboard\\..\\x",
      " /dashboard",
      "javascript:alert(1)",
      "dashboard",
      "",
      null,
      undefined,
      "/authentication/login",
      "/api/jwt",
      `/${"a".repeat(2048)}`,
    ]) {
      expect(safeReturnPath(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it("whatever it keeps stays on the shop's origin when the browser resolves it", () => {
    const chars = ["/", "\\", "\t", "\n", "\r", ".", ":", "@", "%", "?", "#", "a", " ", "\u0000"];
    // Every string of up to four of these characters after a leading slash.
    const all: string[] = ["/"];
    for (let n = 0; n < 4; n++) {
      for (const prefix of all.filter((s) => s.length === n + 1)) {
        for (const c of chars) all.push(prefix + c);
      }
    }
    for (const value of all) {
      const kept = safeReturnPath(value);
      if (kept === null) continue;
      expect(new URL(kept, "https://shop.example").origin, JSON.stringify(value)).toBe(
        "https://shop.example",
      );
    }
  });
});

describe("returnPathOr and requestedReturnPath", () => {
  it("fall back to home, or the next candidate", () => {
    expect(returnPathOr(["/\n/evil.example"])).toBe("/");
    expect(returnPathOr(["/\t/evil.example", "/cart"])).toBe("/cart");
    expect(requestedReturnPath(new URLSearchParams("redirectTo=%2F%0A%2Fevil.example"))).toBeNull();
    expect(requestedReturnPath(new URLSearchParams("redirectTo=%09%2F%2Fevil&from=%2Fcart"))).toBe(
      "/cart",
    );
    expect(requestedReturnPath(new URLSearchParams("redirectTo=%2Fdashboard"))).toBe("/dashboard");
  });
});
