import { Link } from "react-router";
import { formatTaka } from "~/core/money";
import type { OrderDetailView } from "~/core/order-view";
import type { ShopInfo } from "~/core/shop";
import { useHydrated } from "../catalogue/use-hydrated";
import { lineOptions } from "./order-format";
import { orderOverviewPath } from "./paths";

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
  const c = order.customerData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 print:max-w-none">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={orderOverviewPath(order._id)} className="link text-sm">
          ← Order #{order.orderNumber}
        </Link>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!hydrated}
          onClick={() => window.print()}
        >
          Print Invoice
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
              Invoice
            </h1>
            <dl className="mt-1 text-sm">
              <div>
                <dt className="inline font-semibold">Date: </dt>
                <dd className="inline">{order.date}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Order ID: </dt>
                <dd className="inline">
                  #{order.orderNumber}
                  <span className="block font-mono text-xs break-all">{order._id}</span>
                </dd>
              </div>
            </dl>
          </div>
        </header>

        <div className="grid grid-cols-1 gap-6 py-5 sm:grid-cols-2 print:grid-cols-2">
          <section aria-labelledby="invoiced-to">
            <h2 id="invoiced-to" className="mb-1 font-semibold">
              Invoiced To
            </h2>
            <address className="text-sm not-italic leading-relaxed">
              {c.name}
              <br />
              {c.address}
              <br />
              {c.thana}, {c.district}
              <br />
              Bangladesh
              <br />
              Phone: {c.mobileNumber}
              <br />
              Email: {c.email}
            </address>
          </section>
          <section aria-labelledby="pay-to" className="sm:text-right print:text-right">
            <h2 id="pay-to" className="mb-1 font-semibold">
              Pay To
            </h2>
            <address className="text-sm not-italic leading-relaxed">
              {shop.name}
              <br />
              {shop.address}
              <br />
              Phone: {shop.phone}
              <br />
              Email: {shop.email}
            </address>
          </section>
        </div>

        <div className="overflow-x-auto">
          <table className="table table-xs sm:table-sm print:table-sm">
            <caption className="sr-only">Items of order #{order.orderNumber}</caption>
            <thead>
              <tr className="border-b border-base-300 text-base-content">
                <th scope="col">No</th>
                <th scope="col">Name</th>
                <th scope="col" className="text-right">
                  Rate
                </th>
                <th scope="col" className="text-right">
                  QTY
                </th>
                <th scope="col" className="text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {order.products.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never reorder, and one product may appear twice
                <tr key={`${line.id}-${i}`} className="border-b border-base-300">
                  <td>{i + 1}</td>
                  <td>
                    {line.name}
                    {lineOptions(line).length > 0 ? (
                      <span className="block text-xs">{lineOptions(line).join(", ")}</span>
                    ) : null}
                  </td>
                  <td className="text-right whitespace-nowrap">{formatTaka(line.originalPrice)}</td>
                  <td className="text-right">{line.quantity}</td>
                  <td className="text-right whitespace-nowrap">{formatTaka(line.lineTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <dl className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-y-1 text-sm">
          <dt>Sub Total</dt>
          <dd className="pl-6 text-right">{formatTaka(order.subTotal)}</dd>
          <dt>Delivery Charge</dt>
          <dd className="pl-6 text-right">{formatTaka(c.deliveryCharge)}</dd>
          <dt className="border-t border-base-300 pt-1 text-base font-bold">Total</dt>
          <dd
            className="border-t border-base-300 pt-1 pl-6 text-right text-base font-bold"
            data-testid="invoice-total"
          >
            {formatTaka(order.total)}
          </dd>
        </dl>

        <p className="mt-8 text-center font-semibold">Thank you for your purchase!</p>
      </article>
    </div>
  );
}
