import { eq } from "drizzle-orm";
import { createAppContext } from "../server/app-context";
import { ConfigError, loadConfig } from "../server/config";
import { DataDirLockedError } from "../server/db/data-dir-lock";
import { user } from "../server/db/schema";

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error("Usage: npm run make-admin -- <email>");
  process.exit(2);
}

try {
  const ctx = await createAppContext(loadConfig(), undefined, { workers: false });
  try {
    const [row] = await ctx.db
      .update(user)
      .set({ role: "admin" })
      .where(eq(user.email, email))
      .returning({ id: user.id, name: user.name });
    if (!row) {
      console.error(`No account with the email ${email}. Sign up first, then run this again.`);
      process.exitCode = 1;
    } else {
      console.log(`${row.name} <${email}> is now an admin.`);
    }
  } finally {
    await ctx.close();
  }
} catch (err) {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(`\n${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
