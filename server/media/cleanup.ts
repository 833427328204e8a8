import { arrayContains, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { products, slides } from "../db/schema";
import { type MediaStorage, mediaKeyFromUrl } from "./storage";

/**
 * Removes the stored images among `urls` that no product and no slide uses any more (call it
 * after the write that dropped them has committed). Images from elsewhere are left alone.
 */
export async function removeUnusedImages(
  db: Db,
  media: MediaStorage,
  urls: readonly string[],
): Promise<void> {
  for (const url of new Set(urls)) {
    const key = mediaKeyFromUrl(url);
    if (!key) continue;
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(arrayContains(products.images, [url]))
      .limit(1);
    if (product) continue;
    const [slide] = await db
      .select({ id: slides.id })
      .from(slides)
      .where(eq(slides.image, url))
      .limit(1);
    if (slide) continue;
    await media.remove(key);
  }
}
