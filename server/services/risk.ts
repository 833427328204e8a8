import { asc, eq, sql } from "drizzle-orm";
import type { Actor } from "~/core/actor";
import type { OrderRiskView } from "~/core/courier";
import { isBangladeshMobile, normalizePhone } from "~/core/phone";
import { BLOCK_PHONE_MESSAGE, blockPhoneInputSchema } from "~/core/schemas/risk";
import type { AppContext } from "../app-context";
import { CourierError } from "../couriers/courier";
import type { Db } from "../db/client";
import { phoneBlocks, phoneCourierChecks } from "../db/schema";
import { AppError } from "../errors";

/**
 * Cash-on-delivery risk per phone number (decision 052): this shop's history of the number, the
 * block list, and Steadfast's history across its merchants (fetched once per number and day).
 */

type RiskRow = {
  phone: string;
  orders: number | string | null;
  delivered: number | string | null;
  cancelled: number | string | null;
  returned: number | string | null;
  blocked: string | null;
  total_parcels: number | null;
  sf_delivered: number | null;
  sf_cancelled: number | null;
  checked_at: Date | string | null;
};

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * The risk of every phone among `phones`, in one statement: one aggregate over the orders of
 * just these numbers (read from the `(mobile_number, status)` index, whatever the table's
 * size), with the block list and the courier's history beside it. A number is risky when
 * more of its orders came back (Return) than `maxReturns`, or when it is blocked.
 */
export async function riskOfPhones(
  db: Db,
  phones: readonly string[],
  maxReturns: number,
): Promise<Map<string, OrderRiskView>> {
  const unique = [...new Set(phones)];
  const risks = new Map<string, OrderRiskView>();
  if (unique.length === 0) return risks;
  const list = sql.join(
    unique.map((p) => sql`(${p}::text)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with p(phone) as (values ${list}),
    history as (
      select o.mobile_number as phone,
             count(*) as orders,
             count(*) filter (where o.status = 'Delivered') as delivered,
             count(*) filter (where o.status = 'Cancelled') as cancelled,
             count(*) filter (where o.status = 'Return') as returned
      from orders o
      where o.mobile_number in (select phone from p)
      group by o.mobile_number
    )
    select p.phone, h.orders, h.delivered, h.cancelled, h.returned,
           b.reason as blocked, c.total_parcels, c.delivered as sf_delivered,
           c.cancelled as sf_cancelled, c.checked_at
    from p
    left join history h on h.phone = p.phone
    left join ${phoneBlocks} b on b.phone = p.phone
    left join ${phoneCourierChecks} c on c.phone = p.phone`);
  for (const r of rowsOf<RiskRow>(result)) {
    const delivered = Number(r.delivered ?? 0);
    const returned = Number(r.returned ?? 0);
    const blocked = r.blocked !== null;
    risks.set(r.phone, {
      orders: Number(r.orders ?? 0),
      delivered,
      cancelled: Number(r.cancelled ?? 0),
      returned,
      deliveredRatio: delivered + returned > 0 ? delivered / (delivered + returned) : null,
      risky: blocked || returned > maxReturns,
      blocked,
      courierHistory:
        r.total_parcels === null || r.checked_at === null
          ? null
          : {
              totalParcels: Number(r.total_parcels),
              delivered: Number(r.sf_delivered ?? 0),
              cancelled: Number(r.sf_cancelled ?? 0),
              checkedAt: new Date(r.checked_at).toISOString(),
            },
    });
  }
  return risks;
}

// ---------------------------------------------------------------- Block list

export type BlockedPhone = { phone: string; reason: string; createdAt: string };

function requireAdmin(actor: Actor) {
  if (actor.role !== "admin")
    throw new AppError("forbidden", "Only admins may manage the block list");
}

function phoneOrIssue(raw: string): string {
  // ০–৯ are taken as 0–9 (a Bengali keyboard's digits), from the dashboard and the API alike.
  const phone = normalizePhone(raw);
  if (!isBangladeshMobile(phone)) {
    throw new AppError("invalid", "Not a Bangladesh mobile number", [
      { path: "phone", message: BLOCK_PHONE_MESSAGE },
    ]);
  }
  return phone;
}

/** Adds a number to the block list with a reason (admins); its next orders are held. */
export async function blockPhone(
  deps: Pick<AppContext, "db">,
  actor: Actor,
  input: unknown,
): Promise<BlockedPhone> {
  requireAdmin(actor);
  // The API's schema checks the same; the page's form reaches this service without it.
  const parsed = blockPhoneInputSchema.safeParse(input);
  if (!parsed.success) throw AppError.fromZod(parsed.error);
  const phone = normalizePhone(parsed.data.phone);
  const reason = parsed.data.reason;
  const [row] = await deps.db
    .insert(phoneBlocks)
    .values({ phone, reason, blockedByUserId: actor.userId })
    .onConflictDoUpdate({
      target: phoneBlocks.phone,
      set: { reason, blockedByUserId: actor.userId },
    })
    .returning();
  if (!row) throw new Error("block insert returned nothing");
  return { phone: row.phone, reason: row.reason, createdAt: row.createdAt.toISOString() };
}

/** Takes a number off the block list (admins); 404 when it is not on it. */
export async function unblockPhone(
  deps: Pick<AppContext, "db">,
  actor: Actor,
  raw: string,
): Promise<void> {
  requireAdmin(actor);
  const phone = phoneOrIssue(raw);
  const deleted = await deps.db.delete(phoneBlocks).where(eq(phoneBlocks.phone, phone)).returning();
  if (deleted.length === 0) throw AppError.notFound("Blocked number");
}

/** The block list, newest first (admins). */
export async function listBlockedPhones(
  deps: Pick<AppContext, "db">,
  actor: Actor,
): Promise<BlockedPhone[]> {
  requireAdmin(actor);
  const rows = await deps.db
    .select()
    .from(phoneBlocks)
    .orderBy(asc(phoneBlocks.createdAt))
    .limit(5000);
  return rows
    .reverse()
    .map((r) => ({ phone: r.phone, reason: r.reason, createdAt: r.createdAt.toISOString() }));
}

/** The order-insert's value for `held_reason`: the block's reason, read by the insert itself. */
export function heldReasonFor(phone: string) {
  return sql`(select 'Blocked number: ' || ${phoneBlocks.reason} from ${phoneBlocks} where ${phoneBlocks.phone} = ${phone})`;
}

// ---------------------------------------------------------------- Steadfast's history

export type FraudCheckJob = { phone: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Queues Steadfast's check of these numbers (when Steadfast is configured), one job per number
 * at a time; the job itself skips a number checked within the day.
 */
export async function requestFraudChecks(
  deps: Pick<AppContext, "jobs" | "couriers">,
  phones: readonly string[],
): Promise<void> {
  if (!deps.couriers.steadfast) return;
  for (const phone of new Set(phones)) {
    await deps.jobs.send("fraud-check", { phone } satisfies FraudCheckJob, { key: phone });
  }
}

/**
 * Queues Steadfast's check for the numbers of orders placed in the last day that have none from
 * today (run by the scheduled courier job): the confirmation call sees it beside ours.
 */
export async function requestFraudChecksForNewOrders(
  deps: Pick<AppContext, "db" | "jobs" | "couriers">,
): Promise<number> {
  if (!deps.couriers.steadfast) return 0;
  const rows = rowsOf<{ phone: string }>(
    await deps.db.execute(sql`
      select distinct o.mobile_number as phone
      from orders o
      left join ${phoneCourierChecks} c on c.phone = o.mobile_number
      where o.placed_at > now() - interval '1 day'
        and (c.checked_at is null or c.checked_at < now() - interval '1 day')
      limit 500`),
  );
  await requestFraudChecks(
    deps,
    rows.map((r) => r.phone),
  );
  return rows.length;
}

/** The `fraud-check` job: Steadfast's history of one number, at most once a day. */
export async function runFraudCheck(
  deps: Pick<AppContext, "db" | "couriers">,
  job: FraudCheckJob,
): Promise<void> {
  const steadfast = deps.couriers.steadfast;
  if (!steadfast) return;
  const [last] = await deps.db
    .select({ checkedAt: phoneCourierChecks.checkedAt })
    .from(phoneCourierChecks)
    .where(eq(phoneCourierChecks.phone, job.phone))
    .limit(1);
  if (last && Date.now() - last.checkedAt.getTime() < DAY_MS) return;
  try {
    const found = await steadfast.fraudCheck(job.phone);
    const values = { phone: job.phone, ...found, checkedAt: new Date() };
    await deps.db
      .insert(phoneCourierChecks)
      .values(values)
      .onConflictDoUpdate({ target: phoneCourierChecks.phone, set: values });
  } catch (err) {
    // A refusal (bad number, our keys) will not change by trying again today.
    if (err instanceof CourierError && !err.retryable) return;
    throw err;
  }
}
