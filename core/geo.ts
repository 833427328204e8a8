import { DISTRICTS, type District, type Thana } from "./districts";
import { byCodeUnits } from "./text";

export type { District, Thana } from "./districts";
export { DISTRICTS } from "./districts";

/** Trims, folds runs of spaces and applies NFC, the form core/districts.ts is stored in. */
export function normalizePlaceName(s: string): string {
  return s.trim().replace(/\s+/g, " ").normalize("NFC");
}

const districtByBn = new Map(DISTRICTS.map((d) => [d.bnName, d]));
const districtByEn = new Map(DISTRICTS.map((d) => [d.name.toLowerCase(), d]));
const thanaSets = new Map(DISTRICTS.map((d) => [d.bnName, new Set(d.thanas.map((t) => t.bnName))]));

/** By Bengali name, or by English name ignoring case. */
export function findDistrict(bnOrEnName: string): District | undefined {
  const key = normalizePlaceName(bnOrEnName);
  return districtByBn.get(key) ?? districtByEn.get(key.toLowerCase());
}

/** Bengali names of the district's thanas; empty for an unknown district. */
export function thanasOf(districtBnName: string): readonly string[] {
  return findDistrict(districtBnName)?.thanas.map((t) => t.bnName) ?? [];
}

/** Both names in Bengali, as orders store them. */
export function isValidDistrictThana(districtBn: string, thanaBn: string): boolean {
  return thanaSets.get(normalizePlaceName(districtBn))?.has(normalizePlaceName(thanaBn)) ?? false;
}

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
  return district.thanas.find((t) => t.bnName === key || t.name.toLowerCase() === lower);
}
