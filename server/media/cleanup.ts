import { arrayContains, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { orderLines, products, slides } from "../db/schema";
import { type MediaStorage, mediaKeyFromUrl } from "./storage";

/** Whether a product, a slide or an order line (its snapshot of the product's image) names `url`. */
async function isNamed(db: Db, url: string): Promise<boolean> {
  const [named] = await db
    .select({ one: sql<number>`1` })
    .from(products)
    .where(arrayContains(products.images, [url]))
    .unionAll(db.select({ one: sql<number>`1` }).from(slides).where(eq(slides.image, url)))
    .unionAll(
      db.select({ one: sql<number>`1` }).from(orderLines).where(eq(orderLines.imageUrl, url)),
    )
    .limit(1);
  return named !== undefined;
}

/**
 * Removes the stored images among `urls` that no product, no slide and no order line names any
 * more (call it after the write that dropped them has committed). Images from elsewhere are left
 * alone. An order line keeps its image for the order's overview and invoice, also when its
 * product is deleted while the order is being placed: taking `order_lines` in SHARE mode waits for
 * every order insert already under way to commit (and holds new ones back while the lines are
 * read), so an order stored at the same moment is seen before its image is judged unused.
 */
export async function removeUnusedImages(
  db: Db,
  media: MediaStorage,
  urls: readonly string[],
): Promise<void> {
  const candidates = [...new Set(urls)].filter((url) => mediaKeyFromUrl(url));
  if (candidates.length === 0) return;
  const unused = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${orderLines} in share mode`);
    const found: string[] = [];
    for (const url of candidates) {
      if (!(await isNamed(tx as unknown as Db, url))) found.push(url);
    }
    return found;
  });
  for (const url of unused) await media.remove(mediaKeyFromUrl(url) as string);
}
