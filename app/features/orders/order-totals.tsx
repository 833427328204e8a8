import { formatTaka } from "~/core/money";

/** An order's sub-total, delivery and total, as the success and tracking pages show them. */
export function OrderTotals({
  order,
  testIdPrefix,
}: {
  order: { subTotal: number; deliveryCharge: number; total: number };
  /** Tests find the delivery and total figures by `${prefix}-delivery` / `${prefix}-total`. */
  testIdPrefix: string;
}) {
  return (
    <dl className="mt-2 space-y-1 border-t border-base-300 pt-2 text-sm">
      <div className="flex justify-between">
        <dt>Sub Total</dt>
        <dd className="tabular-nums">{formatTaka(order.subTotal)}</dd>
      </div>
      <div className="flex justify-between">
        <dt>Delivery</dt>
        <dd className="tabular-nums" data-testid={`${testIdPrefix}-delivery`}>
          {order.deliveryCharge === 0 ? "Free delivery" : formatTaka(order.deliveryCharge)}
        </dd>
      </div>
      <div className="flex justify-between font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums" data-testid={`${testIdPrefix}-total`}>
          {formatTaka(order.total)}
        </dd>
      </div>
    </dl>
  );
}
