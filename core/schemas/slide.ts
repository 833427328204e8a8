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
});

export type SlideInput = z.infer<typeof slideInputSchema>;
