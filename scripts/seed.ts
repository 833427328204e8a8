import { parseArgs } from "node:util";
import { createAppContext } from "../server/app-context";
import { ConfigError, loadConfig } from "../server/config";
import { DataDirLockedError } from "../server/db/data-dir-lock";
import { progressBar, seedLargeCatalogue } from "../server/db/seed/large-catalogue";
import { seedDemoData } from "../server/db/seed/seed";

const { values } = parseArgs({
  options: { products: { type: "string" } },
  allowPositionals: false,
});
const target = values.products === undefined ? undefined : Number(values.products);
if (target !== undefined && (!Number.isInteger(target) || target < 1 || target > 5_000_000)) {
  console.error("\n--products takes a whole number from 1 to 5000000\n");
  process.exit(1);
}

try {
  const ctx = await createAppContext(loadConfig(), undefined, { workers: false });
  try {
    await seedDemoData(ctx, { log: (line) => console.log(line) });
    if (target !== undefined) {
      const started = performance.now();
      const tty = process.stderr.isTTY;
      let lastLine = 0;
      const result = await seedLargeCatalogue(ctx, {
        products: target,
        onProgress(progress) {
          const line = `  products ${progressBar(progress)}`;
          if (tty) process.stderr.write(`\r${line}`);
          else if (progress.done === progress.total || performance.now() - lastLine > 2_000) {
            process.stderr.write(`${line}\n`);
            lastLine = performance.now();
          }
        },
      });
      if (tty && result.added > 0) process.stderr.write("\n");
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `Large catalogue: ${result.added} products added, ${result.total} in total (${seconds} s, ${ctx.database.kind})`,
      );
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
