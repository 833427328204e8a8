import { Form } from "react-router";
import { useI18n } from "~/app/i18n/use-i18n";
import type { OrderStatus } from "~/core/order-status";
import type { OrderAction } from "./order-actions";
import { changeFieldsOf, type OrderChangeFields, orderChangeFormData } from "./order-change-form";
import { actionLabel } from "./order-text";

const BUTTON_STYLE: Record<string, string> = {
  Confirm: "btn-success",
  Shipping: "btn-info",
  Delivered: "btn-primary",
  Cancel: "btn-warning",
  "Cancel Order": "btn-warning",
  Return: "btn-warning",
  Delete: "btn-error",
  "Return received": "btn-success",
};

/** An order change's fields as hidden inputs, for a form that posts to the page's action. */
export function OrderChangeInputs({ fields }: { fields: OrderChangeFields }) {
  return Object.entries(orderChangeFormData(fields)).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
}

/**
 * The Actions cell of an order: one button per allowed change. Each button's accessible name
 * is its spec word; the order it acts on is given by `orderLabel` as the group's name. Every
 * button is a small form posting to the page's action, so it works before (or without) the
 * scripts: the page then asks "Are you sure?" itself. With scripts, `onAction` asks in a dialog
 * and sends the change.
 */
export function OrderActionButtons({
  order,
  actions,
  orderLabel,
  busy,
  onAction,
  size = "sm",
}: {
  order: { _id: string; orderNumber: number; orderStatus: OrderStatus };
  actions: OrderAction[];
  orderLabel: string;
  busy: boolean;
  onAction: (action: OrderAction) => void;
  size?: "sm" | "md";
}) {
  const tr = useI18n();
  if (actions.length === 0) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form fieldset
    <div
      role="group"
      aria-label={orderLabel}
      // Wide enough for two small buttons side by side, so three take two rows, not three.
      className={`flex flex-wrap gap-1.5 print:hidden ${size === "sm" ? "sm:min-w-[11.5rem]" : ""}`}
    >
      {actions.map((action) => (
        <Form
          key={action.label}
          method="post"
          className="contents"
          onSubmit={(event) => {
            event.preventDefault();
            onAction(action);
          }}
        >
          <OrderChangeInputs fields={changeFieldsOf(order, action)} />
          <button
            type="submit"
            className={`btn ${size === "sm" ? "btn-sm" : ""} ${BUTTON_STYLE[action.label] ?? "btn-neutral"}`}
            disabled={action.disabled || busy}
            aria-busy={busy || undefined}
          >
            {actionLabel(tr, action)}
          </button>
        </Form>
      ))}
    </div>
  );
}
