import { Form, Link, useActionData } from "react-router";
import { AREA_COURIERS } from "~/app/features/orders/courier-actions";
import { courierAreaAction } from "~/app/features/orders/courier-areas.server";
import { routeMessages } from "~/app/i18n/catalog.server";
import { courierName } from "~/app/i18n/courier-name";
import { paperText } from "~/app/i18n/dashboard/paper-text";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import { isActionFailure, issuesByField } from "~/app/lib/field-issues";
import { orPageError } from "~/app/lib/page-error.server";
import { listCourierAreas } from "~/server/services/courier-areas";
import type { Route } from "./+types/courier-areas";

/** Thana → courier area mappings (issue 23 item 5), per courier (`?courier=pathao|redx`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdmin(request, context);
  const ctx = appOf(context);
  const asked = new URL(request.url).searchParams.get("courier");
  const courier = AREA_COURIERS.find((c) => c === asked) ?? "pathao";
  const areas = await orPageError(listCourierAreas(ctx, actor, { courier }));
  return {
    courier,
    areas,
    configured: ctx.couriers.get(courier) !== undefined,
    messages: routeMessages(context, "dashPaper"),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return courierAreaAction(request, context);
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches).t("dash.paper.areas.title") },
    { name: "robots", content: "noindex" },
  ];
}

function FieldIssue({ message }: { message: string | undefined }) {
  const tr = useI18n();
  return message ? <span className="text-sm text-error">{paperText(tr, message)}</span> : null;
}

export default function CourierAreasRoute({ loaderData }: Route.ComponentProps) {
  const { courier, areas, configured } = loaderData;
  const result = useActionData<typeof action>();
  const failure = isActionFailure(result) ? result : undefined;
  const issues = failure ? issuesByField(failure.issues) : {};
  const tr = useI18n();
  const { t, digits } = tr;
  const label = courierName(t, courier);
  const done = result && "ok" in result && result.ok ? result.done : undefined;
  const id = (n: number | null) => (n === null ? "—" : digits(String(n)));
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("dash.paper.areas.heading")}</h1>
      <p className="text-sm text-base-content/70">{t("dash.paper.areas.intro")}</p>
      <nav aria-label={t("dash.paper.areas.couriers")} className="flex gap-2">
        {AREA_COURIERS.map((c) => (
          <Link
            key={c}
            to={`?courier=${c}`}
            className={`btn btn-sm ${c === courier ? "btn-primary" : "btn-outline"}`}
            aria-current={c === courier ? "page" : undefined}
          >
            {courierName(t, c)}
          </Link>
        ))}
      </nav>
      {!configured ? (
        <p className="text-sm">{t("dash.paper.areas.notConfigured", { courier: label })}</p>
      ) : null}
      {done ? (
        <p role="status" className="alert alert-success">
          {done.intent === "set"
            ? t("dash.paper.areas.saved", {
                courier: courierName(t, done.courier),
                thana: done.thana,
                district: done.district,
              })
            : t("dash.paper.areas.forgot", {
                courier: courierName(t, done.courier),
                thana: done.thana,
              })}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="alert alert-error">
          {paperText(tr, failure.message)}
        </p>
      ) : null}

      <Form
        method="post"
        className="flex flex-wrap items-end gap-3 rounded-box border border-base-300 p-4"
      >
        <h2 className="w-full text-lg font-semibold">
          {t("dash.paper.areas.set", { courier: label })}
        </h2>
        <input type="hidden" name="courier" value={courier} />
        <label className="flex flex-col gap-1">
          <span>{t("dash.paper.areas.district")}</span>
          <input name="district" required className="input input-bordered input-sm" />
        </label>
        <label className="flex flex-col gap-1">
          <span>{t("dash.paper.areas.thana")}</span>
          <input name="thana" required className="input input-bordered input-sm" />
          <FieldIssue message={issues.thana} />
        </label>
        {courier === "pathao" ? (
          <>
            <label className="flex flex-col gap-1">
              <span>{t("dash.paper.areas.cityId")}</span>
              <input
                name="cityId"
                inputMode="numeric"
                className="input input-bordered input-sm w-28"
              />
              <FieldIssue message={issues.cityId} />
            </label>
            <label className="flex flex-col gap-1">
              <span>{t("dash.paper.areas.zoneId")}</span>
              <input
                name="zoneId"
                inputMode="numeric"
                className="input input-bordered input-sm w-28"
              />
              <FieldIssue message={issues.zoneId} />
            </label>
          </>
        ) : null}
        <label className="flex flex-col gap-1">
          <span>
            {t(
              courier === "pathao" ? "dash.paper.areas.areaIdOptional" : "dash.paper.areas.areaId",
            )}
          </span>
          <input name="areaId" inputMode="numeric" className="input input-bordered input-sm w-28" />
          <FieldIssue message={issues.areaId} />
        </label>
        <label className="flex flex-col gap-1">
          <span>{t("dash.paper.areas.areaName")}</span>
          <input name="areaName" className="input input-bordered input-sm" />
          <FieldIssue message={issues.areaName} />
        </label>
        <button type="submit" name="intent" value="set" className="btn btn-sm btn-primary">
          {t("dash.paper.areas.save")}
        </button>
      </Form>

      {areas.length === 0 ? (
        <p className="rounded-box bg-base-200 p-8 text-center">
          {t("dash.paper.areas.empty", { courier: label })}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table table-sm">
            <caption className="sr-only">
              {t("dash.paper.areas.caption", { courier: label })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("dash.paper.areas.colDistrict")}</th>
                <th scope="col">{t("dash.paper.areas.colThana")}</th>
                <th scope="col">
                  {t(
                    courier === "pathao" ? "dash.paper.areas.colPathao" : "dash.paper.areas.areaId",
                  )}
                </th>
                <th scope="col">{t("dash.paper.areas.areaName")}</th>
                <th scope="col">{t("dash.paper.areas.colFrom")}</th>
                <th scope="col">{t("dash.paper.areas.colForget")}</th>
              </tr>
            </thead>
            <tbody>
              {areas.map((a) => (
                <tr key={`${a.district}-${a.thana}`}>
                  <td>{a.district}</td>
                  <td>{a.thana}</td>
                  <td>
                    {courier === "pathao"
                      ? `${id(a.cityId)} / ${id(a.zoneId)} / ${id(a.areaId)}`
                      : id(a.areaId)}
                  </td>
                  <td>{a.areaName ?? "—"}</td>
                  <td>
                    {t(
                      a.source === "admin"
                        ? "dash.paper.areas.byAdmin"
                        : "dash.paper.areas.lookedUp",
                    )}
                  </td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="courier" value={courier} />
                      <input type="hidden" name="district" value={a.district} />
                      <input type="hidden" name="thana" value={a.thana} />
                      <button
                        type="submit"
                        name="intent"
                        value="forget"
                        className="btn btn-xs btn-ghost"
                        aria-label={t("dash.paper.areas.forgetLabel", {
                          courier: label,
                          thana: a.thana,
                        })}
                      >
                        {t("dash.paper.areas.forget")}
                      </button>
                    </Form>
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
