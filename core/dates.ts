export const SHOP_TIME_ZONE = "Asia/Dhaka";

const dateParts = new Intl.DateTimeFormat("en-US", {
  timeZone: SHOP_TIME_ZONE,
  day: "2-digit",
  month: "short",
  year: "numeric",
});

const timeParts = new Intl.DateTimeFormat("en-US", {
  timeZone: SHOP_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hour12: true,
});

function toDate(d: Date | string): Date {
  const date = typeof d === "string" ? new Date(d) : d;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(d)}`);
  return date;
}

function partsOf(format: Intl.DateTimeFormat, d: Date | string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of format.formatToParts(toDate(d))) out[p.type] = p.value;
  return out;
}

/** "05 Mar, 2025" in Dhaka time. */
export function formatOrderDate(d: Date | string): string {
  const p = partsOf(dateParts, d);
  return `${p.day} ${p.month}, ${p.year}`;
}

/** "09:05 pm" in Dhaka time. */
export function formatOrderTime(d: Date | string): string {
  const p = partsOf(timeParts, d);
  const hour = (p.hour ?? "").padStart(2, "0");
  return `${hour}:${p.minute} ${(p.dayPeriod ?? "").toLowerCase()}`;
}
