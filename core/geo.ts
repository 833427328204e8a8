import { DISTRICTS, type District } from "./districts";

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
