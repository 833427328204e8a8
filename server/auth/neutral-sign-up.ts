import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { user } from "../db/schema";
import type { MailMessage } from "../mail/mailer";
import { existingAccountMail, mailLangOf } from "../mail/templates";
import type { RateLimiter } from "../rate-limit/limiter";

/** What of Better Auth's hook context this needs. */
type SignUpContext = {
  body: unknown;
  context: { password: { hash: (password: string) => Promise<string> } };
  json: (body: Record<string, unknown>) => unknown;
};

type Deps = {
  config: Config;
  rateLimiter: RateLimiter;
  sendLater: (what: string, message: MailMessage) => void;
};

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** An id of the shape Better Auth gives a new user (32 letters and digits), belonging to no one. */
function unusedUserId(): string {
  let id = "";
  for (let i = 0; i < 32; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/**
 * Sign-up with an email that already has an account answers like a new sign-up (200, the same
 * `{ token, user }` shape, Better Auth's own answer for this case when sign-up does not sign in:
 * `token: null`, a user that is not stored) instead of "User already exists". The password is
 * hashed as a new sign-up would, and the address's owner is told by mail (sent after the answer,
 * at most once per 10 minutes). Decision 030. Returns nothing for a new email: Better Auth goes on.
 */
export async function answerSignUpForExistingEmail(ctx: SignUpContext, db: Db, deps: Deps) {
  const body = ctx.body as {
    email?: unknown;
    name?: unknown;
    password?: unknown;
    callbackURL?: unknown;
  };
  if (typeof body.email !== "string" || typeof body.password !== "string") return;
  const email = body.email.trim().toLowerCase();
  const [existing] = await db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.email, email))
    .limit(1);
  if (!existing) return;

  await ctx.context.password.hash(body.password);
  if (await deps.rateLimiter.allows("existingAccountMailPerEmail", email)) {
    // In the language of the sign-up page (its callbackURL carries ?lang=bn).
    const lang = mailLangOf(typeof body.callbackURL === "string" ? body.callbackURL : null);
    deps.sendLater(
      "existing account mail",
      existingAccountMail({
        to: existing.email,
        name: existing.name,
        shopName: deps.config.SHOP_NAME,
        link: `${deps.config.publicUrl}/authentication/login${lang === "bn" ? "?lang=bn" : ""}`,
        lang,
      }),
    );
  }
  const now = new Date();
  return ctx.json({
    token: null,
    user: {
      id: unusedUserId(),
      name: typeof body.name === "string" ? body.name : "",
      email,
      emailVerified: false,
      image: null,
      createdAt: now,
      updatedAt: now,
      role: "customer",
    },
  });
}
