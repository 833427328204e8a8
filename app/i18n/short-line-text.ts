import { colorName } from "./catalogue-names";
import type { Translator } from "./translator";

/*
 * One short line of a refusal for stock (core/stock.ts shortLineText: "Name (M / White) is out
 * of stock", "Name: only 2 left, you asked for 3") in the page's language: the product's name
 * stays as the shop wrote it, the colour and the rest are the page's. The checkout's field issues
 * (issues.ts) and the dashboard's order refusals (order-text.ts) show it alike.
 */

type Tr = Pick<Translator, "t" | "count">;

/** "Name (M / White)" with the colour in the page's language; "This product" translated. */
function productText(tr: Pick<Translator, "t">, what: string): string {
  const found = /^(.*) \(([^()]*)\)$/.exec(what);
  const name = found ? (found[1] ?? "") : what;
  const shown = name === "This product" ? tr.t("issue.line.thisProduct") : name;
  if (!found) return shown;
  const choice = (found[2] ?? "").split(" / ").map((part) => colorName(tr.t, part));
  return `${shown} (${choice.join(" / ")})`;
}

/** The line in the page's language, or undefined for another text. */
export function shortLineText(tr: Tr, line: string): string | undefined {
  const soldOut = /^(.+) is out of stock$/.exec(line);
  if (soldOut) return tr.t("issue.line.soldOut", { product: productText(tr, soldOut[1] ?? "") });
  const short = /^(.+): only (\d+) left, you asked for (\d+)$/.exec(line);
  if (!short) return undefined;
  return tr.t("issue.line.short", {
    product: productText(tr, short[1] ?? ""),
    left: tr.count(Number(short[2])),
    asked: tr.count(Number(short[3])),
  });
}
