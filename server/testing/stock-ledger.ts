import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** A variant whose on-hand quantity is not the sum of its ledger entries. */
export type LedgerMismatch = {
  productId: string;
  size: string;
  color: string;
  onHand: number;
  ledgerSum: number;
};

/**
 * The SQL of the check every stock test ends with: each variant's on-hand quantity (0 without a
 * row) against the sum of its ledger entries (0 without any). Plain SQL, so a test holding only
 * a PostgreSQL connection (tests/processes) runs the same query.
 */
export const LEDGER_MISMATCH_SQL = `
  select coalesce(s.product_id, l.product_id) as "productId",
         coalesce(s.size, l.size) as "size",
         coalesce(s.color, l.color) as "color",
         coalesce(s.quantity, 0)::int as "onHand",
         coalesce(l.total, 0)::int as "ledgerSum"
  from product_stock s
  full join (
    select product_id, size, color, sum(change) as total
    from stock_ledger group by product_id, size, color
  ) l on l.product_id = s.product_id and l.size = s.size and l.color = s.color
  where coalesce(s.quantity, 0) <> coalesce(l.total, 0)
     or coalesce(s.quantity, 0) < 0`;

/** Every variant whose on-hand quantity differs from its ledger (or is below zero): [] when sound. */
export async function ledgerMismatches(db: Db): Promise<LedgerMismatch[]> {
  const result = await db.execute(sql.raw(LEDGER_MISMATCH_SQL));
  return (
    Array.isArray(result) ? result : (result as { rows: unknown[] }).rows
  ) as LedgerMismatch[];
}
