import { describe, expect, it } from "vitest";
import { DISTRICTS } from "./districts";
import {
  DISTRICTS_IN_BENGALI_ORDER,
  findDistrict,
  findThana,
  isValidDistrictThana,
  normalizePlaceName,
  spellingKey,
  thanasInBengaliOrderOf,
  thanasOf,
} from "./geo";

describe("DISTRICTS", () => {
  it("has all 64 districts, sorted by English name, with unique names", () => {
    expect(DISTRICTS).toHaveLength(64);
    const names = DISTRICTS.map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(new Set(names).size).toBe(64);
    expect(new Set(DISTRICTS.map((d) => d.bnName)).size).toBe(64);
  });

  it("gives every district at least one thana, unique and sorted within it", () => {
    for (const d of DISTRICTS) {
      expect(d.thanas.length, d.name).toBeGreaterThan(0);
      const bn = d.thanas.map((t) => t.bnName);
      expect(new Set(bn).size, d.name).toBe(bn.length);
      const en = d.thanas.map((t) => t.name);
      expect(en).toEqual([...en].sort((a, b) => a.localeCompare(b, "en")));
    }
  });

  it("stores clean names: Bengali script in NFC, no stray spaces", () => {
    for (const p of DISTRICTS.flatMap((d) => [d, ...d.thanas])) {
      expect(p.bnName).toBe(normalizePlaceName(p.bnName));
      expect(p.name).toBe(p.name.trim());
      expect(p.bnName).toMatch(/^[\u0980-\u09FF ]+$/);
      expect(p.name).toMatch(/^[A-Z][A-Za-z' -]+$/);
    }
  });

  it("includes Dhaka's upazilas and metropolitan thanas", () => {
    const dhaka = findDistrict("ঢাকা");
    const thanas = dhaka?.thanas.map((t) => t.bnName) ?? [];
    expect(thanas).toContain("মিরপুর");
    expect(thanas).toContain("ধানমন্ডি");
    expect(thanas).toContain("গুলশান");
    expect(thanas).toContain("সাভার");
    expect(thanas.length).toBeGreaterThanOrEqual(55);
  });

  it("includes the thanas of Chattogram, Khulna and Rajshahi cities, not only their upazilas", () => {
    for (const [district, thana] of [
      ["চট্টগ্রাম", "কোতোয়ালী"],
      ["চট্টগ্রাম", "পাঁচলাইশ"],
      ["চট্টগ্রাম", "ডবলমুরিং"],
      ["খুলনা", "সোনাডাঙ্গা"],
      ["খুলনা", "খুলনা সদর"],
      ["রাজশাহী", "বোয়ালিয়া"],
    ] as const) {
      expect(isValidDistrictThana(district, thana), `${district} ${thana}`).toBe(true);
    }
    expect(findThana("চট্টগ্রাম", "Double Mooring")?.bnName).toBe("ডবলমুরিং");
  });

  it("includes Narayanganj's thanas as people write them: Fatullah and Siddhirganj", () => {
    expect(isValidDistrictThana("নারায়ণগঞ্জ", "ফতুল্লা")).toBe(true);
    expect(findThana("নারায়ণগঞ্জ", "Fatullah")?.bnName).toBe("ফতুল্লা");
    expect(findThana("নারায়ণগঞ্জ", "siddhirganj")?.bnName).toBe("সিদ্ধিরগঞ্জ");
  });
});

describe("findDistrict", () => {
  it("finds by Bengali or English name", () => {
    expect(findDistrict("ঢাকা")?.name).toBe("Dhaka");
    expect(findDistrict("dhaka")?.bnName).toBe("ঢাকা");
    expect(findDistrict(" Chattogram ")?.bnName).toBe("চট্টগ্রাম");
    expect(findDistrict("Atlantis")).toBeUndefined();
  });

  it("matches a decomposed Bengali spelling", () => {
    // য় typed as য + nukta
    expect(findDistrict("ময়মনসিংহ".normalize("NFD"))?.name).toBe("Mymensingh");
  });
});

describe("names spelt more than one way", () => {
  it("finds a district by its former English name and by a variant Bengali spelling", () => {
    expect(findDistrict("Chittagong")?.bnName).toBe("চট্টগ্রাম");
    expect(findDistrict("comilla")?.bnName).toBe("কুমিল্লা");
    expect(findDistrict("Jessore")?.bnName).toBe("যশোর");
    expect(findDistrict("Bogra")?.bnName).toBe("বগুড়া");
    expect(findDistrict("Barisal")?.bnName).toBe("বরিশাল");
    expect(findDistrict("গাজিপুর")?.bnName).toBe("গাজীপুর");
  });

  it("finds a thana by the spellings people write: long or short i, chandrabindu, ড় or র", () => {
    expect(findThana("গাজীপুর", "টঙ্গী")?.name).toBe("Tongi");
    expect(findThana("গাজীপুর", "টঙ্গি")?.name).toBe("Tongi");
    expect(findThana("নারায়ণগঞ্জ", "বন্দর")?.name).toBe("Bandar");
    expect(findThana("বগুড়া", "দুপচাচিয়া")?.name).toBe("Dhupchanchia");
    expect(findThana("কুমিল্লা", "বড়ুরা")?.name).toBe("Barura");
    expect(findThana("কুমিল্লা", "বরুড়া")?.name).toBe("Barura");
    expect(findThana("যশোর", "শার্শা")?.name).toBe("Sharsha");
    expect(findThana("ঢাকা", "ধানমণ্ডি")?.name).toBe("Dhanmondi");
    expect(findThana("ঢাকা", "টঙ্গী")).toBeUndefined();
  });

  it("no two districts, and no two thanas of one district, share a spelling", () => {
    const districtKeys = DISTRICTS.map((d) => spellingKey(d.bnName));
    expect(new Set(districtKeys).size).toBe(DISTRICTS.length);
    for (const d of DISTRICTS) {
      const keys = d.thanas.map((t) => spellingKey(t.bnName));
      const twice = keys.filter((k, i) => keys.indexOf(k) !== i);
      expect(twice, d.name).toEqual([]);
    }
  });
});

describe("thanasOf and isValidDistrictThana", () => {
  it("lists the Bengali thana names of a district", () => {
    expect(thanasOf("ঢাকা")).toContain("মিরপুর");
    expect(thanasOf("কুষ্টিয়া")).toContain("মিরপুর"); // Kushtia has its own Mirpur
    expect(thanasOf("অজানা")).toEqual([]);
  });

  it("accepts a thana only in its own district", () => {
    expect(isValidDistrictThana("ঢাকা", "ধানমন্ডি")).toBe(true);
    expect(isValidDistrictThana(" ঢাকা ", "ধানমন্ডি ")).toBe(true);
    expect(isValidDistrictThana("চট্টগ্রাম", "ধানমন্ডি")).toBe(false);
    expect(isValidDistrictThana("ঢাকা", "")).toBe(false);
    expect(isValidDistrictThana("Dhaka", "Dhanmondi")).toBe(false);
  });
});

describe("Bengali order for the checkout's lists", () => {
  const bn = new Intl.Collator("bn");

  it("lists the districts in Bengali alphabetical order, not by English spelling", () => {
    const names = DISTRICTS_IN_BENGALI_ORDER.map((d) => d.bnName);
    expect(names).toHaveLength(64);
    expect(names).toEqual([...names].sort(bn.compare));
    // By English spelling Bagerhat came first; in Bengali order a vowel-initial name does.
    expect(names[0]).not.toBe("বাগেরহাট");
    expect(names.indexOf("কুমিল্লা")).toBeLessThan(names.indexOf("ঢাকা"));
  });

  it("orders every district's thanas as Intl.Collator('bn') does", () => {
    for (const district of DISTRICTS) {
      const thanas = thanasInBengaliOrderOf(district.bnName).map((t) => t.bnName);
      expect(thanas, district.name).toEqual([...thanas].sort(bn.compare));
    }
  });

  it("lists a district's thanas in Bengali order and finds a typed thana by either name", () => {
    const thanas = thanasInBengaliOrderOf("ঢাকা").map((t) => t.bnName);
    expect(thanas).toEqual([...thanas].sort(bn.compare));
    expect(thanas).toContain("মিরপুর");
    expect(findThana("ঢাকা", "mirpur")?.bnName).toBe("মিরপুর");
    expect(findThana("ঢাকা", "মিরপুর")?.name).toBe("Mirpur");
    expect(findThana("ঢাকা", "Mirp")).toBeUndefined();
    expect(findThana("ঢাকা", "")).toBeUndefined();
  });
});
