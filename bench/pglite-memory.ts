import os from "node:os";
import {
  freePort,
  type ServerProcess,
  spawnServer,
  waitUntilHealthy,
} from "../tests/support/server-process";
import { createPgliteBenchDatabase } from "./database";
import { pinProcess, readRss, runLoad, sampleRss } from "./load";
import { checkBudget, type PgliteSection, SERVER_BUDGETS } from "./report";
import { SEARCH_QUERIES } from "./search";
import { serveEnv, serveNodeArgs } from "./serve-command";
import { customerCookie } from "./server-bench";

/**
 * DESIGN §7's second memory budget: the production server on the embedded database (PGlite runs
 * inside the server process) with the large catalogue, under the same kinds of load as the
 * PostgreSQL server — pages, a listing, a product, searches — one slice each.
 */
export async function runPgliteMemory(options: {
  products: number;
  durationSeconds: number;
  connections: number;
  log: (line: string) => void;
}): Promise<PgliteSection> {
  const { log } = options;
  log(
    `PGlite: seeding an embedded database with ${options.products.toLocaleString("en-US")} products...`,
  );
  const database = await createPgliteBenchDatabase(options.products, log);
  let server: ServerProcess | undefined;
  try {
    const port = await freePort();
    server = spawnServer({
      nodeArgs: serveNodeArgs(),
      dataDir: database.dataDir,
      port,
      env: {
        ...serveEnv(),
        DATABASE_URL: "",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: "warn",
      },
    });
    await waitUntilHealthy(server);
    const pid = server.child.pid as number;
    const pinned = os.cpus().length >= 2 && pinProcess(pid, "0");
    const idleMB = readRss(pid)?.rssMB ?? Number.NaN;
    const rss = sampleRss(pid);
    const listing = `/api/products?category=${encodeURIComponent("Bag Items")}&limit=20`;
    const first = (await (await fetch(`${server.url}${listing}`)).json()) as {
      data: { _id: string }[];
    };
    const id = first.data[0]?._id;
    if (!id) throw new Error("the PGlite bench database has no Bag Items product");
    // Guests' pages come from the guest page cache; the signed-in customer's are rendered.
    const signedIn = { cookie: await customerCookie(server.url) };
    const targets: {
      name: string;
      path: string;
      paths?: string[];
      headers?: Record<string, string>;
    }[] = [
      { name: "home (guests)", path: "/" },
      { name: "product page (guests)", path: `/product-details/${id}` },
      { name: "home SSR (signed in)", path: "/", headers: signedIn },
      { name: "product page SSR (signed in)", path: `/product-details/${id}`, headers: signedIn },
      { name: "shop page SSR (signed in)", path: "/shop", headers: signedIn },
      { name: "20-product listing", path: listing },
      {
        name: "search",
        path: `/api/products?searchQuery=… (${SEARCH_QUERIES.length} queries in turn)`,
        paths: SEARCH_QUERIES.map((q) => `/api/products?searchQuery=${encodeURIComponent(q)}`),
      },
    ];
    const rows: PgliteSection["rows"] = [];
    for (const target of targets) {
      const figures = await runLoad(
        {
          url: target.paths ? server.url : `${server.url}${target.path}`,
          connections: options.connections,
          durationSeconds: options.durationSeconds,
          paths: target.paths,
          headers: target.headers,
        },
        pinned ? "1" : undefined,
      );
      rows.push({ name: target.name, path: target.path, ...figures });
      log(
        `  ${target.name.padEnd(20)} ${Math.round(figures.requestsPerSecond)} req/s, RSS ${Math.round(readRss(pid)?.rssMB ?? Number.NaN)} MB`,
      );
    }
    const memory = { idleMB, ...rss.stop() };
    memory.hwmMB = readRss(pid)?.peakMB ?? memory.hwmMB;
    return {
      products: database.products,
      seedSeconds: database.seedSeconds,
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      rows,
      memory,
      check: checkBudget(memory.hwmMB, SERVER_BUDGETS.rssPglite),
      idleCheck: checkBudget(idleMB, SERVER_BUDGETS.rssPgliteIdle),
    };
  } finally {
    await server?.stop();
    await database.drop();
  }
}
