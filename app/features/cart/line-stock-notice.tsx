import { availabilityText } from "~/app/i18n/stock-text";
import { useI18n } from "~/app/i18n/use-i18n";
import { useHydrated } from "./client-hooks";
import { type StockByProduct, shortfallOf } from "./line-stock";
import { type QuantityField, submitUntilHydrated } from "./submit-until-hydrated";

/**
 * Under a cart or checkout line that asks for more than is left: "Only N left" and a button that
 * sets the quantity to what is left (or "Out of stock" when nothing is). `others`: the pieces of
 * the same size and colour the cart's other chosen lines ask for, which the notice counts too.
 */
export function LineStockNotice({
  stock,
  line,
  label,
  onReduce,
  field,
  others = 0,
}: {
  stock: StockByProduct | undefined;
  line: { id: string; size: string; color: string; quantity: number };
  label: string;
  onReduce: (quantity: number) => void;
  /** Until the scripts run, the button submits its form with this field (as QuantityStepper's). */
  field?: QuantityField;
  others?: number;
}) {
  const short = shortfallOf(stock, line, others);
  const tr = useI18n();
  const hydrated = useHydrated();
  if (!short) return null;
  return (
    <p
      role="alert"
      className="flex flex-wrap items-center gap-2 text-sm font-medium text-red-700 in-data-[theme=dark]:text-red-300"
      data-testid="line-stock"
    >
      {short.left === 0
        ? availabilityText({ kind: "out_of_stock" }, tr)
        : others > 0
          ? tr.t("stock.fewForAllLines", { count: tr.count(short.left) })
          : availabilityText({ kind: "few_left", left: short.left }, tr)}
      {short.room > 0 ? (
        <button
          {...submitUntilHydrated(field, short.room, hydrated)}
          className="btn btn-outline btn-xs"
          aria-label={tr.t("cart.reduceLine", { label, count: tr.count(short.room) })}
          onClick={(e) => {
            e.preventDefault();
            onReduce(short.room);
          }}
        >
          {tr.t("cart.reduceTo", { count: tr.count(short.room) })}
        </button>
      ) : null}
    </p>
  );
}
