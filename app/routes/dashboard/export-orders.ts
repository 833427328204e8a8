import { data } from "react-router";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import { orderCsvStream } from "~/app/lib/order-export.server";
import { orPageError, refusalInit } from "~/app/lib/page-error.server";
import { parseOrderExportQuery } from "~/core/order-export";
import type { Route } from "./+types/export-orders";

/**
 * GET /dashboard/export/orders.csv?status=&from=&to=&courier= (admins): the orders as a CSV file
 * a spreadsheet opens with Bengali intact.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdmin(request, context);
  const parsed = parseOrderExportQuery(new URL(request.url).searchParams);
  if (!parsed.ok) {
    throw data(
      { message: parsed.issues.map((i) => `${i.path}: ${i.message}`).join("; ") },
      refusalInit(400),
    );
  }
  const body = await orPageError(orderCsvStream(appOf(context), actor, parsed.query));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="orders-${day}.csv"`,
      "cache-control": "private, no-store",
    },
  });
}
