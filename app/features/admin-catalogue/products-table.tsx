import { memo, useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { EyeIcon } from "~/app/components/action-icons";
import { categoryName, productTypeName, subCategoryName } from "~/app/i18n/catalogue-names";
import { useI18n } from "~/app/i18n/use-i18n";
import { mediaUrlForWidth } from "~/core/media";
import { truncate } from "~/core/text";
import { LoadMoreLink } from "../catalogue/load-more-link";
import { productPath } from "../catalogue/paths";
import type { AdminProductsPage } from "./catalogue.server";
import type { AdminProductRow } from "./product-row";
import { EditAndDelete } from "./row-actions";
import { stockHistoryPath } from "./stock-paths";
import { useDeleteAction } from "./use-delete-action";

/** Spec §9: names in the admin table are cut to 20 characters. */
const NAME_LIMIT = 20;

/**
 * The admin products table: searched and paginated on the server. "Load more" is a link to the
 * next page (works without JavaScript); with JavaScript it fetches that page and appends it.
 */
export function ProductsTable({ page }: { page: AdminProductsPage }) {
  const { t, count } = useI18n();
  const location = useLocation();
  const fetcher = useFetcher<AdminProductsPage>();
  // The loader's page stays live (it revalidates on window focus); pages fetched with "Load
  // more" are kept beside it, and deleted rows are hidden from both.
  const [more, setMore] = useState<{ rows: AdminProductRow[]; nextCursor: string | null }>();
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const appended = useRef<unknown>(null);

  useEffect(() => {
    const next = fetcher.data;
    if (fetcher.state !== "idle" || !next || appended.current === next) return;
    appended.current = next;
    setMore((m) => ({ rows: [...(m?.rows ?? []), ...next.rows], nextCursor: next.nextCursor }));
  }, [fetcher.state, fetcher.data]);

  const seen = new Set<string>();
  const rows = [...page.rows, ...(more?.rows ?? [])].filter((r) => {
    if (seen.has(r._id) || deleted.has(r._id)) return false;
    seen.add(r._id);
    return true;
  });
  const nextCursor = more ? more.nextCursor : page.nextCursor;

  const deletion = useDeleteAction({
    deleted: t("dash.catalogue.products.deleted"),
    failed: t("dash.catalogue.products.deleteFailed"),
  });
  async function remove(row: AdminProductRow) {
    // The loader's page comes back without it; rows added by "Load more" are hidden here.
    if (await deletion.remove(row._id)) setDeleted((ids) => new Set(ids).add(row._id));
  }
  // The rows get one handler for the page's life, so a render of the table leaves them alone.
  const latestRemove = useRef(remove);
  latestRemove.current = remove;
  const onDelete = useCallback((row: AdminProductRow) => void latestRemove.current(row), []);

  const loading = fetcher.state !== "idle";
  const firstPage = new URLSearchParams(location.search);
  firstPage.delete("cursor");

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Form method="get" role="search" className="flex w-full max-w-md gap-2">
          {page.stock ? <input type="hidden" name="stock" value={page.stock} /> : null}
          <label htmlFor="product-search" className="sr-only">
            {t("dash.catalogue.products.searchLabel")}
          </label>
          <input
            id="product-search"
            type="search"
            name="q"
            defaultValue={page.q}
            key={page.q}
            placeholder={t("dash.catalogue.products.searchPlaceholder")}
            maxLength={100}
            className="input w-full"
          />
          <button type="submit" className="btn btn-neutral">
            {t("dash.catalogue.products.search")}
          </button>
        </Form>
        <Link to="/dashboard/addProduct" className="btn btn-primary">
          {t("dash.catalogue.addProduct")}
        </Link>
      </div>

      <StockFilterLinks page={page} />

      {page.continued ? (
        <p className="text-sm">
          <Link to={`?${firstPage.toString()}`} className="link">
            {t("dash.catalogue.products.backToFirst")}
          </Link>
        </p>
      ) : null}

      {rows.length === 0 ? (
        <p className="rounded-box bg-base-200 p-8 text-center">
          {page.q
            ? t("dash.catalogue.products.noMatch", { q: page.q })
            : page.stock
              ? t(
                  page.stock === "low"
                    ? "dash.catalogue.products.noLow"
                    : "dash.catalogue.products.noSoldOut",
                )
              : t("dash.catalogue.products.none")}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table table-sm stack-table">
            <caption className="sr-only">{t("dash.catalogue.products.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("dash.catalogue.products.col.name")}</th>
                <th scope="col">{t("dash.catalogue.products.col.category")}</th>
                <th scope="col">{t("dash.catalogue.products.col.subCategory")}</th>
                <th scope="col">{t("dash.catalogue.products.col.type")}</th>
                <th scope="col">{t("dash.catalogue.products.col.price")}</th>
                <th scope="col">{t("dash.catalogue.products.col.offer")}</th>
                <th scope="col">{t("dash.catalogue.products.col.stock")}</th>
                <th scope="col">{t("dash.catalogue.products.col.image")}</th>
                <th scope="col">{t("dash.catalogue.products.col.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <ProductRow key={row._id} row={row} onDelete={onDelete} />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {nextCursor ? (
        <div className="flex justify-center">
          <LoadMoreLink
            nextCursor={nextCursor}
            loading={loading}
            load={(href) => fetcher.load(href)}
            className="btn btn-outline"
          />
        </div>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {more ? t("dash.catalogue.products.showing", { count: count(rows.length) }) : ""}
      </p>
    </div>
  );
}

/**
 * One product's row. Memoised: the router renders the page again after hydration (route
 * discovery, revalidation), and the rows' data and the delete handler keep their identity then.
 */
const ProductRow = memo(function ProductRow({
  row,
  onDelete,
}: {
  row: AdminProductRow;
  onDelete: (row: AdminProductRow) => void;
}) {
  const { t, taka } = useI18n();
  return (
    <tr data-product-id={row._id}>
      <th scope="row" className="whitespace-nowrap font-medium" title={row.name}>
        {truncate(row.name, NAME_LIMIT)}
      </th>
      <td className="min-w-28" data-label={t("dash.catalogue.products.col.category")}>
        {categoryName(t, row.category)}
      </td>
      <td className="min-w-24" data-label={t("dash.catalogue.products.col.subCategory")}>
        {subCategoryName(t, row.subCategory)}
      </td>
      {/* The type may wrap ("Most Popular"): at 1280 px beside the menu the row then fits, and
          the actions at its end are not cut off. */}
      <td className="min-w-20" data-label={t("dash.catalogue.products.col.type")}>
        {productTypeName(t, row.productType)}
      </td>
      <td className="whitespace-nowrap" data-label={t("dash.catalogue.products.col.price")}>
        {taka(row.originalPrice)}
      </td>
      <td className="whitespace-nowrap" data-label={t("dash.catalogue.products.col.offer")}>
        {row.offerPrice == null ? "—" : taka(row.offerPrice)}
      </td>
      <td className="min-w-28" data-label={t("dash.catalogue.products.col.stock")}>
        <StockCell row={row} />
      </td>
      <td data-label={t("dash.catalogue.products.col.image")}>
        {row.image ? (
          <img
            src={mediaUrlForWidth(row.image, 80, 450)}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            className="h-12 w-12 rounded object-cover"
          />
        ) : (
          <span className="text-sm text-base-content/70">
            {t("dash.catalogue.products.noImage")}
          </span>
        )}
      </td>
      <td data-label={t("dash.catalogue.products.col.actions")}>
        <EditAndDelete
          editTo={`/dashboard/update/${encodeURIComponent(row._id)}`}
          editLabel={t("dash.catalogue.products.editOf", { name: row.name })}
          deleteLabel={t("dash.catalogue.products.deleteOf", { name: row.name })}
          onDelete={() => onDelete(row)}
        >
          <Link
            to={productPath(row._id)}
            className="btn btn-ghost btn-square btn-sm"
            aria-label={t("dash.catalogue.products.viewOf", { name: row.name })}
            title={t("dash.catalogue.view")}
          >
            <EyeIcon />
          </Link>
        </EditAndDelete>
      </td>
    </tr>
  );
});

const STOCK_FILTERS = [
  { value: null, label: "dash.catalogue.products.filter.all" },
  { value: "low", label: "dash.catalogue.products.filter.low" },
  { value: "sold_out", label: "dash.catalogue.products.filter.soldOut" },
] as const;

/** All / Low stock / Sold out: links that keep the search and start at the first page. */
function StockFilterLinks({ page }: { page: AdminProductsPage }) {
  const { t } = useI18n();
  const hrefOf = (value: string | null) => {
    const params = new URLSearchParams();
    if (page.q) params.set("q", page.q);
    if (value) params.set("stock", value);
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  return (
    <nav aria-label={t("dash.catalogue.products.filter")} className="flex flex-wrap gap-2">
      {STOCK_FILTERS.map((f) => {
        const current = page.stock === f.value;
        return (
          <Link
            key={f.label}
            to={hrefOf(f.value)}
            aria-current={current ? "page" : undefined}
            className={`btn btn-sm ${current ? "btn-neutral" : "btn-outline"}`}
          >
            {t(f.label)}
          </Link>
        );
      })}
    </nav>
  );
}

/** Pieces on hand, "Low" when a variant is at or below the threshold, and the history link. */
function StockCell({ row }: { row: AdminProductRow }) {
  const { t, count } = useI18n();
  return (
    <span className="flex flex-wrap items-center gap-2">
      {row.stock === null ? (
        <span className="text-base-content/70">{t("dash.catalogue.products.notTracked")}</span>
      ) : (
        <>
          <span>{count(row.stock.total)}</span>
          {row.stock.total === 0 ? (
            <span className="badge badge-error badge-sm">
              {t("dash.catalogue.products.soldOut")}
            </span>
          ) : row.stock.low ? (
            <span className="badge badge-warning badge-sm">{t("dash.catalogue.products.low")}</span>
          ) : null}
        </>
      )}
      <Link
        to={stockHistoryPath(row._id)}
        className="link text-xs"
        aria-label={t("dash.catalogue.products.historyOf", { name: row.name })}
      >
        {t("dash.catalogue.products.history")}
      </Link>
    </span>
  );
}
