/**
 * Writes core/districts.ts from the bd-geo-info package (MIT): the 64 districts and their
 * upazilas, with Bengali names, plus Dhaka city's metropolitan thanas, which the package
 * does not list. Run: npx tsx scripts/generate-districts.ts
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DHAKA_METRO_THANAS } from "../core/dhaka-thanas";

type RawDistrict = { id: string; name: string; bn_name: string };
type RawUpazila = { id: string; district_id: string; name: string; bn_name: string };
type Place = { name: string; bnName: string };

const require = createRequire(import.meta.url);
// The package's exports hide package.json, so walk up from its entry point to find it.
function findPackageDir(entry: string): string {
  let dir = path.dirname(entry);
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("bd-geo-info not found; run npm install");
    dir = parent;
  }
  return dir;
}
const packageDir = findPackageDir(require.resolve("bd-geo-info"));
const packageVersion = (
  JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")) as { version: string }
).version;

function readData<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(packageDir, "src", "data", file), "utf8")) as T;
}

// The metropolitan thanas are also what decides the delivery area, so they live in core/.

/** Corrections to the package's district names, by the package's district id. */
const DISTRICT_FIXES: Record<string, Partial<Place>> = {
  "11": { bnName: "নারায়ণগঞ্জ" }, // package: নারায়াণগঞ্জ (misspelt)
  "22": { name: "Chapai Nawabganj", bnName: "চাঁপাইনবাবগঞ্জ" }, // the district's official name
  "25": { name: "Sirajganj" },
  "45": { bnName: "কক্সবাজার" },
};

/**
 * Corrections to the package's upazilas, by the package's upazila id: garbled or wrong
 * names, duplicates, and entries that are not upazilas (null drops the entry).
 */
const UPAZILA_FIXES: Record<string, Partial<Place> | null> = {
  "55": null, // "Shahbazpur Town" is not an upazila of Brahmanbaria
  "100": { name: "Cox's Bazar Sadar", bnName: "কক্সবাজার সদর" }, // English name garbled
  "159": { name: "Gazipur Sadar" },
  "177": null, // "Narundi Police I.C" is a police outpost, not an upazila
  "212": { bnName: "ধোবাউড়া" },
  "217": { bnName: "ময়মনসিংহ সদর" },
  "223": { name: "Narayanganj Sadar", bnName: "নারায়ণগঞ্জ সদর" },
  "225": { name: "Siddhirganj" }, // the thana's own spelling; the package has "Siddirgonj"
  "230": { name: "Raipura", bnName: "রায়পুরা" },
  "247": { name: "Shariatpur Sadar" },
  "316": { name: "Gangni", bnName: "গাংনী" },
  // Natore: the package repeats Natore Sadar and Baraigram and lacks three upazilas.
  "361": { name: "Gurudaspur", bnName: "গুরুদাসপুর" },
  "362": { name: "Singra", bnName: "সিংড়া" },
  "492": { name: "Osmani Nagar", bnName: "ওসমানীনগর" }, // Nabiganj is in Habiganj, not Sylhet
  // Misspelt in the package: the names as the upazilas write them.
  "43": { bnName: "বান্দরবান সদর" },
  "69": { bnName: "বাঁশখালী" },
  "70": { bnName: "বোয়ালখালী" },
  "73": { bnName: "হাটহাজারী" },
  "74": { bnName: "লোহাগাড়া" },
  "82": { bnName: "বরুড়া" },
  "164": { bnName: "টঙ্গী" },
  "206": { bnName: "টঙ্গীবাড়ী" },
  "222": { bnName: "বন্দর" },
  "285": { bnName: "বাঘারপাড়া" },
  "290": { bnName: "শার্শা" },
  "329": { bnName: "আদমদীঘি" },
  "333": { bnName: "দুপচাঁচিয়া" },
  "334": { bnName: "গাবতলী" },
};

/**
 * Chattogram, Khulna and Rajshahi cities' metropolitan thanas: the package lists the districts'
 * upazilas only, so a customer in the city itself (Kotwali, Sonadanga, Boalia) found no thana of
 * their own. Outside Dhaka, so they change no delivery area.
 */
const CHATTOGRAM_METRO_THANAS: readonly Place[] = [
  { name: "Akbar Shah", bnName: "আকবর শাহ" },
  { name: "Bakalia", bnName: "বাকলিয়া" },
  { name: "Bandar", bnName: "বন্দর" },
  { name: "Bayazid Bostami", bnName: "বায়েজিদ বোস্তামী" },
  { name: "Chandgaon", bnName: "চান্দগাঁও" },
  { name: "Chawkbazar", bnName: "চকবাজার" },
  { name: "Double Mooring", bnName: "ডবলমুরিং" },
  { name: "EPZ", bnName: "ইপিজেড" },
  { name: "Halishahar", bnName: "হালিশহর" },
  { name: "Karnaphuli", bnName: "কর্ণফুলী" },
  { name: "Khulshi", bnName: "খুলশী" },
  { name: "Kotwali", bnName: "কোতোয়ালী" },
  { name: "Pahartali", bnName: "পাহাড়তলী" },
  { name: "Panchlaish", bnName: "পাঁচলাইশ" },
  { name: "Patenga", bnName: "পতেঙ্গা" },
  { name: "Sadarghat", bnName: "সদরঘাট" },
];
const KHULNA_METRO_THANAS: readonly Place[] = [
  { name: "Aranghata", bnName: "আড়ংঘাটা" },
  { name: "Daulatpur", bnName: "দৌলতপুর" },
  { name: "Harintana", bnName: "হরিণটানা" },
  { name: "Khalishpur", bnName: "খালিশপুর" },
  { name: "Khan Jahan Ali", bnName: "খানজাহান আলী" },
  { name: "Khulna Sadar", bnName: "খুলনা সদর" },
  { name: "Labanchara", bnName: "লবণচরা" },
  { name: "Sonadanga", bnName: "সোনাডাঙ্গা" },
];
const RAJSHAHI_METRO_THANAS: readonly Place[] = [
  { name: "Airport", bnName: "এয়ারপোর্ট" },
  { name: "Belpukur", bnName: "বেলপুকুর" },
  { name: "Boalia", bnName: "বোয়ালিয়া" },
  { name: "Chandrima", bnName: "চন্দ্রিমা" },
  { name: "Damkura", bnName: "দামকুড়া" },
  { name: "Karnahar", bnName: "কর্ণহার" },
  { name: "Kashiadanga", bnName: "কাশিয়াডাঙ্গা" },
  { name: "Katakhali", bnName: "কাটাখালি" },
  { name: "Motihar", bnName: "মতিহার" },
  { name: "Rajpara", bnName: "রাজপাড়া" },
  { name: "Shah Makhdum", bnName: "শাহ মখদুম" },
];

/**
 * Upazilas and thanas the package lacks, by the package's district id. Fatullah is a thana of
 * Narayanganj Sadar upazila with a million people, and the address its people write.
 */
const EXTRA_UPAZILAS: Record<string, readonly Place[]> = {
  "1": DHAKA_METRO_THANAS,
  "11": [{ name: "Fatullah", bnName: "ফতুল্লা" }],
  "21": [{ name: "Naldanga", bnName: "নলডাঙ্গা" }],
  "24": RAJSHAHI_METRO_THANAS,
  "43": CHATTOGRAM_METRO_THANAS,
  "59": KHULNA_METRO_THANAS,
};

function cleanEnglish(name: string): string {
  const cleaned = name
    .trim()
    .replace(/\s+Upazilla$/i, "")
    .replace(/(?:-S| S)$/, " Sadar")
    .replace(/\s+/g, " ");
  return cleaned.replace(/(^|\s)([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
}

// The package mixes precomposed and decomposed forms of letters such as য়; NFC makes the
// stored names compare equal to what a browser submits after normalizing.
function cleanBengali(name: string): string {
  return name.trim().replace(/\s+/g, " ").normalize("NFC");
}

const byName = (a: Place, b: Place) => a.name.localeCompare(b.name, "en");

function build() {
  const { districts } = readData<{ districts: RawDistrict[] }>("bd-districts.json");
  const { upazilas } = readData<{ upazilas: RawUpazila[] }>("bd-upazilas.json");

  const result = districts.map((d) => {
    const fix = DISTRICT_FIXES[d.id] ?? {};
    const thanas = new Map<string, Place>();
    const add = (p: Place) => {
      const place = { name: cleanEnglish(p.name), bnName: cleanBengali(p.bnName) };
      if (!thanas.has(place.bnName)) thanas.set(place.bnName, place);
    };
    for (const u of upazilas) {
      if (u.district_id !== d.id) continue;
      const upazilaFix = UPAZILA_FIXES[u.id];
      if (upazilaFix === null) continue;
      add({ name: u.name, bnName: u.bn_name, ...upazilaFix });
    }
    for (const extra of EXTRA_UPAZILAS[d.id] ?? []) add(extra);
    return {
      name: cleanEnglish(fix.name ?? d.name),
      bnName: cleanBengali(fix.bnName ?? d.bn_name),
      thanas: [...thanas.values()].sort(byName),
    };
  });
  result.sort(byName);

  if (result.length !== 64) throw new Error(`expected 64 districts, got ${result.length}`);
  for (const d of result) {
    if (d.thanas.length === 0) throw new Error(`${d.name} has no thanas`);
  }
  return result;
}

function render(districts: ReturnType<typeof build>): string {
  // One line per district, "English|বাংলা" pairs separated by ";", the district's own first:
  // the checkout fetches this list on slow phones, and its text packs smaller than the objects
  // it becomes.
  const pair = (p: Place) => {
    if (/[|;\n]/.test(p.name + p.bnName)) throw new Error(`a separator in ${p.name}`);
    return `${p.name}|${p.bnName}`;
  };
  const lines = districts.map((d) => `  ${JSON.stringify([d, ...d.thanas].map(pair).join(";"))},`);
  return [
    "// GENERATED by scripts/generate-districts.ts; do not edit by hand.",
    `// Source: bd-geo-info ${packageVersion} (MIT License, © Md Tanvir Ahamed Shanto), with the`,
    "// corrections and Dhaka metropolitan thanas kept in the script.",
    "// Regenerate: npx tsx scripts/generate-districts.ts",
    "",
    "export type Thana = { readonly name: string; readonly bnName: string };",
    "",
    "export type District = {",
    "  readonly name: string;",
    "  readonly bnName: string;",
    "  readonly thanas: readonly Thana[];",
    "};",
    "",
    "const LINES = [",
    ...lines,
    "];",
    "",
    "function place(pair: string): Thana {",
    '  const [name = "", bnName = ""] = pair.split("|");',
    "  return { name, bnName };",
    "}",
    "",
    "/** All 64 districts sorted by English name; each district's thanas sorted by English name. */",
    "export const DISTRICTS: readonly District[] = LINES.map((line) => {",
    '  const [district = "", ...thanas] = line.split(";");',
    "  return { ...place(district), thanas: thanas.map(place) };",
    "});",
    "",
  ].join("\n");
}

const target = fileURLToPath(new URL("../core/districts.ts", import.meta.url));
const districts = build();
writeFileSync(target, render(districts));
console.log(
  `wrote ${path.relative(process.cwd(), target)}: ${districts.length} districts, ` +
    `${districts.reduce((n, d) => n + d.thanas.length, 0)} thanas`,
);
