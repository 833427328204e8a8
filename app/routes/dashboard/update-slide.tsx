import { Link } from "react-router";
import { loadSlideForEdit, saveSlide } from "~/app/features/admin-catalogue/catalogue.server";
import { SlideForm } from "~/app/features/admin-catalogue/slide-form";
import { routeMessages } from "~/app/i18n/catalog.server";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import type { Route } from "./+types/update-slide";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return {
    slide: await loadSlideForEdit(appOf(context), params.id),
    messages: routeMessages(context, "dashSlideForm"),
  };
}

/** The form's save: the same service as PUT /api/updateSlider/{id}. */
export function action({ request, params, context }: Route.ActionArgs) {
  return saveSlide(appOf(context), requireAdmin(request, context), request, params.id);
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches).t("dash.catalogue.updateSlide") },
    { name: "robots", content: "noindex" },
  ];
}

export default function UpdateSlide({ loaderData }: Route.ComponentProps) {
  const { slide } = loaderData;
  const { t } = useI18n();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <Link to="/dashboard/manageSlider" className="link text-sm">
        {t("dash.catalogue.backToSlider")}
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("dash.catalogue.updateSlide")}</h1>
      <SlideForm key={slide._id} mode="update" slide={slide} />
    </div>
  );
}
