import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { mediaUrlForWidth } from "~/core/media";
import { formatTaka } from "~/core/money";
import { truncate } from "~/core/text";
import { LoadMoreLink } from "../catalogue/load-more-link";
import { productPath } from "../catalogue/paths";
import { EditIcon, EyeIcon, TrashIcon } from "./action-icons";
import type { AdminProductsPage } from "./catalogue.server";
import type { AdminProductRow } from "./product-row";
import { stockHistoryPath } from "./stock-paths";
import { useDeleteAction } from "./use-delete-action";

/** Spec §9: names in the admin table are cut to 20 characters. */
const NAME_LIMIT = 20;

/**
 * The admin products table: searched and paginated on the server. "Load more" is a link to the
 * next page (works without JavaScript); with JavaScript it fetches that page and appends it.
 */
export function ProductsTable({ page }: { page: AdminProductsPage }) {
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
    deleted: "Product deleted successfully.",
    failed: "Error deleting product. Please try again later.",
  });
  async function remove(row: AdminProductRow) {
    // The loader's page comes back without it; rows added by "Load more" are hidden here.
    if (await deletion.remove(row._id)) setDeleted((ids) => new Set(ids).add(row._id));
  }

  const loading = fetcher.state !== "idle";
  const firstPage = new URLSearchParams(location.search);
  firstPage.delete("cursor");

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Form method="get" role="search" className="flex w-full max-w-md gap-2">
          {page.stock ? <input type="hidden" name="stock" value={page.stock} /> : null}
          <label htmlFor="product-search" className="sr-only">
            Search products by name
          </label>
          <input
            id="product-search"
            type="search"
            name="q"
            defaultValue={page.q}
            key={page.q}
            placeholder="Search by name"
            maxLength={100}
            className="input w-full"
          />
          <button type="submit" className="btn btn-neutral">
            Search
          </button>
        </Form>
        <Link to="/dashboard/addProduct" className="btn btn-primary">
          Add Product
        </Link>
      </div>

      <StockFilterLinks page={page} />

      {page.continued ? (
        <p className="text-sm">
          <Link to={`?${firstPage.toString()}`} className="link">
            Back to the first page
          </Link>
        </p>
      ) : null}

      {rows.length === 0 ? (
        <p className="rounded-box bg-base-200 p-8 text-center">
          {page.q
            ? `No products match "${page.q}".`
            : page.stock
              ? `No ${page.stock === "low" ? "low stock" : "sold out"} products.`
              : "No products yet."}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table table-sm stack-table">
            <caption className="sr-only">Products, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Category</th>
                <th scope="col">Sub-Category</th>
                <th scope="col">Type</th>
                <th scope="col">Price</th>
                <th scope="col">Offer</th>
                <th scope="col">Stock</th>
                <th scope="col">Image</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row._id} data-product-id={row._id}>
                  <th scope="row" className="whitespace-nowrap font-medium" title={row.name}>
                    {truncate(row.name, NAME_LIMIT)}
                  </th>
                  <td className="min-w-28" data-label="Category">
                    {row.category}
                  </td>
                  <td className="min-w-24" data-label="Sub-Category">
                    {row.subCategory}
                  </td>
                  <td className="whitespace-nowrap" data-label="Type">
                    {row.productType}
                  </td>
                  <td className="whitespace-nowrap" data-label="Price">
                    {formatTaka(row.originalPrice)}
                  </td>
                  <td className="whitespace-nowrap" data-label="Offer">
                    {row.offerPrice == null ? "—" : formatTaka(row.offerPrice)}
                  </td>
                  <td className="min-w-32" data-label="Stock">
                    <StockCell row={row} />
                  </td>
                  <td data-label="Image">
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
                      <span className="text-sm text-base-content/70">None</span>
                    )}
                  </td>
                  <td data-label="Actions">
                    <div className="flex">
                      <Link
                        to={`/dashboard/update/${encodeURIComponent(row._id)}`}
                        className="btn btn-ghost btn-square btn-sm"
                        aria-label={`Edit ${row.name}`}
                        title="Edit"
                      >
                        <EditIcon />
                      </Link>
                      <button
                        type="button"
                        className="btn btn-ghost btn-square btn-sm text-error"
                        aria-label={`Delete ${row.name}`}
                        title="Delete"
                        onClick={() => remove(row)}
                      >
                        <TrashIcon />
                      </button>
                      <Link
                        to={productPath(row._id)}
                        className="btn btn-ghost btn-square btn-sm"
                        aria-label={`View ${row.name}`}
                        title="View"
                      >
                        <EyeIcon />
                      </Link>
                    </div>
                  </td>
                </tr>
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
        {more ? `Showing ${rows.length} products` : ""}
      </p>
    </div>
  );
}

const STOCK_FILTERS = [
  { value: null, label: "All" },
  { value: "low", label: "Low stock" },
  { value: "sold_out", label: "Sold out" },
] as const;

/** All / Low stock / Sold out: links that keep the search and start at the first page. */
function StockFilterLinks({ page }: { page: AdminProductsPage }) {
  const hrefOf = (value: string | null) => {
    const params = new URLSearchParams();
    if (page.q) params.set("q", page.q);
    if (value) params.set("stock", value);
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  return (
    <nav aria-label="Filter by stock" className="flex flex-wrap gap-2">
      {STOCK_FILTERS.map((f) => {
        const current = page.stock === f.value;
        return (
          <Link
            key={f.label}
            to={hrefOf(f.value)}
            aria-current={current ? "page" : undefined}
            className={`btn btn-sm ${current ? "btn-neutral" : "btn-outline"}`}
          >
            {f.label}
          </Link>
        );
      })}
    </nav>
  );
}

/** Pieces on hand, "Low" when a variant is at or below the threshold, and the history link. */
function StockCell({ row }: { row: AdminProductRow }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      {row.stock === null ? (
        <span className="text-base-content/70">Not tracked</span>
      ) : (
        <>
          <span>{row.stock.total}</span>
          {row.stock.total === 0 ? (
            <span className="badge badge-error badge-sm">Sold out</span>
          ) : row.stock.low ? (
            <span className="badge badge-warning badge-sm">Low</span>
          ) : null}
        </>
      )}
      <Link
        to={stockHistoryPath(row._id)}
        className="link text-xs"
        aria-label={`Stock history of ${row.name}`}
      >
        History
      </Link>
    </span>
  );
}
