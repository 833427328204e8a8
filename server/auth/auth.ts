import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { account, session, user, verification } from "../db/schema";

/** Hono overwrites this header with the connection's address, so clients cannot forge it. */
export const CLIENT_IP_HEADER = "x-haat-client-ip";

/**
 * Better Auth refuses to run in production without a secret: without BETTER_AUTH_SECRET the
 * embedded setup keeps a generated one in DATA_DIR, so sessions survive restarts.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  const file = path.join(config.dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}

export function createAuth(db: Db, config: Config, secret: string) {
  return betterAuth({
    appName: config.SHOP_NAME,
    secret,
    basePath: "/api/auth",
    baseURL: config.PUBLIC_URL
      ? config.publicUrl
      : {
          allowedHosts: ["localhost", "localhost:*", "127.0.0.1", "127.0.0.1:*"],
          protocol: "http",
          fallback: config.publicUrl,
        },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification },
    }),
    emailAndPassword: { enabled: true, autoSignIn: true },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "customer", input: false },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
