import { describe, expect, it } from "vitest";
import type { DailyOrderStat } from "~/core/order-view";
import { axisTicks, chartGeometry, compactTaka, niceInterval, shortDay } from "./chart-scale";

describe("niceInterval and axisTicks", () => {
  it("rounds an interval up to 1, 2 or 5 times a power of ten", () => {
    expect(niceInterval(0.3)).toBe(0.5);
    expect(niceInterval(1)).toBe(1);
    expect(niceInterval(1.2)).toBe(2);
    expect(niceInterval(3)).toBe(5);
    expect(niceInterval(7)).toBe(10);
    expect(niceInterval(1250)).toBe(2000);
    expect(niceInterval(0)).toBe(1);
    expect(niceInterval(Number.NaN)).toBe(1);
  });

  it("keeps whole intervals for counts", () => {
    expect(niceInterval(0.25, true)).toBe(1);
    expect(axisTicks(3, 4, true)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(1, 4, true)).toEqual([0, 1]);
    expect(axisTicks(0, 4, true)).toEqual([0, 1]);
    expect(axisTicks(4, 4, true)).toEqual([0, 1, 2, 3, 4]);
    expect(axisTicks(9, 4, true)).toEqual([0, 5, 10, 15, 20]);
  });

  it("ends at or above the largest value", () => {
    for (const max of [1, 7, 13, 99, 101, 4321, 98_765]) {
      expect(axisTicks(max, 4).at(-1)).toBeGreaterThanOrEqual(max);
    }
  });
});

describe("labels", () => {
  it("writes days and taka short", () => {
    expect(shortDay("2026-11-05")).toBe("05 Nov");
    expect(compactTaka(0)).toBe("৳0");
    expect(compactTaka(950)).toBe("৳950");
    expect(compactTaka(12_500)).toBe("৳12.5k");
    expect(compactTaka(2_000_000)).toBe("৳2M");
  });
});

describe("chartGeometry", () => {
  const box = { width: 700, height: 300, top: 10, right: 50, bottom: 40, left: 50 };
  const days: DailyOrderStat[] = Array.from({ length: 30 }, (_, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, "0")}`,
    orders: i === 10 ? 8 : i % 3,
    revenue: i === 10 ? 10_000 : (i % 3) * 1000,
    placed: i === 10 ? 12_000 : (i % 3) * 1500,
  }));

  it("puts one bar and one point per day inside the plot", () => {
    const g = chartGeometry(days, box);
    expect(g.bars).toHaveLength(30);
    expect(g.revenuePoints).toHaveLength(30);
    const bottom = box.height - box.bottom;
    for (const b of g.bars) {
      expect(b.x).toBeGreaterThanOrEqual(box.left);
      expect(b.x + b.width).toBeLessThanOrEqual(box.width - box.right);
      expect(b.y + b.height).toBeCloseTo(bottom);
      expect(b.y).toBeGreaterThanOrEqual(box.top);
    }
    for (const p of g.revenuePoints) {
      expect(p.y).toBeGreaterThanOrEqual(box.top);
      expect(p.y).toBeLessThanOrEqual(bottom);
    }
  });

  it("draws the placed value on the revenue axis, which holds the larger of the two", () => {
    const g = chartGeometry(days, box);
    expect(g.placedPoints).toHaveLength(30);
    expect(g.revenueTicks.at(-1)?.value).toBeGreaterThanOrEqual(12_000);
    g.placedPoints.forEach((p, i) => {
      expect(p.y).toBeGreaterThanOrEqual(box.top);
      // More money placed than delivered: higher up (a smaller y).
      expect(p.y).toBeLessThanOrEqual(g.revenuePoints[i]?.y ?? 0);
    });
    expect(g.placedLine.split(" ")).toHaveLength(30);
  });

  it("scales bars by orders: the busiest day is the tallest, an empty day has no height", () => {
    const g = chartGeometry(days, box);
    const tallest = g.bars.reduce((a, b) => (b.height > a.height ? b : a));
    expect(tallest.figures.day).toBe("2026-11-11");
    expect(g.bars[0]?.height).toBe(0);
    // 8 orders on an axis of 0, 2, ... 8 fill the plot; 2 orders a quarter of it.
    expect(g.orderTicks.map((t) => t.value)).toEqual([0, 2, 4, 6, 8]);
    const plotHeight = box.height - box.top - box.bottom;
    expect(tallest.height).toBeCloseTo(plotHeight);
    expect(g.bars[2]?.height).toBeCloseTo(plotHeight / 4);
  });

  it("labels every fifth day, ending on the last", () => {
    const g = chartGeometry(days, box);
    expect(g.dayLabels.map((l) => l.text)).toEqual([
      "05 Nov",
      "10 Nov",
      "15 Nov",
      "20 Nov",
      "25 Nov",
      "30 Nov",
    ]);
  });

  it("gives both axes the same number of ticks", () => {
    const quiet = days.map((d, i) => ({
      ...d,
      orders: i === 3 ? 1 : 0,
      revenue: i === 3 ? 950 : 0,
      placed: i === 3 ? 950 : 0,
    }));
    const g = chartGeometry(quiet, box);
    expect(g.orderTicks.map((t) => t.value)).toEqual([0, 1]);
    expect(g.revenueTicks.map((t) => t.value)).toEqual([0, 1000]);
  });

  it("draws an empty month flat on the axis", () => {
    const empty = days.map((d) => ({ ...d, orders: 0, revenue: 0, placed: 0 }));
    const g = chartGeometry(empty, box);
    expect(g.bars.every((b) => b.height === 0)).toBe(true);
    expect(g.revenuePoints.every((p) => p.y === box.height - box.bottom)).toBe(true);
  });
});
