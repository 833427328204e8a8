import { redirect } from "react-router";
import type { AppContext } from "~/server/app-context";
import { shopStockOf } from "~/server/services/shop-stock";
import { productPath } from "../catalogue/paths";
import { itemsFromFields } from "./checkout-form";
import { leftOf } from "./line-stock";

/**
 * Order Now without scripts (a checkout URL naming its items): a line asking for more than is
 * left goes back to its product page with the choice, at most what is left, and `short=1`, so the
 * page says why. The order itself is still checked when it is placed.
 */
export async function refuseShortOrderNow(ctx: AppContext, url: URL): Promise<void> {
  const items = itemsFromFields(url.searchParams);
  if (items.length === 0) return;
  const stock = await shopStockOf(
    ctx,
    items.map((i) => i.id),
  );
  for (const line of items) {
    const left = leftOf(stock, line);
    if (left === null || line.quantity <= left) continue;
    const back = new URLSearchParams({
      size: line.size,
      color: line.color,
      quantity: String(Math.max(1, left)),
      short: "1",
    });
    throw redirect(`${productPath(line.id)}?${back}`);
  }
}
