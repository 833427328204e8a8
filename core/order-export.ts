import { type CourierName, isCourierName } from "./courier";
import { isOrderStatus, type OrderStatus } from "./order-status";

/** The CSV export's filters as the form sends them (`?status=&from=&to=&courier=`). */
export type OrderExportQuery = {
  statuses: OrderStatus[];
  /** Placed on or after (start of this Dhaka day). */
  from?: Date;
  /** Placed before (the end of the `to` Dhaka day). */
  to?: Date;
  courier?: CourierName | "none";
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The start of a YYYY-MM-DD day in Dhaka (UTC+6 all year), or undefined if not a day of the
 * calendar (2026-02-30) or not between 1970 and 9999 (year 1's Dhaka midnight is a UTC time in
 * year 0, which PostgreSQL refuses).
 */
function dhakaDayStart(day: string, plusDays = 0): Date | undefined {
  if (!DAY.test(day)) return undefined;
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const noon = new Date(Date.UTC(year, month - 1, date, 12));
  if (year < 1970 || noon.getUTCMonth() !== month - 1 || noon.getUTCDate() !== date) {
    return undefined;
  }
  const start = new Date(`${day}T00:00:00+06:00`);
  return new Date(start.getTime() + plusDays * 86_400_000);
}

/** The filters, or the field issues of the ones that are not filters. Empty means "any". */
export function parseOrderExportQuery(
  params: URLSearchParams,
):
  | { ok: true; query: OrderExportQuery }
  | { ok: false; issues: { path: string; message: string }[] } {
  const issues: { path: string; message: string }[] = [];
  const statuses: OrderStatus[] = [];
  for (const s of params.getAll("status").filter(Boolean)) {
    if (isOrderStatus(s)) statuses.push(s);
    else issues.push({ path: "status", message: `Not an order status: ${s.slice(0, 40)}` });
  }
  const fromText = params.get("from") ?? "";
  const toText = params.get("to") ?? "";
  const from = fromText ? dhakaDayStart(fromText) : undefined;
  const to = toText ? dhakaDayStart(toText, 1) : undefined;
  if (fromText && !from) issues.push({ path: "from", message: "A date as YYYY-MM-DD" });
  if (toText && !to) issues.push({ path: "to", message: "A date as YYYY-MM-DD" });
  if (from && to && from >= to) issues.push({ path: "to", message: "Not before the first day" });
  const courierText = params.get("courier") ?? "";
  const courier = courierText === "none" || isCourierName(courierText) ? courierText : undefined;
  if (courierText && !courier) issues.push({ path: "courier", message: "Not a courier" });
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    query: {
      statuses,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(courier ? { courier } : {}),
    },
  };
}
