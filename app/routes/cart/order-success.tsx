import { Link, useLocation } from "react-router";
import { orderSuccessPage } from "~/app/features/cart/checkout.server";
import { useHydrated } from "~/app/features/cart/client-hooks";
import { ORDER_SUCCESS_MESSAGE } from "~/app/features/cart/messages";
import { pageTitle } from "~/app/features/cart/page-title";
import { type PlacedOrderSummary, placedOrderFrom } from "~/app/features/cart/placed-order";
import { OrderCodeForm } from "~/app/features/orders/order-code-form";
import { OrderTotals } from "~/app/features/orders/order-totals";
import {
  type OrderCodeActionData,
  orderCodeAction,
} from "~/app/features/orders/track-order.server";
import { routeMessages } from "~/app/i18n/catalog.server";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf } from "~/app/lib/context.server";
import { privatePageHeaders } from "~/app/lib/private-page-headers";
import { inLang } from "~/core/locale";
import { type OrderCodeView, trackOrderLink } from "~/core/order-tracking";
import { clientAddressContext } from "~/server/http/client-address";
import type { Route } from "./+types/order-success";

/** The order the checkout's action just placed, by its random id in the URL (decision 041). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await orderSuccessPage(appOf(context), new URL(request.url));
  return { ...page, messages: routeMessages(context, "orderSuccess") };
}

/** The one-time code of an order that waits for one (ORDER_OTP, decision 060). */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const id = url.searchParams.get("order") ?? "";
  const form = await request.formData();
  return orderCodeAction(
    appOf(context),
    form,
    { orderId: id.slice(0, 64) },
    context.get(clientAddressContext),
    `/order-success?order=${encodeURIComponent(id)}&verified=1`,
  );
}

export function headers(args: Route.HeadersArgs) {
  // The order's own page (its id is the capability): never kept by a shared cache.
  return privatePageHeaders(args);
}

export function meta({ matches }: Route.MetaArgs) {
  // Neutral: the server cannot tell whether this visit follows an order.
  return [{ title: pageTitle(metaTranslator(matches).t("success.title"), matches) }];
}

export default function OrderSuccess({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  // The order named in the URL renders on the server; navigation state is the browser's only.
  const placed = loaderData.placed ?? (hydrated ? placedOrderFrom(location.state) : null);
  const { t } = useI18n();
  return (
    <main className="mx-auto flex min-h-[70vh] w-full max-w-[720px] flex-col items-center justify-center px-4 py-12 text-center">
      {!hydrated && !placed ? (
        <>
          {/* Without scripts no order can come from the browser: the server's answer stands. */}
          <noscript>
            <NothingOrdered />
          </noscript>
          <div className="w-full space-y-4 [@media(scripting:none)]:hidden" aria-busy="true">
            <p className="sr-only">{t("success.loading")}</p>
            <div className="skeleton mx-auto h-16 w-16 rounded-full" />
            <div className="skeleton mx-auto h-8 w-2/3" />
            <div className="skeleton h-20 w-full" />
          </div>
        </>
      ) : placed ? (
        <Placed
          order={placed}
          code={loaderData.placed?.code ?? null}
          trackLink={
            loaderData.placed
              ? trackOrderLink(loaderData.placed.orderNumber, loaderData.placed.mobileNumber)
              : null
          }
          verified={loaderData.verified}
          codeResult={actionData as OrderCodeActionData | undefined}
        />
      ) : loaderData.summaryOverFor ? (
        <SummaryOver orderNumber={loaderData.summaryOverFor} />
      ) : (
        <NothingOrdered />
      )}
    </main>
  );
}

function Placed({
  order,
  code,
  trackLink,
  verified,
  codeResult,
}: {
  order: PlacedOrderSummary;
  code: OrderCodeView | null;
  trackLink: string | null;
  verified: boolean;
  codeResult?: OrderCodeActionData;
}) {
  const location = useLocation();
  const { lang, t, taka, count, digits } = useI18n();
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
        <strong className="text-base-content">#{digits(String(order.orderNumber))}</strong>
      </p>
      {verified && !code ? (
        <p role="status" className="alert alert-success mt-4">
          {t("track.verified")}
        </p>
      ) : null}
      {code ? (
        <OrderCodeForm
          code={code}
          action={`${location.pathname}${location.search}`}
          result={codeResult}
        />
      ) : null}
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
                {inLang(lang, item.name, item.nameBn)}{" "}
                <span className="whitespace-nowrap text-base-content/70">
                  × {count(item.quantity)}
                </span>
              </span>
              <span className="shrink-0 tabular-nums">{taka(item.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <OrderTotals order={order} testIdPrefix="success" />
      </section>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn btn-primary">
          {t("success.home")}
        </Link>
        <Link to="/shop" className="btn btn-outline">
          {t("cart.continue")}
        </Link>
        {trackLink ? (
          <Link to={trackLink} className="btn btn-outline">
            {t("success.track")}
          </Link>
        ) : null}
      </div>
    </>
  );
}

/** An order placed more than ORDER_SUMMARY_HOURS ago: its page is Track Order now. */
function SummaryOver({ orderNumber }: { orderNumber: number }) {
  const { t, digits } = useI18n();
  return (
    <>
      <h1 className="text-2xl font-bold">{t("success.over")}</h1>
      <p className="mt-4 text-base-content/80">
        {t("success.overText", { number: digits(String(orderNumber)) })}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={`/track-order?orderNumber=${orderNumber}`} className="btn btn-primary">
          {t("success.track")}
        </Link>
        <Link to="/" className="btn btn-outline">
          {t("success.home")}
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
