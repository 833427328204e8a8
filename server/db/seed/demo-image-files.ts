import fs from "node:fs/promises";
import path from "node:path";
import { IMAGE_KINDS, MEDIA_WIDTHS } from "~/core/media";
import { demoProductImage, demoSlideImage } from "~/server/media/demo-images";
import { makeVariants, type PreparedImage, storePreparedImage } from "~/server/media/pipeline";
import type { MediaStorage } from "~/server/media/storage";

/*
 * The demo catalogue's pictures, drawn once by `npm run draw-demo-images` and committed as WebP
 * files with their srcset copies (docs/decisions/049): a first start copies them into the media
 * store instead of drawing some 400 pictures with sharp, which took most of a fresh clone's first
 * 20–50 s and held libvips' memory in the server from then on.
 */

/** Where the drawn files live, from the repository root (as the migrations, `drizzle/`). */
export const DEMO_IMAGES_DIR = path.resolve(process.cwd(), "server/db/seed/demo-images");

/**
 * Pictures per sub-category; a product with more images (demo-products.ts `imageCount`, up to 4)
 * shows its sub-category's pictures again. Three keep the files at a few MB.
 */
export const PICTURES_PER_SUB_CATEGORY = 3;

export const DEMO_SLIDES = [
  { headline: "Winter Collection", subline: "Warm picks delivered anywhere in Bangladesh" },
  { headline: "Gadget Week", subline: "Earbuds, smart watches and power banks" },
  { headline: "Kitchen Essentials", subline: "Cash on delivery, 7 days return" },
  { headline: "100 TK Corner", subline: "Everyday items for one hundred taka" },
] as const;

/** A file-name word for a sub-category: "Hand Bag & Purse" → "hand-bag-purse". */
export function slugOf(subCategory: string): string {
  return subCategory
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The base name of the `n`-th picture (0-based) of a sub-category, or of the `n`-th slide. */
export const productPictureName = (subCategory: string, n: number) =>
  `${slugOf(subCategory)}-${n + 1}`;
export const slidePictureName = (n: number) => `slide-${n + 1}`;

/** The same seed for the same picture on every machine, so a drawing is reproducible. */
function seedOf(name: string): number {
  let h = 7;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 1_000_003;
  return h;
}

/** Draws one picture (sharp) with its srcset copies, as the files are made. */
export async function drawDemoPicture(
  picture: { kind: "product"; subCategory: string; n: number } | { kind: "slide"; n: number },
): Promise<PreparedImage> {
  if (picture.kind === "slide") {
    const slide = DEMO_SLIDES[picture.n] ?? DEMO_SLIDES[0];
    const original = await demoSlideImage(picture.n + 1, slide.headline, slide.subline);
    return { original, variants: await makeVariants(original, IMAGE_KINDS.slide.width) };
  }
  const name = productPictureName(picture.subCategory, picture.n);
  const original = await demoProductImage(seedOf(name), picture.subCategory);
  return { original, variants: await makeVariants(original, IMAGE_KINDS.product.width) };
}

/** Writes a drawn picture as `<name>.webp` and `<name>-w<width>.webp` into `dir`. */
export async function writeDemoPicture(
  dir: string,
  name: string,
  picture: PreparedImage,
): Promise<void> {
  await fs.writeFile(path.join(dir, `${name}.webp`), picture.original);
  for (const v of picture.variants) {
    await fs.writeFile(path.join(dir, `${name}-w${v.width}.webp`), v.data);
  }
}

async function readDemoPicture(name: string, width: number): Promise<PreparedImage | undefined> {
  try {
    const original = await fs.readFile(path.join(DEMO_IMAGES_DIR, `${name}.webp`));
    const variants = await Promise.all(
      MEDIA_WIDTHS.filter((w) => w < width).map(async (w) => ({
        width: w,
        data: await fs.readFile(path.join(DEMO_IMAGES_DIR, `${name}-w${w}.webp`)),
      })),
    );
    return { original, variants };
  } catch {
    return undefined;
  }
}

/**
 * Stores demo pictures in the shop's media store (disk or S3) and answers their `/media/` URLs,
 * each picture once per run. A picture missing from the committed files (a sub-category added
 * since they were drawn) is drawn here instead.
 */
export function demoPictures(media: MediaStorage) {
  const stored = new Map<string, Promise<string>>();
  const store = (name: string, width: number, draw: () => Promise<PreparedImage>) => {
    let url = stored.get(name);
    if (!url) {
      url = readDemoPicture(name, width).then(async (files) =>
        storePreparedImage(media, files ?? (await draw())),
      );
      stored.set(name, url);
    }
    return url;
  };
  return {
    product(subCategory: string, n: number): Promise<string> {
      const k = n % PICTURES_PER_SUB_CATEGORY;
      return store(productPictureName(subCategory, k), IMAGE_KINDS.product.width, () =>
        drawDemoPicture({ kind: "product", subCategory, n: k }),
      );
    },
    slide(n: number): Promise<string> {
      return store(slidePictureName(n), IMAGE_KINDS.slide.width, () =>
        drawDemoPicture({ kind: "slide", n }),
      );
    },
  };
}

export type DemoPictures = ReturnType<typeof demoPictures>;

/** Products whose pictures are copied at the same time: each copy mostly waits for the disk. */
const PRODUCTS_AT_ONCE = 8;

/**
 * Each product's picture URLs (its `imageCount` pictures from `imageSeed` on, duplicates
 * dropped), copied into the media store a few products at a time; `onCopied` counts products.
 */
export async function copyProductPictures(
  pictures: DemoPictures,
  demo: readonly { subCategory: string; imageSeed: number; imageCount: number }[],
  onCopied: (done: number) => void = () => {},
): Promise<string[][]> {
  const urls: string[][] = [];
  let next = 0;
  let done = 0;
  const copyNext = async (): Promise<void> => {
    for (let i = next++; i < demo.length; i = next++) {
      const p = demo[i] as (typeof demo)[number];
      const images = await Promise.all(
        Array.from({ length: p.imageCount }, (_, n) =>
          pictures.product(p.subCategory, p.imageSeed + n),
        ),
      );
      urls[i] = [...new Set(images)];
      onCopied(++done);
    }
  };
  await Promise.all(Array.from({ length: PRODUCTS_AT_ONCE }, copyNext));
  return urls;
}
