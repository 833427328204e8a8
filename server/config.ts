import path from "node:path";
import { z } from "zod";
import { DEFAULT_FREE_DELIVERY_OVER } from "../core/delivery";
import { ORDER_OTP_MODES } from "../core/order-tracking";
import type { CourierSettings } from "./couriers/settings";
import type { S3MediaOptions } from "./media/s3-storage";
import type { SmsSettings } from "./notify/sms";
import { DEFAULT_ORDERS_PER_ADDRESS_PER_MINUTE } from "./rate-limit/rules";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = (protocols: RegExp, hint: string) =>
  optionalString.refine((v) => v === undefined || protocols.test(v), { message: hint });

const envSchema = z
  .object({
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
    // Placeholders until the shop sets its own (decisions.md: contact details come from configuration).
    SHOP_PHONE: z
      .string()
      .trim()
      .regex(/^\+?[0-9 -]{6,20}$/, "must be a phone number like 01700000000")
      .default("01700000000"),
    SHOP_EMAIL: z.email("must be an email address").default("support@haat.example"),
    SHOP_ADDRESS: z.string().trim().min(1).default("West Shewrapara, Mirpur, Dhaka"),
    SHOP_FACEBOOK_URL: z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .default("https://www.facebook.com/"),
    // Delivery is free from this sub-total in taka (the product page promises it); 0 turns the
    // rule and its promise off.
    FREE_DELIVERY_OVER: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.coerce
        .number({ error: "must be a whole number of taka (0 turns free delivery off)" })
        .int("must be a whole number of taka (0 turns free delivery off)")
        .min(0, "must be 0 or more (0 turns free delivery off)")
        .max(10_000_000)
        .default(DEFAULT_FREE_DELIVERY_OVER),
    ),
    // Mail: SMTP when set (smtp://user:pass@host:587 or smtps://...), else DATA_DIR/outbox.
    SMTP_URL: optionalUrl(/^smtps?:\/\//, "must be an SMTP URL like smtp://user:pass@host:587"),
    MAIL_FROM: optionalString,
    // Google sign-in, or any OpenID Connect provider (its issuer URL) shown as the Google button.
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    OIDC_ISSUER: optionalUrl(/^https?:\/\//, "must be an http(s) issuer URL"),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    // Comma-separated emails made admin when they sign up.
    ADMIN_EMAILS: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    // Shared rate limits (and cache invalidation) across several servers.
    REDIS_URL: optionalUrl(/^rediss?:\/\//, "must be a Redis URL like redis://127.0.0.1:6379"),
    // Prefix of every Redis key and channel: shops (or test runs) sharing one Redis keep apart.
    REDIS_PREFIX: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9:_.-]{1,64}$/, "must be 1-64 letters, digits or : _ . -")
      .default("haat:"),
    // Every rate limit (orders, contact, sign-in, sign-up, password reset): on by default, off
    // only under NODE_ENV=test. AUTH_RATE_LIMIT is its older name, still read.
    RATE_LIMIT: z.enum(["on", "off"]).optional(),
    // The ceiling of orders per minute from one client address (everyone behind a carrier's
    // NAT together); the per-phone limits stay as they are (docs/decisions/048).
    ORDER_LIMIT_PER_ADDRESS: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(DEFAULT_ORDERS_PER_ADDRESS_PER_MINUTE),
    AUTH_RATE_LIMIT: z.enum(["on", "off"]).optional(),
    // How many reverse proxies stand in front of the server: the client's address is then read
    // from X-Forwarded-For, that many entries from its end. 0: the TCP peer is the client.
    TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
    // Where uploaded images live: DATA_DIR/media, or an S3-compatible bucket (S3_* below).
    MEDIA_STORAGE: z.enum(["local", "s3"]).default("local"),
    S3_ENDPOINT: optionalUrl(
      /^https?:\/\//,
      "must be an http(s) URL like https://s3.eu-central-1.amazonaws.com",
    ),
    S3_REGION: z.string().trim().min(1).default("us-east-1"),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    // Public base URL of the bucket or its CDN: /media then redirects there instead of proxying.
    S3_PUBLIC_URL: optionalUrl(/^https?:\/\//, "must be an http(s) URL"),
    // "true" for MinIO and most self-hosted servers (endpoint/bucket/key).
    S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
    SEED_DEMO_DATA: z.enum(["auto", "never"]).default("auto"),
    // Memory for guests' pages rendered once and served to every guest until the catalogue
    // changes (docs/decisions/047), in MB; 0 renders every page for every request.
    PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(16),
    // decisions.md "Returns": how many days after delivery the customer may return an order
    // (admins may record a return at any time).
    RETURN_DAYS: z.coerce.number().int().min(0).max(365).default(7),
    // How often (seconds) a server looks for jobs left running by a server that died.
    JOB_MONITOR_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    // Seconds before a failed courier booking is tried again; doubled on each further try.
    COURIER_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    // Couriers: each is offered only when its keys are set (decision 051).
    STEADFAST_API_URL: optionalUrl(/^https?:\/\//, "must be an http(s) URL"),
    STEADFAST_API_KEY: optionalString,
    STEADFAST_SECRET_KEY: optionalString,
    STEADFAST_WEBHOOK_TOKEN: optionalString,
    PATHAO_API_URL: optionalUrl(/^https?:\/\//, "must be an http(s) URL"),
    PATHAO_CLIENT_ID: optionalString,
    PATHAO_CLIENT_SECRET: optionalString,
    PATHAO_STORE_ID: optionalString.refine((v) => v === undefined || /^[0-9]{1,12}$/.test(v), {
      message: "must be the numeric store id from the Pathao merchant panel",
    }),
    PATHAO_WEBHOOK_SECRET: optionalString,
    REDX_API_URL: optionalUrl(/^https?:\/\//, "must be an http(s) URL"),
    REDX_API_TOKEN: optionalString,
    REDX_WEBHOOK_SECRET: optionalString,
    // Parcel weight sent to couriers that ask for one (grams).
    PARCEL_WEIGHT_GRAMS: z.coerce.number().int().min(1).max(100_000).default(500),
    // A phone number is risky once more of its orders than this came back (Return).
    RISK_MAX_RETURNS: z.coerce.number().int().min(0).max(1000).default(2),
    // Minutes a Pending order whose customer did not answer waits before it is back in the queue.
    NO_ANSWER_RETRY_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
    // Which cash-on-delivery orders wait for a one-time code sent by SMS (decision 060).
    ORDER_OTP: z.enum(ORDER_OTP_MODES, { error: "must be off, risky or all" }).default("off"),
    // SMS to customers (decision 059): a gateway, or (unset) JSON files in DATA_DIR/outbox/sms.
    SMS_PROVIDER: z
      .preprocess(
        (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
        z.enum(["bulksmsbd", "sslwireless", "alpha"], {
          error: "must be bulksmsbd, sslwireless or alpha (or unset: SMS go to the outbox folder)",
        }),
      )
      .optional(),
    BULKSMSBD_API_URL: optionalUrl(/^https?:\/\//, "must be an http(s) URL"),
    BULKSMSBD_API_KEY: optionalString,
    BULKSMSBD_SENDER_ID: optionalString,
    SSLWIRELESS_API_URL: optionalUrl(/^https?:\/\//, "must be an http(s) URL"),
    SSLWIRELESS_API_TOKEN: optionalString,
    SSLWIRELESS_SID: optionalString,
    ALPHA_SMS_API_URL: optionalUrl(/^https?:\/\//, "must be an http(s) URL"),
    ALPHA_SMS_API_KEY: optionalString,
    ALPHA_SMS_SENDER_ID: optionalString,
    // Seconds before a message that failed is tried again; doubled on each further try.
    MESSAGE_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
  })
  .superRefine((e, ctx) => {
    const pairs = [
      ["STEADFAST_API_KEY", "STEADFAST_SECRET_KEY"],
      ["PATHAO_CLIENT_ID", "PATHAO_CLIENT_SECRET"],
      ["PATHAO_CLIENT_ID", "PATHAO_STORE_ID"],
    ] as const;
    for (const [a, b] of pairs) {
      if (Boolean(e[a]) !== Boolean(e[b])) {
        const missing = e[a] ? b : a;
        ctx.addIssue({
          code: "custom",
          path: [missing],
          message: `is required with ${missing === a ? b : a}`,
        });
      }
    }
    smsIssues(e, ctx);
    if (e.MEDIA_STORAGE !== "s3") return;
    for (const name of [
      "S3_ENDPOINT",
      "S3_BUCKET",
      "S3_ACCESS_KEY_ID",
      "S3_SECRET_ACCESS_KEY",
    ] as const) {
      if (!e[name])
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: "is required when MEDIA_STORAGE=s3",
        });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** The keys each SMS gateway needs (decision 059). */
const SMS_KEYS = {
  bulksmsbd: ["BULKSMSBD_API_KEY", "BULKSMSBD_SENDER_ID"],
  sslwireless: ["SSLWIRELESS_API_TOKEN", "SSLWIRELESS_SID"],
  alpha: ["ALPHA_SMS_API_KEY"],
} as const;

/** A gateway chosen without its keys, or keys set for a gateway that is not chosen. */
function smsIssues(
  e: { SMS_PROVIDER?: string } & Partial<Record<string, unknown>>,
  ctx: { addIssue: (issue: { code: "custom"; path: string[]; message: string }) => void },
): void {
  for (const [provider, keys] of Object.entries(SMS_KEYS)) {
    for (const key of keys) {
      if (e.SMS_PROVIDER === provider && !e[key]) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `is required when SMS_PROVIDER=${provider}`,
        });
      } else if (e.SMS_PROVIDER !== provider && e[key]) {
        ctx.addIssue({
          code: "custom",
          path: ["SMS_PROVIDER"],
          message: `is ${e.SMS_PROVIDER ?? "not set"} but ${key} is set: set SMS_PROVIDER=${provider} to send with it, or remove ${key}`,
        });
      }
    }
  }
}

export type Config = Env & {
  dataDir: string;
  /** Settings given that do nothing as they are, one line each (printed at start). */
  warnings: string[];
  publicUrl: string;
  /** Whether the rate limits apply: RATE_LIMIT, else AUTH_RATE_LIMIT, else on outside NODE_ENV=test. */
  rateLimit: boolean;
  database: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };
  media: { kind: "local"; dir: string } | ({ kind: "s3" } & S3MediaOptions);
  /** The couriers whose keys are set; the others are not offered. */
  couriers: CourierSettings;
  /** The SMS gateway, or the outbox folder when none is set. */
  sms: SmsSettings;
};

function smsSettings(e: Env, dataDir: string): SmsSettings {
  const trim = (url: string) => url.replace(/\/+$/, "");
  switch (e.SMS_PROVIDER) {
    case "bulksmsbd":
      return {
        provider: "bulksmsbd",
        apiUrl: trim(e.BULKSMSBD_API_URL ?? "https://bulksmsbd.net"),
        apiKey: e.BULKSMSBD_API_KEY as string,
        senderId: e.BULKSMSBD_SENDER_ID as string,
      };
    case "sslwireless":
      return {
        provider: "sslwireless",
        apiUrl: trim(e.SSLWIRELESS_API_URL ?? "https://smsplus.sslwireless.com"),
        apiToken: e.SSLWIRELESS_API_TOKEN as string,
        sid: e.SSLWIRELESS_SID as string,
      };
    case "alpha":
      return {
        provider: "alpha",
        apiUrl: trim(e.ALPHA_SMS_API_URL ?? "https://api.sms.net.bd"),
        apiKey: e.ALPHA_SMS_API_KEY as string,
        senderId: e.ALPHA_SMS_SENDER_ID,
      };
    default:
      return { provider: "outbox", dir: path.join(dataDir, "outbox", "sms") };
  }
}

function courierSettings(e: Env): CourierSettings {
  const trim = (url: string) => url.replace(/\/+$/, "");
  return {
    ...(e.STEADFAST_API_KEY && e.STEADFAST_SECRET_KEY
      ? {
          steadfast: {
            apiUrl: trim(e.STEADFAST_API_URL ?? "https://portal.packzy.com/api/v1"),
            apiKey: e.STEADFAST_API_KEY,
            secretKey: e.STEADFAST_SECRET_KEY,
            webhookToken: e.STEADFAST_WEBHOOK_TOKEN,
          },
        }
      : {}),
    ...(e.PATHAO_CLIENT_ID && e.PATHAO_CLIENT_SECRET && e.PATHAO_STORE_ID
      ? {
          pathao: {
            apiUrl: trim(e.PATHAO_API_URL ?? "https://api-hermes.pathao.com"),
            clientId: e.PATHAO_CLIENT_ID,
            clientSecret: e.PATHAO_CLIENT_SECRET,
            storeId: Number(e.PATHAO_STORE_ID),
            webhookSecret: e.PATHAO_WEBHOOK_SECRET,
          },
        }
      : {}),
    ...(e.REDX_API_TOKEN
      ? {
          redx: {
            apiUrl: trim(e.REDX_API_URL ?? "https://openapi.redx.com.bd/v1.0.0-beta"),
            token: e.REDX_API_TOKEN,
            webhookSecret: e.REDX_WEBHOOK_SECRET,
          },
        }
      : {}),
    parcelWeightGrams: e.PARCEL_WEIGHT_GRAMS,
  };
}

/**
 * Settings that do nothing as given: a courier's webhook secret without that courier's keys
 * (every notification is then refused as unauthorized, and nothing said why). Printed at start.
 */
function unusedSettings(e: Env, couriers: CourierSettings): string[] {
  const secrets = [
    [
      "steadfast",
      "STEADFAST_WEBHOOK_TOKEN",
      e.STEADFAST_WEBHOOK_TOKEN,
      "STEADFAST_API_KEY and STEADFAST_SECRET_KEY",
    ],
    [
      "pathao",
      "PATHAO_WEBHOOK_SECRET",
      e.PATHAO_WEBHOOK_SECRET,
      "PATHAO_CLIENT_ID, PATHAO_CLIENT_SECRET and PATHAO_STORE_ID",
    ],
    ["redx", "REDX_WEBHOOK_SECRET", e.REDX_WEBHOOK_SECRET, "REDX_API_TOKEN"],
  ] as const;
  return secrets
    .filter(([courier, , value]) => value && !couriers[courier])
    .map(
      ([, name, , needs]) =>
        `${name} is set, but its courier is not: set ${needs} too, or its webhooks are refused.`,
    );
}

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
  const couriers = courierSettings(e);
  return {
    ...e,
    dataDir,
    warnings: unusedSettings(e, couriers),
    rateLimit:
      (e.RATE_LIMIT ?? e.AUTH_RATE_LIMIT ?? (e.NODE_ENV === "test" ? "off" : "on")) === "on",
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL }
      : { kind: "pglite", dataDir: path.join(dataDir, "pglite") },
    couriers,
    sms: smsSettings(e, dataDir),
    media:
      e.MEDIA_STORAGE === "s3"
        ? {
            kind: "s3",
            endpoint: e.S3_ENDPOINT as string,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET as string,
            accessKeyId: e.S3_ACCESS_KEY_ID as string,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
            publicUrl: e.S3_PUBLIC_URL,
          }
        : { kind: "local", dir: path.join(dataDir, "media") },
  };
}
