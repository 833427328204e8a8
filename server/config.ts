import path from "node:path";
import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = (protocols: RegExp, hint: string) =>
  optionalString.refine((v) => v === undefined || protocols.test(v), { message: hint });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: optionalString,
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalUrl(
    /^postgres(ql)?:\/\//,
    "must be a PostgreSQL URL like postgres://user:password@host:5432/db",
  ),
  PUBLIC_URL: optionalUrl(/^https?:\/\//, "must start with http:// or https://"),
  BETTER_AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: "must be at least 32 characters (generate one with: openssl rand -base64 32)",
  }),
  SHOP_NAME: z.string().trim().min(1).default("Haat"),
  SEED_DEMO_DATA: z.enum(["auto", "never"]).default("auto"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  dataDir: string;
  publicUrl: string;
  database: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates the environment once at start; every problem is listed in one message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example.`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    ...e,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL }
      : { kind: "pglite", dataDir: path.join(dataDir, "pglite") },
  };
}
