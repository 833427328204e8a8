import { sql } from "drizzle-orm";
import { formatNumber } from "~/core/money";
import type { AppContext } from "~/server/app-context";
import { newId } from "../ids";
import { products } from "../schema";
import { demoPictures } from "./demo-image-files";
import { type DemoProduct, generateDemoProducts } from "./demo-products";

/**
 * Rows per INSERT statement. 16 columns × 2,000 rows = 32,000 bind parameters, well under
 * PostgreSQL's 65,535 limit, and big enough that the statement count stops mattering.
 */
export const LARGE_SEED_BATCH = 2_000;

/**
 * House brands put in front of the demo names, so that 100,000 names are varied: a search for a
 * word of one sub-category finds hundreds of products, a brand plus a word finds a few.
 */
const BRANDS = [
  "Padma",
  "Meghna",
  "Jamuna",
  "Rupsha",
  "Titas",
  "Shapla",
  "Kashful",
  "Nakshi",
  "Sonali",
  "Sundarban",
  "Deshi",
  "Nagorik",
  "Bengal",
  "Surma",
  "Karnaphuli",
  "Teesta",
  "Kaptai",
  "Shimul",
  "Bakul",
  "Krishnachura",
  "Hilsa",
  "Ruposhi",
  "Shonar Bangla",
  "Golden Fibre",
  "Mohona",
  "Nilgiri",
  "Sajek",
  "Cox Bay",
  "Ratargul",
  "Lalbagh",
];

const EDITIONS = ["", "", "", " 2025", " 2026", " Eid Edition", " Winter Edition", " Combo"];

export type LargeSeedProgress = { done: number; total: number };

export type LargeSeedOptions = {
  /** The catalogue holds at least this many products afterwards (existing ones count). */
  products: number;
  batchSize?: number;
  seed?: number;
  now?: Date;
  onProgress?: (progress: LargeSeedProgress) => void;
};

export type LargeSeedResult = { added: number; total: number };

/** Image URLs per sub-category: the demo catalogue's own images when present, else a demo picture each. */
async function imagePool(
  ctx: AppContext,
  subCategories: Set<string>,
): Promise<Map<string, string[]>> {
  const pool = new Map<string, string[]>();
  const rows = await ctx.db
    .select({ subCategory: products.subCategory, images: products.images })
    .from(products)
    .orderBy(products.createdAt)
    .limit(2_000);
  for (const row of rows) {
    const list = pool.get(row.subCategory) ?? [];
    for (const image of row.images) if (list.length < 8 && !list.includes(image)) list.push(image);
    pool.set(row.subCategory, list);
  }
  const pictures = demoPictures(ctx.media);
  for (const subCategory of subCategories) {
    if ((pool.get(subCategory)?.length ?? 0) > 0) continue;
    pool.set(subCategory, [await pictures.product(subCategory, 0)]);
  }
  return pool;
}

function brandedName(product: DemoProduct, index: number): string {
  const brand = BRANDS[index % BRANDS.length];
  const edition = EDITIONS[Math.floor(index / BRANDS.length) % EDITIONS.length];
  return `${brand} ${product.name}${edition}`.slice(0, 200);
}

/**
 * Adds generated products (realistic names, prices and descriptions across every category and
 * sub-category) until the catalogue holds `options.products`, in multi-row INSERTs, reusing a
 * small pool of images. One transaction: an interrupted run adds nothing.
 */
export async function seedLargeCatalogue(
  ctx: AppContext,
  options: LargeSeedOptions,
): Promise<LargeSeedResult> {
  const batchSize = options.batchSize ?? LARGE_SEED_BATCH;
  const existing = await ctx.db.$count(products);
  const toAdd = Math.max(0, options.products - existing);
  if (toAdd === 0) return { added: 0, total: existing };

  const firstBatch = generateDemoProducts(Math.min(batchSize, toAdd), {
    seed: options.seed,
    now: options.now,
  });
  const pool = await imagePool(ctx, new Set(firstBatch.map((p) => p.subCategory)));

  await ctx.db.transaction(async (tx) => {
    let done = 0;
    for (let batch = 0; done < toAdd; batch++) {
      const size = Math.min(batchSize, toAdd - done);
      const generated =
        batch === 0
          ? firstBatch
          : generateDemoProducts(size, {
              seed: (options.seed ?? 0x5eed) + batch * 7_919,
              now: options.now,
            });
      const rows = generated.map((p, i) => {
        const images = pool.get(p.subCategory) ?? [];
        const first = (p.imageSeed % Math.max(1, images.length)) | 0;
        const picked = images.length
          ? Array.from(
              { length: Math.min(p.imageCount, images.length) },
              (_, k) => images[(first + k) % images.length] as string,
            )
          : [];
        return {
          id: newId(),
          name: brandedName(p, done + i),
          description: p.description,
          videoLink: p.videoLink ?? null,
          category: p.category,
          subCategory: p.subCategory,
          productType: p.productType,
          sizes: [...p.sizes],
          colors: [...p.colors],
          images: picked,
          originalPrice: p.originalPrice,
          offerPrice: p.offerPrice ?? null,
          ratings: p.ratings,
          reviews: p.reviews,
          createdAt: p.createdAt,
          updatedAt: p.createdAt,
        };
      });
      await tx.insert(products).values(rows);
      done += size;
      options.onProgress?.({ done, total: toAdd });
    }
  });
  // VACUUM merges the trigram index's pending list (a bulk insert leaves it long, and every search
  // would scan it) and sets the visibility map for index-only scans; ANALYZE gives the planner
  // the new row counts.
  await ctx.db.execute(sql`vacuum analyze products`);
  return { added: toAdd, total: existing + toAdd };
}

/** A one-line progress bar: `[#####-----] 40,000/100,000 (40%)`. */
export function progressBar({ done, total }: LargeSeedProgress, width = 30): string {
  const ratio = total === 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(ratio * width);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${formatNumber(done)}/${formatNumber(total)} (${Math.round(ratio * 100)}%)`;
}
