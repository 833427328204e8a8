import { CHEAP_ITEMS_CATEGORY } from "~/core/catalogue";
import type { ProductQuery } from "~/core/schemas";
import type { AppContext } from "~/server/app-context";
import type { Db } from "~/server/db/client";
import { listProducts } from "~/server/services/products";
import { listSlides } from "~/server/services/slides";
import { withStock } from "~/server/services/stock";
import { toCardProduct } from "../components/product-card";
import { CAROUSEL_FIRST } from "../features/storefront/product-carousel";

/** The Most Popular and 100 TK grids start with 10; the browser asks for more when needed. */
export const GRID_FIRST = 10;

/**
 * Everything the home page shows first, in bounded queries: never the whole catalogue. Cached
 * until the next product or slide change.
 */
export function homePageData(ctx: AppContext) {
  return ctx.catalogueCache.get("home", () => loadHomePageData(ctx.db));
}

async function loadHomePageData(db: Db) {
  const slides = await listSlides(db);
  // Sold-out products after the available ones, badged; the browser's further pages keep the
  // order (their cursors say so).
  const section = async (query: ProductQuery) => {
    const page = await listProducts(db, query, { soldOutLast: true });
    const products = (await withStock(db, page.data)).map(toCardProduct);
    return { products, nextCursor: page.nextCursor };
  };
  return {
    slides: slides.map((s) => ({
      _id: s._id,
      image: s.image,
      title: s.title,
      ...(s.titleBn ? { titleBn: s.titleBn } : {}),
    })),
    bestSelling: await section({ productType: "Best Selling", limit: CAROUSEL_FIRST }),
    newArrivals: await section({ productType: "New Arrivals", limit: CAROUSEL_FIRST }),
    popular: await section({ productType: "Most Popular", limit: GRID_FIRST }),
    cheap: await section({ category: CHEAP_ITEMS_CATEGORY, limit: GRID_FIRST }),
  };
}
