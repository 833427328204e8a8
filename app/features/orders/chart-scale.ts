import { dayAndMonth } from "~/core/dates";
import type { DailyOrderStat } from "~/core/order-view";

/*
 * Words here are chosen with care: daisyUI emits a component's CSS for any of its names found
 * as a word in app/ (app.css), and a chart's natural vocabulary names three of them.
 */

/**
 * The smallest "round" interval (1, 2 or 5 times a power of ten) of at least `raw`; with
 * `whole`, never below 1 (order counts have no fractions).
 */
export function niceInterval(raw: number, whole = false): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const nice = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw * (1 - 1e-9)) ?? raw;
  return whole ? Math.max(1, Math.ceil(nice)) : nice;
}

/**
 * Tick values from 0 up to a round maximum that holds `max`, in `count` intervals. Whole-number
 * axes with a small maximum get fewer (0, 1, 2 rather than 0, 1, 2, 3, 4 for 2 orders).
 */
export function axisTicks(max: number, count: number, whole = false): number[] {
  const intervals = whole && max < count ? Math.max(1, Math.ceil(max)) : count;
  const interval = niceInterval(max / intervals, whole);
  return Array.from({ length: intervals + 1 }, (_, i) => i * interval);
}

/** "2026-11-05" → "05 Nov" (the day is already a Dhaka calendar day). */
export function shortDay(day: string): string {
  return dayAndMonth(new Date(`${day}T00:00:00Z`));
}

/** "৳12.5k" for axis labels, where room is short. */
export function compactTaka(amount: number): string {
  if (amount >= 1_000_000) return `৳${trim(amount / 1_000_000)}M`;
  if (amount >= 1_000) return `৳${trim(amount / 1_000)}k`;
  return `৳${amount}`;
}

function trim(n: number): string {
  return Number(n.toFixed(1)).toString();
}

export type ChartBox = {
  width: number;
  height: number;
  top: number;
  right: number;
  bottom: number;
  left: number;
};

export type ChartGeometry = {
  plot: { x: number; y: number; width: number; height: number };
  bars: { x: number; y: number; width: number; height: number; figures: DailyOrderStat }[];
  /** The revenue line's points, "x,y x,y ...", one per day at the bar's centre. */
  revenueLine: string;
  revenuePoints: { x: number; y: number }[];
  /** The placed value's line and points (every order's total), on the revenue axis. */
  placedLine: string;
  placedPoints: { x: number; y: number }[];
  orderTicks: { value: number; y: number }[];
  revenueTicks: { value: number; y: number }[];
  /** Every `labelEvery`-th day gets a date under the axis, always the last one. */
  dayLabels: { x: number; text: string; day: string }[];
};

const TICKS = 4;

/** Where everything of the orders-and-revenue chart goes in a `box.width` x `box.height` SVG. */
export function chartGeometry(
  days: DailyOrderStat[],
  box: ChartBox,
  labelEvery = 5,
): ChartGeometry {
  const plot = {
    x: box.left,
    y: box.top,
    width: box.width - box.left - box.right,
    height: box.height - box.top - box.bottom,
  };
  const orderTickValues = axisTicks(Math.max(0, ...days.map((d) => d.orders)), TICKS, true);
  // As many revenue ticks as order ticks, so both axes' labels sit on the same grid lines.
  // The money axis holds both lines: revenue (delivered) and the placed value (every order).
  const revenueTickValues = axisTicks(
    Math.max(0, ...days.map((d) => Math.max(d.revenue, d.placed))),
    orderTickValues.length - 1,
  );
  const orderMax = orderTickValues.at(-1) ?? 1;
  const revenueMax = revenueTickValues.at(-1) ?? 1;
  const yOf = (value: number, max: number) => plot.y + plot.height - (value / max) * plot.height;

  const slot = days.length > 0 ? plot.width / days.length : plot.width;
  const barWidth = slot * 0.6;
  const bars = days.map((figures, i) => {
    const top = yOf(figures.orders, orderMax);
    return {
      x: plot.x + i * slot + (slot - barWidth) / 2,
      y: top,
      width: barWidth,
      height: plot.y + plot.height - top,
      figures,
    };
  });
  const pointsOf = (value: (d: DailyOrderStat) => number) =>
    days.map((d, i) => ({ x: plot.x + i * slot + slot / 2, y: yOf(value(d), revenueMax) }));
  const lineOf = (points: { x: number; y: number }[]) =>
    points.map((p) => `${round(p.x)},${round(p.y)}`).join(" ");
  const revenuePoints = pointsOf((d) => d.revenue);
  const placedPoints = pointsOf((d) => d.placed);
  const last = days.length - 1;
  return {
    plot,
    bars,
    revenuePoints,
    revenueLine: lineOf(revenuePoints),
    placedPoints,
    placedLine: lineOf(placedPoints),
    orderTicks: orderTickValues.map((value) => ({ value, y: yOf(value, orderMax) })),
    revenueTicks: revenueTickValues.map((value) => ({ value, y: yOf(value, revenueMax) })),
    dayLabels: days.flatMap((d, i) =>
      (last - i) % labelEvery === 0
        ? [{ x: plot.x + i * slot + slot / 2, text: shortDay(d.day), day: d.day }]
        : [],
    ),
  };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
