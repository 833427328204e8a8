import { OrderInvoice } from "~/app/features/orders/order-invoice";
import { metaTranslator } from "~/app/i18n/use-i18n";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import { invoicesForPrint } from "~/app/lib/print.server";
import type { Route } from "./+types/print-invoices";

/** The selected orders' A4 invoices on one page (`?id=…&id=…`), one per printed page; admins. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdmin(request, context);
  return invoicesForPrint(appOf(context), actor, new URL(request.url));
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches).t("dash.paper.invoices.title") },
    { name: "robots", content: "noindex" },
  ];
}

export default function PrintInvoicesRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-8 print:gap-0">
      <style>{"@page { size: A4; }"}</style>
      {loaderData.orders.map((order) => (
        <div key={order._id} className="break-after-page">
          <OrderInvoice order={order} shop={loaderData.shop} />
        </div>
      ))}
    </div>
  );
}
