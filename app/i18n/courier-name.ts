import { COURIER_LABELS, COURIER_NAMES, type CourierName } from "~/core/courier";
import type { Translator } from "./translator";

/** A courier's name (core/courier.ts COURIER_LABELS) in the page's language: পাঠাও in Bengali. */
export function courierName(t: Translator["t"], courier: CourierName): string {
  return t(`courier.${courier}`);
}

/** A courier's label as the server wrote it in English ("Pathao") in the page's language. */
export function courierLabelIn(t: Translator["t"], label: string): string {
  const courier = COURIER_NAMES.find((name) => COURIER_LABELS[name] === label);
  return courier ? courierName(t, courier) : label;
}
