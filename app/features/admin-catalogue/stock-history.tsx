import { Form, Link, useActionData, useNavigation } from "react-router";
import { colorName } from "~/app/i18n/catalogue-names";
import { catalogueIssueText } from "~/app/i18n/dashboard/catalogue-issues";
import type { Translator } from "~/app/i18n/translator";
import { useI18n } from "~/app/i18n/use-i18n";
import { type ActionFailure, isActionFailure, issuesByField } from "~/app/lib/field-issues";
import { NO_CHOICE, type StockLevel, type StockReason } from "~/core/stock";
import type { StockLedgerEntry } from "~/server/services/stock";
import { withCursor } from "../catalogue/paths";
import { orderOverviewPath } from "../orders/paths";
import { PRODUCTS_TABLE_PATH } from "./stock-paths";

/** The ledger's reasons in an admin's words (dash.catalogue.reason.*). */
export function reasonLabel(t: Translator["t"], reason: StockReason): string {
  return t(`dash.catalogue.reason.${reason}`);
}

type Props = {
  product: {
    _id: string;
    name: string;
    sizes: readonly string[];
    colors: readonly string[];
    trackStock: boolean;
    stock: readonly StockLevel[];
    total: number;
    low: boolean;
  };
  entries: readonly StockLedgerEntry[];
  nextCursor: string | null;
  continued: boolean;
};

/** "+3" / "−2": a change with its sign (`count` writes the page's digits). */
export function signedChange(n: number, count: (n: number) => string = String): string {
  return n > 0 ? `+${count(n)}` : n < 0 ? `−${count(-n)}` : count(0);
}

/** A variant as "M / Black", the colour in the page's language; "" for a product with neither. */
function variantName(t: Translator["t"], v: { size: string; color: string }): string {
  return [v.size, v.color === NO_CHOICE ? NO_CHOICE : colorName(t, v.color)]
    .filter((x) => x !== NO_CHOICE)
    .join(" / ");
}

/** A product's stock ledger, newest first, with a form to change one variant by hand. */
export function StockHistory({ product, entries, nextCursor, continued }: Props) {
  const { t, count, date, time, digits } = useI18n();
  const shown = (v: string) => (v === NO_CHOICE ? "—" : v);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <p className="flex flex-wrap gap-4 text-sm">
        <Link to={PRODUCTS_TABLE_PATH} className="link">
          {t("dash.catalogue.backToProducts")}
        </Link>
        <Link to={`/dashboard/update/${encodeURIComponent(product._id)}`} className="link">
          {t("dash.catalogue.stock.editProduct")}
        </Link>
      </p>
      <h1 className="text-2xl font-bold sm:text-3xl">
        {t("dash.catalogue.stock.title", { name: product.name })}
      </h1>
      <p data-testid="stock-summary">
        {product.trackStock ? (
          <>
            {t("dash.catalogue.stock.onHand", { count: count(product.total) })}
            {product.low ? (
              <span className="badge badge-warning badge-sm ml-2">
                {t("dash.catalogue.stock.low")}
              </span>
            ) : null}
          </>
        ) : (
          t("dash.catalogue.stock.notTracked")
        )}
      </p>
      <OnHand product={product} />
      <AdjustForm product={product} />
      <section aria-labelledby="ledger-heading" className="flex flex-col gap-3">
        <h2 id="ledger-heading" className="text-xl font-bold">
          {t("dash.catalogue.stock.history")}
        </h2>
        {continued ? (
          <Link to="?" className="link text-sm">
            {t("dash.catalogue.stock.backToNewest")}
          </Link>
        ) : null}
        {entries.length === 0 ? (
          <p className="rounded-box bg-base-200 p-6 text-center">
            {t("dash.catalogue.stock.none")}
          </p>
        ) : (
          <div className="overflow-x-auto rounded-box border border-base-300">
            <table className="table table-sm stack-table">
              <caption className="sr-only">{t("dash.catalogue.stock.caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("dash.catalogue.stock.col.when")}</th>
                  <th scope="col">{t("dash.catalogue.stock.col.size")}</th>
                  <th scope="col">{t("dash.catalogue.stock.col.colour")}</th>
                  <th scope="col">{t("dash.catalogue.stock.col.change")}</th>
                  <th scope="col">{t("dash.catalogue.stock.col.reason")}</th>
                  <th scope="col">{t("dash.catalogue.stock.col.order")}</th>
                  <th scope="col">{t("dash.catalogue.stock.col.who")}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id} data-entry-id={e.id}>
                    <td
                      className="whitespace-nowrap"
                      data-label={t("dash.catalogue.stock.col.when")}
                    >
                      {date(e.at)} {time(e.at)}
                    </td>
                    <td data-label={t("dash.catalogue.stock.col.size")}>{shown(e.size)}</td>
                    <td data-label={t("dash.catalogue.stock.col.colour")}>
                      {e.color === NO_CHOICE ? "—" : colorName(t, e.color)}
                    </td>
                    <td
                      data-label={t("dash.catalogue.stock.col.change")}
                      className={`font-semibold ${
                        e.change < 0
                          ? "text-red-700 in-data-[theme=dark]:text-red-300"
                          : "text-green-800 in-data-[theme=dark]:text-green-300"
                      }`}
                    >
                      {signedChange(e.change, count)}
                    </td>
                    <td data-label={t("dash.catalogue.stock.col.reason")}>
                      {reasonLabel(t, e.reason)}
                    </td>
                    <td data-label={t("dash.catalogue.stock.col.order")}>
                      {e.orderId && e.orderNumber !== null ? (
                        <Link to={orderOverviewPath(e.orderId)} className="link">
                          #{digits(String(e.orderNumber))}
                        </Link>
                      ) : e.orderId ? (
                        t("dash.catalogue.stock.deletedOrder")
                      ) : (
                        "—"
                      )}
                    </td>
                    <td data-label={t("dash.catalogue.stock.col.who")}>
                      {e.userName ?? (e.orderId ? t("dash.catalogue.stock.guest") : "—")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {nextCursor ? (
          <Link to={withCursor("", nextCursor)} className="btn btn-outline self-center">
            {t("dash.catalogue.stock.older")}
          </Link>
        ) : null}
      </section>
    </div>
  );
}

/** Pieces on hand now, per variant. */
function OnHand({ product }: { product: Props["product"] }) {
  const { t, count } = useI18n();
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t("dash.catalogue.stock.onHandList")}>
      {product.stock.map((l) => {
        const name = variantName(t, l) || t("dash.catalogue.stock.pieces");
        return (
          <li
            key={`${l.size}/${l.color}`}
            className={`badge badge-lg ${l.quantity <= 0 ? "badge-error" : "badge-ghost"}`}
          >
            {name}: {count(l.quantity)}
          </li>
        );
      })}
    </ul>
  );
}

/** One variant, a change and a reason: a plain form (works without JavaScript). */
function AdjustForm({ product }: { product: Props["product"] }) {
  const tr = useI18n();
  const { t, count } = tr;
  const answer = useActionData<ActionFailure | { ok: true; level: StockLevel }>();
  const busy = useNavigation().state === "submitting";
  const issues = isActionFailure(answer) ? issuesByField(answer.issues) : {};
  const done = answer && !isActionFailure(answer) ? answer.level : null;
  const issue = (field: string) =>
    issues[field] ? (
      <p id={`adjust-${field}-issue`} className="text-sm text-error">
        {catalogueIssueText(tr, issues[field])}
      </p>
    ) : null;
  const described = (field: string) => ({
    "aria-invalid": issues[field] ? true : undefined,
    "aria-describedby": issues[field] ? `adjust-${field}-issue` : undefined,
  });
  return (
    <section aria-labelledby="adjust-heading" className="rounded-box border border-base-300 p-4">
      <h2 id="adjust-heading" className="mb-3 text-lg font-bold">
        {t("dash.catalogue.stock.change")}
      </h2>
      <Form method="post" className="flex flex-wrap items-start gap-3" noValidate>
        {product.sizes.length > 0 ? (
          <div className="flex flex-col gap-1">
            <label htmlFor="adjust-size" className="text-sm font-medium">
              {t("dash.catalogue.stock.size")}
            </label>
            <select
              id="adjust-size"
              name="size"
              className="select select-sm"
              {...described("size")}
            >
              {product.sizes.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
            {issue("size")}
          </div>
        ) : (
          <input type="hidden" name="size" value={NO_CHOICE} />
        )}
        {product.colors.length > 0 ? (
          <div className="flex flex-col gap-1">
            <label htmlFor="adjust-color" className="text-sm font-medium">
              {t("dash.catalogue.stock.colour")}
            </label>
            <select
              id="adjust-color"
              name="color"
              className="select select-sm"
              {...described("color")}
            >
              {product.colors.map((c) => (
                <option key={c} value={c}>
                  {colorName(t, c)}
                </option>
              ))}
            </select>
            {issue("color")}
          </div>
        ) : (
          <input type="hidden" name="color" value={NO_CHOICE} />
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor="adjust-change" className="text-sm font-medium">
            {t("dash.catalogue.stock.changeLabel")}
          </label>
          <input
            id="adjust-change"
            name="change"
            type="text"
            inputMode="numeric"
            pattern="-?[0-9০-৯]*"
            className="input input-sm w-32"
            {...described("change")}
          />
          {issue("change")}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="adjust-reason" className="text-sm font-medium">
            {t("dash.catalogue.stock.reason")}
          </label>
          <select
            id="adjust-reason"
            name="reason"
            className="select select-sm"
            {...described("reason")}
          >
            <option value="adjustment">{reasonLabel(t, "adjustment")}</option>
            <option value="import">{reasonLabel(t, "import")}</option>
          </select>
          {issue("reason")}
        </div>
        <button type="submit" className="btn btn-primary btn-sm mt-6" disabled={busy}>
          {t(busy ? "dash.catalogue.stock.saving" : "dash.catalogue.stock.save")}
        </button>
      </Form>
      <p aria-live="polite" className="mt-2 text-sm">
        {done
          ? variantName(t, done)
            ? t("dash.catalogue.stock.saved", {
                variant: variantName(t, done),
                count: count(done.quantity),
              })
            : t("dash.catalogue.stock.savedProduct", { count: count(done.quantity) })
          : isActionFailure(answer) && answer.issues.length === 0
            ? catalogueIssueText(tr, answer.message)
            : ""}
      </p>
    </section>
  );
}
