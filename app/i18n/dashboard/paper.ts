import type { PartCatalog } from "./part";

/** The dashboard's texts: invoices, shipping labels, print pages, SMS and e-mail templates, failed bookings, courier areas. Keys start with "dash.paper.". */
export const paperEn = {} as const;

export const paperBn: PartCatalog<typeof paperEn> = {};
