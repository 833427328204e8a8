import { isLabelSize, ShippingLabels } from "~/app/features/print/shipping-labels";
import { routeMessages } from "~/app/i18n/catalog.server";
import { metaTranslator } from "~/app/i18n/use-i18n";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import { labelsForPrint } from "~/app/lib/print.server";
import type { Route } from "./+types/print-labels";

/** Shipping labels of the selected orders (`?id=…&id=…&size=a4|4x6`), admins. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdmin(request, context);
  const url = new URL(request.url);
  const size = url.searchParams.get("size");
  const labels = await labelsForPrint(appOf(context), actor, url);
  return {
    labels,
    size: isLabelSize(size) ? size : ("a4" as const),
    messages: routeMessages(context, "dashPaper"),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches).t("dash.paper.labels.title") },
    { name: "robots", content: "noindex" },
  ];
}

export default function PrintLabelsRoute({ loaderData }: Route.ComponentProps) {
  return <ShippingLabels labels={loaderData.labels} size={loaderData.size} />;
}
