import { type CardProduct, toCardProduct } from "~/app/components/product-card";
import { orPageError } from "~/app/lib/page-error.server";
import { type Category, PRODUCT_TYPES, type ProductType } from "~/core/catalogue";
import type { AppContext } from "~/server/app-context";
import { listProducts } from "~/server/services/products";
import { withStock } from "~/server/services/stock";

/** 20 cards: four rows of five on a desktop, ten rows of two on a phone. */
export const LISTING_PAGE_SIZE = 20;

export type ListingPage = {
  products: CardProduct[];
  nextCursor: string | null;
  /** True when this page started at a cursor (a "Load more" page opened without JavaScript). */
  continued: boolean;
  productType: ProductType | null;
};

function productTypeParam(url: URL): ProductType | null {
  const value = url.searchParams.get("productType");
  return (PRODUCT_TYPES as readonly string[]).includes(value ?? "") ? (value as ProductType) : null;
}

/**
 * One page of a listing, newest first with sold-out products after the available ones (badged). Only the card fields go to the page (and its hydration
 * data). A cursor that does not parse answers 400.
 */
export async function loadListingPage(
  ctx: AppContext,
  request: Request,
  filter: { category?: Category; subCategory?: string; searchQuery?: string },
): Promise<ListingPage> {
  const url = new URL(request.url);
  const productType = productTypeParam(url);
  const cursor = url.searchParams.get("cursor") || undefined;
  const load = async () => {
    const found = await listProducts(
      ctx.db,
      { ...filter, productType: productType ?? undefined, cursor, limit: LISTING_PAGE_SIZE },
      { soldOutLast: true },
    );
    const cards = (await withStock(ctx.db, found.data)).map(toCardProduct);
    // A search's pages come in the search's order: each puts its sold-out products last.
    const ordered = filter.searchQuery
      ? [...cards.filter((c) => !c.soldOut), ...cards.filter((c) => c.soldOut)]
      : cards;
    return { products: ordered, nextCursor: found.nextCursor };
  };
  // Searches are not cached: their words are the visitor's, without end, and the search is fast.
  const key = `listing:${filter.category ?? ""}|${filter.subCategory ?? ""}|${productType ?? ""}|${cursor ?? ""}`;
  const page = await orPageError(filter.searchQuery ? load() : ctx.catalogueCache.get(key, load));
  return { ...page, continued: cursor !== undefined, productType };
}
