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
import { appOf } from "~/app/lib/context.server";
import { formatTaka } from "~/core/money";
import { ORDER_CODE_MESSAGES, type OrderCodeView, trackOrderLink } from "~/core/order-tracking";
import { clientAddressContext } from "~/server/http/client-address";
import type { Route } from "./+types/order-success";

/** The order the checkout's action just placed, by its random id in the URL (decision 041). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return orderSuccessPage(appOf(context), new URL(request.url));
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

export function headers({ actionHeaders }: Route.HeadersArgs) {
  // The order's own page (its id is the capability): never kept by a shared cache.
  const out = new Headers({ "Cache-Control": "private, no-store" });
  const retry = actionHeaders.get("Retry-After");
  if (retry) out.set("Retry-After", retry);
  return out;
}

export function meta({ matches }: Route.MetaArgs) {
  // Neutral: the server cannot tell whether this visit follows an order.
  return [{ title: pageTitle("Your order", matches) }];
}

export default function OrderSuccess({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  // The order named in the URL renders on the server; navigation state is the browser's only.
  const placed = loaderData.placed ?? (hydrated ? placedOrderFrom(location.state) : null);
  return (
    <main className="mx-auto flex min-h-[70vh] w-full max-w-[720px] flex-col items-center justify-center px-4 py-12 text-center">
      {!hydrated && !placed ? (
        <div className="w-full space-y-4" aria-busy="true">
          <p className="sr-only">Loading…</p>
          <div className="skeleton mx-auto h-16 w-16 rounded-full" />
          <div className="skeleton mx-auto h-8 w-2/3" />
          <div className="skeleton h-20 w-full" />
        </div>
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
  return (
    <>
      <span
        aria-hidden="true"
        className="flex h-16 w-16 items-center justify-center rounded-full border-4 border-success text-3xl font-bold text-success"
      >
        ✓
      </span>
      <h1 className="mt-6 text-2xl font-bold">Order placed</h1>
      <p lang="bn" className="mt-4 text-lg leading-relaxed">
        {ORDER_SUCCESS_MESSAGE}
      </p>
      <p className="mt-4 text-base-content/80">
        Order number: <strong className="text-base-content">#{order.orderNumber}</strong>
      </p>
      {verified && !code ? (
        <p role="status" className="alert alert-success mt-4">
          {ORDER_CODE_MESSAGES.verified}
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
          Order summary
        </h2>
        <ul className="mt-2 divide-y divide-base-300 text-sm" aria-label="Ordered items">
          {order.items.map((item, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat a product; the position is their identity
              key={i}
              className="flex justify-between gap-3 py-2"
            >
              <span className="min-w-0 break-words">
                {item.name}{" "}
                <span className="whitespace-nowrap text-base-content/70">× {item.quantity}</span>
              </span>
              <span className="shrink-0 tabular-nums">{formatTaka(item.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <OrderTotals order={order} testIdPrefix="success" />
      </section>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn btn-primary">
          Go to Homepage
        </Link>
        <Link to="/shop" className="btn btn-outline">
          Continue Shopping
        </Link>
        {trackLink ? (
          <Link to={trackLink} className="btn btn-outline">
            Track your order
          </Link>
        ) : null}
      </div>
    </>
  );
}

function NothingOrdered() {
  return (
    <>
      <h1 className="text-2xl font-bold">No order was placed here</h1>
      <p className="mt-4 text-base-content/80">
        This page confirms an order right after checkout. Nothing has been ordered in this visit:
        choose your items in the cart, or use Order Now on a product.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn btn-primary">
          Go to Homepage
        </Link>
        <Link to="/cart" className="btn btn-outline">
          Go to Cart
        </Link>
      </div>
    </>
  );
}
