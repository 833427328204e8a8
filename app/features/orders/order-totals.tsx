import { useI18n } from "~/app/i18n/use-i18n";

/** An order's sub-total, delivery and total, as the success and tracking pages show them. */
export function OrderTotals({
  order,
  testIdPrefix,
}: {
  order: { subTotal: number; deliveryCharge: number; total: number };
  /** Tests find the delivery and total figures by `${prefix}-delivery` / `${prefix}-total`. */
  testIdPrefix: string;
}) {
  const { t, taka } = useI18n();
  return (
    <dl className="mt-2 space-y-1 border-t border-base-300 pt-2 text-sm">
      <div className="flex justify-between">
        <dt>{t("success.subTotal")}</dt>
        <dd className="tabular-nums">{taka(order.subTotal)}</dd>
      </div>
      <div className="flex justify-between">
        <dt>{t("success.delivery")}</dt>
        <dd className="tabular-nums" data-testid={`${testIdPrefix}-delivery`}>
          {order.deliveryCharge === 0 ? t("delivery.free") : taka(order.deliveryCharge)}
        </dd>
      </div>
      <div className="flex justify-between font-semibold">
        <dt>{t("success.total")}</dt>
        <dd className="tabular-nums" data-testid={`${testIdPrefix}-total`}>
          {taka(order.total)}
        </dd>
      </div>
    </dl>
  );
}
