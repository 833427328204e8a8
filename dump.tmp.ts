import fs from "node:fs";
import { openDatabase } from "./server/db/client";
const d = await openDatabase({ kind: "pglite" });
const dump = await d.pglite!.dumpDataDir("none");
fs.writeFileSync("/tmp/tt/migrated.tar", Buffer.from(await dump.arrayBuffer()));
await d.close();
