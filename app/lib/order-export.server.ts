import type { Actor } from "~/core/actor";
import { COURIER_LABELS } from "~/core/courier";
import { CSV_BOM, csvLine } from "~/core/csv";
import { formatOrderDate, formatOrderTime } from "~/core/dates";
import type { OrderExportQuery } from "~/core/order-export";
import type { AppContext } from "~/server/app-context";
import { exportOrders, type OrderExportRow } from "~/server/services/order-bulk";

const HEADER = [
  "Order number",
  "Order ID",
  "Date",
  "Time",
  "Status",
  "Customer name",
  "Phone",
  "Email",
  "District",
  "Thana",
  "Address",
  "Delivery area",
  "Payment",
  "Items",
  "Sub total",
  "Delivery charge",
  "Total",
  "Courier",
  "Booking",
  "Consignment ID",
  "Tracking code",
  "Courier status",
  "Courier charge",
] as const;

function line({ order: o, courier: c, items }: OrderExportRow): string {
  return csvLine([
    o.orderNumber,
    o.id,
    formatOrderDate(o.placedAt),
    formatOrderTime(o.placedAt),
    o.status,
    o.customerName,
    o.mobileNumber,
    o.customerEmail,
    o.district,
    o.thana,
    o.address,
    o.deliveryArea,
    o.paymentSystem,
    items,
    o.subTotal,
    o.deliveryCharge,
    o.total,
    c ? COURIER_LABELS[c.courier] : "",
    c?.state,
    c?.consignmentId,
    c?.trackingCode,
    c?.courierStatus,
    c?.charge,
  ]);
}

/**
 * The orders as a CSV stream (UTF-8 with BOM, CRLF, RFC 4180): the first batch is read before
 * the answer starts, so a refusal is still an error page and not half a file.
 */
export async function orderCsvStream(
  ctx: AppContext,
  actor: Actor,
  query: OrderExportQuery,
): Promise<ReadableStream<Uint8Array>> {
  const batches = exportOrders(ctx.db, actor, query);
  const first = await batches.next();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLine(HEADER)));
      if (!first.done) controller.enqueue(encoder.encode(first.value.map(line).join("")));
      if (first.done) controller.close();
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map(line).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
