import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { Db } from "../server/db/client";
import * as schema from "../server/db/schema";
import { getProduct, listProducts, relatedProducts } from "../server/services/products";
import { percentile } from "./report";

/**
 * What shoppers type: sub-category and product words, brands, two words, short prefixes,
 * misspellings and things the shop does not sell (rare words take the trigram path).
 */
export const SEARCH_QUERIES = [
  "saree",
  "panjabi",
  "earbuds",
  "power bank",
  "smart watch",
  "backpack",
  "lipstick",
  "t-shirt",
  "jamdani",
  "cotton",
  "leather",
  "wireless",
  "bluetooth",
  "charger",
  "hijab",
  "sneakers",
  "perfume",
  "rice cooker",
  "blender",
  "kurti",
  "baby",
  "kitchen",
  "non stick",
  "tripod",
  "padma",
  "meghna",
  "sundarban",
  "padma saree",
  "cotton t-shirt",
  "eid edition",
  "ba",
  "e",
  "sa",
  "earbudz",
  "pnajabi",
  "iphone 15",
  "samsung",
  "heirloom",
  "xyz",
  "gaming mouse",
];

export type SearchFigures = {
  products: number;
  queries: number;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
};

export type ExplainedQuery = { name: string; sql: string; plan: string };

type Captured = { query: string; parameters: unknown[] };

/** A Drizzle client on the bench database whose SQL can be recorded for EXPLAIN. */
export function openRecordingDb(url: string) {
  let recording: Captured[] | undefined;
  const client = postgres(url, {
    max: 1,
    onnotice: () => {},
    debug: (_connection, query, parameters) => {
      recording?.push({ query, parameters: [...parameters] });
    },
  });
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db,
    client,
    async record(run: () => Promise<unknown>): Promise<Captured[]> {
      recording = [];
      try {
        await run();
        return recording;
      } finally {
        recording = undefined;
      }
    },
  };
}

/** Search latency through the service (the API's own query path, no cache), measured directly. */
export async function measureSearch(url: string, rounds = 15): Promise<SearchFigures> {
  const { db, client } = openRecordingDb(url);
  try {
    const products = await db.$count(schema.products);
    for (const q of SEARCH_QUERIES) await listProducts(db, { searchQuery: q, limit: 10 });
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const q of SEARCH_QUERIES) {
        const started = performance.now();
        await listProducts(db, { searchQuery: q, limit: 10 });
        times.push(performance.now() - started);
      }
    }
    return {
      products,
      queries: SEARCH_QUERIES.length,
      samples: times.length,
      p50Ms: percentile(times, 50),
      p95Ms: percentile(times, 95),
      maxMs: Math.max(...times),
    };
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the SQL the hot reads really send. */
export async function explainHotQueries(url: string): Promise<ExplainedQuery[]> {
  const { db, client, record } = openRecordingDb(url);
  try {
    const first = await listProducts(db, { category: "Bag Items", limit: 20 });
    const product = first.data[0];
    const reads: [string, () => Promise<unknown>][] = [
      ["shop: newest 20", () => listProducts(db, { limit: 20 })],
      ["category page 1", () => listProducts(db, { category: "Bag Items", limit: 20 })],
      [
        "category page 2 (keyset cursor)",
        () =>
          listProducts(db, {
            category: "Bag Items",
            limit: 20,
            cursor: first.nextCursor ?? undefined,
          }),
      ],
      ["home: Best Selling", () => listProducts(db, { productType: "Best Selling", limit: 10 })],
      [
        "search, common word (cotton)",
        () => listProducts(db, { searchQuery: "cotton", limit: 10 }),
      ],
      [
        "search, rare word (heirloom)",
        () => listProducts(db, { searchQuery: "heirloom", limit: 10 }),
      ],
      ["search, 2 characters (ba)", () => listProducts(db, { searchQuery: "ba", limit: 10 })],
    ];
    if (product) {
      reads.push(["product by id", () => getProduct(db, product._id)]);
      reads.push(["related products", () => relatedProducts(db, product)]);
    }
    const explained: ExplainedQuery[] = [];
    for (const [name, run] of reads) {
      await run();
      explained.push(...(await explainRecorded(client, name, await record(run))));
    }
    return explained;
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of each recorded statement, labelled by the read it came from. */
export async function explainRecorded(
  client: postgres.Sql,
  name: string,
  statements: readonly Captured[],
): Promise<ExplainedQuery[]> {
  const explained: ExplainedQuery[] = [];
  for (const [i, s] of statements.entries()) {
    const rows = await client.unsafe(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${s.query}`,
      s.parameters as never[],
    );
    const plan = rows.map((r) => String(r["QUERY PLAN"])).join("\n");
    const label = statements.length > 1 ? `${name} — statement ${i + 1}` : name;
    explained.push({ name: label, sql: s.query, plan });
  }
  return explained;
}
