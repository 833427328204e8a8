import type { Metadata } from "sharp";
import { IMAGE_KINDS, type ImageKind, MAX_IMAGE_PIXELS, MEDIA_WIDTHS } from "~/core/media";
import { AppError } from "../errors";
import { loadSharp } from "./sharp";
import { type MediaStorage, mediaKeyFromUrl, variantKey } from "./storage";

/** The raster formats an upload may be in, told apart by their first bytes. */
export type UploadFormat = "jpeg" | "png" | "gif" | "webp" | "avif";

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/**
 * The format the file's own bytes announce, or undefined for anything else (SVG, HTML, text,
 * TIFF, PDF...). Decided by content, never by the file name or the browser's content type.
 */
export function sniffImageFormat(bytes: Uint8Array): UploadFormat | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = Math.min(
      bytes.length,
      ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0),
    );
    for (let at = 8; at + 4 <= boxSize; at += 4) {
      const brand = ascii(bytes, at, at + 4);
      if (brand === "avif" || brand === "avis") return "avif";
    }
  }
  return undefined;
}

/** What sharp calls each accepted format (AVIF is a HEIF container with AV1 inside). */
const SHARP_FORMAT: Record<UploadFormat, string> = {
  jpeg: "jpeg",
  png: "png",
  gif: "gif",
  webp: "webp",
  avif: "heif",
};

export type PreparedImage = {
  original: Buffer;
  variants: { width: number; data: Buffer }[];
};

const notAnImage = (message: string) =>
  new AppError("invalid", message, [{ path: "image", message }]);

const tooManyPixels = () =>
  notAnImage(`The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`);

/**
 * Turns an uploaded file into what the shop stores: checked to be a real JPEG, PNG, WebP, AVIF
 * or GIF (first frame) of at most MAX_IMAGE_PIXELS, turned upright, cropped to the kind's size,
 * re-encoded as WebP without any metadata (EXIF, GPS, ICC), plus the smaller srcset copies.
 * Throws a 400 AppError on field `image` for anything else. Stores nothing.
 */
export async function prepareUploadedImage(
  bytes: Uint8Array,
  kind: ImageKind,
): Promise<PreparedImage> {
  const format = sniffImageFormat(bytes);
  if (!format) throw notAnImage("Choose a JPEG, PNG, WebP, AVIF or GIF image");
  const sharp = await loadSharp();
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", pages: 1 } as const;
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch (err) {
    throw /pixel limit/i.test(String(err))
      ? tooManyPixels()
      : notAnImage("The image could not be read");
  }
  if (meta.format !== SHARP_FORMAT[format]) throw notAnImage("The image could not be read");
  if (format === "avif" && meta.compression !== "av1") {
    throw notAnImage("Choose a JPEG, PNG, WebP, AVIF or GIF image");
  }
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  if (pixels <= 0 || pixels > MAX_IMAGE_PIXELS) {
    throw tooManyPixels();
  }
  const size = IMAGE_KINDS[kind];
  let original: Buffer;
  try {
    original = await sharp(bytes, options)
      .autoOrient()
      .resize(size.width, size.height, { fit: "cover", position: "centre" })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw notAnImage("The image could not be read");
  }
  return { original, variants: await makeVariants(original, size.width) };
}

/** The srcset copies of a stored-size WebP: every allowed width below its own. */
export async function makeVariants(
  webp: Buffer,
  width: number,
): Promise<PreparedImage["variants"]> {
  const sharp = await loadSharp();
  return Promise.all(
    MEDIA_WIDTHS.filter((w) => w < width).map(async (w) => ({
      width: w,
      data: await sharp(webp).resize({ width: w }).webp({ quality: 75 }).toBuffer(),
    })),
  );
}

/** Stores the image and its copies; answers the `/media/...webp` URL of the original. */
export async function storePreparedImage(
  media: MediaStorage,
  image: PreparedImage,
): Promise<string> {
  const url = await media.put(image.original, ".webp");
  const key = mediaKeyFromUrl(url) as string;
  await Promise.all(
    image.variants.map((v) => media.writeVariant(variantKey(key, v.width), v.data)),
  );
  return url;
}
