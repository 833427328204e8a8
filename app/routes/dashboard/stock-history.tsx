import { adjustStockAction, loadStockHistory } from "~/app/features/admin-catalogue/stock.server";
import { StockHistory } from "~/app/features/admin-catalogue/stock-history";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import type { Route } from "./+types/stock-history";

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadStockHistory(appOf(context), requireAdmin(request, context), params.id, request);
}

/** "Change stock": the same service as POST /api/products/{id}/stock. */
export function action({ request, params, context }: Route.ActionArgs) {
  return adjustStockAction(appOf(context), requireAdmin(request, context), params.id, request);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Stock of ${loaderData.product.name}` : "Stock history" },
    { name: "robots", content: "noindex" },
  ];
}

export default function StockHistoryRoute({ loaderData }: Route.ComponentProps) {
  return <StockHistory {...loaderData} />;
}
