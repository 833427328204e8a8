import type { ShippingLabel } from "~/app/lib/print.server";
import { COURIER_LABELS } from "~/core/courier";
import { formatTaka } from "~/core/money";

export type LabelSize = "a4" | "4x6";

export function isLabelSize(x: unknown): x is LabelSize {
  return x === "a4" || x === "4x6";
}

/**
 * The printer's paper: an A4 sheet holds two columns of labels; a 4×6-inch label printer gets
 * one label per page. Only the labels print (the dashboard's menu and header are print:hidden).
 */
function pageCss(size: LabelSize): string {
  return size === "4x6"
    ? "@page { size: 4in 6in; margin: 0.15in; } @media print { .label { height: 5.6in; break-after: page; } }"
    : "@page { size: A4; margin: 8mm; } @media print { .label { break-inside: avoid; } }";
}

function Label({ label, size }: { label: ShippingLabel; size: LabelSize }) {
  return (
    <article
      className={`label flex flex-col gap-1 border border-black bg-white p-3 text-black ${size === "4x6" ? "w-[4in] text-base" : "text-sm"}`}
      aria-label={`Label for order ${label.orderNumber}`}
      data-order-id={label.id}
    >
      <header className="flex items-baseline justify-between gap-2 border-b border-black pb-1">
        <p className="font-bold">{label.shopName}</p>
        <p className="text-xs">{label.shopPhone}</p>
      </header>
      <div className="flex items-center justify-between gap-2">
        <p className="text-lg font-bold">Order #{label.orderNumber}</p>
        <div
          className="h-12 w-40 [&>svg]:h-full [&>svg]:w-full"
          role="img"
          aria-label={`Barcode of order ${label.orderNumber}`}
          // Made on the server by bwip-js from the order number's digits only.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: generated SVG, no user input in it
          dangerouslySetInnerHTML={{ __html: label.barcodeSvg }}
        />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3">
        <dt>To</dt>
        <dd className="font-semibold">{label.name}</dd>
        <dt>Phone</dt>
        <dd className="font-semibold">{label.phone}</dd>
        <dt>Address</dt>
        <dd>{label.address}</dd>
        <dt>Thana</dt>
        <dd>{label.thana}</dd>
        <dt>District</dt>
        <dd>{label.district}</dd>
        <dt>COD</dt>
        <dd className="text-lg font-bold">{formatTaka(label.cod)}</dd>
        <dt>Courier</dt>
        <dd>{label.courier ? COURIER_LABELS[label.courier] : "—"}</dd>
        <dt>Tracking</dt>
        <dd className="font-mono">{label.trackingCode ?? "—"}</dd>
      </dl>
    </article>
  );
}

/** Shipping labels of the selected orders (issue 23 item 7). */
export function ShippingLabels({ labels, size }: { labels: ShippingLabel[]; size: LabelSize }) {
  return (
    <div className="flex flex-col gap-4">
      <style>{pageCss(size)}</style>
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <h1 className="text-2xl font-bold">
          Shipping labels ({size === "a4" ? "A4 sheet" : "4×6 in"}): {labels.length}
        </h1>
        <p className="text-sm">Print this page (Ctrl+P); only the labels print.</p>
      </div>
      {labels.length === 0 ? <p>No orders selected.</p> : null}
      <div className={size === "a4" ? "grid grid-cols-2 gap-3" : "flex flex-col gap-4"}>
        {labels.map((label) => (
          <Label key={label.id} label={label} size={size} />
        ))}
      </div>
    </div>
  );
}
