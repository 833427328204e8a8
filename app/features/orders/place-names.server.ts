import { findDistrict, findThana } from "~/core/geo";

/** Orders store the Bengali place names (what couriers read); an English page adds the English. */
export function englishPlaceNames(
  district: string,
  thana: string,
): { district?: string; thana?: string } {
  const found = findDistrict(district);
  return {
    district: found?.name,
    thana: found ? findThana(found.bnName, thana)?.name : undefined,
  };
}
