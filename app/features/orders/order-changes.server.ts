import { type RouterContextProvider, redirect } from "react-router";
import { appOf, requireUser } from "~/app/lib/context.server";
import { pageError } from "~/app/lib/page-error.server";
import { isOrderStatus } from "~/core/order-status";
import { AppError } from "~/server/errors";
import {
  changeOrderStatus,
  deleteOrder,
  markReturnReceived,
} from "~/server/services/order-changes";
import type { OrderChangeFields, OrderChangeResult } from "./order-change-form";
import { orderListFor, orderListPath } from "./paths";

function fieldsOf(form: FormData): OrderChangeFields {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const id = text("id");
  const from = text("from");
  const to = text("to");
  const orderNumber = Number(text("orderNumber"));
  if (
    (intent !== "status" && intent !== "delete" && intent !== "return-received") ||
    !id ||
    !isOrderStatus(from) ||
    (intent === "status" && !isOrderStatus(to))
  ) {
    throw new AppError(
      "invalid",
      "This order change is not complete; reload the page and try again",
    );
  }
  return {
    intent,
    id,
    orderNumber: Number.isSafeInteger(orderNumber) ? orderNumber : 0,
    from,
    ...(intent === "status" && isOrderStatus(to) ? { to } : {}),
    confirmed: text("confirmed") === "yes",
    ...(text("parcelCancelled") === "yes" ? { parcelCancelled: true } : {}),
    script: text("script") === "yes",
  };
}

/**
 * The order pages' action (lists and overview): one call into the same services the JSON API
 * calls (PUT /api/orderStatus, DELETE /api/deleteOrder), so page and API cannot disagree. The
 * services decide what the signed-in person may do (404 for someone else's order, 409 for a
 * change their role may not make or an order that moved on since they saw it, 403 for a
 * customer's delete). A post without `confirmed` changes nothing and asks first.
 *
 * `leavesPage`: the page shows this one order (the overview), so after a plain form post (no
 * script) deleting it, the browser goes to the list the order was on instead of a 404.
 */
export async function orderChangeAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  options: { leavesPage?: boolean } = {},
) {
  const actor = requireUser(request, context);
  let intent: OrderChangeFields["intent"] = "status";
  let change: OrderChangeFields | undefined;
  try {
    change = fieldsOf(await request.formData());
    intent = change.intent;
    if (!change.confirmed) return { ok: "confirm", change } satisfies OrderChangeResult;
    const { db, config, catalogueEvents, couriers } = appOf(context);
    if (change.intent === "return-received") {
      await markReturnReceived(db, actor, change.id, { catalogueEvents });
      return { ok: true, kind: "return-received", id: change.id } satisfies OrderChangeResult;
    }
    if (change.intent === "delete") {
      await deleteOrder(db, actor, change.id);
      if (options.leavesPage && !change.script) {
        return redirect(orderListPath(orderListFor(change.from, "admin")));
      }
      return { ok: true, kind: "delete", id: change.id } satisfies OrderChangeResult;
    }
    const changed = await changeOrderStatus(db, actor, change.id, change.to ?? change.from, {
      from: change.from,
      returnDays: config.RETURN_DAYS,
      catalogueEvents,
      couriers,
      parcelCancelled: change.parcelCancelled,
    });
    return { ok: true, kind: "status", id: change.id, to: changed.to } satisfies OrderChangeResult;
  } catch (err) {
    // The page's failure text says which kind of change failed (spec §8).
    return pageError(
      err instanceof AppError
        ? new AppError(err.code, err.message, err.issues, {
            ...err.details,
            intent,
            ...(err.code === "parcel_booked" && change
              ? { id: change.id, orderNumber: change.orderNumber }
              : {}),
          })
        : err,
    );
  }
}
