import { formatTaka } from "./money";

export const DELIVERY_AREAS = ["Inside Dhaka", "Outside Dhaka"] as const;
export type DeliveryArea = (typeof DELIVERY_AREAS)[number];

export const DELIVERY_CHARGES: Record<DeliveryArea, number> = {
  "Inside Dhaka": 60,
  "Outside Dhaka": 120,
};

/** Default of FREE_DELIVERY_OVER: the sub-total from which delivery is free (0 = never). */
export const DEFAULT_FREE_DELIVERY_OVER = 5000;

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

export function isDeliveryArea(x: unknown): x is DeliveryArea {
  return typeof x === "string" && (DELIVERY_AREAS as readonly string[]).includes(x);
}

/** The area's charge, before the free-delivery rule. */
export function deliveryCharge(area: DeliveryArea): number {
  return DELIVERY_CHARGES[area];
}

/** Whether a sub-total earns free delivery; `freeOver` 0 turns the rule off. */
export function isFreeDelivery(subTotal: number, freeOver: number): boolean {
  return freeOver > 0 && subTotal >= freeOver;
}

/** What the order pays for delivery: the area's charge, or 0 once the sub-total is high enough. */
export function chargeForOrder(area: DeliveryArea, subTotal: number, freeOver: number): number {
  return isFreeDelivery(subTotal, freeOver) ? 0 : deliveryCharge(area);
}

/**
 * What the cart and checkout say about free delivery: null when the rule is off, else whether
 * this sub-total has it and how much more would earn it.
 */
export function freeDeliveryProgress(
  subTotal: number,
  freeOver: number,
): { free: boolean; remaining: number } | null {
  if (freeOver <= 0) return null;
  return { free: subTotal >= freeOver, remaining: Math.max(0, freeOver - subTotal) };
}

/**
 * The line the cart and checkout show under the sub-total: "Free delivery", "Add ৳N more for
 * free delivery", or null when the shop has no free-delivery rule.
 */
export function freeDeliveryNote(subTotal: number, freeOver: number): string | null {
  const progress = freeDeliveryProgress(subTotal, freeOver);
  if (!progress) return null;
  return progress.free
    ? "Free delivery"
    : `Add ${formatTaka(progress.remaining)} more for free delivery`;
}

export type OrderTotals = { subTotal: number; deliveryCharge: number; total: number };

/**
 * Prices are whole taka; anything else is a bug upstream, so it throws rather than rounds.
 * `freeOver` is the shop's FREE_DELIVERY_OVER (0: no free delivery).
 */
export function orderTotals(
  lines: readonly { unitPrice: number; quantity: number }[],
  area: DeliveryArea,
  freeOver: number,
): OrderTotals {
  let subTotal = 0;
  for (const { unitPrice, quantity } of lines) {
    if (!Number.isSafeInteger(unitPrice) || unitPrice < 0) {
      throw new RangeError(`unitPrice must be a whole, non-negative taka amount: ${unitPrice}`);
    }
    if (!Number.isSafeInteger(quantity) || quantity < 1) {
      throw new RangeError(`quantity must be a whole number ≥ 1: ${quantity}`);
    }
    subTotal += unitPrice * quantity;
  }
  const charge = chargeForOrder(area, subTotal, freeOver);
  return { subTotal, deliveryCharge: charge, total: subTotal + charge };
}
