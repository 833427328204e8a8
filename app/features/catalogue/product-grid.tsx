import { type CardProduct, ProductCard } from "~/app/components/product-card";

/** Spec §9: 2, 3 or 5 columns by width. Each card links to its product page. */
export function ProductGrid({
  products,
  eagerCount = 0,
  label,
  firstNewIndex,
}: {
  products: readonly CardProduct[];
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
          <ProductCard product={p} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
