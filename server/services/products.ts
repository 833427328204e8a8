import { and, desc, eq, ilike, lt, ne, or, type SQL } from "drizzle-orm";
import type { Product, ProductInput, ProductQuery } from "../../core/schemas";
import type { Db } from "../db/client";
import { newId } from "../db/ids";
import { type ProductRow, products } from "../db/schema";
import { AppError } from "../errors";

export type { Product };

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
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
  };
}

export type ProductPage = { data: Product[]; nextCursor: string | null };

type Cursor = { createdAt: Date; id: string };

function encodeCursor(row: ProductRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string): Cursor {
  const [iso, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  if (!id || Number.isNaN(createdAt.getTime())) {
    throw new AppError("invalid", "Some fields are not valid", [
      { path: "cursor", message: "Invalid cursor" },
    ]);
  }
  return { createdAt, id };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

/** Newest first, keyset-paginated so deep pages stay as fast as the first one. */
export async function listProducts(db: Db, query: ProductQuery): Promise<ProductPage> {
  const where: SQL[] = [];
  if (query.category) where.push(eq(products.category, query.category));
  if (query.subCategory) where.push(eq(products.subCategory, query.subCategory));
  if (query.productType) where.push(eq(products.productType, query.productType));
  if (query.searchQuery) where.push(ilike(products.name, `%${escapeLike(query.searchQuery)}%`));
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    const older = or(
      lt(products.createdAt, c.createdAt),
      and(eq(products.createdAt, c.createdAt), lt(products.id, c.id)),
    );
    if (older) where.push(older);
  }
  const rows = await db
    .select()
    .from(products)
    .where(and(...where))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map(toProduct),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

export async function getProduct(db: Db, id: string): Promise<Product> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw AppError.notFound("Product");
  return toProduct(row);
}

/** Spec §9: up to 10 related products, the newest of the same category, never the product itself. */
export const RELATED_PRODUCTS_LIMIT = 10;

export async function relatedProducts(
  db: Db,
  product: Pick<Product, "_id" | "category">,
  limit: number = RELATED_PRODUCTS_LIMIT,
): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.category, product.category), ne(products.id, product._id)))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(Math.max(0, Math.min(limit, RELATED_PRODUCTS_LIMIT)));
  return rows.map(toProduct);
}

/** The newest products' ids and last change, for sitemap.xml (bounded: a sitemap holds 50,000 URLs at most). */
export async function productSitemapEntries(
  db: Db,
  limit: number,
): Promise<{ id: string; updatedAt: string }[]> {
  const rows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, updatedAt: r.updatedAt.toISOString() }));
}

export async function createProduct(
  db: Db,
  input: ProductInput,
  createdAt: Date = new Date(),
): Promise<Product> {
  const [row] = await db
    .insert(products)
    .values({
      id: newId(),
      name: input.name,
      description: input.description,
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
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return toProduct(row);
}

export async function countProducts(db: Db): Promise<number> {
  return db.$count(products);
}
