import { isMediaPath, MEDIA_MISSING_MESSAGE } from "~/core/schemas/common";
import type { AppContext } from "../app-context";
import type { CatalogueChange } from "../catalogue/events";
import { AppError } from "../errors";
import { logger } from "../logger";
import { removeUnusedImages } from "../media/cleanup";
import { type MediaStorage, mediaKeyFromUrl } from "../media/storage";

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

/**
 * An edit made from an older copy of the row is refused (409, `updatedAt` named): two admins
 * with the same form open cannot silently overwrite each other. Without `readAt` (an API client
 * that does not send it) the edit applies as before. Compared to the millisecond, the precision
 * the API writes.
 */
export function assertUnchangedSince(
  storedAt: Date,
  readAt: string | undefined,
  message: string,
): void {
  if (readAt === undefined || Date.parse(readAt) === storedAt.getTime()) return;
  throw new AppError("conflict", message, [{ path: "updatedAt", message }], {
    updatedAt: storedAt.toISOString(),
  });
}

/**
 * The `updatedAt` an edit stores: now, but always later than the one it replaces, so two edits
 * within one millisecond still tell apart (a clock step back as well).
 */
export function nextUpdatedAt(storedAt: Date): Date {
  return new Date(Math.max(Date.now(), storedAt.getTime() + 1));
}

/**
 * Refuses (400, the field named) a /media/ image that the media store does not hold: a path
 * typed by hand, or a file removed since it was uploaded, would show as a broken picture.
 * `alreadyNamed` are the images the row holds now; an edit that keeps them is not held up by
 * them. https:// links are the admin's to check: the server does not fetch other sites.
 */
export async function assertImagesStored(
  media: MediaStorage,
  images: readonly { path: string; url: string }[],
  alreadyNamed: readonly string[] = [],
): Promise<void> {
  const missing = await Promise.all(
    images.map(async ({ path, url }) => {
      if (!isMediaPath(url) || alreadyNamed.includes(url)) return undefined;
      const key = mediaKeyFromUrl(url);
      return key && (await media.has(key)) ? undefined : path;
    }),
  );
  const issues = missing
    .filter((path) => path !== undefined)
    .map((path) => ({ path, message: MEDIA_MISSING_MESSAGE }));
  if (issues.length > 0) throw new AppError("invalid", MEDIA_MISSING_MESSAGE, issues);
}

/** A product's images as `assertImagesStored` names them: `images.0`, `images.1`, … */
export const productImageFields = (images: readonly string[]) =>
  images.map((url, i) => ({ path: `images.${i}`, url }));
