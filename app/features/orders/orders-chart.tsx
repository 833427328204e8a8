import { useId } from "react";
import type { Translator } from "~/app/i18n/translator";
import { useI18n } from "~/app/i18n/use-i18n";
import { BENGALI_MONTHS, toBengaliDigits } from "~/core/locale";
import type { DailyOrderStat } from "~/core/order-view";
import { type ChartBox, chartGeometry, compactTaka, shortDay } from "./chart-scale";

function ordersText({ t, count }: Translator, n: number): string {
  return t(n === 1 ? "dash.layout.chart.orders.one" : "dash.layout.chart.orders.other", {
    count: count(n),
  });
}

/** "05 Nov" in English (chart-scale's shortDay), "৫ নভেম্বর" in Bengali. */
function dayText(lang: Translator["lang"], day: string): string {
  if (lang === "en") return shortDay(day);
  const [, month = "1", date = "1"] = day.split("-");
  return `${toBengaliDigits(String(Number(date)))} ${BENGALI_MONTHS[Number(month) - 1] ?? ""}`;
}

/** An axis label: "৳12.5k" in English, "৳১২.৫ হাজার" / "৳১.২ লাখ" in Bengali. */
function axisTaka({ lang, t }: Translator, amount: number): string {
  if (lang === "en") return compactTaka(amount);
  const short = (n: number) => toBengaliDigits(Number(n.toFixed(1)).toString());
  if (amount >= 10_000_000) return t("dash.layout.chart.crore", { n: short(amount / 10_000_000) });
  if (amount >= 100_000) return t("dash.layout.chart.lakh", { n: short(amount / 100_000) });
  if (amount >= 1_000) return t("dash.layout.chart.thousand", { n: short(amount / 1_000) });
  return `৳${toBengaliDigits(String(amount))}`;
}

const BOX: ChartBox = { width: 720, height: 280, top: 16, right: 56, bottom: 36, left: 40 };
/** Bengali axis labels ("৳১২.৫ হাজার") are wider: more room on the right. */
const BOX_BN: ChartBox = { ...BOX, right: 84 };

/**
 * Orders (bars, left axis), revenue (the delivered orders' totals, line, right axis) and the
 * placed value (every order's total, dashed line) per day over the last 30 days, as an inline
 * SVG: a picture for sighted admins, a title and summary for screen readers, and the figures
 * themselves in a visually hidden table. On a phone the chart keeps a readable size and scrolls
 * sideways, starting at its right end: the latest days are what an admin looks for.
 */
export function OrdersChart({ days }: { days: DailyOrderStat[] }) {
  const id = useId();
  const tr = useI18n();
  const { t, count, taka, lang } = tr;
  const box = lang === "bn" ? BOX_BN : BOX;
  const g = chartGeometry(days, box);
  const totalOrders = days.reduce((sum, d) => sum + d.orders, 0);
  const totalRevenue = days.reduce((sum, d) => sum + d.revenue, 0);
  const totalPlaced = days.reduce((sum, d) => sum + d.placed, 0);
  const busiest = days.reduce<DailyOrderStat | null>(
    (best, d) => (d.orders > (best?.orders ?? 0) ? d : best),
    null,
  );
  const first = days[0];
  const last = days.at(-1);
  const period =
    first && last
      ? t("dash.layout.chart.period", {
          from: dayText(lang, first.day),
          to: dayText(lang, last.day),
        })
      : "";
  const summary = `${t("dash.layout.chart.summary", {
    orders: ordersText(tr, totalOrders),
    revenue: taka(totalRevenue),
    period,
    placed: taka(totalPlaced),
  })}${
    busiest
      ? ` ${t("dash.layout.chart.busiest", {
          day: dayText(lang, busiest.day),
          orders: ordersText(tr, busiest.orders),
        })}`
      : ""
  }`;
  const bottom = g.plot.y + g.plot.height;

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-box border border-base-300 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {t("dash.layout.chart.heading", { days: count(days.length) })}
        </h2>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-3 w-3 rounded-sm bg-primary" />{" "}
            {t("dash.layout.chart.legendOrders")}
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-0.5 w-4 bg-secondary" />{" "}
            {t("dash.layout.chart.legendRevenue")}
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block w-4 border-t-2 border-dashed border-base-content/60" />{" "}
            {t("dash.layout.chart.legendPlaced")}
          </li>
        </ul>
      </div>
      <p className="mt-1 text-sm text-base-content/80">{summary}</p>
      <figure
        // Reversed, so a chart wider than the screen starts scrolled to its end (the latest days).
        className="mt-3 flex flex-row-reverse items-start overflow-x-auto"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the chart scrolls sideways, and the keyboard must be able to scroll it
        tabIndex={0}
        aria-label={t("dash.layout.chart.scrolls")}
      >
        <svg
          viewBox={`0 0 ${box.width} ${box.height}`}
          className="h-auto w-full min-w-[600px] shrink-0 text-base-content"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          data-days={days.length}
        >
          <title id={`${id}-title`}>
            {t("dash.layout.chart.title", { days: count(days.length) })}
          </title>
          <desc id={`${id}-desc`}>{summary}</desc>
          <g stroke="currentColor" strokeOpacity={0.2}>
            {g.orderTicks.map((tick) => (
              <line
                key={tick.value}
                x1={g.plot.x}
                x2={g.plot.x + g.plot.width}
                y1={tick.y}
                y2={tick.y}
              />
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
            {g.orderTicks.map((tick) => (
              <text key={tick.value} x={g.plot.x - 8} y={tick.y + 4} textAnchor="end">
                {count(tick.value)}
              </text>
            ))}
            {g.revenueTicks.map((tick) => (
              <text key={tick.value} x={g.plot.x + g.plot.width + 8} y={tick.y + 4}>
                {axisTaka(tr, tick.value)}
              </text>
            ))}
            {g.dayLabels.map((l) => (
              <text key={l.text} x={l.x} y={bottom + 20} textAnchor="middle">
                {lang === "en" ? l.text : dayText(lang, l.day)}
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
          <caption>{t("dash.layout.chart.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("dash.layout.chart.day")}</th>
              <th scope="col">{t("dash.layout.chart.orders")}</th>
              <th scope="col">{t("dash.layout.chart.revenue")}</th>
              <th scope="col">{t("dash.layout.chart.placed")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dayText(lang, d.day)}</th>
                <td>{count(d.orders)}</td>
                <td>{taka(d.revenue)}</td>
                <td>{taka(d.placed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
