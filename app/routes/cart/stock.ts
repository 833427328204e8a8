import { appOf } from "~/app/lib/context.server";
import { shopStockOf } from "~/server/services/shop-stock";
import type { Route } from "./+types/stock";

/**
 * The cart's and checkout's stock read (a fetcher, `?product=ID` repeated): pieces on hand per
 * variant of each product, `null` for one not tracked. The cart lives in the browser, so its
 * pages ask for this once they know their lines.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ids = new URL(request.url).searchParams.getAll("product").filter(Boolean);
  return { stock: await shopStockOf(appOf(context), ids) };
}
