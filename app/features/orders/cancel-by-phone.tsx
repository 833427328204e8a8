import { courierName } from "~/app/i18n/courier-name";
import { useI18n } from "~/app/i18n/use-i18n";
import { useRootData } from "~/app/lib/root-data";
import type { OrderView } from "~/core/order-view";

/**
 * In place of a customer's Cancel once a courier has the parcel (cancelsByPhone): who has it, and
 * the shop's number to call, which can still take it back.
 */
export function CancelByPhone({ order }: { order: Pick<OrderView, "courier"> }) {
  const { t, digits } = useI18n();
  const { shop } = useRootData();
  if (!order.courier) return null;
  return (
    <p className="mt-1 text-xs text-base-content/80" data-testid="cancel-by-phone">
      {t("dash.orders.cancelByPhone", { courier: courierName(t, order.courier.name) })}{" "}
      <a className="link whitespace-nowrap" href={`tel:${shop.phone}`}>
        {digits(shop.phone)}
      </a>
    </p>
  );
}
