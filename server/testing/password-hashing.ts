import { BETTER_AUTH_SCRYPT, type PasswordHashing } from "../auth/password-hashing";

/** One Better Auth hash per password, kept for the worker's later suites. */
const hashes = new Map<string, Promise<string>>();

/**
 * Better Auth's own scrypt hash and check, but a password the worker has hashed before gets the
 * same hash again (the same salt): the suites sign up hundreds of accounts with a handful of
 * passwords, and each scrypt costs tens of milliseconds of CPU (docs/decisions/070). A sign-in
 * still checks the password against its stored hash with real scrypt.
 */
export const hashOncePerPassword: PasswordHashing = {
  hash(password) {
    let hash = hashes.get(password);
    if (!hash) {
      hash = BETTER_AUTH_SCRYPT.hash(password);
      hash.catch(() => hashes.delete(password));
      hashes.set(password, hash);
    }
    return hash;
  },
  verify: BETTER_AUTH_SCRYPT.verify,
};
