import { type KeyboardEvent, useId, useRef, useState } from "react";
import { type CardProduct, ProductCard, toCardProduct } from "~/app/components/product-card";
import { categoryName } from "~/app/i18n/catalogue-names";
import { useI18n } from "~/app/i18n/use-i18n";
import { CATEGORIES } from "~/core/catalogue";
import { SOLD_OUT_LAST_START } from "~/core/stock";
import { fetchProducts } from "./products-api";
import { SectionHeading } from "./section-heading";
import { ShowMoreLink } from "./show-more-link";

/** Spec §9: Most Popular shows 10, then 5 more per click. */
export const POPULAR_PAGE = 10;
export const POPULAR_STEP = 5;
const FETCH_MORE = 20;

const ALL_ITEMS = "All Items";
const TABS = [ALL_ITEMS, ...CATEGORIES];

export type ProductList = { products: CardProduct[]; nextCursor: string | null };

type State = ProductList & { tab: string; visible: number };

/**
 * Most Popular Item grid with category tabs (spec §4): a tab loads that category's Most Popular
 * products and resets the count to 10; Show Me More adds 5 (fetching the next page when needed);
 * once everything is shown the button reads Show Less and goes back to 10. No button for 10 or
 * fewer products.
 */
export function MostPopular({ initial }: { initial: ProductList }) {
  const id = useId();
  const [state, setState] = useState<State>({ ...initial, tab: ALL_ITEMS, visible: POPULAR_PAGE });
  const [loading, setLoading] = useState<"tab" | "more" | null>(null);
  const { t } = useI18n();
  const tabName = (tab: string) => (tab === ALL_ITEMS ? t("home.allItems") : categoryName(t, tab));
  const [failed, setFailed] = useState(false);
  const request = useRef<AbortController | null>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const sectionRef = useRef<HTMLElement>(null);

  async function load(tab: string, cursor: string | null, limit: number) {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    const page = await fetchProducts(
      {
        productType: "Most Popular",
        category: tab === ALL_ITEMS ? undefined : tab,
        // A tab's first page in the shop's order too: sold-out products last.
        cursor: cursor ?? SOLD_OUT_LAST_START,
        limit,
      },
      controller.signal,
    );
    return { products: page.data.map(toCardProduct), nextCursor: page.nextCursor };
  }

  async function selectTab(tab: string) {
    if (tab === state.tab && loading !== "tab") return;
    setState((s) => ({ ...s, tab, visible: POPULAR_PAGE }));
    setLoading("tab");
    setFailed(false);
    try {
      const list = await load(tab, null, POPULAR_PAGE);
      setState({ ...list, tab, visible: POPULAR_PAGE });
      setLoading(null);
    } catch (err) {
      if ((err as Error).name === "AbortError") return;
      console.error(err);
      setFailed(true);
      setLoading(null);
    }
  }

  const allShown = state.visible >= state.products.length && state.nextCursor === null;
  const hasButton = state.products.length > POPULAR_PAGE || state.nextCursor !== null;

  async function more() {
    if (allShown) {
      setState((s) => ({ ...s, visible: POPULAR_PAGE }));
      sectionRef.current?.scrollIntoView({ block: "start" });
      return;
    }
    const want = state.visible + POPULAR_STEP;
    if (want > state.products.length && state.nextCursor) {
      setLoading("more");
      try {
        const tab = state.tab;
        const list = await load(tab, state.nextCursor, FETCH_MORE);
        setState((s) =>
          s.tab === tab
            ? {
                ...s,
                products: [...s.products, ...list.products],
                nextCursor: list.nextCursor,
                visible: want,
              }
            : s,
        );
      } catch (err) {
        if ((err as Error).name !== "AbortError") {
          console.error(err);
          setFailed(true);
        }
      } finally {
        setLoading(null);
      }
      return;
    }
    setState((s) => ({ ...s, visible: want }));
  }

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>, i: number) {
    let next = -1;
    if (e.key === "ArrowRight") next = (i + 1) % TABS.length;
    else if (e.key === "ArrowLeft") next = (i - 1 + TABS.length) % TABS.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = TABS.length - 1;
    if (next < 0) return;
    e.preventDefault();
    tabRefs.current[next]?.focus();
    const tab = TABS[next];
    if (tab) void selectTab(tab);
  }

  const shown = state.products.slice(0, state.visible);
  const tabId = (i: number) => `${id}-tab-${i}`;
  const panelId = `${id}-panel`;
  const selectedIndex = TABS.indexOf(state.tab);

  return (
    <section
      ref={sectionRef}
      id="most_popular_items"
      aria-labelledby="most_popular_items-heading"
      className="mt-10"
    >
      <SectionHeading id="most_popular_items-heading">{t("home.mostPopular")}</SectionHeading>
      <div
        role="tablist"
        aria-label={t("home.mostPopular.tabs")}
        // Without scripts the tabs could not fetch their products: not shown there.
        className="no-scrollbar -mx-3 mb-4 flex gap-2 overflow-x-auto px-3 pb-1 [@media(scripting:none)]:hidden"
      >
        {TABS.map((tab, i) => {
          const selected = tab === state.tab;
          return (
            <button
              key={tab}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              id={tabId(i)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => selectTab(tab)}
              onKeyDown={(e) => onTabKey(e, i)}
              className={`btn btn-sm shrink-0 rounded-full ${selected ? "btn-primary" : "btn-outline border-base-300"}`}
            >
              {tabName(tab)}
            </button>
          );
        })}
      </div>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(selectedIndex)}
        aria-busy={loading !== null}
      >
        {failed ? <p className="alert alert-warning mb-4">{t("home.loadFailed")}</p> : null}
        {loading === "tab" ? (
          <p className="py-10 text-center">
            <span className="spinner size-6" aria-hidden="true" />
            <span className="sr-only">{t("common.loading")}</span>
          </p>
        ) : shown.length === 0 ? (
          <p className="py-10 text-center">
            {t("home.noPopular", { category: tabName(state.tab) })}
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-[10px] md:grid-cols-3 md:gap-[15px] lg:grid-cols-5 lg:gap-5">
            {shown.map((p) => (
              <li key={p._id}>
                <ProductCard product={p} />
              </li>
            ))}
          </ul>
        )}
        {hasButton && loading !== "tab" ? (
          <div className="mt-6 text-center">
            <button
              type="button"
              className="btn btn-primary btn-outline min-w-40 [@media(scripting:none)]:hidden"
              onClick={more}
              disabled={loading === "more"}
            >
              {loading === "more"
                ? t("common.loadingDots")
                : allShown
                  ? t("home.showLess")
                  : t("home.showMore")}
            </button>
            <ShowMoreLink to={`/shop?${new URLSearchParams({ productType: "Most Popular" })}`} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
