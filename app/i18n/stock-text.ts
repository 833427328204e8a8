import type { Availability } from "~/core/stock";
import type { Translator } from "./translator";

/** "In stock", "Only N left", "Out of stock" (core/stock.ts availabilityLabel) in the page's language. */
export function availabilityText(a: Availability, tr: Pick<Translator, "t" | "count">): string {
  switch (a.kind) {
    case "in_stock":
      return tr.t("stock.in");
    case "few_left":
      return tr.t("stock.few", { count: tr.count(a.left) });
    case "out_of_stock":
      return tr.t("stock.out");
  }
}
