import { z } from "zod";
import { toAsciiDigits } from "../digits";
import { TRACK_MESSAGES } from "../order-tracking";
import { isBangladeshMobile, normalizePhone } from "../phone";

/** Largest order number the database holds (a PostgreSQL integer). */
const MAX_ORDER_NUMBER = 2_147_483_647;

/**
 * The order number as typed: Bengali digits, a leading "#", spaces and digit-group commas (as in
 * "১,০০,০৩৩", how a number reads in Bengali) are fine.
 */
export const orderNumberSchema = z
  .string({ error: TRACK_MESSAGES.orderNumber })
  .transform((v) =>
    toAsciiDigits(v)
      .trim()
      .replace(/^#/, "")
      .replace(/(?<=[0-9])[,\s](?=[0-9])/g, ""),
  )
  .pipe(
    z
      .string()
      .regex(/^[0-9]{1,10}$/, TRACK_MESSAGES.orderNumber)
      .transform(Number)
      .refine((n) => n >= 1 && n <= MAX_ORDER_NUMBER, TRACK_MESSAGES.orderNumber),
  );

/** A Bangladesh mobile as 01XXXXXXXXX, +8801…, 8801… or 008801…, in any digits. */
export const trackPhoneSchema = z
  .string({ error: TRACK_MESSAGES.phone })
  .transform((v) => normalizePhone(v))
  .pipe(z.string().refine((s) => isBangladeshMobile(s), TRACK_MESSAGES.phone));

export const trackQuerySchema = z.object({
  orderNumber: orderNumberSchema,
  phone: trackPhoneSchema,
});
export type TrackQuery = z.infer<typeof trackQuerySchema>;

export const orderCodeSchema = z
  .string({ error: "Enter the 6-digit code from the SMS" })
  .transform((v) => toAsciiDigits(v).replace(/\s/g, ""))
  .pipe(z.string().regex(/^[0-9]{6}$/, "Enter the 6-digit code from the SMS"));
