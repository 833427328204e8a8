export const SHOP_TIME_ZONE = "Asia/Dhaka";

/**
 * Bangladesh Standard Time is UTC+6 all year: daylight saving time was kept only from June to
 * December 2009. The dates are written by hand rather than with Intl: the process's first Intl
 * object loads ICU's locale data into memory, and the server has no other use for it
 * (docs/decisions/076). The test compares every hour of years around today with Intl's answer.
 */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** The wall clock in Dhaka, read through the UTC getters of the shifted instant. */
function dhakaClock(d: Date | string): Date {
  const date = typeof d === "string" ? new Date(d) : d;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(d)}`);
  return new Date(date.getTime() + DHAKA_OFFSET_MS);
}

/** "05 Mar" for a calendar day already read (its UTC fields). */
export function dayAndMonth(clock: Date): string {
  return `${twoDigits(clock.getUTCDate())} ${MONTHS[clock.getUTCMonth()]}`;
}

/** "05 Mar, 2025" in Dhaka time. */
export function formatOrderDate(d: Date | string): string {
  const clock = dhakaClock(d);
  return `${dayAndMonth(clock)}, ${clock.getUTCFullYear()}`;
}

/** "09:05 pm" in Dhaka time. */
export function formatOrderTime(d: Date | string): string {
  const clock = dhakaClock(d);
  const hours = clock.getUTCHours();
  return `${twoDigits(hours % 12 || 12)}:${twoDigits(clock.getUTCMinutes())} ${hours < 12 ? "am" : "pm"}`;
}
