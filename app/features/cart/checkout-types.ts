import type { CheckoutForm, CheckoutLine } from "~/core/checkout";
import type { StockLevel } from "~/core/stock";

export type PlaceOption = { value: string; label: string };

export type CheckoutLoaderData = {
  /** Lines priced on the server (items named in the URL), or null: they come as navigation state. */
  items: CheckoutLine[] | null;
  /**
   * Those lines' stock, read with them: the page warns of a short line before its scripts run
   * (and without them), as the `cart-stock` read does once they run.
   */
  stock?: Record<string, StockLevel[] | null>;
  /** One per page load: a repeated submit of this attempt returns the first order. */
  idempotencyKey: string;
  /** The districts in Bengali order, so the district list works before (or without) scripts. */
  districts: PlaceOption[];
};

/** The form as posted, to render it again without scripts. */
type PostedCheckout = {
  values: CheckoutForm;
  /** The chosen district's thanas, for the form rendered without scripts. */
  thanas: PlaceOption[];
  /** The posted lines' quantities, in order: without scripts − and + change them by posting. */
  quantities: number[];
  /** Whether the posted fields pass the form's rules (the page's hint, before its scripts run). */
  complete: boolean;
};

/** Without scripts, − or + on a line: the form again with the line's new quantity; nothing placed. */
export type CheckoutLineChanged = PostedCheckout & { ok: "line" };

/** Confirm Order refused: the service's code, message and field issues, with what was posted. */
export type CheckoutActionFailure = PostedCheckout & {
  ok: false;
  code: string;
  message: string;
  issues: { path: string; message: string }[];
  /** 409 price_changed: the current products (prices), area, charge and totals. */
  details?: Record<string, unknown>;
  /**
   * 409 price_changed: whether a line's price moved. False when only the delivery did (the area
   * follows the address, a form without scripts may have posted another one).
   */
  pricesMoved?: boolean;
};

export type CheckoutActionData = CheckoutActionFailure | CheckoutLineChanged;
