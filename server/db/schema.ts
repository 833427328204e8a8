import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { BOOKING_STATES, COURIER_NAMES } from "~/core/courier";
import { DELIVERY_AREAS } from "~/core/delivery";
import {
  MESSAGE_CHANNELS,
  MESSAGE_LANGUAGES,
  MESSAGE_STATUSES,
  SMS_EVENTS,
} from "~/core/notifications";
import { CALL_OUTCOMES } from "~/core/order-calls";
import { ORDER_STATUSES } from "~/core/order-status";
import { STAFF_ALERT_KINDS } from "~/core/staff-alerts";
import { STOCK_REASONS } from "~/core/stock";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// ---------------------------------------------------------------- Better Auth

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role", { enum: ["admin", "customer"] })
    .notNull()
    .default("customer"),
  ...timestamps,
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

// ---------------------------------------------------------------- Catalogue

export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** The name and description in Bengali (issue 25); "" when the product has none. */
    nameBn: text("name_bn").notNull().default(""),
    descriptionBn: text("description_bn").notNull().default(""),
    videoLink: text("video_link"),
    category: text("category").notNull(),
    subCategory: text("sub_category").notNull(),
    productType: text("product_type").notNull(),
    sizes: text("sizes").array().notNull().default(sql`'{}'::text[]`),
    colors: text("colors").array().notNull().default(sql`'{}'::text[]`),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    originalPrice: integer("original_price").notNull(),
    offerPrice: integer("offer_price"),
    ratings: numeric("ratings", { precision: 2, scale: 1, mode: "number" }).notNull().default(5),
    reviews: integer("reviews").notNull().default(0),
    /** Orders take this product's stock (product_stock); not tracked: always available. */
    trackStock: boolean("track_stock").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // `ORDER BY x DESC` sorts nulls first; an index built `DESC NULLS LAST` (Drizzle's `.desc()`)
    // does not match it and the planner sorts the whole table instead (docs/decisions/016).
    // `name` and `name_bn` ride along so a search over the newest products is an index-only
    // scan.
    index("products_created_idx").on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.name,
      t.nameBn,
    ),
    index("products_category_created_idx").on(
      t.category,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("products_sub_category_created_idx").on(
      t.subCategory,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("products_type_created_idx").on(
      t.productType,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("products_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("products_name_bn_trgm_idx").using("gin", sql`${t.nameBn} gin_trgm_ops`),
    check(
      "products_prices_check",
      sql`${t.originalPrice} >= 1 AND (${t.offerPrice} IS NULL OR ${t.offerPrice} BETWEEN 1 AND ${t.originalPrice})`,
    ),
  ],
);

/**
 * Pieces on hand of one variant (size × colour, "N/A" for a dimension the product does not
 * offer). Only ever changed together with a stock_ledger entry of the same change, so the
 * quantity equals the sum of the variant's ledger entries (decision 045). A variant without a
 * row has none; a tracked product has a row for every variant it offers.
 */
export const productStock = pgTable(
  "product_stock",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    color: text("color").notNull(),
    quantity: integer("quantity").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size, t.color] }),
    // The last piece cannot be sold twice: a decrement below zero fails its whole statement.
    check("product_stock_quantity_check", sql`${t.quantity} >= 0`),
  ],
);

/** Every change of a variant's on-hand quantity, with why, which order and who. */
export const stockLedger = pgTable(
  "stock_ledger",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    color: text("color").notNull(),
    change: integer("change").notNull(),
    reason: text("reason", { enum: STOCK_REASONS }).notNull(),
    /** No foreign key: deleting an order keeps the stock history it made (and changes no stock). */
    orderId: text("order_id"),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One product's history newest first is this index read backwards.
    index("stock_ledger_product_idx").on(t.productId, t.id),
    index("stock_ledger_order_idx").on(t.orderId).where(sql`${t.orderId} IS NOT NULL`),
    check("stock_ledger_change_check", sql`${t.change} <> 0`),
    check(
      "stock_ledger_reason_check",
      sql`${t.reason} IN ('order_placed','order_cancelled','returned','adjustment','import')`,
    ),
  ],
);

export const slides = pgTable("slides", {
  id: text("id").primaryKey(),
  image: text("image").notNull(),
  title: text("title").notNull().default(""),
  /** The title in Bengali (issue 25); "" when the slide has none. */
  titleBn: text("title_bn").notNull().default(""),
  time: timestamp("time", { withTimezone: true }).notNull().defaultNow(),
  ...timestamps,
});

// ---------------------------------------------------------------- Orders

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    orderNumber: integer("order_number").generatedAlwaysAsIdentity({ startWith: 100001 }).notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    customerEmail: text("customer_email").notNull(),
    customerName: text("customer_name").notNull(),
    mobileNumber: text("mobile_number").notNull(),
    district: text("district").notNull(),
    thana: text("thana").notNull(),
    address: text("address").notNull(),
    comment: text("comment").notNull().default(""),
    addressType: text("address_type").notNull().default("Home"),
    deliveryArea: text("delivery_area", { enum: DELIVERY_AREAS }).notNull(),
    paymentSystem: text("payment_system").notNull().default("Cash On Delivery"),
    deliveryCharge: integer("delivery_charge").notNull(),
    subTotal: integer("sub_total").notNull(),
    total: integer("total").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("Pending"),
    idempotencyKey: text("idempotency_key"),
    /** SHA-256 of the normalized request that used idempotencyKey; a reuse with another body is refused. */
    requestHash: text("request_hash"),
    /** Why the order is held for a look before it goes on (its number is on the block list). */
    heldReason: text("held_reason"),
    /** The confirmation call (issue 23): how many times staff called, the last time and outcome. */
    callAttempts: integer("call_attempts").notNull().default(0),
    lastCallAt: timestamp("last_call_at", { withTimezone: true }),
    lastCallOutcome: text("last_call_outcome", { enum: CALL_OUTCOMES }),
    /** When an admin marked the returned goods as received (their stock went back then). */
    returnReceivedAt: timestamp("return_received_at", { withTimezone: true }),
    /**
     * The order waits for the one-time code sent to its phone (ORDER_OTP, decision 060): it is
     * out of the staff's Pending queue, in "Unverified", until the code is entered.
     */
    awaitingCode: boolean("awaiting_code").notNull().default(false),
    /** The language the order was placed in: its SMS and emails are written in it (decision 059). */
    language: text("language", { enum: MESSAGE_LANGUAGES }).notNull().default("bn"),
    placedAt: timestamp("placed_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("orders_order_number_idx").on(t.orderNumber),
    uniqueIndex("orders_idempotency_key_idx").on(t.idempotencyKey),
    index("orders_status_placed_idx").on(t.status, t.placedAt.desc().nullsFirst()),
    index("orders_customer_email_idx").on(t.customerEmail),
    index("orders_user_id_idx").on(t.userId),
    // The risk column's one aggregate per page of phones reads only this index (decision 052).
    index("orders_mobile_status_idx").on(t.mobileNumber, t.status),
    index("orders_placed_idx").on(t.placedAt.desc().nullsFirst()),
    // The Unverified list (decision 060): few rows, read oldest first.
    index("orders_awaiting_code_idx")
      .on(t.placedAt)
      .where(sql`${t.awaitingCode} and ${t.status} = 'Pending'`),
    check(
      "orders_status_check",
      sql`${t.status} IN ('Pending','Confirmed','Shipping','Delivered','Cancelled','Return')`,
    ),
  ],
);

/** One line of an order: a snapshot of the product as it was sold. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: text("product_id").notNull(),
    name: text("name").notNull(),
    /** The product's Bengali name when the order was placed; "" when it had none (issue 25). */
    nameBn: text("name_bn").notNull().default(""),
    imageUrl: text("image_url").notNull().default(""),
    color: text("color").notNull().default("N/A"),
    size: text("size").notNull().default("N/A"),
    unitPrice: integer("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    uniqueIndex("order_lines_order_position_idx").on(t.orderId, t.position),
    index("order_lines_product_idx").on(t.productId),
    // Deleting a product or slide keeps the images a past order still shows (server/media/cleanup.ts).
    index("order_lines_image_url_idx").on(t.imageUrl),
    check("order_lines_quantity_check", sql`${t.quantity} >= 1`),
  ],
);

export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    changedByUserId: text("changed_by_user_id").references(() => user.id, {
      onDelete: "set null",
    }),
    changedByRole: text("changed_by_role", { enum: ["admin", "customer", "system"] }).notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** How the change came about when no person made it: "by courier booking", "by courier: …". */
    note: text("note"),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.changedAt)],
);

// ---------------------------------------------------------------- Confirmation calls (decision 057)

/** One confirmation call to the customer: who called, when, how it went. */
export const orderCalls = pgTable(
  "order_calls",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    outcome: text("outcome", { enum: CALL_OUTCOMES }).notNull(),
    /** Why a cancelled order was cancelled (one of the short list, or the caller's words). */
    reason: text("reason"),
    note: text("note"),
    byUserId: text("by_user_id").references(() => user.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_calls_order_idx").on(t.orderId, t.at)],
);

/** Staff's notes on an order: never shown to the customer. */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    byUserId: text("by_user_id").references(() => user.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_notes_order_idx").on(t.orderId, t.at)],
);

// ---------------------------------------------------------------- Order codes (decision 060)

/** The one-time code of an order that waits for it: only its HMAC is kept. */
export const orderCodes = pgTable("order_codes", {
  orderId: text("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  /** HMAC-SHA256 of the order id and the code, keyed by a key derived from the server secret. */
  codeHash: text("code_hash").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  /** Wrong codes entered for this order, over all its codes; at the limit it is locked. */
  wrongTries: integer("wrong_tries").notNull().default(0),
  /** Codes sent: the first and each resend. */
  sends: integer("sends").notNull().default(1),
  lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
  verifiedAt: timestamp("verified_at", { withTimezone: true }),
});

// ---------------------------------------------------------------- Couriers (decision 051)

/** An order's parcel with a courier: one per order, from the booking request on. */
export const orderCouriers = pgTable(
  "order_couriers",
  {
    orderId: text("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    courier: text("courier", { enum: COURIER_NAMES }).notNull(),
    state: text("state", { enum: BOOKING_STATES }).notNull(),
    consignmentId: text("consignment_id"),
    trackingCode: text("tracking_code"),
    /** The courier's own status of the parcel and its last message (Bengali kept). */
    courierStatus: text("courier_status"),
    courierMessage: text("courier_message"),
    /** When the courier says its status was last set: older notifications change nothing. */
    courierStatusAt: timestamp("courier_status_at", { withTimezone: true }),
    charge: integer("charge"),
    lastError: text("last_error"),
    attempts: integer("attempts").notNull().default(0),
    requestedByUserId: text("requested_by_user_id").references(() => user.id, {
      onDelete: "set null",
    }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }),
    bookedAt: timestamp("booked_at", { withTimezone: true }),
    /** When the parcel reached its end (delivered or returned); later notifications change nothing. */
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("order_couriers_consignment_idx").on(t.courier, t.consignmentId),
    index("order_couriers_state_idx").on(t.state, t.requestedAt),
    // The status poll's parcels: booked and not yet at their end.
    index("order_couriers_open_idx")
      .on(t.courierStatusAt)
      .where(sql`${t.state} = 'booked' and ${t.finishedAt} is null`),
  ],
);

/** Where a thana is in a courier's address tree (Pathao: city, zone, area; RedX: area). */
export const courierAreas = pgTable(
  "courier_areas",
  {
    courier: text("courier", { enum: COURIER_NAMES }).notNull(),
    /** As orders store them: Bengali names. */
    district: text("district").notNull(),
    thana: text("thana").notNull(),
    cityId: integer("city_id"),
    zoneId: integer("zone_id"),
    areaId: integer("area_id"),
    areaName: text("area_name"),
    /** "lookup" (matched by name from the courier's list) or "admin" (chosen by hand). */
    source: text("source", { enum: ["lookup", "admin"] }).notNull(),
    updatedByUserId: text("updated_by_user_id").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courier, t.district, t.thana] })],
);

// ---------------------------------------------------------------- Risk (decision 052)

/** Numbers whose orders are held for a look (accepted, never dropped). */
export const phoneBlocks = pgTable("phone_blocks", {
  phone: text("phone").primaryKey(),
  reason: text("reason").notNull(),
  blockedByUserId: text("blocked_by_user_id").references(() => user.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Steadfast's history of a number across its merchants, fetched at most once a day. */
export const phoneCourierChecks = pgTable("phone_courier_checks", {
  phone: text("phone").primaryKey(),
  totalParcels: integer("total_parcels").notNull(),
  delivered: integer("delivered").notNull(),
  cancelled: integer("cancelled").notNull(),
  checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- Messages (decision 059)

/**
 * An SMS or email to a customer, stored in the transaction of the change it tells about and
 * sent by a job (`send-message`). `text` (and an email's `subject`) is written when the message
 * is first sent, from the template of its event, unless the caller gave it (a one-time code).
 */
export const messages = pgTable(
  "messages",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: MESSAGE_CHANNELS }).notNull(),
    event: text("event", { enum: SMS_EVENTS }).notNull(),
    to: text("to").notNull(),
    language: text("language", { enum: MESSAGE_LANGUAGES }).notNull().default("bn"),
    subject: text("subject"),
    text: text("text"),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** Who carried it: a gateway's name, "outbox" or "smtp". */
    provider: text("provider"),
    providerMessageId: text("provider_message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("messages_order_idx").on(t.orderId, t.createdAt),
    // The sweep's messages waiting for a job.
    index("messages_waiting_idx").on(t.createdAt).where(sql`${t.status} in ('queued', 'sending')`),
  ],
);

/** An admin's own text for an event's SMS in one language (none: the default). */
export const messageTemplates = pgTable(
  "message_templates",
  {
    event: text("event", { enum: SMS_EVENTS }).notNull(),
    language: text("language", { enum: MESSAGE_LANGUAGES }).notNull(),
    template: text("template").notNull(),
    updatedByUserId: text("updated_by_user_id").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.event, t.language] })],
);

// ---------------------------------------------------------------- Staff alerts (decision 078)

/** Something staff must act on that no screen shows by itself (a parcel a courier delivered after
 * the order was cancelled). One open alert of a kind per order; resolved when an admin says so. */
export const staffAlerts = pgTable(
  "staff_alerts",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: STAFF_ALERT_KINDS }).notNull(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "cascade" }),
    /** What happened and what to do, in English (the dashboard words it in Bengali too). */
    message: text("message").notNull(),
    /** The facts the dashboard shows: courier, status, pieces that were not on hand. */
    details: text("details").notNull().default("{}"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedByUserId: text("resolved_by_user_id").references(() => user.id, {
      onDelete: "set null",
    }),
  },
  (t) => [
    uniqueIndex("staff_alerts_open_idx").on(t.kind, t.orderId).where(sql`${t.resolvedAt} is null`),
    index("staff_alerts_created_idx").on(t.createdAt),
  ],
);

// ---------------------------------------------------------------- Contact

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phoneNumber: text("phone_number").notNull(),
    subject: text("subject").notNull(),
    description: text("description").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc().nullsFirst())],
);

export type ProductRow = typeof products.$inferSelect;
export type StockLedgerRow = typeof stockLedger.$inferSelect;
export type SlideRow = typeof slides.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type UserRow = typeof user.$inferSelect;
export type OrderCourierRow = typeof orderCouriers.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type StaffAlertRow = typeof staffAlerts.$inferSelect;
