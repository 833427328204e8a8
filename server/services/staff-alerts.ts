import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Actor } from "~/core/actor";
import type { StaffAlertDetails, StaffAlertKind, StaffAlertView } from "~/core/staff-alerts";
import type { Db } from "../db/client";
import { newId } from "../db/ids";
import { orders, staffAlerts } from "../db/schema";
import { AppError } from "../errors";

/**
 * Staff alerts (decision 078): stored in the transaction of the change they tell about, shown on
 * the dashboard home (and `GET /api/alerts`) until an admin marks them handled. One open alert
 * of a kind per order: a courier repeating itself raises nothing new.
 */
export async function raiseStaffAlert(
  tx: Db,
  alert: { kind: StaffAlertKind; orderId: string; message: string; details?: StaffAlertDetails },
): Promise<void> {
  await tx
    .insert(staffAlerts)
    .values({
      id: newId(),
      kind: alert.kind,
      orderId: alert.orderId,
      message: alert.message,
      details: JSON.stringify(alert.details ?? {}),
    })
    .onConflictDoNothing();
}

function requireAdmin(viewer: Actor) {
  if (viewer.role !== "admin") throw new AppError("forbidden", "Only admins may see staff alerts");
}

function detailsOf(text: string): StaffAlertDetails {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" ? (parsed as StaffAlertDetails) : {};
  } catch {
    return {};
  }
}

/** The open alerts, newest first (admins). `orderId` narrows them to one order. */
export async function openStaffAlerts(
  db: Db,
  viewer: Actor,
  options: { orderId?: string; limit?: number } = {},
): Promise<StaffAlertView[]> {
  requireAdmin(viewer);
  const rows = await db
    .select({
      id: staffAlerts.id,
      kind: staffAlerts.kind,
      orderId: staffAlerts.orderId,
      orderNumber: orders.orderNumber,
      message: staffAlerts.message,
      details: staffAlerts.details,
      createdAt: staffAlerts.createdAt,
    })
    .from(staffAlerts)
    .leftJoin(orders, eq(orders.id, staffAlerts.orderId))
    .where(
      and(
        isNull(staffAlerts.resolvedAt),
        options.orderId ? eq(staffAlerts.orderId, options.orderId) : undefined,
      ),
    )
    .orderBy(desc(staffAlerts.createdAt), desc(staffAlerts.id))
    .limit(options.limit ?? 50);
  return rows.map((r) => ({
    ...r,
    orderNumber: r.orderNumber ?? null,
    details: detailsOf(r.details),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** "Mark handled" (admins). Unknown → 404; already handled → 409. */
export async function resolveStaffAlert(db: Db, viewer: Actor, id: string): Promise<void> {
  requireAdmin(viewer);
  const [row] = await db
    .update(staffAlerts)
    .set({ resolvedAt: sql`now()`, resolvedByUserId: viewer.userId })
    .where(and(eq(staffAlerts.id, id), isNull(staffAlerts.resolvedAt)))
    .returning({ id: staffAlerts.id });
  if (row) return;
  const [exists] = await db
    .select({ id: staffAlerts.id })
    .from(staffAlerts)
    .where(eq(staffAlerts.id, id))
    .limit(1);
  if (!exists) throw AppError.notFound("Alert");
  throw new AppError("conflict", "This alert was already marked handled");
}
