import { CHEAP_ITEMS_CATEGORY } from "~/core/catalogue";
import type { AppContext } from "~/server/app-context";
import type { Db } from "~/server/db/client";
import { listProducts } from "~/server/services/products";
import { listSlides } from "~/server/services/slides";
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
  const bestSelling = await listProducts(db, {
    productType: "Best Selling",
    limit: CAROUSEL_FIRST,
  });
  const popular = await listProducts(db, { productType: "Most Popular", limit: GRID_FIRST });
  const newArrivals = await listProducts(db, {
    productType: "New Arrivals",
    limit: CAROUSEL_FIRST,
  });
  const cheap = await listProducts(db, { category: CHEAP_ITEMS_CATEGORY, limit: GRID_FIRST });
  return {
    slides: slides.map((s) => ({ _id: s._id, image: s.image, title: s.title })),
    bestSelling: {
      products: bestSelling.data.map(toCardProduct),
      nextCursor: bestSelling.nextCursor,
    },
    newArrivals: {
      products: newArrivals.data.map(toCardProduct),
      nextCursor: newArrivals.nextCursor,
    },
    popular: { products: popular.data.map(toCardProduct), nextCursor: popular.nextCursor },
    cheap: { products: cheap.data.map(toCardProduct), nextCursor: cheap.nextCursor },
  };
}
