import { data } from "react-router";
import { Breadcrumb } from "~/app/features/catalogue/breadcrumb";
import { pageMeta, shopFromMatches } from "~/app/features/catalogue/seo";
import { useRevalidateOnFocus } from "~/app/features/catalogue/use-revalidate-on-focus";
import { OrderCodeForm } from "~/app/features/orders/order-code-form";
import { orderCodeText } from "~/app/features/orders/order-code-text";
import { OrderStatusBadge, useStatusName } from "~/app/features/orders/order-status-badge";
import { OrderTotals } from "~/app/features/orders/order-totals";
import { placeName } from "~/app/features/orders/place-name";
import {
  type OrderCodeActionData,
  orderCodeAction,
  TRACK_PAGE_HEADERS,
  type TrackPageData,
  trackOrderPage,
  trackPairFrom,
} from "~/app/features/orders/track-order.server";
import { routeMessages } from "~/app/i18n/catalog.server";
import { colorName } from "~/app/i18n/catalogue-names";
import { courierName } from "~/app/i18n/courier-name";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf } from "~/app/lib/context.server";
import { privatePageHeaders } from "~/app/lib/private-page-headers";
import { NOT_APPLICABLE } from "~/core/cart-lines";
import { inLang } from "~/core/locale";
import type { OrderStatus } from "~/core/order-status";
import { trackOrderLink } from "~/core/order-tracking";
import { MOBILE_NUMBER_PLACEHOLDER } from "~/core/phone";
import { clientAddressContext } from "~/server/http/client-address";
import type { Route } from "./+types/track-order";

/** Public, by GET: the link in an SMS opens the result directly (decision 060). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await trackOrderPage(
    appOf(context),
    new URL(request.url),
    context.get(clientAddressContext),
  );
  return data({ ...page.data, messages: routeMessages(context, "track") }, page.init ?? undefined);
}

/** The code form of an order that waits for one (ORDER_OTP); the form carries the pair. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const pair = trackPairFrom(form);
  if (!pair.success) {
    return data(
      {
        ok: false,
        message: "Please check the order number and phone number.",
        issues: {},
      } satisfies OrderCodeActionData,
      { status: 400, headers: TRACK_PAGE_HEADERS },
    );
  }
  const done = `${trackOrderLink(pair.data.orderNumber, pair.data.phone)}&verified=1`;
  return orderCodeAction(appOf(context), form, pair.data, context.get(clientAddressContext), done);
}

export function headers(args: Route.HeadersArgs) {
  return privatePageHeaders(args);
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaTranslator(matches);
  return pageMeta({
    shop: shopFromMatches(matches),
    title: t("track.title"),
    description: t("track.description"),
    path: "/track-order",
    extra: [{ name: "robots", content: "noindex" }],
  });
}

const field = "input input-bordered w-full";

/**
 * A tracked order is read again when its customer comes back to the tab (at most once a minute,
 * within the tracking limits): the shop may have confirmed or shipped it meanwhile.
 */
function ReadAgainOnReturn() {
  useRevalidateOnFocus(60_000);
  return null;
}

export default function TrackOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { values, order, failure, verified, placeNames } = loaderData as TrackPageData;
  const tr = useI18n();
  const { t } = tr;
  return (
    <main className="mx-auto max-w-[900px] px-3 pt-3 pb-12 md:px-4">
      <Breadcrumb items={[{ label: t("track.title") }]} />
      {order ? <ReadAgainOnReturn /> : null}
      <h1 className="mt-2 text-2xl font-bold md:text-3xl">{t("track.title")}</h1>
      <p className="mt-1 text-base-content/80">{t("track.intro")}</p>

      <form
        method="get"
        action="/track-order"
        aria-label={t("track.form")}
        className="mt-4 grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <label className="form-control">
          <span className="label-text">{t("track.orderNumber")}</span>
          <input
            name="orderNumber"
            inputMode="numeric"
            defaultValue={values.orderNumber}
            placeholder={tr.digits("100123")}
            required
            maxLength={20}
            aria-invalid={failure?.issues.orderNumber ? true : undefined}
            aria-describedby={failure?.issues.orderNumber ? "track-order-number-issue" : undefined}
            className={field}
          />
          {failure?.issues.orderNumber ? (
            <span id="track-order-number-issue" role="alert" className="mt-1 text-sm text-error">
              {orderCodeText(tr, failure.issues.orderNumber)}
            </span>
          ) : null}
        </label>
        <label className="form-control">
          <span className="label-text">{t("track.phone")}</span>
          <input
            name="phone"
            type="tel"
            inputMode="tel"
            defaultValue={values.phone}
            placeholder={tr.digits(MOBILE_NUMBER_PLACEHOLDER)}
            required
            maxLength={20}
            aria-invalid={failure?.issues.phone ? true : undefined}
            aria-describedby={failure?.issues.phone ? "track-phone-issue" : undefined}
            className={field}
          />
          {failure?.issues.phone ? (
            <span id="track-phone-issue" role="alert" className="mt-1 text-sm text-error">
              {orderCodeText(tr, failure.issues.phone)}
            </span>
          ) : null}
        </label>
        <button type="submit" className="btn btn-primary">
          {t("track.submit")}
        </button>
      </form>

      {failure && Object.keys(failure.issues).length === 0 ? (
        <p role="alert" className="alert alert-error mt-4" data-testid="track-failure">
          {orderCodeText(tr, failure.message)}
        </p>
      ) : null}
      {order ? (
        <TrackedOrderView
          order={order}
          placeNames={placeNames}
          verified={verified}
          phone={values.phone}
          actionData={actionData as OrderCodeActionData | undefined}
        />
      ) : null}
    </main>
  );
}

function TrackedOrderView({
  order,
  placeNames,
  verified,
  phone,
  actionData,
}: {
  order: NonNullable<TrackPageData["order"]>;
  placeNames: TrackPageData["placeNames"];
  verified: boolean;
  phone: string;
  actionData?: OrderCodeActionData;
}) {
  const link = trackOrderLink(order.orderNumber, phone);
  const { lang, t, count, digits, taka, date, time } = useI18n();
  return (
    <article aria-labelledby="tracked-order-heading" className="mt-6">
      <h2
        id="tracked-order-heading"
        className="flex flex-wrap items-center gap-3 text-xl font-bold"
      >
        {t("track.order", { number: digits(String(order.orderNumber)) })}{" "}
        <OrderStatusBadge status={order.status} />
      </h2>
      {verified && !order.code ? (
        <p role="status" className="alert alert-success mt-3">
          {t("track.verified")}
        </p>
      ) : null}
      {order.code ? (
        <OrderCodeForm
          code={order.code}
          action={link}
          hidden={{ orderNumber: String(order.orderNumber), phone }}
          result={actionData}
        />
      ) : null}

      <section aria-labelledby="track-history-heading" className="mt-6">
        <h3 id="track-history-heading" className="text-lg font-semibold">
          {t("track.history")}
        </h3>
        <ol className="mt-2 border-l-2 border-base-300 pl-4" aria-label={t("track.history")}>
          {order.history.map((step, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a status may repeat; the position is its identity
              key={i}
              className="mb-3"
            >
              <span className="font-medium">
                <StatusName status={step.status} />
              </span>{" "}
              <time dateTime={step.at} className="text-sm text-base-content/70">
                {date(step.at)}, {time(step.at)}
              </time>
            </li>
          ))}
        </ol>
      </section>

      {order.courier ? (
        <section aria-labelledby="track-courier-heading" className="mt-4">
          <h3 id="track-courier-heading" className="text-lg font-semibold">
            {t("track.courier")}
          </h3>
          <p className="mt-1">
            {t("track.trackingCode", { courier: courierName(t, order.courier.name) })}
            <strong data-testid="tracking-code">{order.courier.trackingCode}</strong>
            {order.courier.trackingUrl ? (
              <>
                {" "}
                <a
                  className="link link-primary"
                  href={order.courier.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t("track.parcelAt", { courier: courierName(t, order.courier.name) })}
                </a>
              </>
            ) : null}
          </p>
        </section>
      ) : null}

      <section aria-labelledby="track-items-heading" className="mt-4">
        <h3 id="track-items-heading" className="text-lg font-semibold">
          {t("track.items")}
        </h3>
        <ul className="mt-2 divide-y divide-base-300 text-sm" aria-label={t("success.items")}>
          {order.items.map((item, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat a product; the position is their identity
              key={i}
              className="flex justify-between gap-3 py-2"
            >
              <span className="min-w-0 break-words">
                {inLang(lang, item.name, item.nameBn)}
                <span className="block text-base-content/70">
                  {[
                    // A product without sizes or colours says nothing of them (spec: unless N/A).
                    item.size !== NOT_APPLICABLE ? t("track.line.size", { size: item.size }) : "",
                    item.color !== NOT_APPLICABLE
                      ? t("track.line.colour", { color: colorName(t, item.color) })
                      : "",
                    t("track.line.amount", {
                      quantity: count(item.quantity),
                      price: taka(item.unitPrice),
                    }),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </span>
              <span className="shrink-0 tabular-nums">{taka(item.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <OrderTotals order={order} testIdPrefix="track" />
      </section>

      <section aria-labelledby="track-delivery-heading" className="mt-4">
        <h3 id="track-delivery-heading" className="text-lg font-semibold">
          {t("track.deliveryTo")}
        </h3>
        <p className="mt-1" lang={lang === "en" && placeNames?.district ? undefined : "bn"}>
          {placeName(lang, order.thana, placeNames?.thana)},{" "}
          {placeName(lang, order.district, placeNames?.district)}
        </p>
      </section>
    </article>
  );
}

function StatusName({ status }: { status: OrderStatus }) {
  return <>{useStatusName(status)}</>;
}
