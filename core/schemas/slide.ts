import { z } from "zod";
import { imageRefSchema, isoDateTimeSchema } from "./common";

export const slideInputSchema = z.object({
  image: imageRefSchema,
  /** Used as the image's alt text. */
  title: z.string().trim().max(120).default(""),
  /** The title in Bengali (issue 25), the alt text on Bengali pages; "" for none. */
  titleBn: z.string().trim().max(120).default(""),
  /** Accepted for compatibility with the original client; the server sets the time. */
  time: isoDateTimeSchema.optional(),
  /**
   * An update: the slide's `updatedAt` as the editor read it. When given and the slide has
   * changed since, nothing is changed and the answer is a conflict.
   */
  updatedAt: isoDateTimeSchema.optional(),
});

/** The refusal of an update made from a slide that someone else changed meanwhile. */
export const SLIDE_CHANGED_MESSAGE =
  "Someone else changed this slide while the form was open: reload the page to see their changes";

export type SlideInput = z.infer<typeof slideInputSchema>;
