import {
  deleteFromTable,
  loadAdminProducts,
} from "~/app/features/admin-catalogue/catalogue.server";
import { ProductsTable } from "~/app/features/admin-catalogue/products-table";
import { useRevalidateOnFocus } from "~/app/features/catalogue/use-revalidate-on-focus";
import { routeMessages } from "~/app/i18n/catalog.server";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import type { Route } from "./+types/all-products";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const page = await loadAdminProducts(appOf(context), request);
  return { ...page, messages: routeMessages(context, "dashProducts") };
}

/** The table's Delete (`intent=delete`): the same service as DELETE /api/deleteProduct/{id}. */
export function action({ request, context }: Route.ActionArgs) {
  return deleteFromTable(appOf(context), requireAdmin(request, context), request, "product");
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches).t("dash.catalogue.allProducts") },
    { name: "robots", content: "noindex" },
  ];
}

export default function AllProducts({ loaderData }: Route.ComponentProps) {
  useRevalidateOnFocus();
  const { t } = useI18n();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("dash.catalogue.allProducts")}</h1>
      {/* A new search starts a new list. */}
      <ProductsTable key={loaderData.q} page={loaderData} />
    </div>
  );
}
