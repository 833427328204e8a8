import { hashPassword, verifyPassword } from "better-auth/crypto";
import { turns } from "../turns";

export type PasswordHashing = {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
};

/** Better Auth's own scrypt hashing (its stored format), used as is. */
export const BETTER_AUTH_SCRYPT: PasswordHashing = {
  hash: hashPassword,
  verify: verifyPassword,
};

/**
 * Password hashes and checks one at a time per server. Better Auth's scrypt holds 32 MB for each
 * (N 16384, r 16) on libuv's pool of four threads, so a few sign-ins at the same moment lifted
 * the server 130 MB over its usual size, past DESIGN §7's 200 MB; in turn, a burst costs one
 * hash's memory and each sign-in waits for those before it (docs/decisions/068).
 */
export function passwordsInTurn(hashing: PasswordHashing = BETTER_AUTH_SCRYPT): PasswordHashing {
  const turn = turns(1);
  return {
    hash: (password) => turn.run(() => hashing.hash(password)),
    verify: (data) => turn.run(() => hashing.verify(data)),
  };
}
