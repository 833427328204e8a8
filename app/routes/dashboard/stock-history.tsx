import { adjustStockAction, loadStockHistory } from "~/app/features/admin-catalogue/stock.server";
import { StockHistory } from "~/app/features/admin-catalogue/stock-history";
import { routeMessages } from "~/app/i18n/catalog.server";
import { metaTranslator } from "~/app/i18n/use-i18n";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import type { Route } from "./+types/stock-history";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = requireAdmin(request, context);
  const page = await loadStockHistory(appOf(context), actor, params.id, request);
  return { ...page, messages: routeMessages(context, "dashStock") };
}

/** "Change stock": the same service as POST /api/products/{id}/stock. */
export function action({ request, params, context }: Route.ActionArgs) {
  return adjustStockAction(appOf(context), requireAdmin(request, context), params.id, request);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { t } = metaTranslator(matches);
  return [
    {
      title: loaderData
        ? t("dash.catalogue.stock.title", { name: loaderData.product.name })
        : t("dash.catalogue.stockHistory"),
    },
    { name: "robots", content: "noindex" },
  ];
}

export default function StockHistoryRoute({ loaderData }: Route.ComponentProps) {
  return <StockHistory {...loaderData} />;
}
