import { z } from "zod";
import { isBangladeshMobile, normalizePhone } from "../phone";

export const BLOCK_PHONE_MESSAGE = "Enter an 11-digit mobile number such as 01712345678";
export const BLOCK_REASON_REQUIRED = "Give a reason";
export const MAX_BLOCK_REASON = 500;
export const BLOCK_REASON_TOO_LONG = "A reason of at most 500 characters";

/**
 * A number for the block list and why (POST /api/blocked-phones, the Blocked Numbers form): both
 * fields are checked at once. ০–৯ count as 0–9, and +880 or spaces are allowed (`normalizePhone`).
 */
export const blockPhoneInputSchema = z.object({
  phone: z
    .string({ error: BLOCK_PHONE_MESSAGE })
    .max(20, BLOCK_PHONE_MESSAGE)
    .refine((v) => isBangladeshMobile(normalizePhone(v)), BLOCK_PHONE_MESSAGE),
  reason: z
    .string({ error: BLOCK_REASON_REQUIRED })
    .trim()
    .min(1, BLOCK_REASON_REQUIRED)
    .max(MAX_BLOCK_REASON, BLOCK_REASON_TOO_LONG),
});
