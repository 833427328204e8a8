import { describe, expect, it } from "vitest";
import { roleOf, toActor } from "./actor";

describe("actor", () => {
  it("reads only 'admin' as an admin", () => {
    expect(roleOf("admin")).toBe("admin");
    expect(roleOf("Admin")).toBe("customer");
    expect(roleOf(undefined)).toBe("customer");
    expect(roleOf("superuser")).toBe("customer");
  });

  it("maps a user row and lowercases its email", () => {
    expect(
      toActor({
        id: "u1",
        email: "Rahim@Example.COM",
        name: "Rahim",
        role: "admin",
        emailVerified: true,
      }),
    ).toEqual({
      userId: "u1",
      email: "rahim@example.com",
      name: "Rahim",
      role: "admin",
      emailVerified: true,
    });
  });
});
