import type { Ref } from "react";
import { Link } from "react-router";
import type { Product } from "../../../core/schemas";
import { ProductCard } from "../../components/product-card";
import { productPath } from "./paths";

/**
 * Spec §9: 2, 3 or 5 columns by width. Each card links to its product page (the card itself
 * has no link; if it gains one, drop the Link here).
 */
export function ProductGrid({
  products,
  eagerCount = 0,
  label,
  firstNewIndex,
  firstNewRef,
}: {
  products: readonly Product[];
  eagerCount?: number;
  label?: string;
  firstNewIndex?: number;
  firstNewRef?: Ref<HTMLAnchorElement>;
}) {
  return (
    <ul
      aria-label={label}
      className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-4 lg:grid-cols-5"
    >
      {products.map((p, i) => (
        <li key={p._id} className="min-w-0">
          <Link
            to={productPath(p._id)}
            prefetch="intent"
            ref={i === firstNewIndex ? firstNewRef : undefined}
            className="block h-full rounded-box transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary [&>article]:h-full"
          >
            <ProductCard product={p} eager={i < eagerCount} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
