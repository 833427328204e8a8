import { type AnyColumn, and, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Actor } from "~/core/actor";
import { subCategoriesNamedIn } from "~/core/catalogue-bn";
import { toAsciiDigits } from "~/core/digits";
import { toBengaliDigits } from "~/core/locale";
import {
  PRODUCT_CHANGED_MESSAGE,
  type Product,
  type ProductInput,
  type ProductQuery,
  productInputSchema,
  productUpdateSchema,
} from "~/core/schemas";
import { SOLD_OUT_LAST_START } from "~/core/stock";
import type { Db } from "../db/client";
import { retryOnDeadlock } from "../db/errors";
import { newId } from "../db/ids";
import { encodeCursor, olderThan } from "../db/keyset";
import { type ProductRow, products } from "../db/schema";
import { AppError } from "../errors";
import { assertAdmin } from "./authorize";
import {
  afterCatalogueWrite,
  assertImagesStored,
  assertUnchangedSince,
  type CatalogueWriteContext,
  nextUpdatedAt,
  productImageFields,
} from "./catalogue-writes";
import {
  assertStockGrid,
  type StockFilter,
  stockFilterCondition,
  type WithStock,
  withStock,
  writeStockGrid,
} from "./stock";

export type { Product };

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    // Only when the shop gave them: a product without Bengali keeps the spec's shape.
    ...(row.nameBn ? { nameBn: row.nameBn } : {}),
    ...(row.descriptionBn ? { descriptionBn: row.descriptionBn } : {}),
    videoLink: row.videoLink,
    category: row.category,
    subCategory: row.subCategory,
    productType: row.productType,
    sizes: row.sizes,
    colors: row.colors,
    images: row.images,
    originalPrice: row.originalPrice,
    offerPrice: row.offerPrice,
    ratings: Number(row.ratings),
    reviews: row.reviews,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    trackStock: row.trackStock,
  };
}

export type ProductPage = { data: Product[]; nextCursor: string | null };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

/**
 * Searches look for matches among this many newest products first: an index-only scan of
 * products_created_idx (which carries the name), about 1–2 ms at any catalogue size.
 */
export const SEARCH_RECENT_WINDOW = 2_000;
/** pg_trgm needs three characters; shorter searches stay within the recent window. */
export const MIN_TRIGRAM_SEARCH = 3;

const newestFirst = [desc(products.createdAt), desc(products.id)];

/**
 * Ids of the newest `take` products whose name contains `text`, among those `filters` select.
 * A word that is common (at least `take` matches among the newest 2,000) is answered from the
 * recent window; a rarer one from the trigram index (pg_trgm GIN), which then finds few rows.
 * 1–2 characters cannot use trigrams: they are answered from the recent window only, so the
 * cost stays bounded however large the catalogue is (docs/decisions/016).
 */
async function searchProductIds(
  db: Db,
  filters: SQL[],
  text: string,
  take: number,
): Promise<string[]> {
  // Digits typed on a Bengali keyboard (১০০) find names written with ASCII digits (100ml),
  // and the other way round.
  const patterns = [...new Set([text, toAsciiDigits(text), toBengaliDigits(text)])].map(
    (spelling) => `%${escapeLike(spelling)}%`,
  );
  // A search in Bengali also finds the products of the sub-categories it names (শাড়ি: every
  // Saree), as most shops name their products in English only.
  const namedSubs = subCategoriesNamedIn(text);
  const matchesText = (name: AnyColumn, nameBn: AnyColumn, subCategory: AnyColumn) =>
    or(
      ...patterns.flatMap((pattern) => [ilike(name, pattern), ilike(nameBn, pattern)]),
      namedSubs.length ? inArray(subCategory, namedSubs) : undefined,
    );
  const recent = db
    .select({
      id: products.id,
      name: products.name,
      nameBn: products.nameBn,
      subCategory: products.subCategory,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(and(...filters))
    .orderBy(...newestFirst)
    .limit(SEARCH_RECENT_WINDOW)
    .as("recent");
  const hits = await db
    .select({ id: recent.id })
    .from(recent)
    .where(matchesText(recent.name, recent.nameBn, recent.subCategory))
    .orderBy(desc(recent.createdAt), desc(recent.id))
    .limit(take);
  if (hits.length >= take || text.length < MIN_TRIGRAM_SEARCH) return hits.map((h) => h.id);

  // OFFSET 0 keeps the planner from walking the created_at index with a filter (it cannot
  // estimate how rare the word is); the matches come from the trigram index and are few.
  const matches = db
    .select({ id: products.id, createdAt: products.createdAt })
    .from(products)
    .where(and(...filters, matchesText(products.name, products.nameBn, products.subCategory)))
    .offset(0)
    .as("matches");
  const rows = await db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(desc(matches.createdAt), desc(matches.id))
    .limit(take);
  return rows.map((r) => r.id);
}

/**
 * What a product query may add: only low or sold-out tracked products (the admin's list), or
 * the shop's order with sold-out products after the available ones (`soldOutLast`).
 */
export type ProductStockQuery = {
  stock?: StockFilter;
  lowThreshold?: number;
  soldOutLast?: boolean;
};

/**
 * Cursors of the sold-out-last order name their part: `a~<cursor>` among the available products,
 * `s~<cursor>` among the sold-out ones (`s~` alone: their start). `~` is not in a plain cursor's
 * alphabet, so such a cursor brought back to GET /api/products keeps the order it came from.
 */
const AVAILABLE_PART = SOLD_OUT_LAST_START;
const SOLD_OUT_PART = "s~";

function partOf(cursor: string | undefined): { soldOut: boolean; cursor?: string } | null {
  for (const [prefix, soldOut] of [
    [AVAILABLE_PART, false],
    [SOLD_OUT_PART, true],
  ] as const) {
    if (cursor?.startsWith(prefix)) {
      const rest = cursor.slice(prefix.length);
      return { soldOut, ...(rest ? { cursor: rest } : {}) };
    }
  }
  return null;
}

/**
 * Newest first, available products before sold-out ones, keyset-paginated within each part: the
 * available part is read first; a page that reaches its end goes on with the sold-out part.
 */
async function listSoldOutLast(
  db: Db,
  filters: SQL[],
  query: ProductQuery,
  start: { soldOut: boolean; cursor?: string },
): Promise<ProductPage> {
  const soldOut = stockFilterCondition("sold_out");
  const read = (part: SQL, cursor: string | undefined, take: number) =>
    db
      .select()
      .from(products)
      .where(
        and(
          ...filters,
          part,
          ...(cursor ? [olderThan(products.createdAt, products.id, cursor)] : []),
        ),
      )
      .orderBy(...newestFirst)
      .limit(take);
  const pageOf = (rows: ProductRow[], prefix: string, next: string | null) => ({
    data: rows.map(toProduct),
    nextCursor: next === null ? null : `${prefix}${next}`,
  });
  const cursorAfter = (rows: ProductRow[]) => {
    const last = rows.at(-1);
    return last ? encodeCursor(last.createdAt, last.id) : "";
  };
  if (start.soldOut) {
    const rows = await read(soldOut, start.cursor, query.limit + 1);
    const page = rows.slice(0, query.limit);
    return pageOf(page, SOLD_OUT_PART, rows.length > query.limit ? cursorAfter(page) : null);
  }
  const available = await read(sql`not ${soldOut}`, start.cursor, query.limit + 1);
  if (available.length > query.limit) {
    const page = available.slice(0, query.limit);
    return pageOf(page, AVAILABLE_PART, cursorAfter(page));
  }
  const room = query.limit - available.length;
  const sold = await read(soldOut, undefined, room + 1);
  const page = [...available, ...sold.slice(0, room)];
  const more = sold.length > room;
  const next = !more ? null : room === 0 ? "" : cursorAfter(sold.slice(0, room));
  return pageOf(page, SOLD_OUT_PART, next);
}

/** Newest first, keyset-paginated so deep pages stay as fast as the first one. */
export async function listProducts(
  db: Db,
  query: ProductQuery,
  stockQuery: ProductStockQuery = {},
): Promise<ProductPage> {
  const where: SQL[] = [];
  if (stockQuery.stock) {
    where.push(stockFilterCondition(stockQuery.stock, stockQuery.lowThreshold));
  }
  if (query.category) where.push(eq(products.category, query.category));
  if (query.subCategory) where.push(eq(products.subCategory, query.subCategory));
  if (query.productType) where.push(eq(products.productType, query.productType));
  const part = query.searchQuery ? null : partOf(query.cursor);
  if (part || (stockQuery.soldOutLast && !query.searchQuery)) {
    // A plain cursor here goes on among the available products (and is checked like any other:
    // one that does not decode is a 400, not silently the first page).
    return listSoldOutLast(db, where, query, part ?? { soldOut: false, cursor: query.cursor });
  }
  if (query.cursor) where.push(olderThan(products.createdAt, products.id, query.cursor));
  let rows: ProductRow[];
  if (query.searchQuery) {
    const ids = await searchProductIds(db, where, query.searchQuery, query.limit + 1);
    const found = ids.length
      ? await db.select().from(products).where(inArray(products.id, ids))
      : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    rows = ids.flatMap((id) => byId.get(id) ?? []);
  } else {
    rows = await db
      .select()
      .from(products)
      .where(and(...where))
      .orderBy(...newestFirst)
      .limit(query.limit + 1);
  }
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map(toProduct),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

export async function getProduct(db: Db, id: string): Promise<Product> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw AppError.notFound("Product");
  return toProduct(row);
}

/** GET /api/products: a page of products, each with its `stock` (one more query for all). */
export async function listProductsWithStock(
  db: Db,
  query: ProductQuery,
): Promise<{ data: WithStock<Product>[]; nextCursor: string | null }> {
  const page = await listProducts(db, query);
  return { data: await withStock(db, page.data), nextCursor: page.nextCursor };
}

/** GET /api/product/{id}: the product with its `stock`. */
export async function getProductWithStock(db: Db, id: string): Promise<WithStock<Product>> {
  const [product] = await withStock(db, [await getProduct(db, id)]);
  if (!product) throw AppError.notFound("Product");
  return product;
}

/**
 * Spec §9: up to 10 related products, the newest of the same category, never the product itself;
 * sold-out ones after the available ones, as in the listings.
 */
export const RELATED_PRODUCTS_LIMIT = 10;

export async function relatedProducts(
  db: Db,
  product: Pick<Product, "_id" | "category">,
  limit: number = RELATED_PRODUCTS_LIMIT,
): Promise<Product[]> {
  const take = Math.max(0, Math.min(limit, RELATED_PRODUCTS_LIMIT));
  if (take === 0) return [];
  const page = await listSoldOutLast(
    db,
    [eq(products.category, product.category), ne(products.id, product._id)],
    { limit: take },
    { soldOut: false },
  );
  return page.data;
}

/** The newest products' ids and last change, for sitemap.xml (bounded: a sitemap holds 50,000 URLs at most). */
export async function productSitemapEntries(
  db: Db,
  limit: number,
): Promise<{ id: string; updatedAt: string }[]> {
  const rows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map((r) => ({ id: r.id, updatedAt: r.updatedAt.toISOString() }));
}

/**
 * Stores a product, and its stock grid when the input has one (ledger entries with `reason`,
 * "adjustment" unless said otherwise; the seed says "import"). The grid is checked against the
 * product's sizes and colours first: nothing is stored when it does not fit.
 */
export type NewProduct = Omit<ProductInput, "trackStock" | "nameBn" | "descriptionBn"> & {
  trackStock?: boolean;
  nameBn?: string;
  descriptionBn?: string;
};

export async function createProduct(
  db: Db,
  input: NewProduct,
  createdAt: Date = new Date(),
  writer: { userId: string | null; reason?: "adjustment" | "import" } = { userId: null },
): Promise<Product> {
  if (input.stock) assertStockGrid(input, input.stock);
  const write = async (tx: Db) => {
    const [row] = await tx
      .insert(products)
      .values({
        id: newId(),
        name: input.name,
        description: input.description,
        nameBn: input.nameBn ?? "",
        descriptionBn: input.descriptionBn ?? "",
        videoLink: input.videoLink ?? null,
        category: input.category,
        subCategory: input.subCategory,
        productType: input.productType,
        sizes: [...input.sizes],
        colors: [...input.colors],
        images: [...input.images],
        originalPrice: input.originalPrice,
        offerPrice: input.offerPrice ?? null,
        ratings: input.ratings,
        reviews: input.reviews,
        trackStock: input.trackStock ?? false,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    const product = toProduct(row);
    if (input.stock || input.trackStock) {
      await writeStockGrid(tx, product, input.stock ?? [], {
        userId: writer.userId,
        at: createdAt,
        reason: writer.reason ?? "adjustment",
      });
    }
    return product;
  };
  return input.stock || input.trackStock ? db.transaction(write) : write(db);
}

export async function countProducts(db: Db): Promise<number> {
  return db.$count(products);
}

function parseProductInput(body: unknown): ProductInput {
  const parsed = productInputSchema.safeParse(body);
  if (!parsed.success) throw AppError.fromZod(parsed.error);
  return parsed.data;
}

/** Adds a product (the server sets createdAt) and announces it once committed. Admins only. */
export async function addProduct(
  ctx: CatalogueWriteContext,
  actor: Pick<Actor, "role" | "userId"> | null,
  body: unknown,
): Promise<Product> {
  assertAdmin(actor);
  const input = parseProductInput(body);
  await assertImagesStored(ctx.media, productImageFields(input.images));
  const product = await createProduct(ctx.db, input, new Date(), {
    userId: actor?.userId ?? null,
  });
  await afterCatalogueWrite(ctx, { kind: "product", id: product._id });
  return product;
}

/** Product fields as an update body may hold them: the editable fields of a stored product. */
function editableFields(product: Product): Record<string, unknown> {
  const { _id, createdAt, updatedAt, ...fields } = product;
  return fields;
}

/**
 * PATCH semantics: the fields in the body replace the stored ones, absent fields stay (the
 * dashboard form sends them all). The merged product must pass every rule a new product must,
 * so a partial body cannot, say, push the offer price above the original one. Images the
 * update dropped are removed from storage when nothing else uses them. `stock` sets the variants
 * it lists (checked against the sizes and colours after the change); a tracked product gets a
 * row for every variant it offers. Stock of a size or colour the product no longer offers is
 * kept (and shows again if it is offered again). `updatedAt` in the body refuses the change when
 * the product changed since it was read.
 */
export async function updateProduct(
  ctx: CatalogueWriteContext,
  actor: Pick<Actor, "role" | "userId"> | null,
  id: string,
  body: unknown,
): Promise<WithStock<Product>> {
  assertAdmin(actor);
  const patch = productUpdateSchema.safeParse(body);
  if (!patch.success) throw AppError.fromZod(patch.error);
  // An update that names no field would still stamp the product as changed, and refuse every
  // other admin's open form (their updatedAt is then older).
  const names = Object.entries(patch.data).some(([k, v]) => k !== "updatedAt" && v !== undefined);
  const sendsVideoLink = typeof body === "object" && body !== null && "videoLink" in body;
  if (!names && !sendsVideoLink) {
    throw new AppError(
      "invalid",
      "Nothing to change: send at least one of the product's fields",
      [],
    );
  }
  if (patch.data.images) {
    // Checked before the transaction: the store may be a bucket across the network.
    const [current] = await ctx.db
      .select({ images: products.images })
      .from(products)
      .where(eq(products.id, id));
    if (!current) throw AppError.notFound("Product");
    await assertImagesStored(ctx.media, productImageFields(patch.data.images), current.images);
  }
  // A grid write locks the product's variants, as orders do: a rare deadlock is run again.
  const { before, after } = await retryOnDeadlock(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(products).where(eq(products.id, id)).for("update");
      if (!row) throw AppError.notFound("Product");
      assertUnchangedSince(row.updatedAt, patch.data.updatedAt, PRODUCT_CHANGED_MESSAGE);
      const stored = toProduct(row);
      const present = Object.fromEntries(
        Object.entries(patch.data).filter(([, value]) => value !== undefined),
      );
      // videoLink "" or null clears the link: the schema turns both into undefined.
      const clearsVideo = sendsVideoLink && !patch.data.videoLink;
      const merged = parseProductInput({
        ...editableFields(stored),
        ...present,
        ...(clearsVideo ? { videoLink: null } : {}),
      });
      const [updated] = await tx
        .update(products)
        .set({
          name: merged.name,
          description: merged.description,
          nameBn: merged.nameBn,
          descriptionBn: merged.descriptionBn,
          videoLink: merged.videoLink ?? null,
          category: merged.category,
          subCategory: merged.subCategory,
          productType: merged.productType,
          sizes: [...merged.sizes],
          colors: [...merged.colors],
          images: [...merged.images],
          originalPrice: merged.originalPrice,
          offerPrice: merged.offerPrice ?? null,
          ratings: merged.ratings,
          reviews: merged.reviews,
          trackStock: merged.trackStock,
          updatedAt: nextUpdatedAt(row.updatedAt),
        })
        .where(eq(products.id, id))
        .returning();
      if (!updated) throw AppError.notFound("Product");
      const after = toProduct(updated);
      if (merged.stock) assertStockGrid(after, merged.stock);
      if (merged.stock || after.trackStock) {
        await writeStockGrid(tx, after, merged.stock ?? [], {
          userId: actor?.userId ?? null,
          at: new Date(),
          reason: "adjustment",
        });
      }
      return { before: stored, after };
    }),
  );
  const dropped = before.images.filter((url) => !after.images.includes(url));
  await afterCatalogueWrite(ctx, { kind: "product", id }, dropped);
  const [withLevels] = await withStock(ctx.db, [after]);
  return withLevels ?? { ...after, stock: [] };
}

/**
 * Deletes a product and then its stored images that no other product, slide or order line uses.
 * Order lines are snapshots (no reference to the product), so past orders keep their name,
 * price and picture.
 */
export async function deleteProduct(
  ctx: CatalogueWriteContext,
  actor: Pick<Actor, "role"> | null,
  id: string,
): Promise<void> {
  assertAdmin(actor);
  const [row] = await ctx.db
    .delete(products)
    .where(eq(products.id, id))
    .returning({ images: products.images });
  if (!row) throw AppError.notFound("Product");
  await afterCatalogueWrite(ctx, { kind: "product", id }, row.images);
}
