import fs from "node:fs";
const mode = process.argv[2];
const a = performance.now(); const ca = process.cpuUsage();
const { PGlite } = await import("@electric-sql/pglite");
const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
const m = performance.now();
let p;
if (mode === "load") p = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync("/tmp/tt/migrated.tar")]), extensions: { pg_trgm } });
else { const { openDatabase } = await import("./server/db/client"); p = (await openDatabase({ kind: "pglite" })).pglite; }
await p.query("select count(*) from products");
await p.query("select similarity('abc','abd')");
const b = performance.now(); const cb = process.cpuUsage(ca);
console.log(mode, "import", (m-a).toFixed(0), "total wall", (b-a).toFixed(0), "cpu", ((cb.user+cb.system)/1000).toFixed(0));
await p.close();
const r = process.resourceUsage(); console.log("process cpu incl threads", ((r.userCPUTime+r.systemCPUTime)/1000).toFixed(0));
