import type { PartCatalog } from "./part";

/** The dashboard's texts: the dashboard's frame: sidebar, menus, home, messages, its 404 and error page. Keys start with "dash.layout.". */
export const layoutEn = {} as const;

export const layoutBn: PartCatalog<typeof layoutEn> = {};
