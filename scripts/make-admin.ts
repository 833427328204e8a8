import { eq } from "drizzle-orm";
import { ConfigError, loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { DataDirLockedError } from "../server/db/data-dir-lock";
import { user } from "../server/db/schema";

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error("Usage: npm run make-admin -- <email>");
  process.exit(2);
}

try {
  // The database alone (locked and migrated as a server opens it): one row changes, so the
  // command needs none of the server's auth, job queue or mail.
  const database = await openDatabase(loadConfig().database);
  try {
    const [row] = await database.db
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
    await database.close();
  }
} catch (err) {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(`\n${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
