import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { orPageError } from "~/app/lib/page-error.server";
import type { Actor } from "~/core/actor";
import {
  type CheckoutForm,
  checkoutFormIssues,
  IDEMPOTENCY_KEY_PATTERN,
  lineQuantity,
  missingChoices,
  NOT_APPLICABLE,
} from "~/core/checkout";
import { deliveryAreaFor } from "~/core/dhaka-thanas";
import { toAsciiDigits } from "~/core/digits";
import {
  DISTRICTS_IN_BENGALI_ORDER,
  findDistrict,
  findThana,
  PLACE_RULES,
  thanasInBengaliOrderOf,
} from "~/core/geo";
import type { Lang } from "~/core/locale";
import { ORDER_SUMMARY_HOURS } from "~/core/order-tracking";
import { MOBILE_NUMBER_LENGTH, MOBILE_TOO_LONG_MESSAGE } from "~/core/phone";
import { orderInputSchema } from "~/core/schemas/order";
import { type ShortLine, shortLineText } from "~/core/stock";
import type { AppContext } from "~/server/app-context";
import { AppError } from "~/server/errors";
import { placedOrderSummary, placeOrder, priceCheckoutLines } from "~/server/services/orders";
import { shopStockOf } from "~/server/services/shop-stock";
import { productPath } from "../catalogue/paths";
import {
  customerFromFields,
  itemsFromFields,
  LINE_QUANTITY_FIELD,
  quantitiesAfterChange,
} from "./checkout-form";
import type {
  CheckoutActionFailure,
  CheckoutLineChanged,
  CheckoutLoaderData,
  PlaceOption,
} from "./checkout-types";

const districtOptions = (): PlaceOption[] =>
  DISTRICTS_IN_BENGALI_ORDER.map((d) => ({ value: d.bnName, label: d.name }));

function thanaOptions(districtBn: string): PlaceOption[] {
  return thanasInBengaliOrderOf(districtBn).map((t) => ({ value: t.bnName, label: t.name }));
}

/**
 * The checkout page's data: the items named in the URL (Order Now's form) priced from the
 * database, so the whole form renders on the server; null when the items come as navigation
 * state (the cart, Order Now with scripts). A fresh Idempotency-Key for this attempt.
 */
export async function checkoutPage(ctx: AppContext, url: URL): Promise<CheckoutLoaderData> {
  const requested = itemsFromFields(url.searchParams);
  if (requested.length === 0) {
    return { items: null, idempotencyKey: randomUUID(), districts: districtOptions() };
  }
  const priced = await orPageError(priceCheckoutLines(ctx.db, requested));
  // Order Now without scripts and without a size or colour: back to the product to choose.
  for (const line of priced) {
    const choice = {
      size: line.size === NOT_APPLICABLE ? null : line.size,
      color: line.color === NOT_APPLICABLE ? null : line.color,
    };
    const missing = missingChoices(line.offers, choice);
    if (missing.size || missing.color) {
      const back = new URLSearchParams({
        size: line.size,
        color: line.color,
        quantity: String(line.quantity),
        ask: "1",
      });
      throw redirect(`${productPath(line.id)}?${back}`);
    }
  }
  const items = priced.map(({ offers: _offers, ...line }) => line);
  const stock = await shopStockOf(
    ctx,
    items.map((line) => line.id),
  );
  return { items, stock, idempotencyKey: randomUUID(), districts: districtOptions() };
}

const optionalNumber = (v: FormDataEntryValue | null) => {
  if (typeof v !== "string" || v.trim() === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

/**
 * A form sent without its delivery area (without scripts nothing ticks it for the visitor): the
 * address's own area, where the address decides one, as the page's script would have ticked it.
 */
function withAreaOfAddress(form: CheckoutForm): CheckoutForm {
  if (form.deliveryArea) return form;
  const district = findDistrict(form.district);
  if (!district) return form;
  const thana = findThana(district.bnName, form.thana);
  const area = deliveryAreaFor(district.bnName, thana?.bnName ?? "");
  return area ? { ...form, deliveryArea: area } : form;
}

/**
 * Confirm Order: the same `placeOrder` as POST /api/postOrder (schema, pricing, limits,
 * idempotency), from the posted form. Success redirects to /order-success with the order's
 * random id; a refusal re-renders the form with the issues under their fields, the current
 * figures (409 price_changed) or the service's message (429, 409 area). A line's − or + without
 * scripts posts the form too: it comes back with that quantity and what was typed, unplaced.
 */
export async function placeCheckoutOrder(
  ctx: AppContext,
  actor: Actor | null,
  request: Request,
  clientAddress: string,
  language: Lang,
) {
  const fields = await request.formData();
  const values = withAreaOfAddress(customerFromFields(fields));
  // A visitor without scripts may type the English name: the schema stores the Bengali one, and
  // the form shown again lists that district's thanas.
  const district = findDistrict(values.district);
  const items = itemsFromFields(fields, { asPosted: true });
  const thanas = district ? thanaOptions(district.bnName) : [];
  const complete = Object.keys(checkoutFormIssues(values, PLACE_RULES)).length === 0;
  const changed = quantitiesAfterChange(fields.get(LINE_QUANTITY_FIELD), items);
  if (changed) {
    return data({
      ok: "line",
      values,
      thanas,
      quantities: changed,
      complete,
    } satisfies CheckoutLineChanged);
  }
  const rawKey = fields.get("idempotencyKey");
  const idempotencyKey =
    typeof rawKey === "string" && IDEMPOTENCY_KEY_PATTERN.test(rawKey) ? rawKey : undefined;

  const fail = (
    failure: Omit<CheckoutActionFailure, "ok" | "values" | "thanas" | "quantities" | "complete">,
    status: number,
    headers?: HeadersInit,
  ) =>
    data(
      {
        ok: false,
        ...failure,
        values,
        thanas,
        // A posted quantity the order refused shows back within 1–99.
        quantities: items.map((line) => lineQuantity(line.quantity)),
        complete,
      } satisfies CheckoutActionFailure,
      { status, headers },
    );

  const parsed = orderInputSchema.safeParse({
    products: items.map((l) => ({
      id: l.id,
      name: l.name,
      size: l.size,
      color: l.color,
      quantity: l.quantity,
      // A line without the price the visitor saw is shown the current one to confirm.
      originalPrice: l.price ?? 0,
    })),
    customerData: {
      ...values,
      deliveryCharge: optionalNumber(fields.get("deliveryCharge")),
    },
    subTotal: optionalNumber(fields.get("subTotal")),
    total: optionalNumber(fields.get("total")),
    // The customer's SMS and emails about the order come in the language they ordered in.
    language,
  });
  if (!parsed.success) {
    return fail(
      {
        code: "invalid",
        message: "Please check the highlighted fields.",
        issues: parsed.error.issues.map((i) => {
          const path = i.path.join(".");
          // Too many digits gets the spec's own words, as the field's alert says with scripts.
          const tooLong =
            path === "customerData.mobileNumber" &&
            toAsciiDigits(values.mobileNumber).replace(/\D/g, "").length > MOBILE_NUMBER_LENGTH;
          return { path, message: tooLong ? MOBILE_TOO_LONG_MESSAGE : i.message };
        }),
      },
      400,
    );
  }
  try {
    const placed = await placeOrder(ctx.db, parsed.data, {
      userId: actor?.userId ?? null,
      idempotencyKey,
      freeDeliveryOver: ctx.config.FREE_DELIVERY_OVER,
      catalogueEvents: ctx.catalogueEvents,
      orderCodes: ctx,
      limits: { rateLimiter: ctx.rateLimiter, clientAddress },
      // The same order again within minutes is asked about first (Back after an order).
      askBeforeSameOrder: fields.get("again") !== "yes",
    });
    return redirect(`/order-success?order=${encodeURIComponent(placed.insertedId)}`);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const retryAfter = (err as { retryAfter?: unknown }).retryAfter;
    const outOfStock = err.code === "out_of_stock";
    const current = err.code === "price_changed" ? err.details?.products : undefined;
    return fail(
      {
        code: err.code,
        message: outOfStock ? OUT_OF_STOCK_MESSAGE : err.message,
        ...(Array.isArray(current)
          ? {
              pricesMoved: items.some(
                (line, i) =>
                  line.price !== (current[i] as { originalPrice?: unknown })?.originalPrice,
              ),
            }
          : {}),
        // Each short line under the form, named as the visitor saw it, with what is left.
        issues: outOfStock ? shortLineIssues(items, err.details?.products) : (err.issues ?? []),
        ...(err.details ? { details: err.details } : {}),
      },
      err.status,
      typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : undefined,
    );
  }
}

export const OUT_OF_STOCK_MESSAGE =
  "Some items are no longer in stock in the quantity you chose. Please reduce or remove them.";

/** 409 out_of_stock's lines as issues on the posted lines (`products.N.quantity`). */
function shortLineIssues(
  items: readonly { id: string; size: string; color: string; name?: string }[],
  short: unknown,
): { path: string; message: string }[] {
  if (!Array.isArray(short)) return [];
  return (short as ShortLine[]).map((line) => {
    const i = items.findIndex(
      (item) => item.id === line.id && item.size === line.size && item.color === line.color,
    );
    return {
      path: `products.${Math.max(0, i)}.quantity`,
      message: shortLineText(line, items[i]?.name),
    };
  });
}

/**
 * /order-success?order=<id>: that order's summary (the id is the capability, decision 041), for
 * ORDER_SUMMARY_HOURS after it was placed; after that only its number (`summaryOverFor`).
 */
export async function orderSuccessPage(ctx: AppContext, url: URL, now = new Date()) {
  const id = url.searchParams.get("order");
  const verified = url.searchParams.get("verified") === "1";
  if (!id || id.length > 64) return { placed: null, verified };
  const found = await placedOrderSummary(ctx.db, id);
  if (!found) return { placed: null, verified };
  const { placedAt, ...placed } = found;
  if (now.getTime() - placedAt.getTime() > ORDER_SUMMARY_HOURS * 3600_000) {
    // Only its number: the summary, the phone and the code are for the hours after the order.
    return { placed: null, summaryOverFor: placed.orderNumber, verified };
  }
  return { placed, verified };
}
