import { useId } from "react";
import { formatTaka } from "~/core/money";
import type { DailyOrderStat } from "~/core/order-view";
import { type ChartBox, chartGeometry, compactTaka, shortDay } from "./chart-scale";

function ordersText(n: number): string {
  return `${n} ${n === 1 ? "order" : "orders"}`;
}

const BOX: ChartBox = { width: 720, height: 280, top: 16, right: 56, bottom: 36, left: 40 };

/**
 * Orders (bars, left axis), revenue (the delivered orders' totals, line, right axis) and the
 * placed value (every order's total, dashed line) per day over the last 30 days, as an inline
 * SVG: a picture for sighted admins, a title and summary for screen readers, and the figures
 * themselves in a visually hidden table. On a phone the chart keeps a readable size and scrolls
 * sideways, starting at its right end: the latest days are what an admin looks for.
 */
export function OrdersChart({ days }: { days: DailyOrderStat[] }) {
  const id = useId();
  const g = chartGeometry(days, BOX);
  const totalOrders = days.reduce((sum, d) => sum + d.orders, 0);
  const totalRevenue = days.reduce((sum, d) => sum + d.revenue, 0);
  const totalPlaced = days.reduce((sum, d) => sum + d.placed, 0);
  const busiest = days.reduce<DailyOrderStat | null>(
    (best, d) => (d.orders > (best?.orders ?? 0) ? d : best),
    null,
  );
  const first = days[0];
  const last = days.at(-1);
  const period = first && last ? `${shortDay(first.day)} to ${shortDay(last.day)}` : "";
  const summary = `${ordersText(totalOrders)} and ${formatTaka(totalRevenue)} revenue from ${period} (delivered orders; ${formatTaka(totalPlaced)} placed in all).${
    busiest ? ` Busiest day: ${shortDay(busiest.day)} with ${ordersText(busiest.orders)}.` : ""
  }`;
  const bottom = g.plot.y + g.plot.height;

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-box border border-base-300 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Orders and revenue, last {days.length} days
        </h2>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-3 w-3 rounded-sm bg-primary" /> Orders
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-0.5 w-4 bg-secondary" /> Revenue, delivered (৳)
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block w-4 border-t-2 border-dashed border-base-content/60" />{" "}
            Placed (৳)
          </li>
        </ul>
      </div>
      <p className="mt-1 text-sm text-base-content/80">{summary}</p>
      <figure
        // Reversed, so a chart wider than the screen starts scrolled to its end (the latest days).
        className="mt-3 flex flex-row-reverse items-start overflow-x-auto"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the chart scrolls sideways, and the keyboard must be able to scroll it
        tabIndex={0}
        aria-label="Chart, scrolls sideways"
      >
        <svg
          viewBox={`0 0 ${BOX.width} ${BOX.height}`}
          className="h-auto w-full min-w-[600px] shrink-0 text-base-content"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          data-days={days.length}
        >
          <title id={`${id}-title`}>{`Orders and revenue per day, last ${days.length} days`}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          <g stroke="currentColor" strokeOpacity={0.2}>
            {g.orderTicks.map((t) => (
              <line key={t.value} x1={g.plot.x} x2={g.plot.x + g.plot.width} y1={t.y} y2={t.y} />
            ))}
          </g>
          <g className="fill-primary">
            {g.bars.map((b) => (
              <rect
                key={b.figures.day}
                x={b.x}
                y={b.y}
                width={b.width}
                height={b.height}
                rx={2}
                data-day={b.figures.day}
              />
            ))}
          </g>
          <polyline
            points={g.placedLine}
            fill="none"
            stroke="currentColor"
            strokeOpacity={0.6}
            strokeWidth={1.5}
            strokeDasharray="5 4"
            data-line="placed"
          />
          <polyline
            points={g.revenueLine}
            fill="none"
            className="stroke-secondary"
            strokeWidth={2.5}
            strokeLinejoin="round"
          />
          <g className="fill-secondary">
            {g.revenuePoints.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one point per day, fixed order
              <circle key={i} cx={p.x} cy={p.y} r={2.5} />
            ))}
          </g>
          <g fill="currentColor" fontSize={12}>
            {g.orderTicks.map((t) => (
              <text key={t.value} x={g.plot.x - 8} y={t.y + 4} textAnchor="end">
                {t.value}
              </text>
            ))}
            {g.revenueTicks.map((t) => (
              <text key={t.value} x={g.plot.x + g.plot.width + 8} y={t.y + 4}>
                {compactTaka(t.value)}
              </text>
            ))}
            {g.dayLabels.map((l) => (
              <text key={l.text} x={l.x} y={bottom + 20} textAnchor="middle">
                {l.text}
              </text>
            ))}
          </g>
          <line
            x1={g.plot.x}
            x2={g.plot.x + g.plot.width}
            y1={bottom}
            y2={bottom}
            stroke="currentColor"
          />
        </svg>
      </figure>
      {/* A table ignores sr-only's 1px height; the wrapper clips it. */}
      <div className="sr-only">
        <table>
          <caption>Orders and revenue per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Orders</th>
              <th scope="col">Revenue (delivered)</th>
              <th scope="col">Placed value</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{shortDay(d.day)}</th>
                <td>{d.orders}</td>
                <td>{formatTaka(d.revenue)}</td>
                <td>{formatTaka(d.placed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
