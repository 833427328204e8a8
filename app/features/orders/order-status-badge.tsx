import type { MessageKey } from "~/app/i18n/keys";
import { useI18n } from "~/app/i18n/use-i18n";
import type { OrderStatus } from "~/core/order-status";

const BADGE: Record<OrderStatus, string> = {
  Pending: "badge-warning",
  Confirmed: "badge-info",
  Shipping: "badge-primary",
  Delivered: "badge-success",
  Cancelled: "badge-error",
  Return: "badge-neutral",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`badge whitespace-nowrap ${BADGE[status]}`}>{useStatusName(status)}</span>
  );
}

/** An order status in the page's language (the status itself where the page has no messages). */
export function useStatusName(status: OrderStatus): string {
  const { t } = useI18n();
  const key = `status.${status}` as MessageKey;
  const text = t(key);
  return text === key ? status : text;
}
