import { z } from "zod";
import { emptyToUndefined } from "./common";

/** GET /api/users query string (DESIGN §5: bounded lists with a cursor). */
export const userQuerySchema = z.object({
  search: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(500).default(100)),
  cursor: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
});

export type UserQuery = z.infer<typeof userQuerySchema>;
