import type { RouterContextProvider } from "react-router";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import { pageError } from "~/app/lib/page-error.server";
import { COURIER_LABELS, isCourierName } from "~/core/courier";
import { toAsciiDigits } from "~/core/digits";
import { AppError } from "~/server/errors";
import { deleteCourierArea, setCourierArea } from "~/server/services/courier-areas";

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/** An id field (০–৯ or 0–9): empty → null; anything but a positive whole number → a field issue. */
function idOf(form: FormData, name: string): number | null {
  const raw = toAsciiDigits(text(form, name));
  if (!raw) return null;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0) {
    throw new AppError("invalid", "The area is not complete", [
      { path: name, message: "A whole number above 0" },
    ]);
  }
  return n;
}

/** The area mapping page's forms: set (or replace) one thana's area, or forget it. */
export async function courierAreaAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const actor = requireAdmin(request, context);
  const form = await request.formData();
  try {
    const courier = text(form, "courier");
    if (!isCourierName(courier)) {
      throw new AppError("invalid", "Choose a courier", [
        { path: "courier", message: "Choose a courier" },
      ]);
    }
    const key = { courier, district: text(form, "district"), thana: text(form, "thana") };
    if (text(form, "intent") === "forget") {
      await deleteCourierArea(appOf(context), actor, key);
      return {
        ok: true as const,
        message: `Forgot ${COURIER_LABELS[courier]}'s area for ${key.thana}`,
        // What the page says in its own language.
        done: { intent: "forget" as const, courier, thana: key.thana, district: key.district },
      };
    }
    const saved = await setCourierArea(
      appOf(context),
      actor,
      {
        ...key,
        cityId: idOf(form, "cityId"),
        zoneId: idOf(form, "zoneId"),
        areaId: idOf(form, "areaId"),
        areaName: text(form, "areaName") || null,
      },
      { typed: true },
    );
    return {
      ok: true as const,
      message: `Saved ${COURIER_LABELS[courier]}'s area for ${saved.thana}, ${saved.district}`,
      done: { intent: "set" as const, courier, thana: saved.thana, district: saved.district },
    };
  } catch (err) {
    return pageError(err);
  }
}
