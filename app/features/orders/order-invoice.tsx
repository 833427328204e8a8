import { Link } from "react-router";
import { colorName } from "~/app/i18n/catalogue-names";
import { useI18n } from "~/app/i18n/use-i18n";
import { NOT_APPLICABLE } from "~/core/cart-lines";
import { inLang } from "~/core/locale";
import type { OrderDetailView, OrderLineView } from "~/core/order-view";
import type { ShopInfo } from "~/core/shop";
import { useHydrated } from "../catalogue/use-hydrated";
import { orderOverviewPath } from "./paths";

/** Spec §2: a line's colour and size unless they are N/A, in the page's language. */
function useLineOptions(): (line: Pick<OrderLineView, "color" | "size">) => string[] {
  const { t } = useI18n();
  return (line) => {
    const options: string[] = [];
    if (line.color && line.color !== NOT_APPLICABLE) {
      options.push(t("dash.paper.invoice.colour", { colour: colorName(t, line.color) }));
    }
    if (line.size && line.size !== NOT_APPLICABLE) {
      options.push(t("dash.paper.invoice.size", { size: line.size }));
    }
    return options;
  };
}

/**
 * Spec §2 invoice. On screen it is a sheet on the page; printed (Print Invoice) it is the only
 * thing on an A4 page, black on white (the dashboard's menu, header and buttons are print:hidden).
 */
export function OrderInvoice({
  order,
  shop,
}: {
  order: OrderDetailView;
  shop: Pick<ShopInfo, "name" | "address" | "phone" | "email">;
}) {
  const hydrated = useHydrated();
  const { lang, t, count, digits, taka, date } = useI18n();
  const lineOptions = useLineOptions();
  const c = order.customerData;
  const number = digits(String(order.orderNumber));
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 print:max-w-none">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={orderOverviewPath(order._id)} className="link text-sm">
          {t("dash.paper.invoice.back", { number })}
        </Link>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!hydrated}
          onClick={() => window.print()}
        >
          {t("dash.paper.invoice.print")}
        </button>
      </div>

      <article
        aria-labelledby="invoice-title"
        className="rounded-box border border-base-300 bg-base-100 p-5 sm:p-8 print:rounded-none print:border-0 print:p-0"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-base-300 pb-4">
          <div>
            <p className="text-2xl font-bold">{shop.name}</p>
            <p className="text-sm">{shop.address}</p>
          </div>
          <div className="sm:text-right print:text-right">
            <h1 id="invoice-title" className="text-2xl font-bold tracking-wide uppercase">
              {t("dash.paper.invoice.heading")}
            </h1>
            <dl className="mt-1 text-sm">
              <div>
                <dt className="inline font-semibold">{t("dash.paper.invoice.date")} </dt>
                <dd className="inline">{lang === "en" ? order.date : date(order.placedAt)}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">{t("dash.paper.invoice.orderId")} </dt>
                <dd className="inline">
                  #{number}
                  <span className="block font-mono text-xs break-all">{order._id}</span>
                </dd>
              </div>
            </dl>
          </div>
        </header>

        <div className="grid grid-cols-1 gap-6 py-5 sm:grid-cols-2 print:grid-cols-2">
          <section aria-labelledby="invoiced-to">
            <h2 id="invoiced-to" className="mb-1 font-semibold">
              {t("dash.paper.invoice.invoicedTo")}
            </h2>
            <address className="text-sm not-italic leading-relaxed">
              {c.name}
              <br />
              {c.address}
              <br />
              {c.thana}, {c.district}
              <br />
              {t("dash.paper.invoice.country")}
              <br />
              {t("dash.paper.invoice.phone", { phone: digits(c.mobileNumber) })}
              <br />
              {t("dash.paper.invoice.email", { email: c.email })}
            </address>
          </section>
          <section aria-labelledby="pay-to" className="sm:text-right print:text-right">
            <h2 id="pay-to" className="mb-1 font-semibold">
              {t("dash.paper.invoice.payTo")}
            </h2>
            <address className="text-sm not-italic leading-relaxed">
              {shop.name}
              <br />
              {shop.address}
              <br />
              {t("dash.paper.invoice.phone", { phone: digits(shop.phone) })}
              <br />
              {t("dash.paper.invoice.email", { email: shop.email })}
            </address>
          </section>
        </div>

        <div className="overflow-x-auto">
          <table className="table table-xs sm:table-sm print:table-sm">
            <caption className="sr-only">{t("dash.paper.invoice.items", { number })}</caption>
            <thead>
              <tr className="border-b border-base-300 text-base-content">
                <th scope="col">{t("dash.paper.invoice.no")}</th>
                <th scope="col">{t("dash.paper.invoice.name")}</th>
                <th scope="col" className="text-right">
                  {t("dash.paper.invoice.rate")}
                </th>
                <th scope="col" className="text-right">
                  {t("dash.paper.invoice.qty")}
                </th>
                <th scope="col" className="text-right">
                  {t("dash.paper.invoice.amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.products.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never reorder, and one product may appear twice
                <tr key={`${line.id}-${i}`} className="border-b border-base-300">
                  <td>{count(i + 1)}</td>
                  <td>
                    {inLang(lang, line.name, line.nameBn)}
                    {lineOptions(line).length > 0 ? (
                      <span className="block text-xs">{lineOptions(line).join(", ")}</span>
                    ) : null}
                  </td>
                  <td className="text-right whitespace-nowrap">{taka(line.originalPrice)}</td>
                  <td className="text-right">{count(line.quantity)}</td>
                  <td className="text-right whitespace-nowrap">{taka(line.lineTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <dl className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-y-1 text-sm">
          <dt>{t("dash.paper.invoice.subTotal")}</dt>
          <dd className="pl-6 text-right">{taka(order.subTotal)}</dd>
          <dt>{t("dash.paper.invoice.delivery")}</dt>
          <dd className="pl-6 text-right">{taka(c.deliveryCharge)}</dd>
          <dt className="border-t border-base-300 pt-1 text-base font-bold">
            {t("dash.paper.invoice.total")}
          </dt>
          <dd
            className="border-t border-base-300 pt-1 pl-6 text-right text-base font-bold"
            data-testid="invoice-total"
          >
            {taka(order.total)}
          </dd>
        </dl>

        <p className="mt-8 text-center font-semibold">{t("dash.paper.invoice.thanks")}</p>
      </article>
    </div>
  );
}
