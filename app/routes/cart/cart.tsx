import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { TrashIcon } from "~/app/components/icons";
import { useNameLimit } from "~/app/components/use-name-limit";
import {
  type CartItem,
  MAX_CART_QUANTITY,
  NOT_APPLICABLE,
  readCart,
  removeCartLine,
  setCartQuantity,
  tickAll,
  tickedLines,
  toggleTick,
  type Unticked,
  untickedAfterRemoval,
  updateCartPrices,
  useCart,
} from "~/app/features/cart/cart-store";
import { checkoutNavigation } from "~/app/features/cart/checkout-items";
import { useHydrated } from "~/app/features/cart/client-hooks";
import {
  leftOf,
  othersOfSameChoice,
  type StockByProduct,
  useLineProducts,
} from "~/app/features/cart/line-stock";
import { LineStockNotice } from "~/app/features/cart/line-stock-notice";
import { deliveryCharges } from "~/app/features/cart/messages";
import { pageTitle } from "~/app/features/cart/page-title";
import { QuantityStepper } from "~/app/features/cart/quantity-stepper";
import { productPath } from "~/app/features/catalogue/paths";
import { freeDeliveryText, lineLabelIn } from "~/app/i18n/cart-text";
import { routeMessages } from "~/app/i18n/catalog.server";
import { colorName } from "~/app/i18n/catalogue-names";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { useRootData } from "~/app/lib/root-data";
import { linesSubTotal } from "~/core/cart-lines";
import { mediaUrlForWidth } from "~/core/media";
import { truncate } from "~/core/text";
import type { Route } from "./+types/cart";

/** The page's own messages (decision 061); the cart itself lives in the browser. */
export function loader({ context }: Route.LoaderArgs) {
  return { messages: routeMessages(context, "cart") };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaTranslator(matches);
  return [
    { title: pageTitle(t("cart.title"), matches) },
    { name: "description", content: t("cart.description") },
  ];
}

export default function Cart() {
  const hydrated = useHydrated();
  const tr = useI18n();
  return (
    <main className="mx-auto min-h-screen w-full max-w-[1200px] px-3 py-6 sm:px-4">
      <h1 className="text-2xl font-bold">{tr.t("cart.title")}</h1>
      <p className="mt-1 mb-4 text-base-content/80">{tr.t("cart.intro", deliveryCharges(tr))}</p>
      {hydrated ? <CartContents /> : <CartSkeleton />}
    </main>
  );
}

/** SSR and hydration: the cart lives in the browser, so a placeholder of the same shape. */
function CartSkeleton() {
  const { t } = useI18n();
  return (
    <>
      <noscript>
        <p role="alert" className="alert alert-warning mb-4">
          {t("cart.needsScript")}
        </p>
      </noscript>
      {/* Hidden where scripts are off: it would pulse for ever (the notice above says why). */}
      <div
        className="grid gap-6 lg:grid-cols-[1fr_340px] [@media(scripting:none)]:hidden"
        aria-busy="true"
      >
        <p className="sr-only">{t("cart.loading")}</p>
        <div className="space-y-3">
          {[0, 1].map((i) => (
            <div key={i} className="flex h-28 gap-3 rounded-box border border-base-300 p-3">
              <div className="skeleton h-20 w-20 shrink-0" />
              <div className="flex-1 space-y-2">
                <div className="skeleton h-4 w-3/4" />
                <div className="skeleton h-4 w-1/3" />
              </div>
            </div>
          ))}
        </div>
        <div className="skeleton h-48 w-full" />
      </div>
    </>
  );
}

function CartContents() {
  const cart = useCart();
  const lineLimit = useNameLimit("cartLine");
  const summaryLimit = useNameLimit("cartSummary");
  const navigate = useNavigate();
  const { shop } = useRootData();
  const tr = useI18n();
  const { t, taka, count } = tr;
  const [unticked, setUnticked] = useState<Unticked>(() => new Set());

  const read = useLineProducts(cart.map((item) => item.id));
  const stock = read?.stock;
  // A line whose size and colour has nothing left cannot be ordered: it stays in the cart (it
  // may come back) but is not ticked, not in the total and not taken to checkout.
  const soldOut = cart.map((item) => leftOf(stock, item) === 0);
  // New lines start ticked; lines past the end (deleted in another tab) are simply not there.
  const chosen = tickedLines(cart.length, unticked).filter((i) => !soldOut[i]);
  const chosenItems = chosen.map((i) => cart[i] as CartItem);
  const total = linesSubTotal(chosenItems);
  // Lines of the same size and colour share what is left (each Add To Cart is a line, spec §9).
  const others = othersOfSameChoice(cart, (i) => !unticked.has(i) && !soldOut[i]);
  // A cart filled days ago shows the prices the shop charges now, and says so once.
  const [repriced, setRepriced] = useState(false);
  useEffect(() => {
    const prices = read?.prices;
    if (!prices) return;
    const moved = new Map<string, number>();
    for (const item of readCart()) {
      const now = prices[item.id];
      if (now !== undefined && now !== item.originalPrice) moved.set(item.id, now);
    }
    if (moved.size === 0) return;
    updateCartPrices(moved);
    setRepriced(true);
  }, [read?.prices]);

  if (cart.length === 0) {
    return (
      <section className="rounded-box border border-base-300 px-4 py-12 text-center">
        <h2 className="text-xl font-semibold">{t("cart.empty")}</h2>
        <p className="mt-2 text-base-content/80">{t("cart.emptyText")}</p>
        <Link to="/shop" className="btn btn-primary mt-6">
          {t("cart.continue")}
        </Link>
      </section>
    );
  }

  const toggle = (index: number) => setUnticked((prev) => toggleTick(prev, index));
  const orderable = soldOut.filter((gone) => !gone).length;
  const allSelected = orderable > 0 && chosen.length === orderable;
  const toggleAll = () => setUnticked(tickAll(cart.length, !allSelected));
  const remove = (index: number) => {
    removeCartLine(index);
    // Later lines move up one place; their tick moves with them.
    setUnticked((prev) => untickedAfterRemoval(prev, index));
  };
  const freeNote =
    chosenItems.length > 0 ? freeDeliveryText(total, shop.freeDeliveryOver, tr) : null;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1fr_340px]">
      <section aria-labelledby="cart-lines-heading">
        <h2 id="cart-lines-heading" className="sr-only">
          {t("cart.items")}
        </h2>
        <div className="mb-3 flex items-center justify-between gap-3 rounded-box bg-base-200 px-3 py-2">
          <label className="flex cursor-pointer items-center gap-3 text-sm font-medium">
            <input
              type="checkbox"
              className="checkbox checkbox-primary checkbox-sm"
              checked={allSelected}
              disabled={orderable === 0}
              onChange={toggleAll}
            />
            {t("cart.selectAll")}
          </label>
          <span className="text-sm text-base-content/80">
            {t(cart.length === 1 ? "cart.count.one" : "cart.count.other", {
              count: count(cart.length),
            })}
          </span>
        </div>
        {repriced ? (
          <p role="status" className="alert alert-info mb-3 text-sm">
            {t("cart.pricesUpdated")}
          </p>
        ) : null}
        <ul className="space-y-3">
          {cart.map((item, index) => (
            <CartLine
              // Lines have no id of their own and may repeat a product: the position is the key.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              item={item}
              index={index}
              nameMax={lineLimit}
              checked={!unticked.has(index) && !soldOut[index]}
              soldOut={soldOut[index] ?? false}
              stock={stock}
              others={others[index] ?? 0}
              onToggle={() => toggle(index)}
              onRemove={() => remove(index)}
            />
          ))}
        </ul>
      </section>

      <aside
        aria-labelledby="cart-summary-heading"
        className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm lg:sticky lg:top-20"
      >
        <h2 id="cart-summary-heading" className="text-lg font-semibold">
          {t("cart.summary")}
        </h2>
        {chosenItems.length === 0 ? (
          <p className="mt-3 text-sm text-base-content/80">{t("cart.tickItems")}</p>
        ) : (
          <ul className="mt-3 space-y-2 text-sm" aria-label={t("cart.selected")}>
            {chosen.map((i) => {
              const item = cart[i] as CartItem;
              return (
                <li key={i} className="flex justify-between gap-3">
                  <span className="min-w-0 break-words" title={item.name}>
                    {truncate(item.name, summaryLimit)}{" "}
                    <span className="whitespace-nowrap text-base-content/70">
                      × {count(item.quantity)}
                    </span>
                  </span>
                  <span className="shrink-0 tabular-nums">
                    {taka(item.originalPrice * item.quantity)}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        <div className="mt-4 flex items-center justify-between border-t border-base-300 pt-3 text-base font-semibold">
          <span>{t("cart.total")}</span>
          <span className="tabular-nums" data-testid="cart-total">
            {taka(total, 2)}
          </span>
        </div>
        {freeNote ? (
          <p className="mt-2 text-sm text-base-content/80" data-testid="free-delivery">
            {freeNote}
          </p>
        ) : null}
        <button
          type="button"
          className="btn btn-primary mt-4 w-full"
          disabled={chosenItems.length === 0}
          onClick={() =>
            navigate("/product-checkout", checkoutNavigation(chosenItems, { fromCart: true }))
          }
        >
          {t("cart.proceed")}
        </button>
      </aside>
    </div>
  );
}

function CartLine({
  item,
  index,
  nameMax,
  checked,
  soldOut,
  stock,
  others,
  onToggle,
  onRemove,
}: {
  item: CartItem;
  index: number;
  nameMax: number;
  checked: boolean;
  /** Nothing left of its size and colour: it cannot be ticked (its notice says Out of stock). */
  soldOut: boolean;
  stock: StockByProduct | undefined;
  /** Pieces of this size and colour the other chosen lines ask for. */
  others: number;
  onToggle: () => void;
  onRemove: () => void;
}) {
  const { t, taka } = useI18n();
  const label = lineLabelIn(item, t);
  const options = [
    item.color !== NOT_APPLICABLE ? t("cart.colourIs", { colour: colorName(t, item.color) }) : null,
    item.size !== NOT_APPLICABLE ? t("cart.sizeIs", { size: item.size }) : null,
  ].filter(Boolean);
  return (
    <li
      className="flex gap-3 rounded-box border border-base-300 bg-base-100 p-3"
      aria-label={label}
    >
      <input
        type="checkbox"
        className="checkbox checkbox-primary checkbox-sm mt-1 shrink-0"
        checked={checked}
        disabled={soldOut}
        onChange={onToggle}
        aria-label={t("cart.select", { label })}
      />
      <Link to={productPath(item.id)} className="shrink-0" tabIndex={-1} aria-hidden="true">
        {item.imageUrl ? (
          <img
            src={mediaUrlForWidth(item.imageUrl, 160, 450)}
            alt=""
            width={80}
            height={80}
            loading={index < 4 ? "eager" : "lazy"}
            decoding="async"
            className="h-20 w-20 rounded-lg bg-base-200 object-cover"
          />
        ) : (
          <span className="block h-20 w-20 rounded-lg bg-base-200" />
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <Link
            to={productPath(item.id)}
            className="link-hover font-medium break-words"
            title={item.name}
          >
            {truncate(item.name, nameMax)}
          </Link>
          {options.length > 0 ? (
            <p className="mt-1 text-sm text-base-content/80">{options.join(" · ")}</p>
          ) : null}
          <p className="mt-1 text-sm">
            <span className="sr-only">{t("cart.price")}</span>
            {taka(item.originalPrice)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:flex-col sm:items-end">
          <QuantityStepper
            value={item.quantity}
            max={MAX_CART_QUANTITY}
            label={label}
            onChange={(q) => setCartQuantity(index, q)}
          />
          <LineStockNotice
            stock={stock}
            line={item}
            label={label}
            others={checked ? others : 0}
            onReduce={(q) => setCartQuantity(index, q)}
          />
          <p className="text-sm font-semibold tabular-nums">
            <span className="text-base-content/70 font-normal">{t("cart.subTotal")}</span>
            {taka(item.originalPrice * item.quantity)}
          </p>
          <button
            type="button"
            className="btn btn-ghost btn-sm hover:text-error"
            onClick={onRemove}
            aria-label={t("cart.deleteLine", { label })}
          >
            <TrashIcon className="size-[18px]" />
            <span className="sm:sr-only">{t("cart.delete")}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
