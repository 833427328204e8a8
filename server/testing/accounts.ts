import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppContext } from "../app-context";
import { user } from "../db/schema";

/** Signs up through Better Auth and returns the user id and the session cookie header. */
export async function signUp(
  ctx: AppContext,
  who: { name?: string; email: string; password?: string },
): Promise<{ id: string; cookie: string }> {
  const res = await ctx.auth.api.signUpEmail({
    body: {
      name: who.name ?? who.email.split("@")[0] ?? "User",
      email: who.email,
      password: who.password ?? "a-long-test-password",
    },
    returnHeaders: true,
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { id: res.response.user.id, cookie };
}

/** The messages written to DATA_DIR/outbox (no SMTP_URL), oldest first, as raw text. */
export async function outboxMessages(ctx: AppContext): Promise<string[]> {
  // Mails are sent after the answer: wait for the ones still on their way.
  await ctx.background.idle();
  const dir = path.join(ctx.config.dataDir, "outbox");
  // Mails only (.eml): SMS have their own folder, outbox/sms (decision 059).
  const files = (await fs.readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith(".eml"))
    .sort();
  return Promise.all(files.map((f) => fs.readFile(path.join(dir, f), "utf8")));
}

/** Signs up and makes the account an admin (as `npm run make-admin` would). */
export async function signUpAdmin(
  ctx: AppContext,
  who: { name?: string; email: string; password?: string },
): Promise<{ id: string; cookie: string }> {
  const account = await signUp(ctx, who);
  await ctx.db.update(user).set({ role: "admin" }).where(eq(user.id, account.id));
  return account;
}

/**
 * Makes `token` a live password-reset link for the account `userId`, as the reset mail's link
 * would be: the reset page then shows its form (it says a dead link is dead on arrival).
 */
export async function issueResetToken(ctx: AppContext, userId: string, token: string) {
  const { internalAdapter } = await ctx.auth.$context;
  await internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
}
