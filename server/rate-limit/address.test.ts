import { describe, expect, it } from "vitest";
import { addressSubject } from "./address";

describe("addressSubject", () => {
  it("keeps IPv4 addresses and unknown peers as they are", () => {
    expect(addressSubject("203.0.113.7")).toBe("203.0.113.7");
    expect(addressSubject("unknown")).toBe("unknown");
  });

  it("counts an IPv6 client by its /64, however the address is written", () => {
    const subject = "2001:0db8:0001:0002::/64";
    expect(addressSubject("2001:db8:1:2::1")).toBe(subject);
    expect(addressSubject("2001:DB8:1:2:aaaa:bbbb:cccc:dddd")).toBe(subject);
    expect(addressSubject("2001:db8:1:2:0:0:0:ffff")).toBe(subject);
    expect(addressSubject("2001:db8:1:3::1")).not.toBe(subject);
    expect(addressSubject("2001:db8::1")).toBe("2001:0db8:0000:0000::/64");
    expect(addressSubject("::1")).toBe("0000:0000:0000:0000::/64");
  });

  it("counts an IPv4-mapped IPv6 peer as its IPv4 address", () => {
    expect(addressSubject("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });
});
