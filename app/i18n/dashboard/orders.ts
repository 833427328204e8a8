import type { PartCatalog } from "./part";

/** The dashboard's texts: order lists, an order's overview, confirmation, courier, bulk actions and the customer's orders. Keys start with "dash.orders.". */
export const ordersEn = {} as const;

export const ordersBn: PartCatalog<typeof ordersEn> = {};
