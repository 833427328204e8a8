import { data, redirect } from "react-router";
import { toAsciiDigits } from "~/core/digits";
import { ORDER_CODE_MESSAGES, type TrackedOrder } from "~/core/order-tracking";
import { orderCodeSchema, trackQuerySchema } from "~/core/schemas/order-tracking";
import type { AppContext } from "~/server/app-context";
import { AppError, RateLimitedError } from "~/server/errors";
import { type OrderLocator, resendOrderCode, verifyOrderCode } from "~/server/services/order-codes";
import { trackOrder } from "~/server/services/order-tracking";
import { englishPlaceNames } from "./place-names.server";

/** What /track-order shows: the form's values, and the order or why there is none. */
export type TrackPageData = {
  values: { orderNumber: string; phone: string };
  order: TrackedOrder | null;
  /** A refusal: field issues (400), the one not-found (404), too many look-ups (429). */
  failure: { status: number; message: string; issues: Record<string, string> } | null;
  /** After a right code: the order goes on to the team. */
  verified: boolean;
  /** The English names of the order's district and thana, for an English page. */
  placeNames?: { district?: string; thana?: string };
};

/** Tracking is personal: never kept by any cache (decision 060). */
export const TRACK_PAGE_HEADERS = { "Cache-Control": "private, no-store" } as const;

/**
 * /track-order?orderNumber=N&phone=01…: the same service as GET /api/track. Without both
 * values the page is the empty form; a refusal keeps the typed values and answers its status.
 */
export async function trackOrderPage(ctx: AppContext, url: URL, clientAddress: string) {
  const values = {
    orderNumber: (url.searchParams.get("orderNumber") ?? "").slice(0, 40),
    phone: (url.searchParams.get("phone") ?? "").slice(0, 40),
  };
  const verified = url.searchParams.get("verified") === "1";
  const empty: TrackPageData = { values, order: null, failure: null, verified: false };
  // Nothing asked yet, or only the number (the order-success page's link once its day is over):
  // the form, filled in with what came.
  if (!url.searchParams.has("phone")) {
    return data(empty, { headers: TRACK_PAGE_HEADERS });
  }
  const parsed = trackQuerySchema.safeParse(values);
  if (!parsed.success) {
    const issues: Record<string, string> = {};
    for (const i of parsed.error.issues) issues[String(i.path[0])] ??= i.message;
    return data(
      { ...empty, failure: { status: 400, message: "Please check both fields.", issues } },
      { status: 400, headers: TRACK_PAGE_HEADERS },
    );
  }
  try {
    const order = await trackOrder(ctx, parsed.data, clientAddress);
    const placeNames = englishPlaceNames(order.district, order.thana);
    return data({ ...empty, order, verified, placeNames } satisfies TrackPageData, {
      headers: TRACK_PAGE_HEADERS,
    });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const headers: Record<string, string> = { ...TRACK_PAGE_HEADERS };
    if (err instanceof RateLimitedError) headers["Retry-After"] = String(err.retryAfter);
    return data(
      { ...empty, failure: { status: err.status, message: err.message, issues: {} } },
      { status: err.status, headers },
    );
  }
}

/** What the code form's action answers (a success redirects instead). */
export type OrderCodeActionData =
  | { ok: true; intent: "resend"; message: string }
  | { ok: false; message: string; issues: Record<string, string> };

/**
 * The code form of /order-success and /track-order (ORDER_OTP): `intent` "verify" (with
 * `code`) or "resend". The order is named by `locator` (the success page's id, or the tracking
 * pair). A right code redirects to `done`; a refusal answers its status with the message.
 */
export async function orderCodeAction(
  ctx: AppContext,
  form: FormData,
  locator: OrderLocator,
  clientAddress: string,
  done: string,
) {
  const intent = form.get("intent");
  try {
    if (intent === "resend") {
      await resendOrderCode(ctx, locator, clientAddress);
      return data({
        ok: true,
        intent: "resend",
        message: ORDER_CODE_MESSAGES.resent,
      } satisfies OrderCodeActionData);
    }
    const parsed = orderCodeSchema.safeParse(toAsciiDigits(String(form.get("code") ?? "")));
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Enter the 6-digit code from the SMS";
      return data({ ok: false, message, issues: { code: message } } satisfies OrderCodeActionData, {
        status: 400,
      });
    }
    await verifyOrderCode(ctx, locator, parsed.data, clientAddress);
    return redirect(done);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const issues: Record<string, string> = {};
    for (const i of err.issues ?? []) issues[i.path] ??= i.message;
    const headers: Record<string, string> = {};
    if (err instanceof RateLimitedError) headers["Retry-After"] = String(err.retryAfter);
    return data({ ok: false, message: err.message, issues } satisfies OrderCodeActionData, {
      status: err.status,
      headers,
    });
  }
}

/** The tracking form's pair from a posted form (the code form on /track-order carries it). */
export function trackPairFrom(form: FormData) {
  return trackQuerySchema.safeParse({
    orderNumber: String(form.get("orderNumber") ?? ""),
    phone: String(form.get("phone") ?? ""),
  });
}
