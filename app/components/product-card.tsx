import { discountPercent, formatTaka, priceShown } from "../../core/money";
import type { Product } from "../../core/schemas";

export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const price = priceShown(product);
  const discount = discountPercent(product.originalPrice, product.offerPrice);
  const image = product.images[0];
  return (
    <article className="card bg-base-100 shadow-sm border border-base-300">
      <figure className="aspect-square bg-base-200">
        {image ? (
          <img
            src={image}
            alt={product.name}
            width={450}
            height={450}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : null}
      </figure>
      <div className="card-body p-3 gap-1">
        <h2 className="text-sm font-medium line-clamp-2" title={product.name}>
          {product.name}
        </h2>
        <p className="text-xs opacity-70">{product.category}</p>
        <p className="font-bold text-primary">
          {formatTaka(price)}
          {discount > 0 ? (
            <>
              {" "}
              <s className="text-xs font-normal text-base-content/70">
                {formatTaka(product.originalPrice)}
              </s>{" "}
              <span className="text-xs font-normal text-error">-{discount}%</span>
            </>
          ) : null}
        </p>
      </div>
    </article>
  );
}
