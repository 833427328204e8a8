import { pageError } from "~/app/lib/page-error.server";
import type { Actor } from "~/core/actor";
import type { AppContext } from "~/server/app-context";
import { AppError } from "~/server/errors";
import { openStaffAlerts, resolveStaffAlert } from "~/server/services/staff-alerts";

/** The dashboard home's courier alerts (admins; decision 078): the service `GET /api/alerts` calls. */
export function loadStaffAlerts(app: Pick<AppContext, "db">, actor: Actor) {
  return actor.role === "admin" ? openStaffAlerts(app.db, actor, { limit: 20 }) : null;
}

/** "Mark handled": the service `POST /api/alerts/{id}/resolve` calls. */
export async function resolveAlertAction(
  app: Pick<AppContext, "db">,
  actor: Actor,
  form: FormData,
) {
  try {
    const id = form.get("id");
    if (typeof id !== "string" || !id) throw AppError.notFound("Alert");
    await resolveStaffAlert(app.db, actor, id);
    return { ok: true as const, resolved: id };
  } catch (err) {
    return pageError(err);
  }
}
