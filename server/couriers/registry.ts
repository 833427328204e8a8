import type { CourierName } from "~/core/courier";
import type { Courier } from "./courier";
import { pathaoCourier } from "./pathao";
import { redxCourier } from "./redx";
import type { CourierSettings } from "./settings";
import { steadfastCourier } from "./steadfast";

export type Couriers = {
  /** The configured couriers, by name; an unconfigured courier is not offered. */
  get: (name: CourierName) => Courier | undefined;
  offered: () => CourierName[];
  steadfast?: ReturnType<typeof steadfastCourier>;
};

export function createCouriers(settings: CourierSettings, timeoutMs?: number): Couriers {
  const steadfast = settings.steadfast
    ? steadfastCourier(settings.steadfast, timeoutMs)
    : undefined;
  const byName: Partial<Record<CourierName, Courier>> = {
    ...(steadfast ? { steadfast } : {}),
    ...(settings.pathao ? { pathao: pathaoCourier(settings.pathao, timeoutMs) } : {}),
    ...(settings.redx ? { redx: redxCourier(settings.redx, timeoutMs) } : {}),
  };
  return {
    get: (name) => byName[name],
    offered: () => Object.keys(byName) as CourierName[],
    steadfast,
  };
}
