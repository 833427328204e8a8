import { OrderInvoice } from "~/app/features/orders/order-invoice";
import { routeMessages } from "~/app/i18n/catalog.server";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import { invoicesForPrint } from "~/app/lib/print.server";
import { PRINT_STYLES } from "~/shared/print-styles";
import type { Route } from "./+types/print-invoices";

/** The selected orders' A4 invoices on one page (`?id=…&id=…`), one per printed page; admins. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdmin(request, context);
  const page = await invoicesForPrint(appOf(context), actor, new URL(request.url));
  return { ...page, messages: routeMessages(context, "dashPaper") };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches).t("dash.paper.invoices.title") },
    { name: "robots", content: "noindex" },
  ];
}

export default function PrintInvoicesRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-8 print:gap-0">
      <style>{PRINT_STYLES.invoices}</style>
      {/* As the labels page says it: an empty sheet would look like a printer fault. */}
      {loaderData.orders.length === 0 ? <p>{t("dash.paper.labels.none")}</p> : null}
      {loaderData.orders.map((order) => (
        <div key={order._id} className="break-after-page">
          <OrderInvoice order={order} shop={loaderData.shop} />
        </div>
      ))}
    </div>
  );
}
