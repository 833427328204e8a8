import { hashPassword, verifyPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { passwordsInTurn } from "./password-hashing";

describe("passwords in turn", () => {
  it("keeps Better Auth's stored format: old hashes still sign in, new ones check as before", async () => {
    const passwords = passwordsInTurn();
    const old = await hashPassword("haat-customer-2026");
    expect(await passwords.verify({ hash: old, password: "haat-customer-2026" })).toBe(true);
    expect(await passwords.verify({ hash: old, password: "haat-customer-2027" })).toBe(false);
    const made = await passwords.hash("haat-customer-2026");
    expect(await verifyPassword({ hash: made, password: "haat-customer-2026" })).toBe(true);
  });

  it("hashes and checks one password at a time, in arrival order, and goes on after a failure", async () => {
    const running: string[] = [];
    const order: string[] = [];
    let most = 0;
    const slow = async (what: string) => {
      running.push(what);
      most = Math.max(most, running.length);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running.splice(running.indexOf(what), 1);
      order.push(what);
      if (what === "broken") throw new Error("scrypt failed");
      return what;
    };
    const passwords = passwordsInTurn({
      hash: (password) => slow(password),
      verify: async ({ password }) => (await slow(password)) === password,
    });
    const results = await Promise.allSettled([
      passwords.hash("a"),
      passwords.verify({ hash: "", password: "b" }),
      passwords.hash("broken"),
      passwords.hash("c"),
      passwords.verify({ hash: "", password: "d" }),
    ]);
    expect(most).toBe(1);
    expect(order).toEqual(["a", "b", "broken", "c", "d"]);
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
  });
});
