import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import type { CardProduct } from "~/app/components/product-card";
import { productTypeName } from "~/app/i18n/catalogue-names";
import { useI18n } from "~/app/i18n/use-i18n";
import { PRODUCT_TYPES } from "~/core/catalogue";
import { Breadcrumb, type Crumb } from "./breadcrumb";
import type { ListingPage } from "./listing.server";
import { LoadMoreLink } from "./load-more-link";
import { ProductGrid } from "./product-grid";
import { useHydratedMark } from "./use-hydrated";

/**
 * Cards on a phone's first screen (two rows of two): their images load eagerly at high priority.
 * Lighthouse found the Largest Contentful Paint on the third card of a category page, which was
 * lazy-loaded (docs/decisions/016).
 */
const FIRST_SCREEN_CARDS = 4;

type Props = {
  title: string;
  intro?: string;
  crumbs: Crumb[];
  page: ListingPage;
  /** Links shown above the grid, e.g. the sub-categories of a category. */
  related?: { label: string; links: { label: string; to: string; current?: boolean }[] };
  /** What an empty listing says (a search that matched nothing says so). */
  empty?: string;
};

/**
 * A server-rendered, keyset-paginated product listing. "Load more" is a link to the next page
 * (works without JavaScript); with JavaScript it fetches that page and appends it.
 */
export function Listing(props: Props) {
  const location = useLocation();
  // A new listing or filter starts over; appended pages belong to one URL.
  return <ListingBody key={`${location.pathname}?${location.search}`} {...props} />;
}

function ListingBody({ title, intro, crumbs, page, related, empty }: Props) {
  const location = useLocation();
  const { t, count } = useI18n();
  // "Load more" loads this route's next page: every listing route answers it under `page`.
  const fetcher = useFetcher<{ page: ListingPage }>();
  const [products, setProducts] = useState<CardProduct[]>(page.products);
  const [nextCursor, setNextCursor] = useState(page.nextCursor);
  const [firstNew, setFirstNew] = useState<number | undefined>(undefined);
  const gridRef = useRef<HTMLElement>(null);
  const chipsRef = useRef<HTMLUListElement>(null);

  // On a phone the chip row scrolls sideways: bring the current sub-category into view.
  useEffect(() => {
    const row = chipsRef.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (row && current && row.scrollWidth > row.clientWidth) {
      row.scrollLeft = current.offsetLeft - row.offsetLeft - 12;
    }
  }, []);
  const appended = useRef<unknown>(null);

  useEffect(() => {
    const more = fetcher.data?.page;
    if (fetcher.state !== "idle" || !more || appended.current === more) return;
    appended.current = more;
    const seen = new Set(products.map((p) => p._id));
    setFirstNew(products.length);
    setProducts([...products, ...more.products.filter((p) => !seen.has(p._id))]);
    setNextCursor(more.nextCursor);
  }, [fetcher.state, fetcher.data, products]);

  useEffect(() => {
    if (firstNew === undefined) return;
    gridRef.current
      ?.querySelector<HTMLAnchorElement>("li[data-first-new] a[href]")
      ?.focus({ preventScroll: true });
  }, [firstNew]);

  const params = new URLSearchParams(location.search);
  params.delete("cursor");
  const loading = fetcher.state !== "idle";
  const hydratedMark = useHydratedMark<HTMLElement>();

  return (
    <main className="mx-auto max-w-[1200px] px-3 pt-3 pb-12 md:px-4" ref={hydratedMark}>
      <Breadcrumb items={crumbs} />
      <h1 className="mt-2 text-2xl font-bold md:text-3xl">{title}</h1>
      {intro ? <p className="mt-1 text-base-content/80">{intro}</p> : null}

      {related && related.links.length > 0 ? (
        <nav aria-label={related.label} className="mt-4">
          <ul
            ref={chipsRef}
            className="-mx-3 flex gap-2 overflow-x-auto px-3 pb-1 md:mx-0 md:flex-wrap md:px-0"
          >
            {related.links.map((l) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  aria-current={l.current ? "page" : undefined}
                  className={`btn btn-sm whitespace-nowrap rounded-full ${l.current ? "btn-primary" : "btn-outline"}`}
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {/* One row that scrolls on a phone: wrapped, its height would change when the Bengali
          font arrives (its words are narrower than the fallback's), moving the grid below. */}
      <nav aria-label={t("listing.filterByType")} className="mt-4">
        <ul className="-mx-3 flex gap-2 overflow-x-auto px-3 pb-1 md:mx-0 md:flex-wrap md:px-0">
          {[null, ...PRODUCT_TYPES].map((type) => {
            const q = new URLSearchParams(params);
            if (type) q.set("productType", type);
            else q.delete("productType");
            const current = page.productType === type;
            const qs = q.toString();
            return (
              <li key={type ?? "all"}>
                <Link
                  to={qs ? `?${qs}` : location.pathname}
                  aria-current={current ? "true" : undefined}
                  className={`btn btn-xs whitespace-nowrap md:btn-sm ${current ? "btn-neutral" : "btn-ghost border-base-300"}`}
                  preventScrollReset
                >
                  {type ? productTypeName(t, type) : t("home.allItems")}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {page.continued ? (
        <p className="mt-4 text-sm">
          <Link to={`?${params.toString()}`} className="link">
            {t("listing.backToFirst")}
          </Link>
        </p>
      ) : null}

      <section ref={gridRef} aria-labelledby="listing-heading" className="mt-5">
        <h2 id="listing-heading" className="sr-only">
          {t("listing.products")}
        </h2>
        {products.length === 0 ? (
          <p className="rounded-box bg-base-200 p-8 text-center">{empty ?? t("listing.empty")}</p>
        ) : (
          <ProductGrid
            products={products}
            eagerCount={page.continued ? 0 : FIRST_SCREEN_CARDS}
            firstNewIndex={firstNew}
            label={title}
          />
        )}
      </section>

      <p className="sr-only" aria-live="polite">
        {firstNew !== undefined ? t("listing.showing", { count: count(products.length) }) : ""}
      </p>

      {nextCursor ? (
        <div className="mt-8 flex justify-center">
          <LoadMoreLink
            nextCursor={nextCursor}
            loading={loading}
            load={(href) => fetcher.load(href)}
            className="btn btn-primary btn-wide"
            spinner={<span className="spinner size-5" aria-hidden="true" />}
          />
        </div>
      ) : null}
    </main>
  );
}
