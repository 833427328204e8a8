import { brotliDecompressSync, gzipSync } from "node:zlib";
import { packBrotli, preferredEncoding } from "./compression";

/**
 * A cached text as every client gets it, packed when it is stored instead of on every answer:
 * the Brotli copy is made at once (browsers take it), a gzip copy when a client that takes only
 * gzip first asks, and kept beside it; a client that takes neither gets the Brotli copy unpacked.
 */
export type PackedCopies = { brotli: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer> };

/**
 * The copies of `text` (UTF-8 bytes when it is not already): Brotli at quality 5, made once and
 * sent many times.
 */
export function packedCopies(text: string | Uint8Array): PackedCopies {
  return { brotli: packBrotli(typeof text === "string" ? Buffer.from(text, "utf8") : text, 5) };
}

/**
 * The copy for this Accept-Encoding, and the Content-Encoding it goes with. `grew` is told the
 * size of a gzip copy made here, so that the cache holding `copies` can count it.
 */
export function copyFor(
  acceptEncoding: string | undefined,
  copies: PackedCopies,
  grew: (bytes: number) => void,
): { body: Uint8Array<ArrayBuffer>; encoding?: "br" | "gzip" } {
  const encoding = preferredEncoding(acceptEncoding);
  if (encoding === "br") return { body: copies.brotli, encoding };
  if (encoding === "gzip") {
    if (!copies.gzip) {
      copies.gzip = new Uint8Array(gzipSync(brotliDecompressSync(copies.brotli)));
      grew(copies.gzip.byteLength);
    }
    return { body: copies.gzip, encoding };
  }
  return { body: new Uint8Array(brotliDecompressSync(copies.brotli)) };
}
