import {
  installedPgliteVersion,
  PGLITE_TEMPLATE_DIR,
  writePgliteTemplate,
} from "../server/db/pglite-template";
import { dumpOfNewPgliteDatabase } from "../server/jobs/new-database";

// A new shop's database, made with initdb by the installed PGlite (docs/decisions/087): run after
// upgrading PGlite, and at will after adding migrations (a start applies those on top anyway).
const started = performance.now();
const dump = await dumpOfNewPgliteDatabase();
const { bytes, packedBytes } = await writePgliteTemplate(dump, {
  pglite: installedPgliteVersion(),
});
const mb = (n: number) => (n / 1_000_000).toFixed(1);
console.log(
  `Wrote ${PGLITE_TEMPLATE_DIR}: PGlite ${installedPgliteVersion()}, ${mb(bytes)} MB packed to ${mb(packedBytes)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
