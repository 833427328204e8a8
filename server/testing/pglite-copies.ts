import { MemoryFS, PGlite } from "@electric-sql/pglite";

/** A folder (no data) or a file of a PGlite data folder, its path under PGDATA. */
export type DataFolderEntry = { path: string; data?: Uint8Array; mtime: number };

/** The text of a NUL-padded field of a tar header. */
function field(block: Uint8Array, at: number, length: number): string {
  const end = block.subarray(at, at + length).indexOf(0);
  return Buffer.from(block.subarray(at, end === -1 ? at + length : at + end)).toString("utf8");
}

/**
 * The folders and files of a data folder dumped by PGlite's `dumpDataDir("none")` (a ustar
 * archive, parents before children), read once: the files are views of the dump's bytes.
 */
export function readDataFolderArchive(bytes: Uint8Array): DataFolderEntry[] {
  // A plain Uint8Array, not a Buffer: Emscripten copies a file's data with `slice`, which on a
  // Buffer is a view, and every database would then write into the same bytes.
  const archive = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: DataFolderEntry[] = [];
  for (let at = 0; at + 512 <= archive.length; ) {
    const header = archive.subarray(at, at + 512);
    const name = field(header, 0, 100);
    if (!name) break; // the archive ends with empty blocks
    const prefix = field(header, 345, 155);
    const path = (prefix ? `${prefix}/${name}` : name).replace(/\/+$/, "");
    const size = Number.parseInt(field(header, 124, 12).trim() || "0", 8);
    const mtime = Number.parseInt(field(header, 136, 12).trim() || "0", 8) * 1000;
    const type = String.fromCharCode(header[156] ?? 0);
    at += 512;
    if (type === "5") entries.push({ path, mtime });
    else if (type === "0" || type === "\0") {
      entries.push({ path, data: archive.subarray(at, at + size), mtime });
    } else throw new Error(`unexpected entry of type ${JSON.stringify(type)} in a PGlite dump`);
    at += Math.ceil(size / 512) * 512;
  }
  return entries;
}

/**
 * PGlite's in-memory file system, holding a copy of a data folder before PostgreSQL starts, so
 * PGlite resumes that database as if it had loaded it with `loadDataDir`. The folder is read from
 * its archive once per worker (`readDataFolderArchive`) instead of once per database: unpacking
 * the archive was a large part of opening each suite's database (docs/decisions/071).
 */
export class DataFolderCopy extends MemoryFS {
  constructor(private readonly entries: DataFolderEntry[]) {
    super();
  }

  override async initialSyncFs(): Promise<void> {
    await super.initialSyncFs();
    const pglite = this.pg;
    if (!pglite) throw new Error("the file system was not initialised by PGlite");
    const { FS } = pglite.Module;
    const root = PGlite.paths.PGDATA;
    if (!FS.analyzePath(root).exists) FS.mkdirTree(root);
    for (const { path, data, mtime } of this.entries) {
      const target = `${root}/${path.replace(/^\/+/, "")}`;
      if (data) FS.writeFile(target, data);
      else if (!FS.analyzePath(target).exists) FS.mkdir(target);
      FS.utime(target, mtime, mtime);
    }
  }
}
