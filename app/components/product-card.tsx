import { memo } from "react";
import { Link } from "react-router";
import { useI18n } from "~/app/i18n/use-i18n";
import { inLang } from "~/core/locale";
import { mediaSrcSet } from "~/core/media";
import { discountPercent, priceShown } from "~/core/money";
import type { Product } from "~/core/schemas/product";
import { isSoldOut, type StockLevel } from "~/core/stock";
import { truncate } from "~/core/text";
import { productPath } from "../features/catalogue/paths";
import { RatingStars } from "./rating-stars";
import { useNameLimit } from "./use-name-limit";

/** Cards sit 2 / 3 / 5 to a row (grids and carousels, at most 1200 px wide). */
const CARD_SIZES = "(min-width: 1024px) 224px, (min-width: 768px) 32vw, 48vw";

/** What a card needs; a full Product fits. Loaders send only this to keep pages light. */
export type CardProduct = Pick<
  Product,
  "_id" | "name" | "images" | "originalPrice" | "offerPrice"
> &
  /** The Bengali name, when the product has one (Bengali pages show it). */
  Partial<Pick<Product, "nameBn">> &
  Partial<Pick<Product, "ratings" | "reviews">> & {
    /** Tracked and no piece of any size or colour left: badged "Sold out". */
    soldOut?: true;
  };

/**
 * The card fields of a product, with only the first (main) image; a tracked product given with
 * its `stock` (the API's, or `withStock`) and nothing left is `soldOut`.
 */
export function toCardProduct(p: Product & { stock?: readonly StockLevel[] }): CardProduct {
  const soldOut = p.trackStock && p.stock !== undefined && isSoldOut(p.stock);
  return {
    _id: p._id,
    name: p.name,
    ...(p.nameBn ? { nameBn: p.nameBn } : {}),
    images: p.images.slice(0, 1),
    originalPrice: p.originalPrice,
    offerPrice: p.offerPrice,
    ratings: p.ratings,
    reviews: p.reviews,
    ...(soldOut ? { soldOut: true as const } : {}),
  };
}

/**
 * The card's name cut for the screen. Its own component: on a phone the switch from the server's
 * wide-screen cut, right after hydration, re-renders this text alone, not every card.
 */
function CardName({ name }: { name: string }) {
  return truncate(name, useNameLimit("card"));
}

/**
 * A product in a grid or carousel: one link to /product-details/{id}. The name is cut to the
 * spec §9 card limit for the screen width inside a two-line box, so nothing shifts when the
 * browser switches from the server's wide-screen cut to its own. Memoised: a grid that renders
 * again (a listing once hydrated, the router once it has learnt the page's links) leaves its
 * cards alone when their products are the same.
 */
export const ProductCard = memo(function ProductCard({
  product,
  eager = false,
  showRating = true,
}: {
  product: CardProduct;
  /** Above the fold: load the image at once. */
  eager?: boolean;
  showRating?: boolean;
}) {
  const { t, taka, count: n, lang } = useI18n();
  const price = priceShown(product);
  const discount = discountPercent(product.originalPrice, product.offerPrice);
  const image = product.images[0];
  const name = inLang(lang, product.name, product.nameBn);
  return (
    <article className="card h-full overflow-hidden rounded-box border border-base-300 bg-base-100 transition-shadow hover:shadow-md">
      <Link
        to={productPath(product._id)}
        className="flex h-full flex-col rounded-box focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        <figure className="relative aspect-square bg-base-200">
          {image ? (
            <img
              src={image}
              srcSet={mediaSrcSet(image, 450)}
              sizes={CARD_SIZES}
              alt={name}
              width={450}
              height={450}
              loading={eager ? "eager" : "lazy"}
              fetchPriority={eager ? "high" : undefined}
              decoding="async"
              className={`h-full w-full object-cover ${product.soldOut ? "opacity-60" : ""}`}
            />
          ) : null}
          {product.soldOut ? (
            <span
              className="badge badge-neutral absolute top-2 left-2 font-semibold"
              data-testid="sold-out-badge"
            >
              {t("card.soldOut")}
            </span>
          ) : null}
        </figure>
        <div className="flex flex-1 flex-col gap-1 p-2 sm:p-3">
          <h3 className="line-clamp-2 h-[2lh] text-sm leading-snug font-medium" title={name}>
            <CardName name={name} />
          </h3>
          <p className="mt-auto flex flex-wrap items-baseline gap-x-1.5 text-sm">
            <span className="text-base font-bold text-primary">{taka(price)}</span>
            {discount > 0 ? (
              <>
                <s className="text-xs">
                  <span className="sr-only">{t("card.was")}</span>
                  {taka(product.originalPrice)}
                </s>
                <span className="badge badge-error badge-xs font-semibold">-{n(discount)}%</span>
              </>
            ) : null}
          </p>
          {showRating && product.ratings != null ? (
            <RatingStars rating={product.ratings} reviews={product.reviews} />
          ) : null}
        </div>
      </Link>
    </article>
  );
});
