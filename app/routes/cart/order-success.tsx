import { Link, useLocation } from "react-router";
import { orderSuccessPage } from "~/app/features/cart/checkout.server";
import { useHydrated } from "~/app/features/cart/client-hooks";
import { ORDER_SUCCESS_MESSAGE } from "~/app/features/cart/messages";
import { pageTitle } from "~/app/features/cart/page-title";
import { type PlacedOrderSummary, placedOrderFrom } from "~/app/features/cart/placed-order";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf } from "~/app/lib/context.server";
import type { Route } from "./+types/order-success";

/** The order the checkout's action just placed, by its random id in the URL (decision 041). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return orderSuccessPage(appOf(context), new URL(request.url));
}

export function meta({ matches }: Route.MetaArgs) {
  // Neutral: the server cannot tell whether this visit follows an order.
  return [{ title: pageTitle(metaTranslator(matches).t("success.title"), matches) }];
}

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  // The order named in the URL renders on the server; navigation state is the browser's only.
  const placed = loaderData.placed ?? (hydrated ? placedOrderFrom(location.state) : null);
  const { t } = useI18n();
  return (
    <main className="mx-auto flex min-h-[70vh] w-full max-w-[720px] flex-col items-center justify-center px-4 py-12 text-center">
      {!hydrated && !placed ? (
        <div className="w-full space-y-4" aria-busy="true">
          <p className="sr-only">{t("success.loading")}</p>
          <div className="skeleton mx-auto h-16 w-16 rounded-full" />
          <div className="skeleton mx-auto h-8 w-2/3" />
          <div className="skeleton h-20 w-full" />
        </div>
      ) : placed ? (
        <Placed order={placed} />
      ) : (
        <NothingOrdered />
      )}
    </main>
  );
}

function Placed({ order }: { order: PlacedOrderSummary }) {
  const { t, taka, count } = useI18n();
  return (
    <>
      <span
        aria-hidden="true"
        className="flex h-16 w-16 items-center justify-center rounded-full border-4 border-success text-3xl font-bold text-success"
      >
        ✓
      </span>
      <h1 className="mt-6 text-2xl font-bold">{t("success.placed")}</h1>
      <p lang="bn" className="mt-4 text-lg leading-relaxed">
        {ORDER_SUCCESS_MESSAGE}
      </p>
      <p className="mt-4 text-base-content/80">
        {t("success.number")}
        <strong className="text-base-content">#{count(order.orderNumber)}</strong>
      </p>
      <section
        aria-labelledby="order-summary-heading"
        className="mt-6 w-full rounded-box border border-base-300 p-4 text-left"
      >
        <h2 id="order-summary-heading" className="text-lg font-semibold">
          {t("success.summary")}
        </h2>
        <ul className="mt-2 divide-y divide-base-300 text-sm" aria-label={t("success.items")}>
          {order.items.map((item, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat a product; the position is their identity
              key={i}
              className="flex justify-between gap-3 py-2"
            >
              <span className="min-w-0 break-words">
                {item.name}{" "}
                <span className="whitespace-nowrap text-base-content/70">
                  × {count(item.quantity)}
                </span>
              </span>
              <span className="shrink-0 tabular-nums">{taka(item.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 space-y-1 border-t border-base-300 pt-2 text-sm">
          <div className="flex justify-between">
            <dt>{t("success.subTotal")}</dt>
            <dd className="tabular-nums">{taka(order.subTotal)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>{t("success.delivery")}</dt>
            <dd className="tabular-nums" data-testid="success-delivery">
              {order.deliveryCharge === 0 ? t("delivery.free") : taka(order.deliveryCharge)}
            </dd>
          </div>
          <div className="flex justify-between font-semibold">
            <dt>{t("success.total")}</dt>
            <dd className="tabular-nums" data-testid="success-total">
              {taka(order.total)}
            </dd>
          </div>
        </dl>
      </section>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn btn-primary">
          {t("success.home")}
        </Link>
        <Link to="/shop" className="btn btn-outline">
          {t("cart.continue")}
        </Link>
      </div>
    </>
  );
}

function NothingOrdered() {
  const { t } = useI18n();
  return (
    <>
      <h1 className="text-2xl font-bold">{t("success.none")}</h1>
      <p className="mt-4 text-base-content/80">{t("success.noneText")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn btn-primary">
          {t("success.home")}
        </Link>
        <Link to="/cart" className="btn btn-outline">
          {t("checkout.goToCart")}
        </Link>
      </div>
    </>
  );
}
