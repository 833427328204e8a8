import { Form, Link, useActionData } from "react-router";
import { AREA_COURIERS } from "~/app/features/orders/courier-actions";
import { courierAreaAction } from "~/app/features/orders/courier-areas.server";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import { isActionFailure, issuesByField } from "~/app/lib/field-issues";
import { orPageError } from "~/app/lib/page-error.server";
import { COURIER_LABELS } from "~/core/courier";
import { listCourierAreas } from "~/server/services/courier-areas";
import type { Route } from "./+types/courier-areas";

/** Thana → courier area mappings (issue 23 item 5), per courier (`?courier=pathao|redx`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdmin(request, context);
  const ctx = appOf(context);
  const asked = new URL(request.url).searchParams.get("courier");
  const courier = AREA_COURIERS.find((c) => c === asked) ?? "pathao";
  const areas = await orPageError(listCourierAreas(ctx, actor, { courier }));
  return { courier, areas, configured: ctx.couriers.get(courier) !== undefined };
}

export function action({ request, context }: Route.ActionArgs) {
  return courierAreaAction(request, context);
}

export function meta() {
  return [{ title: "Courier areas | Dashboard" }, { name: "robots", content: "noindex" }];
}

function FieldIssue({ message }: { message: string | undefined }) {
  return message ? <span className="text-sm text-error">{message}</span> : null;
}

export default function CourierAreasRoute({ loaderData }: Route.ComponentProps) {
  const { courier, areas, configured } = loaderData;
  const result = useActionData<typeof action>();
  const failure = isActionFailure(result) ? result : undefined;
  const issues = failure ? issuesByField(failure.issues) : {};
  const label = COURIER_LABELS[courier];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">Courier areas</h1>
      <p className="text-sm text-base-content/70">
        Where each thana is in a courier's own list of places. Bookings look a thana up by name and
        keep it here; set one by hand when the look-up finds none or the wrong one.
      </p>
      <nav aria-label="Couriers" className="flex gap-2">
        {AREA_COURIERS.map((c) => (
          <Link
            key={c}
            to={`?courier=${c}`}
            className={`btn btn-sm ${c === courier ? "btn-primary" : "btn-outline"}`}
            aria-current={c === courier ? "page" : undefined}
          >
            {COURIER_LABELS[c]}
          </Link>
        ))}
      </nav>
      {!configured ? (
        <p className="text-sm">
          {label} is not configured on this shop (environment variables); its stored areas are kept.
        </p>
      ) : null}
      {result && "ok" in result && result.ok ? (
        <p role="status" className="alert alert-success">
          {result.message}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="alert alert-error">
          {failure.message}
        </p>
      ) : null}

      <Form
        method="post"
        className="flex flex-wrap items-end gap-3 rounded-box border border-base-300 p-4"
      >
        <h2 className="w-full text-lg font-semibold">Set the {label} area of a thana</h2>
        <input type="hidden" name="courier" value={courier} />
        <label className="flex flex-col gap-1">
          <span>District (Bengali)</span>
          <input name="district" required className="input input-bordered input-sm" />
        </label>
        <label className="flex flex-col gap-1">
          <span>Thana (Bengali)</span>
          <input name="thana" required className="input input-bordered input-sm" />
          <FieldIssue message={issues.thana} />
        </label>
        {courier === "pathao" ? (
          <>
            <label className="flex flex-col gap-1">
              <span>City id</span>
              <input
                name="cityId"
                inputMode="numeric"
                className="input input-bordered input-sm w-28"
              />
              <FieldIssue message={issues.cityId} />
            </label>
            <label className="flex flex-col gap-1">
              <span>Zone id</span>
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
          <span>{courier === "pathao" ? "Area id (optional)" : "Area id"}</span>
          <input name="areaId" inputMode="numeric" className="input input-bordered input-sm w-28" />
          <FieldIssue message={issues.areaId} />
        </label>
        <label className="flex flex-col gap-1">
          <span>Area name</span>
          <input name="areaName" className="input input-bordered input-sm" />
          <FieldIssue message={issues.areaName} />
        </label>
        <button type="submit" name="intent" value="set" className="btn btn-sm btn-primary">
          Save
        </button>
      </Form>

      {areas.length === 0 ? (
        <p className="rounded-box bg-base-200 p-8 text-center">No {label} areas stored yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table table-sm">
            <caption className="sr-only">{label} areas</caption>
            <thead>
              <tr>
                <th scope="col">District</th>
                <th scope="col">Thana</th>
                <th scope="col">{courier === "pathao" ? "City / zone / area" : "Area id"}</th>
                <th scope="col">Area name</th>
                <th scope="col">From</th>
                <th scope="col">Forget</th>
              </tr>
            </thead>
            <tbody>
              {areas.map((a) => (
                <tr key={`${a.district}-${a.thana}`}>
                  <td>{a.district}</td>
                  <td>{a.thana}</td>
                  <td>
                    {courier === "pathao"
                      ? `${a.cityId ?? "—"} / ${a.zoneId ?? "—"} / ${a.areaId ?? "—"}`
                      : (a.areaId ?? "—")}
                  </td>
                  <td>{a.areaName ?? "—"}</td>
                  <td>{a.source === "admin" ? "Set by an admin" : "Looked up"}</td>
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
                        aria-label={`Forget the ${label} area of ${a.thana}`}
                      >
                        Forget
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
