import { and, asc, eq } from "drizzle-orm";
import type { Actor } from "~/core/actor";
import { COURIER_LABELS, type CourierName } from "~/core/courier";
import { findDistrict, findThana, isValidDistrictThana, normalizePlaceName } from "~/core/geo";
import type { AppContext } from "../app-context";
import { type AreaOption, type CourierAreaRef, CourierError } from "../couriers/courier";
import { courierAreas } from "../db/schema";
import { AppError } from "../errors";
import { logger } from "../logger";

type AreaDeps = Pick<AppContext, "db" | "couriers">;

export type CourierAreaView = {
  courier: CourierName;
  district: string;
  thana: string;
  cityId: number | null;
  zoneId: number | null;
  areaId: number | null;
  areaName: string | null;
  source: "lookup" | "admin";
  updatedAt: string;
};

function requireAdmin(actor: Actor) {
  if (actor.role !== "admin")
    throw new AppError("forbidden", "Only admins may manage courier areas");
}

/** Names compared as couriers spell them: case, spaces, dots and hyphens ignored. */
function sameName(a: string, b: string): boolean {
  const fold = (s: string) => s.toLowerCase().replace(/[\s.\-']/g, "");
  return fold(a) === fold(b);
}

function onlyMatch(options: AreaOption[], names: string[]): AreaOption | undefined {
  const matches = options.filter((o) => names.some((n) => sameName(o.name, n)));
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * The courier's place for a thana by name, from its own look-ups: RedX's areas of the district,
 * Pathao's city (the district) and zone (the thana). Only an unambiguous match counts.
 */
async function lookUpArea(
  deps: AreaDeps,
  name: CourierName,
  district: string,
  thana: string,
): Promise<CourierAreaRef | null> {
  const courier = deps.couriers.get(name);
  const d = findDistrict(district);
  const t = d ? findThana(d.bnName, thana) : undefined;
  if (!courier?.areas || !d || !t) return null;
  if (name === "redx") {
    const area = onlyMatch(await courier.areas({ district: d.name }), [t.name]);
    return area ? { areaId: area.id, areaName: area.name } : null;
  }
  const city = onlyMatch(await courier.areas({ district: d.name }), [d.name]);
  if (!city) return null;
  const zone = onlyMatch(await courier.areas({ district: d.name, cityId: city.id }), [t.name]);
  return zone ? { cityId: city.id, zoneId: zone.id, areaName: zone.name } : null;
}

/**
 * The thana's area at this courier: the stored one, else one looked up by name from the
 * courier's API (stored for next time); null when neither is known (the admin is asked).
 */
export async function areaFor(
  deps: AreaDeps,
  name: CourierName,
  district: string,
  thana: string,
): Promise<CourierAreaRef | null> {
  const [stored] = await deps.db
    .select()
    .from(courierAreas)
    .where(
      and(
        eq(courierAreas.courier, name),
        eq(courierAreas.district, district),
        eq(courierAreas.thana, thana),
      ),
    )
    .limit(1);
  if (stored) return stored;
  let found: CourierAreaRef | null = null;
  try {
    found = await lookUpArea(deps, name, district, thana);
  } catch (err) {
    logger.warn({ err, courier: name, district, thana }, "courier area look-up failed");
    return null;
  }
  if (!found) return null;
  await deps.db
    .insert(courierAreas)
    .values({ courier: name, district, thana, ...found, source: "lookup" })
    .onConflictDoNothing();
  return found;
}

function toView(row: typeof courierAreas.$inferSelect): CourierAreaView {
  return {
    courier: row.courier,
    district: row.district,
    thana: row.thana,
    cityId: row.cityId,
    zoneId: row.zoneId,
    areaId: row.areaId,
    areaName: row.areaName,
    source: row.source,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored thana → area mappings of a courier (admins), optionally of one district. */
export async function listCourierAreas(
  deps: Pick<AppContext, "db">,
  actor: Actor,
  filter: { courier: CourierName; district?: string },
): Promise<CourierAreaView[]> {
  requireAdmin(actor);
  const rows = await deps.db
    .select()
    .from(courierAreas)
    .where(
      and(
        eq(courierAreas.courier, filter.courier),
        filter.district
          ? eq(courierAreas.district, normalizePlaceName(filter.district))
          : undefined,
      ),
    )
    .orderBy(asc(courierAreas.district), asc(courierAreas.thana))
    .limit(1000);
  return rows.map(toView);
}

export type CourierAreaInput = {
  courier: CourierName;
  district: string;
  thana: string;
  cityId?: number | null;
  zoneId?: number | null;
  areaId?: number | null;
  areaName?: string | null;
};

/** The couriers' ids are stored as PostgreSQL integers: a larger one is no id of theirs. */
const MAX_COURIER_ID = 2_147_483_647;
export const COURIER_ID_TOO_LARGE = "A courier's id is a whole number up to 2,147,483,647";

export const NOT_AT_COURIER = {
  refused: "The courier does not list this place",
  pathaoCity: "Not one of Pathao's cities",
  pathaoZone: "Not one of this city's zones at Pathao",
  pathaoArea: "Not one of this zone's areas at Pathao",
  redxArea: "Not one of RedX's areas in this district",
} as const;

/**
 * Ids typed by hand, checked against the courier's own lists (Pathao: the city, its zone, the
 * zone's area; RedX: the district's area), so a typo is refused here rather than by the courier
 * at the next booking. A courier not configured, not answering (or refusing the shop's keys), or
 * listing nothing there cannot be asked: the ids are kept as typed.
 */
async function idsUnknownToCourier(
  deps: Pick<AppContext, "couriers">,
  input: CourierAreaInput,
  district: string,
): Promise<{ path: string; message: string }[]> {
  const courier = deps.couriers.get(input.courier);
  if (!courier?.areas) return [];
  const districtName = findDistrict(district)?.name ?? district;
  const lists = (query: { cityId?: number; zoneId?: number } = {}) =>
    courier.areas?.({ district: districtName, ...query }) ?? Promise.resolve([]);
  // A courier that lists nothing there cannot say no: typing the id by hand is then the way
  // (the booking's picker sends the admin here for it).
  const listed = (options: AreaOption[], id: number | null | undefined) =>
    options.length === 0 || options.some((o) => o.id === id);
  try {
    if (input.courier === "redx") {
      return listed(await lists(), input.areaId)
        ? []
        : [{ path: "areaId", message: NOT_AT_COURIER.redxArea }];
    }
    const cityId = input.cityId ?? undefined;
    const zoneId = input.zoneId ?? undefined;
    if (!listed(await lists(), cityId))
      return [{ path: "cityId", message: NOT_AT_COURIER.pathaoCity }];
    if (!listed(await lists({ cityId }), zoneId)) {
      return [{ path: "zoneId", message: NOT_AT_COURIER.pathaoZone }];
    }
    if (input.areaId != null && !listed(await lists({ cityId, zoneId }), input.areaId)) {
      return [{ path: "areaId", message: NOT_AT_COURIER.pathaoArea }];
    }
    return [];
  } catch (err) {
    if (!(err instanceof CourierError)) throw err;
    logger.warn({ err, courier: input.courier }, "courier area ids not checked: no answer");
    return [];
  }
}

/**
 * Sets a thana's area at a courier (admins): Pathao needs the city and zone (the area may
 * follow), RedX the area's id and name. Replaces a looked-up one. `typed`: the ids were typed
 * by hand (the Courier Areas page, the API), so they are checked at the courier first; the
 * booking's picker offers only the courier's own.
 */
export async function setCourierArea(
  deps: Pick<AppContext, "db" | "couriers">,
  actor: Actor,
  input: CourierAreaInput,
  options: { typed?: boolean } = {},
): Promise<CourierAreaView> {
  requireAdmin(actor);
  const district = normalizePlaceName(input.district);
  const thana = normalizePlaceName(input.thana);
  const issues = [];
  if (!isValidDistrictThana(district, thana)) {
    issues.push({
      path: "thana",
      message: "Choose a thana of the district, as orders name them (Bengali)",
    });
  }
  if (input.courier === "pathao" && (!input.cityId || !input.zoneId)) {
    issues.push({
      path: input.cityId ? "zoneId" : "cityId",
      message: "Pathao needs the city and the zone",
    });
  }
  if (input.courier === "redx" && (!input.areaId || !input.areaName?.trim())) {
    issues.push({
      path: input.areaId ? "areaName" : "areaId",
      message: "RedX needs the area's id and name",
    });
  }
  if (input.courier === "steadfast") {
    issues.push({ path: "courier", message: `${COURIER_LABELS.steadfast} needs no areas` });
  }
  for (const key of ["cityId", "zoneId", "areaId"] as const) {
    const id = input[key];
    if (id != null && id > MAX_COURIER_ID)
      issues.push({ path: key, message: COURIER_ID_TOO_LARGE });
  }
  if (issues.length > 0) throw new AppError("invalid", "The area is not complete", issues);
  if (options.typed) {
    const unknown = await idsUnknownToCourier(deps, input, district);
    if (unknown.length > 0) throw new AppError("invalid", NOT_AT_COURIER.refused, unknown);
  }
  const values = {
    courier: input.courier,
    district,
    thana,
    cityId: input.cityId ?? null,
    zoneId: input.zoneId ?? null,
    areaId: input.areaId ?? null,
    areaName: input.areaName?.trim() || null,
    source: "admin" as const,
    updatedByUserId: actor.userId,
    updatedAt: new Date(),
  };
  const [row] = await deps.db
    .insert(courierAreas)
    .values(values)
    .onConflictDoUpdate({
      target: [courierAreas.courier, courierAreas.district, courierAreas.thana],
      set: values,
    })
    .returning();
  if (!row) throw new Error("courier area upsert returned nothing");
  return toView(row);
}

/** Removes a thana's stored area (admins); 404 when there is none. */
export async function deleteCourierArea(
  deps: Pick<AppContext, "db">,
  actor: Actor,
  key: { courier: CourierName; district: string; thana: string },
): Promise<void> {
  requireAdmin(actor);
  const deleted = await deps.db
    .delete(courierAreas)
    .where(
      and(
        eq(courierAreas.courier, key.courier),
        eq(courierAreas.district, normalizePlaceName(key.district)),
        eq(courierAreas.thana, normalizePlaceName(key.thana)),
      ),
    )
    .returning({ thana: courierAreas.thana });
  if (deleted.length === 0) throw AppError.notFound("Courier area");
}

/**
 * The courier's own choices for the admin's picker (admins): Pathao's cities, a city's zones
 * (cityId) or a zone's areas (zoneId); RedX's areas of the district. Unconfigured → 400.
 */
export async function courierAreaOptions(
  deps: AreaDeps,
  actor: Actor,
  query: { courier: CourierName; district: string; cityId?: number; zoneId?: number },
): Promise<AreaOption[]> {
  requireAdmin(actor);
  const courier = deps.couriers.get(query.courier);
  if (!courier?.areas) {
    throw new AppError("invalid", `${COURIER_LABELS[query.courier]} has no areas to look up here`, [
      { path: "courier", message: "Not configured, or needs no areas" },
    ]);
  }
  const district = findDistrict(query.district);
  try {
    return await courier.areas({
      district: district?.name ?? query.district,
      cityId: query.cityId,
      zoneId: query.zoneId,
    });
  } catch (err) {
    if (err instanceof CourierError)
      throw new AppError("courier_unavailable", `${COURIER_LABELS[query.courier]}: ${err.message}`);
    throw err;
  }
}
