import { Link } from "react-router";
import { loadProductForEdit, saveProduct } from "~/app/features/admin-catalogue/catalogue.server";
import { ProductForm } from "~/app/features/admin-catalogue/product-form";
import { stockHistoryPath } from "~/app/features/admin-catalogue/stock-paths";
import { routeMessages } from "~/app/i18n/catalog.server";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import type { Route } from "./+types/update-product";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return {
    product: await loadProductForEdit(appOf(context), params.id),
    messages: routeMessages(context, "dashProductForm"),
  };
}

/** The form's save: the same service as PATCH /api/updateProduct/{id}. */
export function action({ request, params, context }: Route.ActionArgs) {
  return saveProduct(appOf(context), requireAdmin(request, context), request, params.id);
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches).t("dash.catalogue.updateProduct") },
    { name: "robots", content: "noindex" },
  ];
}

export default function UpdateProduct({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const { t } = useI18n();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <p className="flex flex-wrap gap-4 text-sm">
        <Link to="/dashboard/allProducts" className="link">
          {t("dash.catalogue.backToProducts")}
        </Link>
        <Link to={stockHistoryPath(product._id)} className="link">
          {t("dash.catalogue.stockHistory")}
        </Link>
      </p>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("dash.catalogue.updateProduct")}</h1>
      {/* A different product is a fresh form. */}
      <ProductForm key={product._id} mode="update" product={product} />
    </div>
  );
}
