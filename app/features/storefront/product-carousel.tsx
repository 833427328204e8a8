import { useRef, useState } from "react";
import { type CardProduct, ProductCard, toCardProduct } from "~/app/components/product-card";
import { Carousel } from "./carousel";
import { fetchProducts } from "./products-api";

/** The server renders this many cards per carousel; the rest come when the visitor nears the end. */
export const CAROUSEL_FIRST = 10;
/** Each carousel shows at most this many products (ten pages on a phone, four on a desktop). */
export const CAROUSEL_LIMIT = 20;

export type CarouselList = { products: CardProduct[]; nextCursor: string | null };

/**
 * A product carousel (Best Selling, New Arrivals) that hydrates only its first 10 cards and
 * fetches the next ones (up to 20 in all) once the view is within a page of the end.
 */
export function ProductCarousel({
  label,
  productType,
  initial,
}: {
  label: string;
  productType: string;
  initial: CarouselList;
}) {
  const [list, setList] = useState(initial);
  const loading = useRef(false);

  async function more() {
    if (loading.current || !list.nextCursor || list.products.length >= CAROUSEL_LIMIT) return;
    loading.current = true;
    try {
      const page = await fetchProducts({
        productType,
        cursor: list.nextCursor,
        limit: CAROUSEL_LIMIT - list.products.length,
      });
      setList((s) => {
        const seen = new Set(s.products.map((p) => p._id));
        const added = page.data.map(toCardProduct).filter((p) => !seen.has(p._id));
        return {
          products: [...s.products, ...added].slice(0, CAROUSEL_LIMIT),
          nextCursor: page.nextCursor,
        };
      });
    } catch (err) {
      console.error(err);
    } finally {
      loading.current = false;
    }
  }

  return (
    <Carousel label={label} onNearEnd={() => void more()}>
      {list.products.map((p) => (
        <ProductCard key={p._id} product={p} />
      ))}
    </Carousel>
  );
}
