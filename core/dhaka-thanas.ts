import type { DeliveryArea } from "./delivery";

/*
 * Which addresses are Inside Dhaka: the list of Dhaka city's thanas, apart from core/delivery.ts
 * so that the charges (which every storefront page may name) do not bring the list with them.
 * Only the checkout's rules (core/checkout.ts) and the server read it.
 */

/** Bengali name of Dhaka district, as core/districts.ts and orders store it. */
export const DHAKA_DISTRICT_BN = "ঢাকা";

/**
 * Dhaka city's metropolitan thanas (Dhaka Metropolitan Police), the only places delivered at
 * the Inside Dhaka charge. Dhaka district's upazilas outside the city (Savar, Dhamrai,
 * Keraniganj, Nawabganj, Dohar) and every other district are Outside Dhaka. This is the one
 * list: scripts/generate-districts.ts adds these thanas to Dhaka district from here.
 */
export const DHAKA_METRO_THANAS: readonly { name: string; bnName: string }[] = [
  { name: "Adabor", bnName: "আদাবর" },
  { name: "Badda", bnName: "বাড্ডা" },
  { name: "Banani", bnName: "বনানী" },
  { name: "Bangshal", bnName: "বংশাল" },
  { name: "Bhashantek", bnName: "ভাষানটেক" },
  { name: "Bimanbandar", bnName: "বিমানবন্দর" },
  { name: "Cantonment", bnName: "ক্যান্টনমেন্ট" },
  { name: "Chawkbazar", bnName: "চকবাজার" },
  { name: "Dakshinkhan", bnName: "দক্ষিণখান" },
  { name: "Darus Salam", bnName: "দারুস সালাম" },
  { name: "Demra", bnName: "ডেমরা" },
  { name: "Dhanmondi", bnName: "ধানমন্ডি" },
  { name: "Gendaria", bnName: "গেন্ডারিয়া" },
  { name: "Gulshan", bnName: "গুলশান" },
  { name: "Hatirjheel", bnName: "হাতিরঝিল" },
  { name: "Hazaribagh", bnName: "হাজারীবাগ" },
  { name: "Jatrabari", bnName: "যাত্রাবাড়ী" },
  { name: "Kadamtali", bnName: "কদমতলী" },
  { name: "Kafrul", bnName: "কাফরুল" },
  { name: "Kalabagan", bnName: "কলাবাগান" },
  { name: "Kamrangirchar", bnName: "কামরাঙ্গীরচর" },
  { name: "Khilgaon", bnName: "খিলগাঁও" },
  { name: "Khilkhet", bnName: "খিলক্ষেত" },
  { name: "Kotwali", bnName: "কোতোয়ালী" },
  { name: "Lalbagh", bnName: "লালবাগ" },
  { name: "Mirpur", bnName: "মিরপুর" },
  { name: "Mohammadpur", bnName: "মোহাম্মদপুর" },
  { name: "Motijheel", bnName: "মতিঝিল" },
  { name: "Mugda", bnName: "মুগদা" },
  { name: "New Market", bnName: "নিউ মার্কেট" },
  { name: "Pallabi", bnName: "পল্লবী" },
  { name: "Paltan", bnName: "পল্টন" },
  { name: "Ramna", bnName: "রমনা" },
  { name: "Rampura", bnName: "রামপুরা" },
  { name: "Rupnagar", bnName: "রূপনগর" },
  { name: "Sabujbagh", bnName: "সবুজবাগ" },
  { name: "Shah Ali", bnName: "শাহ আলী" },
  { name: "Shahbagh", bnName: "শাহবাগ" },
  { name: "Shahjahanpur", bnName: "শাহজাহানপুর" },
  { name: "Sher-e-Bangla Nagar", bnName: "শেরেবাংলা নগর" },
  { name: "Shyampur", bnName: "শ্যামপুর" },
  { name: "Sutrapur", bnName: "সূত্রাপুর" },
  { name: "Tejgaon", bnName: "তেজগাঁও" },
  { name: "Tejgaon Industrial Area", bnName: "তেজগাঁও শিল্পাঞ্চল" },
  { name: "Turag", bnName: "তুরাগ" },
  { name: "Uttara East", bnName: "উত্তরা পূর্ব" },
  { name: "Uttara West", bnName: "উত্তরা পশ্চিম" },
  { name: "Uttarkhan", bnName: "উত্তরখান" },
  { name: "Vatara", bnName: "ভাটারা" },
  { name: "Wari", bnName: "ওয়ারী" },
];

const metroThanas = new Set(DHAKA_METRO_THANAS.map((t) => t.bnName.normalize("NFC")));

function placeKey(s: string): string {
  return s.trim().replace(/\s+/g, " ").normalize("NFC");
}

/**
 * The delivery area an address belongs to (decisions.md "Orders"): Inside Dhaka for Dhaka
 * district's metropolitan thanas, Outside Dhaka for everything else. Null while the district
 * is not chosen, or Dhaka is chosen without a thana (either area is still possible).
 */
export function deliveryAreaFor(districtBn: string, thanaBn: string): DeliveryArea | null {
  const district = placeKey(districtBn);
  if (!district) return null;
  if (district !== DHAKA_DISTRICT_BN) return "Outside Dhaka";
  const thana = placeKey(thanaBn);
  if (!thana) return null;
  return metroThanas.has(thana) ? "Inside Dhaka" : "Outside Dhaka";
}
