/**
 * Resized copies of stored images (DESIGN §7: responsive images with srcset). The media route
 * serves `/media/<2 hex>/<32 hex>.webp?w=<width>` for these widths only, made once with sharp
 * and kept beside the original; any other width is refused, so nobody can ask for unbounded
 * resizing. Product images are stored 450 px wide, slides 900 px.
 */
export const MEDIA_WIDTHS = [80, 160, 240, 360, 480, 720] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

const STORED_MEDIA = /^\/media\/[a-f0-9]{2}\/[a-f0-9]{32}\.(webp|jpg|png|avif)$/;

export function isMediaWidth(value: number): value is MediaWidth {
  return (MEDIA_WIDTHS as readonly number[]).includes(value);
}

/**
 * The `srcset` for a stored image whose original is `originalWidth` px wide: each allowed width
 * below it, then the original. Undefined for anything that is not a stored media URL (external
 * or placeholder images keep their plain `src`).
 */
export function mediaSrcSet(url: string, originalWidth: number): string | undefined {
  if (!STORED_MEDIA.test(url)) return undefined;
  const smaller = MEDIA_WIDTHS.filter((w) => w < originalWidth).map((w) => `${url}?w=${w} ${w}w`);
  return [...smaller, `${url} ${originalWidth}w`].join(", ");
}

/** The smallest allowed resized copy at least `width` px wide, or the original URL. */
export function mediaUrlForWidth(url: string, width: number, originalWidth: number): string {
  if (!STORED_MEDIA.test(url)) return url;
  const w = MEDIA_WIDTHS.find((candidate) => candidate >= width);
  return w !== undefined && w < originalWidth ? `${url}?w=${w}` : url;
}

/** What an uploaded image is for, and the size every upload of that kind is cropped to. */
export const IMAGE_KINDS = {
  product: { width: 450, height: 450 },
  slide: { width: 900, height: 450 },
} as const;
export type ImageKind = keyof typeof IMAGE_KINDS;

/** Upload bounds: bytes of the file, and decoded pixels (a small file can decode to gigabytes). */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 50_000_000;
