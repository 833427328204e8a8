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

export function EyeIcon({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}
