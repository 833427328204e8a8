import type { Actor } from "~/core/actor";
import type { CourierName } from "~/core/courier";
import type { AppContext } from "~/server/app-context";
import { ordersForPrint } from "~/server/services/order-bulk";
import { orPageError } from "./page-error.server";
import { shopInfo } from "./shop.server";

/** Everything a shipping label shows (issue 23 item 7). */
export type ShippingLabel = {
  id: string;
  orderNumber: number;
  shopName: string;
  shopPhone: string;
  name: string;
  phone: string;
  address: string;
  district: string;
  thana: string;
  cod: number;
  courier: CourierName | null;
  trackingCode: string | null;
  /** Code 128 of the order number, as SVG markup made here (digits only, nothing from input). */
  barcodeSvg: string;
};

/**
 * The order number as a Code 128 barcode (bwip-js, decision 058). bwip-js is loaded by the first
 * labels printed, not when the server starts: its few megabytes of encoders would otherwise be
 * held by every server from its start (decision 068).
 */
export async function orderBarcodeSvg(orderNumber: number): Promise<string> {
  const { default: bwipjs } = await import("bwip-js/node");
  return bwipjs.toSVG({
    bcid: "code128",
    text: String(orderNumber),
    height: 12,
    scale: 2,
    includetext: false,
  });
}

/** The `id` values of a print request (the bulk form's checkboxes). */
export function selectedIds(url: URL): string[] {
  return url.searchParams.getAll("id");
}

export async function invoicesForPrint(ctx: AppContext, actor: Actor, url: URL) {
  const orders = await orPageError(ordersForPrint(ctx, actor, selectedIds(url)));
  const shop = shopInfo(ctx);
  return {
    orders,
    shop: { name: shop.name, address: shop.address, phone: shop.phone, email: shop.email },
  };
}

export async function labelsForPrint(
  ctx: AppContext,
  actor: Actor,
  url: URL,
): Promise<ShippingLabel[]> {
  const orders = await orPageError(ordersForPrint(ctx, actor, selectedIds(url)));
  const shop = shopInfo(ctx);
  return Promise.all(
    orders.map(async (o) => ({
      id: o._id,
      orderNumber: o.orderNumber,
      shopName: shop.name,
      shopPhone: shop.phone,
      name: o.customerData.name,
      phone: o.customerData.mobileNumber,
      address: o.customerData.address,
      district: o.customerData.district,
      thana: o.customerData.thana,
      // Cash on delivery collects the order's total (as the courier booking sends it).
      cod: o.total,
      courier: o.courier?.name ?? null,
      trackingCode: o.courier?.trackingCode ?? o.courier?.consignmentId ?? null,
      barcodeSvg: await orderBarcodeSvg(o.orderNumber),
    })),
  );
}
