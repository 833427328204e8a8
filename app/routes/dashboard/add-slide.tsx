import { Link } from "react-router";
import { saveSlide } from "~/app/features/admin-catalogue/catalogue.server";
import { SlideForm } from "~/app/features/admin-catalogue/slide-form";
import { routeMessages } from "~/app/i18n/catalog.server";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import type { Route } from "./+types/add-slide";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { messages: routeMessages(context, "dashSlideForm") };
}

/** The form's save: the same service as POST /api/postSlider. */
export function action({ request, context }: Route.ActionArgs) {
  return saveSlide(appOf(context), requireAdmin(request, context), request);
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches).t("dash.catalogue.addSlide") },
    { name: "robots", content: "noindex" },
  ];
}

export default function AddSlide() {
  const { t } = useI18n();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <Link to="/dashboard/manageSlider" className="link text-sm">
        {t("dash.catalogue.backToSlider")}
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("dash.catalogue.addSlide")}</h1>
      <SlideForm mode="add" />
    </div>
  );
}
