import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { MEDIA_WIDTHS } from "~/core/media";

export const MEDIA_CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".avif": "image/avif",
};

/** Where uploaded and generated images live; URLs are content-addressed, so they never change. */
export interface MediaStorage {
  put(data: Buffer, extension: keyof typeof MEDIA_CONTENT_TYPES | string): Promise<string>;
  read(key: string): Promise<Buffer | undefined>;
  /** Whether the original image `key` is stored (checked before a product or slide names it). */
  has(key: string): Promise<boolean>;
  /** Stores a copy derived from a stored image (a resized variant) under its variant key. */
  writeVariant(key: string, data: Buffer): Promise<void>;
  /** Removes a stored image and the variants made from it. */
  remove(key: string): Promise<void>;
  /**
   * Where browsers may fetch the object `key` directly (a public bucket or CDN), or undefined
   * when /media serves the bytes itself.
   */
  publicUrl?(key: string): string | undefined;
}

export const KEY_PATTERN = /^[a-f0-9]{2}\/[a-f0-9]{32}\.(webp|jpg|png|avif)$/;
/** A resized WebP copy lives beside its original: `ab/<hash>-w320.webp`. */
export const VARIANT_KEY_PATTERN = /^[a-f0-9]{2}\/[a-f0-9]{32}-w[0-9]{1,4}\.webp$/;

/** The content-addressed key of `data`: the same bytes always get the same key. */
export function contentKey(data: Buffer, extension: string): string {
  if (!MEDIA_CONTENT_TYPES[extension]) throw new Error(`Unsupported media type ${extension}`);
  const hash = createHash("sha256").update(data).digest("hex").slice(0, 32);
  return `${hash.slice(0, 2)}/${hash}${extension}`;
}

/** The content type of a stored object, from its key alone (never from the bytes). */
export function contentTypeOfKey(key: string): string | undefined {
  return MEDIA_CONTENT_TYPES[key.slice(key.lastIndexOf("."))];
}

/** The key of the `width`-px WebP copy of the stored image `key`. */
export function variantKey(key: string, width: number): string {
  return `${key.slice(0, key.lastIndexOf("."))}-w${width}.webp`;
}

export function mediaKeyFromUrl(url: string): string | undefined {
  const key = url.startsWith("/media/") ? url.slice("/media/".length) : undefined;
  return key && KEY_PATTERN.test(key) ? key : undefined;
}

export class LocalMediaStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  async put(data: Buffer, extension: string): Promise<string> {
    const key = contentKey(data, extension);
    const file = path.join(this.root, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // A unique temporary name: two uploads of the same picture at once must not collide.
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await fs.writeFile(temp, data);
    await fs.rename(temp, file);
    return `/media/${key}`;
  }

  async read(key: string): Promise<Buffer | undefined> {
    if (!KEY_PATTERN.test(key) && !VARIANT_KEY_PATTERN.test(key)) return undefined;
    try {
      return await fs.readFile(path.join(this.root, key));
    } catch {
      return undefined;
    }
  }

  async has(key: string): Promise<boolean> {
    if (!KEY_PATTERN.test(key)) return false;
    try {
      return (await fs.stat(path.join(this.root, key))).isFile();
    } catch {
      return false;
    }
  }

  async writeVariant(key: string, data: Buffer): Promise<void> {
    if (!VARIANT_KEY_PATTERN.test(key)) throw new Error(`Not a media variant key: ${key}`);
    const file = path.join(this.root, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await fs.writeFile(temp, data);
    await fs.rename(temp, file);
  }

  async remove(key: string): Promise<void> {
    if (!KEY_PATTERN.test(key)) return;
    await fs.rm(path.join(this.root, key), { force: true });
    await Promise.all(
      MEDIA_WIDTHS.map((w) => fs.rm(path.join(this.root, variantKey(key, w)), { force: true })),
    );
  }
}
