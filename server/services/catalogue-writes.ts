import type { AppContext } from "../app-context";
import type { CatalogueChange } from "../catalogue/events";
import { logger } from "../logger";
import { removeUnusedImages } from "../media/cleanup";

/** What a catalogue write needs besides the database: image cleanup and the change channel. */
export type CatalogueWriteContext = Pick<AppContext, "db" | "media" | "catalogueEvents">;

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
    await removeUnusedImages(ctx.db, ctx.media, droppedImages);
  } catch (err) {
    logger.error({ err, change, droppedImages }, "unused images not removed");
  }
}
