import { and, desc, eq, ilike, lt, ne, or, type SQL } from "drizzle-orm";
import {
  type Product,
  type ProductInput,
  type ProductQuery,
  productInputSchema,
  productUpdateSchema,
} from "../../core/schemas";
import type { Db } from "../db/client";
import { newId } from "../db/ids";
import { type ProductRow, products } from "../db/schema";
import { AppError } from "../errors";
import { afterCatalogueWrite, type CatalogueWriteContext } from "./catalogue-writes";

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

function parseProductInput(body: unknown): ProductInput {
  const parsed = productInputSchema.safeParse(body);
  if (!parsed.success) throw AppError.fromZod(parsed.error);
  return parsed.data;
}

/** Adds a product (the server sets createdAt) and announces it once committed. */
export async function addProduct(ctx: CatalogueWriteContext, body: unknown): Promise<Product> {
  const product = await createProduct(ctx.db, parseProductInput(body));
  await afterCatalogueWrite(ctx, { kind: "product", id: product._id });
  return product;
}

/** Product fields as an update body may hold them: the editable fields of a stored product. */
function editableFields(product: Product): Record<string, unknown> {
  const { _id, createdAt, ...fields } = product;
  return fields;
}

/**
 * PATCH semantics: the fields in the body replace the stored ones, absent fields stay (the
 * dashboard form sends them all). The merged product must pass every rule a new product must,
 * so a partial body cannot, say, push the offer price above the original one. Images the
 * update dropped are removed from storage when nothing else uses them.
 */
export async function updateProduct(
  ctx: CatalogueWriteContext,
  id: string,
  body: unknown,
): Promise<Product> {
  const patch = productUpdateSchema.safeParse(body);
  if (!patch.success) throw AppError.fromZod(patch.error);
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for("update");
    if (!row) throw AppError.notFound("Product");
    const stored = toProduct(row);
    const present = Object.fromEntries(
      Object.entries(patch.data).filter(([, value]) => value !== undefined),
    );
    // videoLink "" or null clears the link: the schema turns both into undefined.
    const clearsVideo =
      typeof body === "object" && body !== null && "videoLink" in body && !patch.data.videoLink;
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
        updatedAt: new Date(),
      })
      .where(eq(products.id, id))
      .returning();
    if (!updated) throw AppError.notFound("Product");
    return { before: stored, after: toProduct(updated) };
  });
  const dropped = before.images.filter((url) => !after.images.includes(url));
  await afterCatalogueWrite(ctx, { kind: "product", id }, dropped);
  return after;
}

/**
 * Deletes a product and then its stored images that no other product, slide or order line uses.
 * Order lines are snapshots (no reference to the product), so past orders keep their name,
 * price and picture.
 */
export async function deleteProduct(ctx: CatalogueWriteContext, id: string): Promise<void> {
  const [row] = await ctx.db
    .delete(products)
    .where(eq(products.id, id))
    .returning({ images: products.images });
  if (!row) throw AppError.notFound("Product");
  await afterCatalogueWrite(ctx, { kind: "product", id }, row.images);
}
