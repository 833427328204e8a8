import { describe, expect, it } from "vitest";
import { forwardedClient } from "./client-address";

describe("the client's address behind reverse proxies", () => {
  it("is the TCP peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(forwardedClient("203.0.113.9", "1.1.1.1", 0)).toBe("203.0.113.9");
  });

  it("is the entry the trusted proxy added, not one the client wrote", () => {
    // The client sent "X-Forwarded-For: 1.1.1.1" to fake its address; the proxy appended the
    // address it saw (198.51.100.7) and connected from 10.0.0.2.
    expect(forwardedClient("10.0.0.2", "1.1.1.1, 198.51.100.7", 1)).toBe("198.51.100.7");
  });

  it("counts back one entry per proxy in a chain", () => {
    expect(forwardedClient("10.0.0.3", "1.1.1.1, 198.51.100.7, 10.0.0.2", 2)).toBe("198.51.100.7");
  });

  it("takes the leftmost entry when the chain is shorter than the proxies trusted", () => {
    expect(forwardedClient("10.0.0.2", "198.51.100.7", 3)).toBe("198.51.100.7");
    expect(forwardedClient("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
  });
});
