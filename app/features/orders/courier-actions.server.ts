import { data, type RouterContextProvider } from "react-router";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import { COURIER_LABELS, type CourierName, isCourierName } from "~/core/courier";
import { AppError } from "~/server/errors";
import { courierAreaOptions, setCourierArea } from "~/server/services/courier-areas";
import { requestCourierBooking, retryCourierBooking } from "~/server/services/courier-booking";
import { bookOrders, confirmOrders } from "~/server/services/order-bulk";
import {
  type AreaQuestion,
  type CourierActionResult,
  type CourierIntent,
  isCourierIntent,
  needsAreas,
} from "./courier-actions";
import { englishPlaceNames } from "./place-names.server";

type Context = Readonly<RouterContextProvider>;

/** True when a posted form is one of the booking or bulk forms (peeks without using the body). */
export async function isCourierForm(request: Request): Promise<boolean> {
  if (request.method !== "POST") return false;
  const form = await request.clone().formData();
  return isCourierIntent(intentOf(form));
}

/** The bulk form's "Book with …" buttons carry the courier (`bulkCourier`), not an intent. */
function intentOf(form: FormData): unknown {
  return form.has("bulkCourier") ? "bulk-book" : form.get("intent");
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

function courierOf(form: FormData): CourierName {
  const courier = text(form, "courier");
  if (!isCourierName(courier)) {
    throw new AppError("invalid", "Choose a courier", [
      { path: "courier", message: "Choose a courier" },
    ]);
  }
  return courier;
}

function positive(value: string): number | undefined {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** "id|name" from the area picker. */
function choiceOf(form: FormData): { id: number; name: string } | undefined {
  const [id, ...name] = text(form, "choice").split("|");
  const n = positive(id ?? "");
  return n ? { id: n, name: name.join("|") } : undefined;
}

/** The thana's area question at its next step, with the courier's choices for it. */
async function areaQuestion(
  request: Request,
  context: Context,
  asked: Omit<AreaQuestion, "step" | "options" | "english">,
): Promise<AreaQuestion> {
  const actor = requireAdmin(request, context);
  const base = { ...asked, english: englishPlaceNames(asked.district, asked.thana) };
  // Pathao looks places up in three levels (city → zone → area), RedX in one (the district's).
  const step: AreaQuestion["step"] =
    base.courier === "redx" || base.zoneId ? "area" : base.cityId ? "zone" : "city";
  try {
    const options = await courierAreaOptions(appOf(context), actor, {
      courier: base.courier,
      district: base.district,
      cityId: step === "zone" ? base.cityId : undefined,
      zoneId: step === "area" ? base.zoneId : undefined,
    });
    return { ...base, step, options };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { ...base, step, options: [], problem: err.message };
  }
}

/**
 * Books the order with `courier` (`again`: retries its failed booking with that courier). A
 * thana without the courier's area answers with the picker's first step instead.
 */
async function book(
  request: Request,
  context: Context,
  orderId: string,
  courier: CourierName,
  again = false,
) {
  const ctx = appOf(context);
  const actor = requireAdmin(request, context);
  try {
    if (again) await retryCourierBooking(ctx, actor, orderId, { courier });
    else await requestCourierBooking(ctx, actor, orderId, courier);
  } catch (err) {
    if (err instanceof AppError && err.details?.needs === "courier_area") {
      const area = await areaQuestion(request, context, {
        orderId,
        courier,
        district: String(err.details.district ?? ""),
        thana: String(err.details.thana ?? ""),
        ...(again ? { again } : {}),
      });
      return failure(err, { area, orderId });
    }
    throw err;
  }
  return {
    ok: true,
    kind: "courier",
    message: again
      ? "Booking queued again"
      : `Booking with ${COURIER_LABELS[courier]} queued; the courier's answer shows here in a moment`,
  } satisfies CourierActionResult;
}

/**
 * "Choose the area again" on a booking the courier refused (a wrong or outdated area): the
 * picker from its first step; its last step stores the new area and retries the booking.
 */
async function askAreaAgain(request: Request, context: Context, form: FormData) {
  const courier = courierOf(form);
  if (!needsAreas(courier)) {
    throw new AppError("invalid", `${COURIER_LABELS[courier]} needs no areas`, [
      { path: "courier", message: `${COURIER_LABELS[courier]} needs no areas` },
    ]);
  }
  return nextQuestion(
    await areaQuestion(request, context, {
      orderId: text(form, "id"),
      courier,
      district: text(form, "district"),
      thana: text(form, "thana"),
      again: true,
    }),
  );
}

function failure(err: AppError, extra: Partial<Extract<CourierActionResult, { ok: false }>> = {}) {
  return data(
    { ok: false, kind: "courier", message: err.message, ...extra } satisfies Extract<
      CourierActionResult,
      { ok: false }
    >,
    { status: err.status },
  );
}

/** The next step of the picker, answered as the booking's 409 with the courier's choices. */
function nextQuestion(area: AreaQuestion) {
  return data(
    {
      ok: false,
      kind: "courier",
      message: `Now choose the ${COURIER_LABELS[area.courier]} ${area.step} for ${area.thana}`,
      area,
      orderId: area.orderId,
    } satisfies CourierActionResult,
    { status: 409 },
  );
}

/**
 * One step of the area picker (plain forms, one step per post). RedX: the area, then the
 * booking. Pathao: the city, then its zone, then the zone's area (Pathao's `recipient_area` is
 * optional: a zone without areas, or "No area" chosen, books with the city and zone). The last
 * step stores the thana's area, so the next order of that thana is booked without asking.
 */
async function pickArea(request: Request, context: Context, form: FormData) {
  const actor = requireAdmin(request, context);
  const orderId = text(form, "id");
  const courier = courierOf(form);
  const district = text(form, "district");
  const thana = text(form, "thana");
  const cityId = positive(text(form, "cityId"));
  const zoneId = positive(text(form, "zoneId"));
  const choice = choiceOf(form);
  const again = text(form, "again") === "yes";
  const atPathaoArea = courier === "pathao" && cityId !== undefined && zoneId !== undefined;
  if (!choice && !atPathaoArea) {
    throw new AppError("invalid", "Choose an area from the list", [
      { path: "choice", message: "Choose an area from the list" },
    ]);
  }
  const base = { orderId, courier, district, thana, ...(again ? { again } : {}) };
  if (courier === "pathao" && choice && !cityId) {
    return nextQuestion(await areaQuestion(request, context, { ...base, cityId: choice.id }));
  }
  if (courier === "pathao" && choice && cityId && !zoneId) {
    const question = await areaQuestion(request, context, {
      ...base,
      cityId,
      zoneId: choice.id,
      zoneName: choice.name,
    });
    // A zone Pathao lists no areas for is as far as the thana goes.
    if (question.options.length > 0 || question.problem) return nextQuestion(question);
    await setCourierArea(appOf(context), actor, {
      ...base,
      cityId,
      zoneId: choice.id,
      areaName: choice.name,
    });
    return book(request, context, orderId, courier, again);
  }
  const zoneName = text(form, "zoneName") || null;
  await setCourierArea(appOf(context), actor, {
    courier,
    district,
    thana,
    ...(courier === "pathao"
      ? { cityId, zoneId, areaId: choice?.id ?? null, areaName: choice?.name ?? zoneName }
      : { areaId: choice?.id, areaName: choice?.name }),
  });
  return book(request, context, orderId, courier, again);
}

function outcomeMessage(done: number, total: number, what: string): string {
  return `${what}: ${done} of ${total} ${total === 1 ? "order" : "orders"}`;
}

async function run(request: Request, context: Context, intent: CourierIntent, form: FormData) {
  const ctx = appOf(context);
  const actor = requireAdmin(request, context);
  switch (intent) {
    case "courier-book":
      return book(request, context, text(form, "id"), courierOf(form));
    case "courier-area":
      return pickArea(request, context, form);
    case "courier-rearea":
      return askAreaAgain(request, context, form);
    case "courier-retry": {
      const orderId = text(form, "id");
      // "Book with … instead": the failed booking goes to another courier (its area asked first).
      if (form.get("courier")) return book(request, context, orderId, courierOf(form), true);
      try {
        await retryCourierBooking(ctx, actor, orderId, {
          confirmNotBooked: text(form, "confirmNotBooked") === "yes",
        });
      } catch (err) {
        if (err instanceof AppError && err.details?.needs === "confirm_not_booked") {
          return failure(err, { needsConfirmNotBooked: true, orderId });
        }
        throw err;
      }
      return {
        ok: true,
        kind: "courier",
        message: "Booking queued again",
      } satisfies CourierActionResult;
    }
    case "bulk-confirm": {
      const ids = form.getAll("id").map(String);
      if (ids.length > 0 && text(form, "confirmed") !== "yes") {
        return { ok: "sure", kind: "courier", ids, courier: null } satisfies CourierActionResult;
      }
      const outcomes = await confirmOrders(ctx, actor, ids);
      return {
        ok: true,
        kind: "courier",
        message: outcomeMessage(outcomes.filter((o) => o.ok).length, outcomes.length, "Confirmed"),
        outcomes,
      } satisfies CourierActionResult;
    }
    case "bulk-book": {
      const courier = text(form, "bulkCourier");
      if (!isCourierName(courier)) throw new AppError("invalid", "Choose a courier");
      const ids = form.getAll("id").map(String);
      if (ids.length > 0 && text(form, "confirmed") !== "yes") {
        return { ok: "sure", kind: "courier", ids, courier } satisfies CourierActionResult;
      }
      const outcomes = await bookOrders(ctx, actor, ids, courier);
      return {
        ok: true,
        kind: "courier",
        message: outcomeMessage(
          outcomes.filter((o) => o.ok).length,
          outcomes.length,
          `Booking with ${COURIER_LABELS[courier]} queued`,
        ),
        outcomes,
      } satisfies CourierActionResult;
    }
  }
}

/**
 * The booking and bulk forms' action (order lists, overview, failed bookings): one call into the
 * courier and status services per order, which decide (admins only, Confirmed only, ...). A
 * booking that needs the thana's courier area answers with the courier's choices to pick from.
 */
export async function courierAction(request: Request, context: Context) {
  requireAdmin(request, context);
  const form = await request.formData();
  const intent = intentOf(form);
  try {
    if (!isCourierIntent(intent)) throw new AppError("invalid", "Unknown action");
    return await run(request, context, intent, form);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return failure(err);
  }
}
