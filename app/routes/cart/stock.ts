import { appOf } from "~/app/lib/context.server";
import { cartProductsOf } from "~/server/services/shop-stock";
import type { Route } from "./+types/stock";

/**
 * The cart's and checkout's read of their lines' products (a fetcher, `?product=ID` repeated):
 * pieces on hand per variant of each product (`null` for one not tracked) and its price now.
 * The cart lives in the browser, so its pages ask for this once they know their lines.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ids = new URL(request.url).searchParams.getAll("product").filter(Boolean);
  return cartProductsOf(appOf(context), ids);
}
