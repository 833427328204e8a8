import { asc, eq } from "drizzle-orm";
import type { Actor } from "~/core/actor";
import { SLIDE_CHANGED_MESSAGE, type SlideInput, slideInputSchema } from "~/core/schemas";
import type { Db } from "../db/client";
import { newId } from "../db/ids";
import { type SlideRow, slides } from "../db/schema";
import { AppError } from "../errors";
import { assertAdmin } from "./authorize";
import {
  afterCatalogueWrite,
  assertImagesStored,
  assertUnchangedSince,
  type CatalogueWriteContext,
  nextUpdatedAt,
} from "./catalogue-writes";

/**
 * Spec §3 slide: the title doubles as the image's alt text. `titleBn` (issue 25) only when the
 * shop gave one, so a slide without it keeps the spec's shape.
 */
export type Slide = {
  _id: string;
  image: string;
  title: string;
  titleBn?: string;
  time: string;
  /** When the slide was last changed: an update may send it back to refuse a lost edit. */
  updatedAt: string;
};

/** The home slider never shows more than this many slides. */
export const MAX_SLIDES = 50;

export function toSlide(row: SlideRow): Slide {
  return {
    _id: row.id,
    image: row.image,
    title: row.title,
    ...(row.titleBn ? { titleBn: row.titleBn } : {}),
    time: row.time.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Slides in the order they were added (oldest first), bounded. `time` changes on every update
 * (spec §3), so the order comes from when the row was created; `time` breaks ties between rows
 * created together (the demo seed inserts its slides in one statement).
 */
export async function listSlides(db: Db, limit = MAX_SLIDES): Promise<Slide[]> {
  const rows = await db
    .select()
    .from(slides)
    .orderBy(asc(slides.createdAt), asc(slides.time), asc(slides.id))
    .limit(Math.min(Math.max(1, limit), MAX_SLIDES));
  return rows.map(toSlide);
}

export async function getSlide(db: Db, id: string): Promise<Slide> {
  const [row] = await db.select().from(slides).where(eq(slides.id, id)).limit(1);
  if (!row) throw AppError.notFound("Slide");
  return toSlide(row);
}

function parseSlideInput(body: unknown): SlideInput {
  const parsed = slideInputSchema.safeParse(body);
  if (!parsed.success) throw AppError.fromZod(parsed.error);
  return parsed.data;
}

/** Adds a slide at the end of the slider; the server sets `time`. Admins only. */
export async function addSlide(
  ctx: CatalogueWriteContext,
  actor: Pick<Actor, "role"> | null,
  body: unknown,
): Promise<Slide> {
  assertAdmin(actor);
  const input = parseSlideInput(body);
  await assertImagesStored(ctx.media, [{ path: "image", url: input.image }]);
  const count = await ctx.db.$count(slides);
  if (count >= MAX_SLIDES) {
    throw new AppError("conflict", `The slider holds at most ${MAX_SLIDES} slides`);
  }
  // created_at comes from the database clock (microseconds), so slides added in one
  // millisecond still keep their order.
  const [row] = await ctx.db
    .insert(slides)
    .values({
      id: newId(),
      image: input.image,
      title: input.title,
      titleBn: input.titleBn,
      time: new Date(),
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  await afterCatalogueWrite(ctx, { kind: "slide", id: row.id });
  return toSlide(row);
}

/**
 * Replaces the slide's image (and its title when the body has one: the spec's client sends only
 * `{image, time}`, which must not wipe the alt text) and sets `time` to now. The old image is
 * removed from storage when nothing else uses it. `updatedAt` in the body refuses the change
 * when the slide changed since it was read.
 */
export async function updateSlide(
  ctx: CatalogueWriteContext,
  actor: Pick<Actor, "role"> | null,
  id: string,
  body: unknown,
): Promise<Slide> {
  assertAdmin(actor);
  const input = parseSlideInput(body);
  const hasTitle = typeof body === "object" && body !== null && "title" in body;
  const hasTitleBn = typeof body === "object" && body !== null && "titleBn" in body;
  const [current] = await ctx.db
    .select({ image: slides.image })
    .from(slides)
    .where(eq(slides.id, id));
  if (!current) throw AppError.notFound("Slide");
  await assertImagesStored(ctx.media, [{ path: "image", url: input.image }], [current.image]);
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(slides).where(eq(slides.id, id)).for("update");
    if (!row) throw AppError.notFound("Slide");
    assertUnchangedSince(row.updatedAt, input.updatedAt, SLIDE_CHANGED_MESSAGE);
    const [updated] = await tx
      .update(slides)
      .set({
        image: input.image,
        ...(hasTitle ? { title: input.title } : {}),
        ...(hasTitleBn ? { titleBn: input.titleBn } : {}),
        time: new Date(),
        updatedAt: nextUpdatedAt(row.updatedAt),
      })
      .where(eq(slides.id, id))
      .returning();
    if (!updated) throw AppError.notFound("Slide");
    return { before: row, after: updated };
  });
  const dropped = before.image !== after.image ? [before.image] : [];
  await afterCatalogueWrite(ctx, { kind: "slide", id }, dropped);
  return toSlide(after);
}

/** Deletes a slide, then its image when no product or other slide uses it. */
export async function deleteSlide(
  ctx: CatalogueWriteContext,
  actor: Pick<Actor, "role"> | null,
  id: string,
): Promise<void> {
  assertAdmin(actor);
  const [row] = await ctx.db
    .delete(slides)
    .where(eq(slides.id, id))
    .returning({ image: slides.image });
  if (!row) throw AppError.notFound("Slide");
  await afterCatalogueWrite(ctx, { kind: "slide", id }, [row.image]);
}
