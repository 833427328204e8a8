import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { type SlideRow, slides } from "../db/schema";
import { AppError } from "../errors";

/** Spec §3 slide: the title doubles as the image's alt text. */
export type Slide = { _id: string; image: string; title: string; time: string };

/** The home slider never shows more than this many slides. */
export const MAX_SLIDES = 50;

export function toSlide(row: SlideRow): Slide {
  return { _id: row.id, image: row.image, title: row.title, time: row.time.toISOString() };
}

/** Slides in the order they were added (oldest first), bounded. */
export async function listSlides(db: Db, limit = MAX_SLIDES): Promise<Slide[]> {
  const rows = await db
    .select()
    .from(slides)
    .orderBy(asc(slides.time), asc(slides.id))
    .limit(Math.min(Math.max(1, limit), MAX_SLIDES));
  return rows.map(toSlide);
}

export async function getSlide(db: Db, id: string): Promise<Slide> {
  const [row] = await db.select().from(slides).where(eq(slides.id, id)).limit(1);
  if (!row) throw AppError.notFound("Slide");
  return toSlide(row);
}
