import type { PartCatalog } from "./part";

/** The dashboard's texts: products, slides, stock, users and blocked numbers. Keys start with "dash.catalogue.". */
export const catalogueEn = {} as const;

export const catalogueBn: PartCatalog<typeof catalogueEn> = {};
