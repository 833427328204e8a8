import postgres from "postgres";
import { riskOfPhones } from "../server/services/risk";
import type { ExplainedQuery } from "./search";
import { explainRecorded, openRecordingDb } from "./search";

/**
 * The admins' order lists with their risk column at a shop's scale (issue 23 "Performance"):
 * the orders table filled to `target` orders over many phone numbers, in the proportions of a
 * running shop, so the same list can be loaded before and after.
 */

/** Share of each status among the filled orders: most parcels ended, a queue still open. */
const STATUS_MIX: [status: string, share: number][] = [
  ["Pending", 0.08],
  ["Confirmed", 0.07],
  ["Shipping", 0.05],
  ["Delivered", 0.6],
  ["Cancelled", 0.12],
  ["Return", 0.08],
];

/** Phone numbers the filled orders come from: about three orders a number, a few heavy ones. */
export const FILL_PHONES = 30_000;

/**
 * Adds orders (one line each, with their first status entry) until the table holds `target`,
 * in batches of one statement each, then ANALYZEs. Returns how many were added.
 */
export async function fillOrders(url: string, target: number): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from orders`;
    const missing = Math.max(0, target - (row?.n ?? 0));
    const [product] = await sql<{ id: string; name: string }[]>`
      select id, name from products order by created_at limit 1`;
    if (!product) throw new Error("the bench database has no product to order");
    const cases = STATUS_MIX.reduce<{ upTo: number; status: string }[]>((acc, [status, share]) => {
      acc.push({ upTo: (acc.at(-1)?.upTo ?? 0) + share, status });
      return acc;
    }, []);
    const statusCase = `case ${cases
      .map((c, i) =>
        i === cases.length - 1 ? `else '${c.status}'` : `when r < ${c.upTo} then '${c.status}'`,
      )
      .join(" ")} end`;
    const batch = 20_000;
    for (let start = 0; start < missing; start += batch) {
      const count = Math.min(batch, missing - start);
      await sql.begin(async (tx) => {
        await tx.unsafe(
          `with g as (
             select 'bench-fill-' || ($1::int + i) as id, i, random() as r,
                    -- one number in a hundred is a heavy buyer's (or a fake orderer's)
                    case when i % 100 = 0 then '0171' || lpad((i % 50)::text, 7, '0')
                         else '0181' || lpad(((i * 7919) % ${FILL_PHONES})::text, 7, '0') end as phone
             from generate_series(1, $2::int) as i
           ), ins as (
             insert into orders (id, customer_email, customer_name, mobile_number, district, thana,
                                 address, delivery_area, delivery_charge, sub_total, total, status,
                                 placed_at)
             select id, 'fill' || i || '@example.com', 'Customer ' || i, phone, 'ঢাকা', 'মিরপুর',
                    'House ' || (i % 300) || ', Road ' || (i % 40), 'Inside Dhaka', 60, 1200, 1260,
                    ${statusCase}, now() - (random() * interval '365 days')
             from g
             returning id, status, placed_at
           ), lines as (
             insert into order_lines (id, order_id, position, product_id, name, unit_price, quantity)
             select id || '-1', id, 1, $3, $4, 1200, 1 from ins
           )
           insert into order_status_history (id, order_id, to_status, changed_by_role, changed_at)
           select id || '-h', id, status, 'system', placed_at from ins`,
          [start, count, product.id, product.name],
        );
      });
    }
    await sql`analyze orders`;
    await sql`analyze order_lines`;
    await sql`analyze order_status_history`;
    return missing;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export async function countOrders(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from orders`;
    return row?.n ?? 0;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** EXPLAIN of the risk aggregate for the phones of the Pending queue's first page. */
export async function explainRiskAggregate(url: string): Promise<ExplainedQuery[]> {
  const { db, client, record } = openRecordingDb(url);
  try {
    const page = await client<{ mobile_number: string }[]>`
      select mobile_number from orders where status = 'Pending' order by placed_at limit 20`;
    const phones = page.map((p) => p.mobile_number);
    const run = () => riskOfPhones(db, phones, 2);
    await run();
    return await explainRecorded(client, "risk of a page of 20 phones", await record(run));
  } finally {
    await client.end({ timeout: 5 });
  }
}
