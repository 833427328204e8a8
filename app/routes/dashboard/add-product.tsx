import { Link } from "react-router";
import { saveProduct } from "~/app/features/admin-catalogue/catalogue.server";
import { ProductForm } from "~/app/features/admin-catalogue/product-form";
import { routeMessages } from "~/app/i18n/catalog.server";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import type { Route } from "./+types/add-product";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { messages: routeMessages(context, "dashProductForm") };
}

/** The form's save: the same service as POST /api/postProduct. */
export function action({ request, context }: Route.ActionArgs) {
  return saveProduct(appOf(context), requireAdmin(request, context), request);
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches).t("dash.catalogue.addProduct") },
    { name: "robots", content: "noindex" },
  ];
}

export default function AddProduct() {
  const { t } = useI18n();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <Link to="/dashboard/allProducts" className="link text-sm">
        {t("dash.catalogue.backToProducts")}
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("dash.catalogue.addProduct")}</h1>
      <ProductForm mode="add" />
    </div>
  );
}
