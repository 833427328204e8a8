import { describe, expect, it } from "vitest";
import { noticeOf, withoutNotice } from "./redirect-notice";

describe("the notice an address carries", () => {
  it("is its own notice, or a refused confirmation link's, which wins over the success it hoped for", () => {
    expect(noticeOf(new URLSearchParams("notice=email-confirmed"))).toBe("email-confirmed");
    for (const error of ["INVALID_TOKEN", "TOKEN_EXPIRED", "USER_NOT_FOUND"]) {
      expect(noticeOf(new URLSearchParams(`notice=email-confirmed&error=${error}`))).toBe(
        "link-invalid",
      );
    }
    // Another page's own `error` parameter is not ours to explain.
    expect(noticeOf(new URLSearchParams("error=access_denied"))).toBeNull();
  });

  it("is dropped from the address once shown, with the link's error and nothing else", () => {
    expect(
      withoutNotice(
        new URLSearchParams("lang=bn&notice=email-confirmed&error=TOKEN_EXPIRED"),
      ).toString(),
    ).toBe("lang=bn");
    expect(withoutNotice(new URLSearchParams("error=access_denied")).toString()).toBe(
      "error=access_denied",
    );
  });
});
