import { createHash } from "node:crypto";
import { and, eq, gt, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import {
  type CheckoutLine,
  type CustomerDetails,
  MAX_ORDER_TOTAL,
  NOT_APPLICABLE,
  ORDER_TOO_LARGE_MESSAGE,
} from "~/core/checkout";
import {
  DEFAULT_FREE_DELIVERY_OVER,
  type DeliveryArea,
  type OrderTotals,
  orderTotals,
} from "~/core/delivery";
import { deliveryAreaFor } from "~/core/dhaka-thanas";
import { priceShown } from "~/core/money";
import type { MessageLanguage } from "~/core/notifications";
import type { OrderStatus } from "~/core/order-status";
import type { OrderCodeView } from "~/core/order-tracking";
import { normalizePhone } from "~/core/phone";
import type { OrderInput } from "~/core/schemas/order";
import { byCodeUnits } from "~/core/text";
import type { AppContext } from "../app-context";
import type { CatalogueEvents } from "../catalogue/events";
import type { Db } from "../db/client";
import { DEADLOCK, notNullFailure, sqlState } from "../db/errors";
import { newId } from "../db/ids";
import {
  orderLines,
  orderStatusHistory,
  orders,
  productStock,
  products,
  stockLedger,
} from "../db/schema";
import { AppError, type AppErrorCode, type FieldIssue } from "../errors";
import { mediaKeyFromUrl } from "../media/storage";
import { placedMessagesSql } from "../notify/queue";
import { addressSubject } from "../rate-limit/address";
import type { RateLimiter, Release } from "../rate-limit/limiter";
import { issueOrderCode, orderCodeView, orderNeedsCode } from "./order-codes";
import {
  announceStockMoves,
  outOfStock,
  type StockMove,
  shortOf,
  type WantedStock,
  wantedStock,
} from "./order-stock";
import { heldReasonFor } from "./risk";

export type OrderLineRecord = {
  productId: string;
  name: string;
  /** The product's Bengali name, "" or absent when it has none. */
  nameBn?: string;
  imageUrl: string;
  color: string;
  size: string;
  unitPrice: number;
  quantity: number;
};

export type CustomerRecord = CustomerDetails;

export type StatusChange = {
  to: OrderStatus;
  at: Date;
  byUserId: string | null;
  byRole: "admin" | "customer" | "system";
};

export type NewOrderRecord = {
  userId: string | null;
  customer: CustomerRecord;
  lines: OrderLineRecord[];
  placedAt: Date;
  idempotencyKey?: string;
  /** Hash of the normalized request that carried idempotencyKey (see placeOrder). */
  requestHash?: string;
  /** Status changes after placement, oldest first; the last one is the order's status. */
  laterChanges?: StatusChange[];
  /** The shop's FREE_DELIVERY_OVER when the order was placed (default: the default setting). */
  freeDeliveryOver?: number;
  /** The order waits for its one-time code before it joins the staff's queue (decision 060). */
  awaitingCode?: boolean;
  /** The language its messages are written in (default Bengali). */
  language?: MessageLanguage;
  /** Queue the customer's "order placed" SMS and email in the order's statement (checkout). */
  notifyCustomer?: boolean;
};

export type InsertedOrder = OrderTotals & {
  id: string;
  orderNumber: number;
  status: OrderStatus;
  awaitingCode: boolean;
};

/**
 * Stores an order that was not placed through the checkout (the demo seed, test fixtures):
 * its totals are computed from the line snapshots. With an idempotency key that another order
 * already holds, nothing is stored and the answer is null.
 */
export async function insertOrder(db: Db, record: NewOrderRecord): Promise<InsertedOrder | null> {
  const totals = orderTotals(
    record.lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity })),
    record.customer.deliveryArea,
    record.freeDeliveryOver ?? DEFAULT_FREE_DELIVERY_OVER,
  );
  const stored = await storeOrder(db, record, totals);
  if (!stored) return null;
  const { stockMoves: _moves, ...order } = stored;
  return order;
}

/**
 * Stores an order with its lines and status history in one statement, at the totals given
 * (computed once by the caller from server-side prices, never the browser's). With an
 * idempotency key that another order already holds, nothing is stored and the answer is null
 * (the unique index decides, so concurrent requests with one key store one order).
 */
async function storeOrder(
  db: Db,
  record: NewOrderRecord,
  totals: OrderTotals,
  options: { takeStock?: boolean } = {},
): Promise<StoredOrder | null> {
  const changes = record.laterChanges ?? [];
  const status = changes.at(-1)?.to ?? "Pending";
  const id = newId();
  const wanted = options.takeStock ? wantedStock(record.lines) : [];
  const stock = wanted.length > 0 ? stockTakeSql(wanted, id, record) : undefined;
  const insert = db.insert(orders).values({
    // Without every tracked line's pieces the order gets no id: its NOT NULL fails the whole
    // statement (SQLSTATE 23502), so nothing is stored and no stock is taken (decision 045).
    id: stock ? sql`case when ${stock.allTaken} then ${id}::text end` : id,
    userId: record.userId,
    customerEmail: record.customer.email.toLowerCase(),
    customerName: record.customer.name,
    mobileNumber: record.customer.mobileNumber,
    district: record.customer.district,
    thana: record.customer.thana,
    address: record.customer.address,
    comment: record.customer.comment,
    addressType: record.customer.addressType,
    deliveryArea: record.customer.deliveryArea,
    paymentSystem: record.customer.paymentSystem,
    deliveryCharge: totals.deliveryCharge,
    subTotal: totals.subTotal,
    total: totals.total,
    status,
    idempotencyKey: record.idempotencyKey ?? null,
    requestHash: record.requestHash ?? null,
    // Read by the insert itself: a blocked number's order is accepted and held (decision 052).
    heldReason: heldReasonFor(record.customer.mobileNumber),
    awaitingCode: record.awaitingCode ?? false,
    language: record.language ?? "bn",
    placedAt: record.placedAt,
    createdAt: record.placedAt,
    updatedAt: changes.at(-1)?.at ?? record.placedAt,
  });
  const orderInsert = (
    record.idempotencyKey ? insert.onConflictDoNothing({ target: orders.idempotencyKey }) : insert
  ).returning({ id: orders.id, orderNumber: orders.orderNumber });
  const linesInsert = db.insert(orderLines).values(
    record.lines.map((line, position) => ({
      id: newId(),
      orderId: id,
      position,
      ...line,
      imageUrl: lineImage(line),
    })),
  );
  let from: OrderStatus | null = null;
  const history = [
    {
      to: "Pending" as OrderStatus,
      at: record.placedAt,
      byUserId: record.userId,
      byRole: record.userId ? "customer" : "system",
    } satisfies StatusChange,
    ...changes,
  ].map((change) => {
    const row = {
      id: newId(),
      orderId: id,
      fromStatus: from,
      toStatus: change.to,
      changedByUserId: change.byUserId,
      changedByRole: change.byRole,
      changedAt: change.at,
    };
    from = change.to;
    return row;
  });
  const historyInsert = db.insert(orderStatusHistory).values(history);

  // One statement, so one round trip and atomic without BEGIN/COMMIT (decision 026). The lines
  // and history reference the new order's id; when the idempotency key is already taken the
  // order row is not inserted and their foreign keys fail the whole statement: nothing stored.
  // With stock, the same statement takes the pieces and writes their ledger entries first.
  // The customer's "order placed" SMS and email are stored by the same statement (decision 059):
  // no order without its messages, no messages without the order.
  const messagesCte = record.notifyCustomer
    ? sql`, m as (${placedMessagesSql("o", {
        mobileNumber: record.customer.mobileNumber,
        email: record.customer.email,
        language: record.language ?? "bn",
      })})`
    : sql``;
  let result: unknown;
  try {
    result = await db.execute(
      stock
        ? sql`with ${stock.ctes}, o as (${orderInsert.getSQL()}), l as (${linesInsert.getSQL()}), h as (${historyInsert.getSQL()})${messagesCte}
            select id, order_number, ${stock.taken} as taken from o`
        : sql`with o as (${orderInsert.getSQL()}), l as (${linesInsert.getSQL()}), h as (${historyInsert.getSQL()})${messagesCte}
            select id, order_number, '[]'::json as taken from o`,
    );
  } catch (err) {
    const state = sqlState(err);
    if (record.idempotencyKey && state === FOREIGN_KEY_VIOLATION) return null;
    // Only the stock guard's own signal is a shortage; any other constraint failure is an error.
    if (stock && isStockGuard(err)) throw new StockShort();
    throw err;
  }
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    id: string;
    order_number: number;
    taken: unknown;
  }[];
  const order = rows[0];
  if (!order) throw new Error("insert returned no order");
  return {
    id: order.id,
    orderNumber: Number(order.order_number),
    status,
    awaitingCode: record.awaitingCode ?? false,
    ...totals,
    stockMoves: parseTaken(order.taken),
  };
}

/** An order as stored, with the stock it took (to tell caches what moved). */
type StoredOrder = InsertedOrder & { stockMoves: StockMove[] };

/**
 * The stock part of the order's statement (decision 045): `w` the pieces wanted per variant
 * (in lock order), `s` takes them from each variant of a tracked product that has enough (a
 * row lock per variant; a concurrent order waits, then sees the quantity it left), `k` writes
 * one ledger entry per variant taken. `allTaken` is true when every tracked variant gave its
 * pieces; the order row's id depends on it.
 */
function stockTakeSql(wanted: readonly WantedStock[], orderId: string, record: NewOrderRecord) {
  const values = sql.join(
    wanted.map(
      (w) => sql`(${w.productId}::text, ${w.size}::text, ${w.color}::text, ${w.quantity}::int)`,
    ),
    sql`, `,
  );
  const ctes = sql`w (product_id, size, color, qty) as (values ${values}),
    s as (
      update ${productStock} ps set quantity = ps.quantity - w.qty
      from w join ${products} p on p.id = w.product_id and p.track_stock
      where ps.product_id = w.product_id and ps.size = w.size and ps.color = w.color
        and ps.quantity >= w.qty
      returning ps.product_id, ps.quantity, w.qty
    ),
    k as (
      insert into ${stockLedger} (product_id, size, color, change, reason, order_id, user_id, at)
      select w.product_id, w.size, w.color, -w.qty, 'order_placed', ${orderId}::text,
             ${record.userId}::text, ${record.placedAt.toISOString()}::timestamptz
      from w join ${products} p on p.id = w.product_id and p.track_stock
    )`;
  const allTaken = sql`(select count(*) from s) = (select count(*) from w join ${products} p on p.id = w.product_id and p.track_stock)`;
  const taken = sql`(select coalesce(json_agg(json_build_array(product_id, quantity, qty)), '[]'::json) from s)`;
  return { ctes, allTaken, taken };
}

function parseTaken(raw: unknown): StockMove[] {
  const list = (typeof raw === "string" ? JSON.parse(raw) : raw) as [string, number, number][];
  return (Array.isArray(list) ? list : []).map(([productId, after, qty]) => ({
    productId,
    before: Number(after) + Number(qty),
    after: Number(after),
  }));
}

/**
 * A line's picture as stored: one of our stored images only while its product still names it,
 * read by the insert itself. The image cleanup (server/media/cleanup.ts) waits for inserts under
 * way before judging an image unused, so a product deleted between pricing and storing the order
 * either leaves the line its picture, kept, or the line has none; never a removed one.
 */
function lineImage(line: OrderLineRecord): string | SQL {
  if (!mediaKeyFromUrl(line.imageUrl)) return line.imageUrl;
  return sql`coalesce((select ${line.imageUrl}::text from ${products} where ${products.id} = ${line.productId} and ${line.imageUrl}::text = any(${products.images})), '')`;
}

const FOREIGN_KEY_VIOLATION = "23503";
/**
 * The stock guard's signal (`stockTakeSql`): the order row's id left NULL because some line
 * lacked pieces. A NOT NULL failure on any other table or column is not a shortage.
 */
function isStockGuard(err: unknown): boolean {
  const failure = notNullFailure(err);
  return failure?.table === "orders" && failure.column === "id";
}

/** Thrown by storeOrder when a tracked line's variant lacked pieces: nothing was stored. */
class StockShort extends Error {
  override name = "StockShort";
}

// ---------------------------------------------------------------- Placing an order

export type PlaceOrderOptions = {
  /** The signed-in customer placing the order, or null for a guest. */
  userId: string | null;
  idempotencyKey?: string;
  now?: Date;
  /** The shop's FREE_DELIVERY_OVER (config): delivery is free from this sub-total, 0 = never. */
  freeDeliveryOver: number;
  /**
   * Counts a new order against the per-address and per-phone limits (429 when over); a replay
   * of a placed order is neither counted nor refused. Absent: not limited (scripts, tests).
   */
  limits?: { rateLimiter: RateLimiter; clientAddress: string };
  /** Told what stock the order took, once it is stored (the catalogue caches drop it). */
  catalogueEvents?: Pick<CatalogueEvents, "publish">;
  /**
   * ORDER_OTP (decision 060): an order that needs a one-time code is stored awaiting it and its
   * code is sent by SMS. Absent: no order waits for a code (scripts, tests).
   */
  orderCodes?: Pick<AppContext, "db" | "config" | "orderCodeKey">;
  /** The language the customer ordered in: their SMS and emails are written in it (default bn). */
  language?: MessageLanguage;
  /**
   * The checkout page's question (decision 097): 409 `duplicate_order` with `orderNumber` when
   * the caller placed this very order within SAME_ORDER_MINUTES under another attempt's key.
   */
  askBeforeSameOrder?: boolean;
};

export type PlacedOrder = {
  insertedId: string;
  orderNumber: number;
  subTotal: number;
  deliveryCharge: number;
  total: number;
  /** False when an earlier request with the same Idempotency-Key already placed it. */
  created: boolean;
  /** The order waits for the one-time code sent to its phone (ORDER_OTP, decision 060). */
  awaitingCode: boolean;
};

/** What the client must show when its figures are out of date (409 price_changed). */
export type CurrentFigures = OrderTotals & {
  products: CheckoutLine[];
  /** The address's own area (core/dhaka-thanas.ts), which the charge is computed for. */
  deliveryArea: DeliveryArea;
};

/**
 * SHA-256 of what the order asks for (lines, customer, the client's totals), after schema
 * normalization, and of who asks (the account, or none for a guest): a key replayed by someone
 * else is refused, not answered with another person's order. The client's clock fields are left
 * out so a retry compares equal.
 */
export function orderRequestHash(input: OrderInput, userId: string | null = null): string {
  const normalized = {
    by: userId,
    products: input.products.map((l) => [l.id, l.color, l.size, l.quantity, l.originalPrice]),
    customerData: Object.entries(input.customerData).sort(([a], [b]) => byCodeUnits(a, b)),
    subTotal: input.subTotal ?? null,
    total: input.total ?? null,
  };
  return createHash("sha256").update(JSON.stringify(normalized)).digest("hex");
}

/** How long after an order the checkout asks before placing the very same one again. */
export const SAME_ORDER_MINUTES = 30;

/**
 * The caller's order of the last SAME_ORDER_MINUTES, not cancelled, that asked for exactly what
 * the request of `hash` asks (the same lines, customer and figures), if there is one. Without
 * scripts, Back after an order shows its checkout again, filled in, with a new attempt's key:
 * Confirm Order there would place the same order twice (decision 097). A repeat of the same
 * attempt (its Idempotency-Key) is not that: it is answered with its order.
 */
async function recentSameOrder(
  db: Db,
  mobileNumber: string,
  hash: string,
  attemptKey: string | undefined,
): Promise<{ orderNumber: number } | null> {
  const [row] = await db
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(
      and(
        eq(orders.mobileNumber, mobileNumber),
        attemptKey
          ? or(isNull(orders.idempotencyKey), ne(orders.idempotencyKey, attemptKey))
          : undefined,
        eq(orders.requestHash, hash),
        ne(orders.status, "Cancelled"),
        gt(orders.placedAt, sql`now() - ${sql.raw(`interval '${SAME_ORDER_MINUTES} minutes'`)}`),
      ),
    )
    .limit(1);
  return row ?? null;
}

async function findByIdempotencyKey(db: Db, key: string) {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      requestHash: orders.requestHash,
      subTotal: orders.subTotal,
      deliveryCharge: orders.deliveryCharge,
      total: orders.total,
      awaitingCode: orders.awaitingCode,
    })
    .from(orders)
    .where(eq(orders.idempotencyKey, key))
    .limit(1);
  return row;
}

function replay(
  existing: NonNullable<Awaited<ReturnType<typeof findByIdempotencyKey>>>,
  hash: string,
): PlacedOrder {
  if (existing.requestHash !== null && existing.requestHash !== hash) {
    throw new AppError(
      "conflict",
      "This Idempotency-Key was already used for a different order; send a new key",
    );
  }
  return {
    insertedId: existing.id,
    orderNumber: existing.orderNumber,
    subTotal: existing.subTotal,
    deliveryCharge: existing.deliveryCharge,
    total: existing.total,
    created: false,
    awaitingCode: existing.awaitingCode,
  };
}

/**
 * POST /api/postOrder: checks every line against the catalogue, prices it from the database,
 * computes the delivery charge and total, and stores the order as Pending, taking the pieces of
 * every line of a tracked product in the same statement. A client whose figures differ gets 409
 * price_changed with the current ones; a line that lacks pieces 409 out_of_stock with what is
 * left; either way nothing is stored. One Idempotency-Key places at most one order (and takes
 * its stock once); repeats answer with that order.
 */
export async function placeOrder(
  db: Db,
  input: OrderInput,
  options: PlaceOrderOptions,
): Promise<PlacedOrder> {
  const key = options.idempotencyKey;
  const hash = orderRequestHash(input, options.userId ?? null);
  if (key) {
    const existing = await findByIdempotencyKey(db, key);
    if (existing) return replay(existing, hash);
  }
  if (options.askBeforeSameOrder) {
    const same = await recentSameOrder(db, input.customerData.mobileNumber, hash, key);
    if (same) {
      throw new AppError(
        "duplicate_order",
        `You placed this same order a few minutes ago (order #${same.orderNumber})`,
        [],
        { orderNumber: same.orderNumber },
      );
    }
  }
  let giveBack: Release | undefined;
  if (options.limits) {
    const address = addressSubject(options.limits.clientAddress);
    const phone = normalizePhone(input.customerData.mobileNumber);
    // The per-person limits first: one phone's flood is refused before it uses up the ceiling
    // that everyone behind its address (a carrier's NAT) shares (docs/decisions/048).
    giveBack = await options.limits.rateLimiter.consume(
      ["orderPerAddressAndPhone", phone ? `${address}|${phone}` : null],
      ["orderPerPhone", phone],
      ["orderPerAddress", address],
    );
  }
  try {
    return await priceAndStore(db, input, options, hash);
  } catch (err) {
    // Turned away for something the customer mends and sends again (prices or the area moved,
    // a line sold out, a size to choose): not an order of theirs, so not held against their
    // phone. The address's ceiling keeps it: a flood of refused orders is still a flood.
    if (giveBack && err instanceof AppError && MENDABLE_REFUSALS.has(err.code)) {
      await giveBack("orderPerAddressAndPhone", "orderPerPhone");
    }
    throw err;
  }
}

/**
 * What prices a line and names it, read from the database for each product the lines name: the
 * prices, the choices it offers, its names and images.
 */
async function productsToPrice(db: Db, lines: readonly { id: string }[]) {
  const ids = [...new Set(lines.map((l) => l.id))];
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      nameBn: products.nameBn,
      images: products.images,
      sizes: products.sizes,
      colors: products.colors,
      originalPrice: products.originalPrice,
      offerPrice: products.offerPrice,
    })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Refusals of an order the customer corrects and places again (decision 048). */
const MENDABLE_REFUSALS = new Set<AppErrorCode>(["price_changed", "out_of_stock", "invalid"]);

/** placeOrder once its key is new and the limits have counted it. */
async function priceAndStore(
  db: Db,
  input: OrderInput,
  options: PlaceOrderOptions,
  hash: string,
): Promise<PlacedOrder> {
  const key = options.idempotencyKey;
  const byId = await productsToPrice(db, input.products);

  const issues: FieldIssue[] = [];
  const lines: OrderLineRecord[] = [];
  input.products.forEach((line, i) => {
    const product = byId.get(line.id);
    if (!product) {
      const label = line.name?.trim() ? `"${line.name.trim()}"` : line.id;
      issues.push({
        path: `products.${i}.id`,
        message: `Product ${label} is no longer available`,
      });
      return;
    }
    // A product that offers colours (sizes) is ordered in one of them; N/A only when it has none.
    if (line.color === NOT_APPLICABLE && product.colors.length > 0) {
      issues.push({
        path: `products.${i}.color`,
        message: `Choose a colour of "${product.name}"`,
      });
    } else if (line.color !== NOT_APPLICABLE && !product.colors.includes(line.color)) {
      issues.push({
        path: `products.${i}.color`,
        message: `Colour ${line.color} is not offered for "${product.name}"`,
      });
    }
    if (line.size === NOT_APPLICABLE && product.sizes.length > 0) {
      issues.push({
        path: `products.${i}.size`,
        message: `Choose a size of "${product.name}"`,
      });
    } else if (line.size !== NOT_APPLICABLE && !product.sizes.includes(line.size)) {
      issues.push({
        path: `products.${i}.size`,
        message: `Size ${line.size} is not offered for "${product.name}"`,
      });
    }
    lines.push({
      productId: product.id,
      name: product.name,
      nameBn: product.nameBn,
      imageUrl: product.images[0] ?? "",
      color: line.color,
      size: line.size,
      unitPrice: priceShown(product),
      quantity: line.quantity,
    });
  });
  if (issues.length > 0) throw new AppError("invalid", "Some products cannot be ordered", issues);

  // The address decides the area (the schema has checked district and thana); a client that
  // chose the other one was shown another charge, so it gets the right figures to confirm.
  const area =
    deliveryAreaFor(input.customerData.district, input.customerData.thana) ?? "Outside Dhaka";
  const totals = orderTotals(
    lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity })),
    area,
    options.freeDeliveryOver,
  );
  if (totals.total > MAX_ORDER_TOTAL) {
    throw new AppError("invalid", ORDER_TOO_LARGE_MESSAGE, [
      { path: "products", message: ORDER_TOO_LARGE_MESSAGE },
    ]);
  }
  const linePriceChanged = input.products.some((l, i) => l.originalPrice !== lines[i]?.unitPrice);
  const clientCharge = input.customerData.deliveryCharge;
  if (
    area !== input.customerData.deliveryArea ||
    linePriceChanged ||
    (input.subTotal !== undefined && input.subTotal !== totals.subTotal) ||
    (input.total !== undefined && input.total !== totals.total) ||
    (clientCharge !== undefined && clientCharge !== totals.deliveryCharge)
  ) {
    const current: CurrentFigures = {
      ...totals,
      deliveryArea: area,
      products: lines.map((l) => ({
        id: l.productId,
        name: l.name,
        imageUrl: l.imageUrl,
        color: l.color,
        size: l.size,
        originalPrice: l.unitPrice,
        quantity: l.quantity,
      })),
    };
    throw new AppError(
      "price_changed",
      "Prices have changed since you opened the checkout. Please check the new total and confirm again.",
      undefined,
      current,
    );
  }

  const c = input.customerData;
  const awaitingCode = options.orderCodes
    ? await orderNeedsCode(
        db,
        options.orderCodes.config.ORDER_OTP,
        c.mobileNumber,
        options.orderCodes.config.RISK_MAX_RETURNS,
      )
    : false;
  const record: NewOrderRecord = {
    userId: options.userId,
    customer: {
      name: c.name,
      email: c.email,
      mobileNumber: c.mobileNumber,
      district: c.district,
      thana: c.thana,
      address: c.address,
      comment: c.comment,
      addressType: c.addressType,
      deliveryArea: area,
      paymentSystem: c.paymentSystem,
    },
    lines,
    placedAt: options.now ?? new Date(),
    idempotencyKey: key,
    requestHash: key ? hash : undefined,
    awaitingCode,
    language: options.language ?? input.language ?? "bn",
    // An order that waits for its code gets the code's SMS now and "order placed" once the code
    // is entered (decision 060): one message at a time, the one the customer must act on first.
    notifyCustomer: !awaitingCode,
  };
  const placed = await storeTakingStock(db, record, totals, key, hash);
  if (placed && "replayed" in placed) return placed.replayed;
  if (placed) {
    await announceStockMoves(options.catalogueEvents, placed.stockMoves);
    // The order is stored (and out of the queue) first; a crash before its code is stored leaves
    // it in Unverified, where "Send a new code" or a call from staff carries it on.
    if (placed.awaitingCode && options.orderCodes) {
      await issueOrderCode(options.orderCodes, {
        id: placed.id,
        orderNumber: placed.orderNumber,
        mobileNumber: c.mobileNumber,
      });
    }
    return {
      insertedId: placed.id,
      orderNumber: placed.orderNumber,
      subTotal: placed.subTotal,
      deliveryCharge: placed.deliveryCharge,
      total: placed.total,
      created: true,
      awaitingCode: placed.awaitingCode,
    };
  }
  // Another request with this key stored its order between our look-up and our insert.
  const winner = key ? await findByIdempotencyKey(db, key) : undefined;
  if (!winner) throw new Error("idempotent insert conflicted but no order holds the key");
  return replay(winner, hash);
}

/** Attempts at storing an order whose stock moved under it (a deadlock, or pieces given back). */
const STORE_ATTEMPTS = 3;

/**
 * storeOrder with stock: when a tracked line lacked pieces nothing was stored, and the answer is
 * the replay of the order that holds the key (a concurrent request with the same key won) or
 * 409 out_of_stock naming each short line. A deadlock, or a shortage that is gone when looked at
 * (pieces given back meanwhile), is tried again: the statement stored nothing.
 */
async function storeTakingStock(
  db: Db,
  record: NewOrderRecord,
  totals: OrderTotals,
  key: string | undefined,
  hash: string,
): Promise<StoredOrder | { replayed: PlacedOrder } | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await storeOrder(db, record, totals, { takeStock: true });
    } catch (err) {
      const short = err instanceof StockShort;
      if (!short && sqlState(err) !== DEADLOCK) throw err;
      if (key) {
        const winner = await findByIdempotencyKey(db, key);
        if (winner) return { replayed: replay(winner, hash) };
      }
      if (short) {
        const lacking = await shortOf(db, wantedStock(record.lines));
        if (lacking.length > 0) {
          throw outOfStock(lacking, new Map(record.lines.map((l) => [l.productId, l.name])));
        }
      }
      if (attempt >= STORE_ATTEMPTS) {
        throw new AppError(
          "conflict",
          "The stock changed while your order was being placed. Please confirm it again.",
        );
      }
    }
  }
}

/**
 * What /order-success shows of an order: its number, lines and figures, no personal details.
 * The order's id is random and unguessable (server/db/ids.ts), so knowing it is the right to
 * see this summary (decision 041); null when no order has this id.
 */
export async function placedOrderSummary(
  db: Db,
  id: string,
): Promise<{
  orderNumber: number;
  items: { name: string; nameBn: string; quantity: number; lineTotal: number }[];
  subTotal: number;
  deliveryCharge: number;
  total: number;
  /** For the /track-order link (the customer's own number; the id is the capability). */
  mobileNumber: string;
  /** Where its one-time code stands while the order waits for one (decision 060). */
  code: OrderCodeView | null;
  placedAt: Date;
} | null> {
  const [order] = await db
    .select({
      id: orders.id,
      status: orders.status,
      awaitingCode: orders.awaitingCode,
      mobileNumber: orders.mobileNumber,
      orderNumber: orders.orderNumber,
      subTotal: orders.subTotal,
      deliveryCharge: orders.deliveryCharge,
      total: orders.total,
      placedAt: orders.placedAt,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .limit(1);
  if (!order) return null;
  const lines = await db
    .select({
      name: orderLines.name,
      nameBn: orderLines.nameBn,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, id))
    .orderBy(orderLines.position);
  const { id: _id, status: _status, awaitingCode: _awaiting, ...summary } = order;
  return {
    ...summary,
    code: await orderCodeView(db, order),
    items: lines.map((l) => ({
      name: l.name,
      nameBn: l.nameBn,
      quantity: l.quantity,
      lineTotal: l.unitPrice * l.quantity,
    })),
  };
}

/** One line a visitor asks to check out: product, choices and quantity (no price). */
export type RequestedLine = { id: string; size: string; color: string; quantity: number };

/**
 * The checkout's lines priced from the database, for a checkout page rendered on the server
 * (Order Now without scripts): unknown products are left out, quantities kept within limits.
 */
export async function priceCheckoutLines(
  db: Db,
  requested: readonly RequestedLine[],
): Promise<(CheckoutLine & { offers: { sizes: string[]; colors: string[] } })[]> {
  if (requested.length === 0) return [];
  const byId = await productsToPrice(db, requested);
  return requested.flatMap((line) => {
    const product = byId.get(line.id);
    if (!product) return [];
    return [
      {
        id: product.id,
        name: product.name,
        nameBn: product.nameBn,
        imageUrl: product.images[0] ?? "",
        color: line.color,
        size: line.size,
        originalPrice: priceShown(product),
        quantity: line.quantity,
        offers: { sizes: product.sizes, colors: product.colors },
      },
    ];
  });
}
