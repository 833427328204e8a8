import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { notify } from "~/app/components/dialogs";
import type { CardProduct } from "~/app/components/product-card";
import { categoryName, colorName, subCategoryName } from "~/app/i18n/catalogue-names";
import { availabilityText } from "~/app/i18n/stock-text";
import { useI18n } from "~/app/i18n/use-i18n";
import { useRootData } from "~/app/lib/root-data";
import { lineQuantity, missingChoices, NOT_APPLICABLE } from "~/core/cart-lines";
import { inLang } from "~/core/locale";
import { mediaSrcSet } from "~/core/media";
import { discountPercent, priceShown } from "~/core/money";
import type { Product } from "~/core/schemas";
import { whatsappLink } from "~/core/shop";
import type { StockLevel } from "~/core/stock";
import { addToCart } from "../cart/cart-store";
import { checkoutNavigation } from "../cart/checkout-items";
import { Breadcrumb } from "./breadcrumb";
import { cartItemFor } from "./cart-item";
import { useFavourite } from "./favourites";
import { categoryPath, productPath, subCategoryPath } from "./paths";
import { ProductGrid } from "./product-grid";
import {
  ChoicePicker,
  MAX_QUANTITY,
  PolicyCards,
  ProductDescription,
  QuantityStepper,
  RatingStars,
} from "./product-parts";
import { choiceAvailability, largestQuantity, optionSoldOut, piecesLeft } from "./stock-choice";
import { useHydratedMark } from "./use-hydrated";

function Gallery({ product }: { product: Product }) {
  const [active, setActive] = useState(0);
  const { t, count, lang } = useI18n();
  const images = product.images;
  const main = images[active] ?? images[0];
  return (
    <div>
      <div className="aspect-square overflow-hidden rounded-box border border-base-300 bg-base-200">
        {main ? (
          <img
            src={main}
            srcSet={mediaSrcSet(main, 450)}
            sizes="(min-width: 1248px) 584px, (min-width: 768px) 47vw, calc(100vw - 32px)"
            alt={inLang(lang, product.name, product.nameBn)}
            width={450}
            height={450}
            loading="eager"
            fetchPriority="high"
            decoding="async"
            data-testid="main-image"
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full items-center justify-center text-base-content/70">
            {t("product.noImage")}
          </div>
        )}
      </div>
      {images.length > 1 ? (
        <ul aria-label={t("product.images")} className="mt-3 grid grid-cols-4 gap-2">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                aria-label={t("product.showImage", {
                  n: count(i + 1),
                  count: count(images.length),
                })}
                aria-pressed={i === active}
                onClick={() => setActive(i)}
                className={`block w-full overflow-hidden rounded-box border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
                  i === active ? "border-primary" : "border-base-300 opacity-80 hover:opacity-100"
                }`}
              >
                <img
                  src={src}
                  srcSet={mediaSrcSet(src, 450)}
                  sizes="(min-width: 768px) 140px, 23vw"
                  alt=""
                  width={100}
                  height={100}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8 3.6 4.5 7.1 4.5c2 0 3.4 1.1 4.9 2.9 1.5-1.8 2.9-2.9 4.9-2.9 3.5 0 5.6 3.5 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.8"
      />
    </svg>
  );
}

/**
 * The buy box is a GET form to /product-checkout (Order Now without scripts, see
 * app/features/cart/checkout-form.ts). Without scripts a size, colour or quantity button
 * submits the form back to this page, which reads the choices from its URL: `size`, `color`,
 * `quantity` as chosen so far, and the button's `pick-…` field as the new one.
 */
function choicesFromUrl(search: URLSearchParams, product: Product) {
  const pick = (field: string, options: readonly string[]) => {
    const v = search.get(`pick-${field}`) || search.get(field);
    return v && options.includes(v) ? v : null;
  };
  const q = Number.parseInt(search.get("pick-quantity") || search.get("quantity") || "1", 10);
  return {
    size: pick("size", product.sizes),
    color: pick("color", product.colors),
    quantity: lineQuantity(q),
    // Sent back by the checkout when Order Now came without a choice.
    asked: search.get("ask") === "1",
    // Sent back by the checkout when Order Now asked for more than is left.
    short: search.get("short") === "1",
  };
}

function ProductBuyBox({
  product,
  stock,
}: {
  product: Product;
  stock: readonly StockLevel[] | null;
}) {
  const { user, shop } = useRootData();
  const tr = useI18n();
  const { t, taka, count, digits } = tr;
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [fromUrl] = useState(() => choicesFromUrl(search, product));
  const [size, setSize] = useState<string | null>(fromUrl.size);
  const [color, setColor] = useState<string | null>(fromUrl.color);
  const [quantity, setQuantity] = useState(fromUrl.quantity);
  // Set by Add To Cart / Order Now: from then on a missing size or colour is asked for.
  const [asked, setAsked] = useState(fromUrl.asked);
  const page = productPath(product._id);
  const [favourite, toggleFavourite] = useFavourite(product._id);
  const price = priceShown(product);
  const discount = discountPercent(product.originalPrice, product.offerPrice);
  const left = piecesLeft(stock, { size, color });
  const availability = choiceAvailability(stock, { size, color });
  const soldOut = availability.kind === "out_of_stock";
  const most = largestQuantity(left, MAX_QUANTITY);
  const shownQuantity = Math.min(quantity, most);
  const soldOutOption = (dimension: "size" | "color") => (value: string) =>
    optionSoldOut(stock, dimension, value, { size, color });
  const item = () => cartItemFor(product, { color, size, quantity: shownQuantity }, user?.email);
  const missing = missingChoices(product, { size, color });
  const shown = asked ? missing : {};
  const optionName = (o: string) => colorName(t, o);
  /** False (and the missing choice asked for, the first one focused) until size and colour are chosen. */
  const ready = () => {
    if (!missing.size && !missing.color) return true;
    setAsked(true);
    const first = document.querySelector<HTMLButtonElement>(
      `#${missing.size ? "choice-size" : "choice-colour"} button`,
    );
    first?.focus();
    return false;
  };

  return (
    <div data-testid="buy-box">
      <div className="flex items-start justify-between gap-3">
        <h1 className="text-xl font-bold leading-snug md:text-2xl">
          {inLang(tr.lang, product.name, product.nameBn)}
        </h1>
        <button
          type="button"
          aria-label={t("product.favourite")}
          aria-pressed={favourite}
          title={favourite ? t("product.favourite.remove") : t("product.favourite.add")}
          onClick={toggleFavourite}
          className={`btn btn-circle btn-ghost shrink-0 ${favourite ? "text-error" : ""}`}
        >
          <HeartIcon filled={favourite} />
        </button>
      </div>
      <p className="mt-1 text-sm text-base-content/80">
        <Link to={categoryPath(product.category)} className="link-hover">
          {categoryName(t, product.category)}
        </Link>
        {" / "}
        <Link to={subCategoryPath(product.subCategory)} className="link-hover">
          {subCategoryName(t, product.subCategory)}
        </Link>
      </p>
      <div className="mt-2">
        <RatingStars rating={product.ratings} reviews={product.reviews} />
      </div>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-3xl font-bold text-primary" data-testid="price">
          {taka(price)}
        </span>
        {discount > 0 ? (
          <>
            <s className="text-lg text-base-content/70">
              <span className="sr-only">{t("card.was")}</span>
              {taka(product.originalPrice)}
            </s>
            <span className="badge badge-error font-semibold">-{count(discount)}%</span>
          </>
        ) : null}
      </p>

      <form method="get" action="/product-checkout">
        <input type="hidden" name="product" value={product._id} />
        <input type="hidden" name="size" value={size ?? NOT_APPLICABLE} />
        <input type="hidden" name="color" value={color ?? NOT_APPLICABLE} />
        <input type="hidden" name="quantity" value={shownQuantity} />
        <ChoicePicker
          id="choice-size"
          label={t("product.size")}
          options={product.sizes}
          value={size}
          onChange={setSize}
          message={shown.size && t("issue.chooseSize")}
          pick={{ name: "pick-size", page }}
          soldOut={soldOutOption("size")}
        />
        <ChoicePicker
          id="choice-colour"
          label={t("product.colour")}
          optionName={optionName}
          options={product.colors}
          value={color}
          onChange={setColor}
          message={shown.color && t("issue.chooseColour")}
          pick={{ name: "pick-color", page }}
          soldOut={soldOutOption("color")}
        />
        <p
          role="status"
          data-testid="availability"
          className={`mt-4 text-sm font-semibold ${
            soldOut
              ? "text-red-700 in-data-[theme=dark]:text-red-300"
              : availability.kind === "few_left"
                ? "text-amber-800 in-data-[theme=dark]:text-amber-300"
                : "text-green-800 in-data-[theme=dark]:text-green-300"
          }`}
        >
          {availabilityText(availability, tr)}
          {fromUrl.short ? (
            <span className="block font-normal">
              {soldOut ? t("product.justSoldOut") : t("product.notThatMany")}
            </span>
          ) : null}
        </p>
        <QuantityStepper
          value={shownQuantity}
          max={most}
          onChange={setQuantity}
          pick={{ name: "pick-quantity", page }}
        />

        <div className="mt-5 grid grid-cols-2 gap-3 sm:max-w-md">
          <button
            type="button"
            className="btn btn-primary"
            disabled={soldOut}
            aria-describedby={soldOut ? "sold-out-note" : undefined}
            onClick={() => {
              if (!ready()) return;
              addToCart(item());
              notify({
                icon: "success",
                title: t("product.added.title"),
                text: t("product.added.text"),
              });
            }}
          >
            {t("product.addToCart")}
          </button>
          <button
            type="submit"
            className="btn btn-neutral"
            // A tap before the scripts waits for them and is carried out here, with the browser
            // cart's navigation state; without scripts the form goes to checkout by itself.
            data-early-tap=""
            disabled={soldOut}
            aria-describedby={soldOut ? "sold-out-note" : undefined}
            onClick={(e) => {
              e.preventDefault();
              if (ready()) navigate("/product-checkout", checkoutNavigation([item()]));
            }}
          >
            {t("product.orderNow")}
          </button>
        </div>
        {soldOut ? null : (
          <noscript>
            <p className="mt-2 text-sm text-base-content/80">{t("product.addNeedsScript")}</p>
          </noscript>
        )}
        {soldOut ? (
          <p id="sold-out-note" className="mt-2 text-sm text-base-content/80">
            {size || color || (product.sizes.length === 0 && product.colors.length === 0)
              ? t("product.choiceOut")
              : t("product.productOut")}
          </p>
        ) : null}
      </form>

      {product.videoLink ? (
        <a
          href={product.videoLink}
          target="_blank"
          rel="noopener noreferrer"
          className="btn btn-outline btn-sm mt-4"
          aria-describedby="video-new-tab"
        >
          {t("product.video")}
          <span id="video-new-tab" hidden>
            {t("product.newTab")}
          </span>
        </a>
      ) : null}

      <p className="mt-5 rounded-box bg-base-200 p-3 text-sm">
        {t("product.questions.before")}
        <a className="link font-semibold" href={`tel:${shop.phone.replace(/[^\d+]/g, "")}`}>
          {digits(shop.phone)}
        </a>
        {t("product.questions.or")}
        <a
          className="link font-semibold"
          href={whatsappLink(shop.phone)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t("product.questions.whatsapp")}
        </a>
        {t("product.questions.after")}
      </p>
    </div>
  );
}

export function ProductView({
  product,
  related,
  stock,
}: {
  product: Product;
  related: CardProduct[];
  /** Pieces on hand per variant; null: not tracked (always available). */
  stock: readonly StockLevel[] | null;
}) {
  const hydratedMark = useHydratedMark<HTMLElement>();
  const { shop } = useRootData();
  const { t, lang } = useI18n();
  return (
    <main className="mx-auto max-w-[1200px] px-3 pt-3 pb-12 md:px-4" ref={hydratedMark}>
      <Breadcrumb
        items={[
          { label: categoryName(t, product.category), to: categoryPath(product.category) },
          {
            label: subCategoryName(t, product.subCategory),
            to: subCategoryPath(product.subCategory),
          },
          { label: inLang(lang, product.name, product.nameBn) },
        ]}
      />
      <div className="mt-3 grid gap-6 md:grid-cols-2 md:gap-10">
        <Gallery product={product} />
        <ProductBuyBox product={product} stock={stock} />
      </div>

      <section aria-labelledby="policies-heading" className="mt-10">
        <h2 id="policies-heading" className="sr-only">
          {t("product.policies")}
        </h2>
        <PolicyCards freeDeliveryOver={shop.freeDeliveryOver} />
      </section>

      <section aria-labelledby="description-heading" className="mt-10">
        <h2 id="description-heading" className="mb-3 text-xl font-bold">
          {t("product.details")}
        </h2>
        <ProductDescription text={inLang(lang, product.description, product.descriptionBn)} />
      </section>

      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mt-12">
          <h2 id="related-heading" className="mb-4 text-xl font-bold">
            {t("product.related")}
          </h2>
          <ProductGrid products={related} label={t("product.related")} />
        </section>
      ) : null}
    </main>
  );
}
