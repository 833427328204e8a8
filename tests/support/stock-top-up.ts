import { PLENTY } from "../e2e/checkout-support";
import { adminSessionCookie } from "../e2e/orders-support";

/** What every variant a journey buys from holds after the top-up: more than a run can order. */
export const TOPPED_UP = 100_000;

type ListedProduct = {
  _id: string;
  trackStock?: boolean;
  stock?: { size: string; color: string; quantity: number }[];
};

/**
 * Raises every variant of the seeded products the journeys buy from (`fetchProducts`: tracked,
 * plenty of every size and colour) to TOPPED_UP, through the admin stock API, so journeys that
 * order from them never run them out across specs (issue 22). Low and sold-out products keep
 * the seed's figures: the listing and stock journeys look at those.
 */
export async function topUpJourneyStock(baseURL: string): Promise<number> {
  const cookie = await adminSessionCookie(baseURL);
  const listed = await fetch(`${baseURL}/api/products?limit=500`);
  if (!listed.ok) throw new Error(`GET /api/products answered ${listed.status}`);
  const products = ((await listed.json()) as { data: ListedProduct[] }).data.filter(
    (p) =>
      p.trackStock &&
      (p.stock ?? []).length > 0 &&
      (p.stock ?? []).every((l) => l.quantity >= PLENTY),
  );
  let changed = 0;
  for (const p of products) {
    for (const level of p.stock ?? []) {
      const res = await fetch(`${baseURL}/api/products/${p._id}/stock`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseURL, cookie },
        body: JSON.stringify({
          size: level.size,
          color: level.color,
          change: TOPPED_UP - level.quantity,
          reason: "adjustment",
        }),
      });
      if (res.status !== 200) {
        throw new Error(`topping up ${p._id} answered ${res.status}: ${await res.text()}`);
      }
      changed++;
    }
  }
  return changed;
}
