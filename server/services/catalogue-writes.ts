import { inArray } from "drizzle-orm";
import type { AppContext } from "../app-context";
import type { CatalogueChange } from "../catalogue/events";
import { orderLines } from "../db/schema";
import { logger } from "../logger";
import { removeUnusedImages } from "../media/cleanup";

/** What a catalogue write needs besides the database: image cleanup and the change channel. */
export type CatalogueWriteContext = Pick<AppContext, "db" | "media" | "catalogueEvents">;

/**
 * Removes the stored images among `urls` that nothing uses any more. Order lines snapshot their
 * image URL, so an image a past order shows is kept too: the order overview and invoice must
 * not lose their pictures when the product goes.
 */
async function removeImagesNothingUses(ctx: CatalogueWriteContext, urls: readonly string[]) {
  if (urls.length === 0) return;
  const ordered = await ctx.db
    .selectDistinct({ url: orderLines.imageUrl })
    .from(orderLines)
    .where(inArray(orderLines.imageUrl, [...urls]));
  const keep = new Set(ordered.map((r) => r.url));
  await removeUnusedImages(
    ctx.db,
    ctx.media,
    urls.filter((url) => !keep.has(url)),
  );
}

/**
 * What follows a committed product or slide write: caches hear of the change, then the images
 * the write let go are removed. The write itself has succeeded by then, so a failure here is
 * logged rather than answered as an error (a client retrying a "failed" add would add twice).
 */
export async function afterCatalogueWrite(
  ctx: CatalogueWriteContext,
  change: CatalogueChange,
  droppedImages: readonly string[] = [],
): Promise<void> {
  try {
    await ctx.catalogueEvents.publish(change);
  } catch (err) {
    logger.error({ err, change }, "catalogue change not published");
  }
  try {
    await removeImagesNothingUses(ctx, droppedImages);
  } catch (err) {
    logger.error({ err, change, droppedImages }, "unused images not removed");
  }
}
