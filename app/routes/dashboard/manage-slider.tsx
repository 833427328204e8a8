import { Link } from "react-router";
import { deleteFromTable, loadSlides } from "~/app/features/admin-catalogue/catalogue.server";
import { EditAndDelete } from "~/app/features/admin-catalogue/row-actions";
import { useDeleteAction } from "~/app/features/admin-catalogue/use-delete-action";
import { useRevalidateOnFocus } from "~/app/features/catalogue/use-revalidate-on-focus";
import { routeMessages } from "~/app/i18n/catalog.server";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import { mediaUrlForWidth } from "~/core/media";
import type { Route } from "./+types/manage-slider";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return {
    slides: await loadSlides(appOf(context)),
    messages: routeMessages(context, "dashSlider"),
  };
}

/** The table's Delete (`intent=delete`): the same service as DELETE /api/deleteSlider/{id}. */
export function action({ request, context }: Route.ActionArgs) {
  return deleteFromTable(appOf(context), requireAdmin(request, context), request, "slide");
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches).t("dash.catalogue.manageSlider") },
    { name: "robots", content: "noindex" },
  ];
}

export default function ManageSlider({ loaderData }: Route.ComponentProps) {
  const { slides } = loaderData;
  useRevalidateOnFocus();
  const { lang, t, count } = useI18n();
  const deletion = useDeleteAction({
    deleted: t("dash.catalogue.slider.deleted"),
    failed: t("dash.catalogue.slider.deleteFailed"),
  });

  async function remove(id: string, number: number) {
    // After the action the loader has run again: the table shows the slides as they are now.
    if ((await deletion.remove(id)) === null) return;
    document.querySelector<HTMLElement>(`#slide-row-${number - 1} button, h1`)?.focus();
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl" tabIndex={-1}>
          {t("dash.catalogue.manageSlider")}
        </h1>
        <Link to="/dashboard/manageSlide/addSlide" className="btn btn-primary">
          {t("dash.catalogue.addSlide")}
        </Link>
      </div>
      {slides.length === 0 ? (
        <p className="rounded-box bg-base-200 p-8 text-center">
          {t("dash.catalogue.slider.empty")}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table">
            <caption className="sr-only">{t("dash.catalogue.slider.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("dash.catalogue.slider.col.number")}</th>
                <th scope="col">{t("dash.catalogue.slider.col.image")}</th>
                <th scope="col">{t("dash.catalogue.slider.col.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {slides.map((slide, i) => (
                <tr key={slide._id} id={`slide-row-${i + 1}`}>
                  <th scope="row">{count(i + 1)}</th>
                  <td>
                    <img
                      src={mediaUrlForWidth(slide.image, 240, 900)}
                      alt={
                        (lang === "bn" && slide.titleBn) ||
                        slide.title ||
                        t("dash.catalogue.slider.slide", { n: count(i + 1) })
                      }
                      width={160}
                      height={80}
                      loading="lazy"
                      className="h-20 w-40 rounded object-cover"
                    />
                  </td>
                  <td>
                    <EditAndDelete
                      editTo={`/dashboard/manageSlider/updateSlider/${encodeURIComponent(slide._id)}`}
                      editLabel={t("dash.catalogue.slider.editOf", { n: count(i + 1) })}
                      deleteLabel={t("dash.catalogue.slider.deleteOf", { n: count(i + 1) })}
                      onDelete={() => remove(slide._id, i + 1)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
