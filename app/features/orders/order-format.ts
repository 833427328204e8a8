import { NOT_APPLICABLE } from "~/core/cart-lines";
import { formatOrderDate, formatOrderTime } from "~/core/dates";
import type { OrderHistoryEntry, OrderLineView } from "~/core/order-view";

/** Spec §2: an order line shows its colour and size unless they are N/A. */
export function lineOptions(line: Pick<OrderLineView, "color" | "size">): string[] {
  const options: string[] = [];
  if (line.color && line.color !== NOT_APPLICABLE) options.push(`Colour: ${line.color}`);
  if (line.size && line.size !== NOT_APPLICABLE) options.push(`Size: ${line.size}`);
  return options;
}

/** "05 Mar, 2025, 09:05 pm" in Dhaka time. */
export function orderDateTime(at: string | Date): string {
  return `${formatOrderDate(at)}, ${formatOrderTime(at)}`;
}

const ROLE_NAMES: Record<OrderHistoryEntry["byRole"], string> = {
  admin: "admin",
  customer: "customer",
  system: "the shop",
};

/** Who made a status change: "Rahim (admin)", "customer", "the shop". */
export function changedBy(entry: Pick<OrderHistoryEntry, "byName" | "byRole">): string {
  const role = ROLE_NAMES[entry.byRole];
  return entry.byName ? `${entry.byName} (${role})` : role;
}

/** "Placed" for the first entry, else "Pending → Confirmed". */
export function historyChange(entry: Pick<OrderHistoryEntry, "from" | "to">): string {
  return entry.from ? `${entry.from} → ${entry.to}` : `Placed as ${entry.to}`;
}
