import type { OrderAction } from "./order-actions";

const BUTTON_STYLE: Record<string, string> = {
  Confirm: "btn-success",
  Shipping: "btn-info",
  Delivered: "btn-primary",
  Cancel: "btn-warning",
  "Cancel Order": "btn-warning",
  Return: "btn-warning",
  Delete: "btn-error",
};

/**
 * The Actions cell of an order: one button per allowed change. Each button's accessible name
 * is its spec word; the order it acts on is given by `orderLabel` as the group's name.
 */
export function OrderActionButtons({
  actions,
  orderLabel,
  busy,
  onAction,
  size = "sm",
}: {
  actions: OrderAction[];
  orderLabel: string;
  busy: boolean;
  onAction: (action: OrderAction) => void;
  size?: "sm" | "md";
}) {
  if (actions.length === 0) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form fieldset
    <div
      role="group"
      aria-label={orderLabel}
      // Wide enough for two small buttons side by side, so three take two rows, not three.
      className={`flex flex-wrap gap-1.5 print:hidden ${size === "sm" ? "min-w-[11.5rem]" : ""}`}
    >
      {actions.map((action) => (
        <button
          key={action.label}
          type="button"
          className={`btn ${size === "sm" ? "btn-sm" : ""} ${BUTTON_STYLE[action.label] ?? "btn-neutral"}`}
          disabled={action.disabled || busy}
          aria-busy={busy || undefined}
          onClick={() => onAction(action)}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}
