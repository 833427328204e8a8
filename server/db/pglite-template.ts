import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * A new shop's embedded database starts from a committed copy of an empty one instead of
 * PostgreSQL's initdb, which is most of a first start's wait (docs/decisions/087). The copy is a
 * PGlite data folder after initdb, our migrations and the job queue's schema, as PGlite dumps it
 * (a tar), packed with Brotli; `npm run make-pglite-template` makes it again. Migrations added
 * since are applied on top at start, as on any database. Only the PGlite version that made it
 * may load it: another one creates its database with initdb, as before.
 */
export const PGLITE_TEMPLATE_DIR = path.resolve(process.cwd(), "server/db/pglite-template");
const DUMP_FILE = "database.tar.br";
const INFO_FILE = "made-by.json";

export type PgliteTemplateInfo = { pglite: string };

const brotliDecompress = promisify(zlib.brotliDecompress);
const brotliCompress = promisify(zlib.brotliCompress);

/** The version of PGlite this project runs, from its package's own package.json. */
export function installedPgliteVersion(): string {
  const require = createRequire(path.resolve(process.cwd(), "package.json"));
  let dir = path.dirname(require.resolve("@electric-sql/pglite"));
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("@electric-sql/pglite has no package.json");
    dir = parent;
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as {
    version: string;
  };
  return pkg.version;
}

/** What the committed template says of itself, or undefined when there is none. */
export function pgliteTemplateInfo(dir = PGLITE_TEMPLATE_DIR): PgliteTemplateInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, INFO_FILE), "utf8")) as PgliteTemplateInfo;
  } catch {
    return undefined;
  }
}

/**
 * The template as PGlite's `loadDataDir` takes it, when it was made by the PGlite `installed`;
 * undefined otherwise (the caller then lets PGlite run initdb).
 */
export async function readPgliteTemplate({
  dir = PGLITE_TEMPLATE_DIR,
  installed = installedPgliteVersion(),
}: {
  dir?: string;
  installed?: string;
} = {}): Promise<Blob | undefined> {
  if (pgliteTemplateInfo(dir)?.pglite !== installed) return undefined;
  let packed: Buffer;
  try {
    packed = await fs.promises.readFile(path.join(dir, DUMP_FILE));
  } catch {
    return undefined;
  }
  return new Blob([await brotliDecompress(packed)]);
}

/**
 * Writes a template from a data folder's dump (`dumpDataDir("none")`). Brotli's largest window
 * holds a whole database's files, so the three near-identical databases initdb makes (template0,
 * template1, postgres) are packed about once.
 */
export async function writePgliteTemplate(
  dump: Blob,
  info: PgliteTemplateInfo,
  dir = PGLITE_TEMPLATE_DIR,
): Promise<{ bytes: number; packedBytes: number }> {
  const tar = new Uint8Array(await dump.arrayBuffer());
  const packed = await brotliCompress(tar, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_LGWIN]: zlib.constants.BROTLI_MAX_WINDOW_BITS,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: tar.byteLength,
    },
  });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, DUMP_FILE), packed);
  fs.writeFileSync(path.join(dir, INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
  return { bytes: tar.byteLength, packedBytes: packed.byteLength };
}

/** A PGlite data folder PostgreSQL has not been set up in yet (initdb writes PG_VERSION). */
export function isNewPgliteDataDir(dataDir: string): boolean {
  return !fs.existsSync(path.join(dataDir, "PG_VERSION"));
}
