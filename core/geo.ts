import type { PlaceRules } from "./checkout";
import { DISTRICTS, type District, type Thana } from "./districts";
import { byCodeUnits } from "./text";

export type { District, Thana } from "./districts";
export { DISTRICTS } from "./districts";

/** Trims, folds runs of spaces and applies NFC, the form core/districts.ts is stored in. */
export function normalizePlaceName(s: string): string {
  return s.trim().replace(/\s+/g, " ").normalize("NFC");
}

/**
 * A name as it is spelt in more than one way, folded to one key: the long and short vowel signs
 * (টঙ্গী, টঙ্গি), the chandrabindu (দুপচাঁচিয়া, দুপচাচিয়া), ড় and র (বরুড়া, বড়ুরা), ণ and ন,
 * শ, ষ and স, spaces, and case in English. No two districts, and no two thanas of a district,
 * share a key (core/geo.test.ts).
 */
export function spellingKey(name: string): string {
  return normalizePlaceName(name)
    .toLowerCase()
    .replace(/\u0981/g, "")
    .replace(/\u09C0/g, "\u09BF")
    .replace(/\u09C2/g, "\u09C1")
    .replace(/\u0988/g, "\u0987")
    .replace(/\u098A/g, "\u0989")
    .replace(/[\u09A1\u09A2]\u09BC/g, "\u09B0")
    .replace(/\u09A3/g, "\u09A8")
    .replace(/[\u09B6\u09B7]/g, "\u09B8")
    .replace(/\s+/g, "");
}

/** The districts' names before 2018, still on signs, forms and people's lips. */
const FORMER_DISTRICT_NAMES: Readonly<Record<string, string>> = {
  barisal: "Barishal",
  bogra: "Bogura",
  chittagong: "Chattogram",
  comilla: "Cumilla",
  jessore: "Jashore",
};

const districtByBn = new Map(DISTRICTS.map((d) => [d.bnName, d]));
const districtByEn = new Map(DISTRICTS.map((d) => [d.name.toLowerCase(), d]));
const districtBySpelling = new Map(
  DISTRICTS.flatMap((d) => [
    [spellingKey(d.bnName), d],
    [spellingKey(d.name), d],
  ]),
);
const thanaSets = new Map(DISTRICTS.map((d) => [d.bnName, new Set(d.thanas.map((t) => t.bnName))]));

/** By Bengali or English name (or a former English one), as spelt in any of spellingKey's ways. */
export function findDistrict(bnOrEnName: string): District | undefined {
  const key = normalizePlaceName(bnOrEnName);
  const lower = key.toLowerCase();
  const former = FORMER_DISTRICT_NAMES[lower];
  return (
    districtByBn.get(key) ??
    districtByEn.get(former?.toLowerCase() ?? lower) ??
    districtBySpelling.get(spellingKey(key))
  );
}

/** Bengali names of the district's thanas; empty for an unknown district. */
export function thanasOf(districtBnName: string): readonly string[] {
  return findDistrict(districtBnName)?.thanas.map((t) => t.bnName) ?? [];
}

/** Both names in Bengali, as orders store them. */
export function isValidDistrictThana(districtBn: string, thanaBn: string): boolean {
  return thanaSets.get(normalizePlaceName(districtBn))?.has(normalizePlaceName(thanaBn)) ?? false;
}

/** The place checks of `checkoutFormIssues` (core/checkout.ts), from the districts' lists. */
export const PLACE_RULES: PlaceRules = {
  isDistrict: (d) => findDistrict(d)?.bnName === d,
  isValidDistrictThana,
};

/**
 * Bengali alphabetical order. Unicode lays the Bengali letters out in the alphabet's order, and
 * for these names it is the order of `Intl.Collator("bn")` (the test checks every list), without
 * a collator, whose creation is also a long task on a slow phone (docs/decisions/076).
 */
const byBengaliName = (a: { bnName: string }, b: { bnName: string }) =>
  byCodeUnits(a.bnName, b.bnName);

/** The districts in Bengali alphabetical order, as a Bengali reader looks them up. */
export const DISTRICTS_IN_BENGALI_ORDER: readonly District[] = [...DISTRICTS].sort(byBengaliName);

const thanasInBengaliOrder = new Map(
  DISTRICTS.map((d) => [d.bnName, [...d.thanas].sort(byBengaliName)] as const),
);

/** The district's thanas in Bengali alphabetical order; empty for an unknown district. */
export function thanasInBengaliOrderOf(districtBnName: string): readonly Thana[] {
  const district = findDistrict(districtBnName);
  return district ? (thanasInBengaliOrder.get(district.bnName) ?? []) : [];
}

/**
 * A typed thana of the district, by its Bengali name or its English name ignoring case, as
 * the form's type-to-filter field may hold either.
 */
export function findThana(districtBnName: string, typed: string): Thana | undefined {
  const district = findDistrict(districtBnName);
  const key = normalizePlaceName(typed);
  if (!district || !key) return undefined;
  const lower = key.toLowerCase();
  const exact = district.thanas.find((t) => t.bnName === key || t.name.toLowerCase() === lower);
  if (exact) return exact;
  const spelt = spellingKey(key);
  return district.thanas.find(
    (t) => spellingKey(t.bnName) === spelt || spellingKey(t.name) === spelt,
  );
}
