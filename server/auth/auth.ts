import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { and, eq, like } from "drizzle-orm";
import { ACCOUNT_FIELD_LIMITS } from "~/core/account";
import { authBodySchema } from "~/core/schemas";
import type { BackgroundTasks } from "../background-tasks";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { account, session, user, verification } from "../db/schema";
import { logger } from "../logger";
import type { Mailer, MailMessage } from "../mail/mailer";
import { callbackOf, mailLangOf, passwordResetMail, verifyEmailMail } from "../mail/templates";
import type { RateLimiter } from "../rate-limit/limiter";
import { AUTH_RATE_LIMITS } from "../rate-limit/rules";
import { answerSignUpForExistingEmail } from "./neutral-sign-up";
import { type PasswordHashing, passwordsInTurn } from "./password-hashing";

/** Hono overwrites this header with the connection's address, so clients cannot forge it. */
export const CLIENT_IP_HEADER = "x-haat-client-ip";

/** Provider id of a generic OpenID Connect provider (OIDC_ISSUER), shown as the Google button. */
export const OIDC_PROVIDER_ID = "oidc";

/** Password reset links work once, for this long. */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

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

/** Which external sign-in the "Google" buttons start: Google itself, another OIDC provider, or none. */
export type SocialSignIn = { provider: "google" | typeof OIDC_PROVIDER_ID } | null;

export function socialSignIn(config: Config): SocialSignIn {
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) return { provider: "google" };
  if (config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET) {
    return { provider: OIDC_PROVIDER_ID };
  }
  return null;
}

/** ADMIN_EMAILS become admins only once the address is proven: verified at sign-up (Google) or by the emailed link. */
export function isListedAdmin(config: Config, email: string): boolean {
  return config.ADMIN_EMAILS.includes(email.trim().toLowerCase());
}

export type AuthDeps = {
  mailer: Mailer;
  rateLimiter: RateLimiter;
  background: BackgroundTasks;
  /** Better Auth's own scrypt unless given (the tests reuse one hash per password). */
  passwordHashing?: PasswordHashing;
};

export function createAuth(db: Db, config: Config, secret: string, deps: AuthDeps) {
  const { mailer, background } = deps;
  // Mail goes out after the answer, so no answer is slower for an address that has an account.
  const sendLater = (what: string, message: MailMessage) =>
    background.run(what, () => mailer.send(message));
  const social = socialSignIn(config);
  const secure = config.publicUrl.startsWith("https://");
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
    emailAndPassword: {
      enabled: true,
      // The sign-in pages check the same lengths first (core/account.ts, their inputs' maxLength).
      minPasswordLength: ACCOUNT_FIELD_LIMITS.passwordMin,
      maxPasswordLength: ACCOUNT_FIELD_LIMITS.passwordMax,
      autoSignIn: true,
      // Customers may shop before confirming their address (decisions: sign-in never waits for it).
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // A reset ends every other reset link of the account: an older mail in the wrong hands
      // must not take the account back with a password of its own.
      async onPasswordReset({ user: u }) {
        await db
          .delete(verification)
          .where(
            and(eq(verification.value, u.id), like(verification.identifier, "reset-password:%")),
          );
      },
      password: passwordsInTurn(deps.passwordHashing),
      async sendResetPassword({ user: u, token, url }) {
        // In the language of the page that asked (its redirectTo carries ?lang=bn).
        const lang = mailLangOf(callbackOf(url));
        const link = `${config.publicUrl}/authentication/reset-password?token=${encodeURIComponent(token)}${lang === "bn" ? "&lang=bn" : ""}`;
        sendLater(
          "password reset mail",
          passwordResetMail({
            to: u.email,
            name: u.name,
            shopName: config.SHOP_NAME,
            link,
            validMinutes: RESET_TOKEN_TTL_SECONDS / 60,
            lang,
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user: u, url }) {
        sendLater(
          "verification mail",
          verifyEmailMail({
            to: u.email,
            name: u.name,
            shopName: config.SHOP_NAME,
            link: url,
            lang: mailLangOf(callbackOf(url)),
          }),
        );
      },
      async afterEmailVerification(u) {
        if (!isListedAdmin(config, u.email)) return;
        // A role change ends the user's sessions and their API tokens (decision 029); the link's
        // own auto sign-in then starts a new session with the new role.
        await db.transaction(async (tx) => {
          await tx.update(user).set({ role: "admin" }).where(eq(user.id, u.id));
          await tx.delete(session).where(eq(session.userId, u.id));
        });
        logger.info({ email: u.email }, "ADMIN_EMAILS: verified address made admin");
      },
    },
    socialProviders:
      social?.provider === "google"
        ? {
            google: {
              clientId: config.GOOGLE_CLIENT_ID as string,
              clientSecret: config.GOOGLE_CLIENT_SECRET as string,
              prompt: "select_account",
            },
          }
        : {},
    plugins:
      social?.provider === OIDC_PROVIDER_ID
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  name: "Google",
                  discoveryUrl: `${(config.OIDC_ISSUER as string).replace(/\/+$/, "")}/.well-known/openid-configuration`,
                  clientId: config.OIDC_CLIENT_ID as string,
                  clientSecret: config.OIDC_CLIENT_SECRET as string,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : [],
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "customer", input: false },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (!ctx.body || typeof ctx.body !== "object") return;
        const checked = authBodySchema.safeParse(ctx.body);
        if (!checked.success) {
          const issue = checked.error.issues[0];
          throw new APIError("BAD_REQUEST", {
            code: "INVALID_INPUT",
            message: `${issue?.path.join(".")}: ${issue?.message}`,
          });
        }
        if (ctx.path === "/sign-up/email") {
          return answerSignUpForExistingEmail(ctx, db, {
            rateLimiter: deps.rateLimiter,
            sendLater,
            config,
          });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Every new account is a customer; a listed ADMIN_EMAILS address whose ownership is
          // already proven (a provider's verified email) starts as admin.
          async before(u) {
            const email = u.email.trim().toLowerCase();
            const role = u.emailVerified && isListedAdmin(config, email) ? "admin" : "customer";
            return { data: { ...u, email, role } };
          },
        },
      },
    },
    rateLimit: {
      enabled: deps.rateLimiter.enabled,
      ...AUTH_RATE_LIMITS.default,
      customRules: AUTH_RATE_LIMITS.paths,
      // Our storage (memory or Redis), shared with the shop's own limits: Better Auth's memory
      // store would be one Map for the whole process.
      customStorage: deps.rateLimiter.storage,
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
