import { courierName } from "~/app/i18n/courier-name";
import { useI18n } from "~/app/i18n/use-i18n";
import type { ShippingLabel } from "~/app/lib/print.server";
import { PRINT_STYLES } from "~/shared/print-styles";

export type LabelSize = "a4" | "4x6";

export function isLabelSize(x: unknown): x is LabelSize {
  return x === "a4" || x === "4x6";
}

/**
 * The printer's paper: an A4 sheet holds two columns of labels; a 4×6-inch label printer gets
 * one label per page. Only the labels print (the dashboard's menu and header are print:hidden).
 */
function pageCss(size: LabelSize): string {
  return size === "4x6" ? PRINT_STYLES.labels4x6 : PRINT_STYLES.labelsA4;
}

function Label({ label, size }: { label: ShippingLabel; size: LabelSize }) {
  const { t, digits, taka } = useI18n();
  const number = digits(String(label.orderNumber));
  return (
    <article
      className={`label flex flex-col gap-1 border border-black bg-white p-3 text-black ${size === "4x6" ? "w-[4in] text-base" : "text-sm"}`}
      aria-label={t("dash.paper.labels.label", { number })}
      data-order-id={label.id}
    >
      <header className="flex items-baseline justify-between gap-2 border-b border-black pb-1">
        <p className="font-bold">{label.shopName}</p>
        <p className="text-xs">{digits(label.shopPhone)}</p>
      </header>
      <div className="flex items-center justify-between gap-2">
        <p className="text-lg font-bold">{t("dash.paper.labels.order", { number })}</p>
        <div
          className="h-12 w-40 [&>svg]:h-full [&>svg]:w-full"
          role="img"
          aria-label={t("dash.paper.labels.barcode", { number })}
          // Made on the server by bwip-js from the order number's digits only.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: generated SVG, no user input in it
          dangerouslySetInnerHTML={{ __html: label.barcodeSvg }}
        />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3">
        <dt>{t("dash.paper.labels.to")}</dt>
        <dd className="font-semibold">{label.name}</dd>
        <dt>{t("dash.paper.labels.phone")}</dt>
        <dd className="font-semibold">{digits(label.phone)}</dd>
        <dt>{t("dash.paper.labels.address")}</dt>
        <dd>{label.address}</dd>
        <dt>{t("dash.paper.labels.thana")}</dt>
        <dd>{label.thana}</dd>
        <dt>{t("dash.paper.labels.district")}</dt>
        <dd>{label.district}</dd>
        <dt>{t("dash.paper.labels.cod")}</dt>
        <dd className="text-lg font-bold">{taka(label.cod)}</dd>
        <dt>{t("dash.paper.labels.courier")}</dt>
        <dd>{label.courier ? courierName(t, label.courier) : "—"}</dd>
        <dt>{t("dash.paper.labels.tracking")}</dt>
        <dd className="font-mono">{label.trackingCode ?? "—"}</dd>
      </dl>
    </article>
  );
}

/** Shipping labels of the selected orders (issue 23 item 7). */
export function ShippingLabels({ labels, size }: { labels: ShippingLabel[]; size: LabelSize }) {
  const { t, count } = useI18n();
  return (
    <div className="flex flex-col gap-4">
      <style>{pageCss(size)}</style>
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <h1 className="text-2xl font-bold">
          {t("dash.paper.labels.heading", {
            size: t(size === "a4" ? "dash.paper.labels.a4" : "dash.paper.labels.4x6"),
            count: count(labels.length),
          })}
        </h1>
        <p className="text-sm">{t("dash.paper.labels.hint")}</p>
      </div>
      {labels.length === 0 ? <p>{t("dash.paper.labels.none")}</p> : null}
      <div className={size === "a4" ? "grid grid-cols-2 gap-3" : "flex flex-col gap-4"}>
        {labels.map((label) => (
          <Label key={label.id} label={label} size={size} />
        ))}
      </div>
    </div>
  );
}
