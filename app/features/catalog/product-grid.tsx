import { Link } from "react-router";
import type { Product } from "../../../core/schemas";
import * as productCardModule from "../../components/product-card";
import { productPath } from "./paths";

const { ProductCard } = productCardModule;

/**
 * The shared card links to its product page once it exports `toCardProduct` (the home-page
 * branch's card); the placeholder card on this branch does not, so the grid adds the link.
 * After both branches land, this is always true and the fallback can go.
 */
const CARD_LINKS_ITSELF = "toCardProduct" in productCardModule;

/** Spec §9: 2, 3 or 5 columns by width. */
export function ProductGrid({
  products,
  eagerCount = 0,
  label,
  firstNewIndex,
}: {
  products: readonly Product[];
  eagerCount?: number;
  label?: string;
  /** The first card of an appended page: focus moves to its link. */
  firstNewIndex?: number;
}) {
  return (
    <ul
      aria-label={label}
      className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-4 lg:grid-cols-5"
    >
      {products.map((p, i) => (
        <li key={p._id} className="min-w-0" data-first-new={i === firstNewIndex || undefined}>
          {CARD_LINKS_ITSELF ? (
            <ProductCard product={p} eager={i < eagerCount} />
          ) : (
            <Link
              to={productPath(p._id)}
              className="block h-full rounded-box transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary [&>article]:h-full"
            >
              <ProductCard product={p} eager={i < eagerCount} />
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
