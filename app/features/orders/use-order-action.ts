import { useEffect, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { confirm, notify } from "~/app/components/dialogs";
import { useI18n } from "~/app/i18n/use-i18n";
import { isActionFailure } from "~/app/lib/field-issues";
import type { OrderStatus } from "~/core/order-status";
import type { OrderAction } from "./order-actions";
import {
  changeFieldsOf,
  type OrderChangeFields,
  type OrderChangeResult,
  orderChangeFormData,
} from "./order-change-form";
import { confirmTexts, failureText, orderMessage, parcelCancelledButton } from "./order-text";

type ActionTarget = { _id: string; orderNumber: number; orderStatus: OrderStatus };

/**
 * Runs an order's action as the spec has it: "Are you sure?" first, then the page's action (a
 * fetcher posting the same form the buttons post without JavaScript), then the spec's success
 * or failure notice. After a change the page's loaders run again, so the order leaves its list
 * and the counts follow.
 */
export function useOrderAction(options: { afterDelete?: () => Promise<void> | void } = {}) {
  const fetcher = useFetcher<OrderChangeResult>();
  const revalidator = useRevalidator();
  const tr = useI18n();
  const trRef = useRef(tr);
  trRef.current = tr;
  const sent = useRef<{
    id: string;
    kind: OrderAction["kind"];
    fields: OrderChangeFields;
  } | null>(null);
  const afterDelete = useRef(options.afterDelete);
  afterDelete.current = options.afterDelete;

  useEffect(() => {
    const pending = sent.current;
    if (fetcher.state !== "idle" || !pending) return;
    sent.current = null;
    const result = fetcher.data;
    const tr = trRef.current;
    const M = (name: Parameters<typeof orderMessage>[1]) => orderMessage(tr, name);
    if (result?.ok === true) {
      if (result.kind === "delete") {
        void Promise.resolve(afterDelete.current?.()).then(() =>
          notify({ icon: "success", title: M("deletedTitle"), text: M("deletedText") }),
        );
      } else {
        const text =
          result.kind === "return-received" ? M("returnReceivedText") : M("statusUpdatedText");
        notify({ icon: "success", title: M("statusUpdatedTitle"), text });
      }
      return;
    }
    const text = failureText(
      tr,
      pending.kind === "delete" ? "delete" : "status",
      result !== undefined,
      isActionFailure(result) ? result.message : undefined,
    );
    if (isActionFailure(result) && result.details?.canConfirm === true) {
      // The parcel is at a courier whose API cannot cancel it (decision 078): once the admin has
      // cancelled it in the courier's panel, the same cancel goes again with parcelCancelled.
      void (async () => {
        const ok = await confirm({
          icon: "warning",
          title: M("statusFailedTitle"),
          text,
          confirmText: parcelCancelledButton(tr, result.details?.courier),
          cancelText: tr.t("common.cancel"),
          destructive: true,
        });
        if (!ok) return;
        sent.current = pending;
        await fetcher.submit(
          orderChangeFormData({
            ...pending.fields,
            confirmed: true,
            script: true,
            parcelCancelled: true,
          }),
          { method: "post" },
        );
      })();
      return;
    }
    notify({
      icon: "error",
      title: M("statusFailedTitle"),
      // The service's reason (e.g. "The order was changed meanwhile: it is now Shipping").
      text: failureText(
        tr,
        pending.kind === "delete" ? "delete" : "status",
        result !== undefined,
        isActionFailure(result) ? result.message : undefined,
      ),
    });
    // A refused change reloads nothing by itself; someone else may have changed the order
    // meanwhile: show it as it is now.
    void revalidator.revalidate();
  }, [fetcher.state, fetcher.data, revalidator, fetcher.submit]);

  async function run(order: ActionTarget, action: OrderAction): Promise<void> {
    if (action.disabled || fetcher.state !== "idle") return;
    const fields = changeFieldsOf(order, action);
    if (!(await confirm(confirmTexts(tr, order.orderNumber, fields)))) return;
    sent.current = { id: order._id, kind: action.kind, fields };
    await fetcher.submit(orderChangeFormData({ ...fields, confirmed: true, script: true }), {
      method: "post",
    });
  }

  const busyId = fetcher.state !== "idle" ? (sent.current?.id ?? null) : null;
  return { run, busyId };
}
