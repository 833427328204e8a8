import { useRef, useState } from "react";
import { ProductCard, toCardProduct } from "~/app/components/product-card";
import { categoryPath } from "~/app/features/catalogue/paths";
import { useI18n } from "~/app/i18n/use-i18n";
import { CHEAP_ITEMS_CATEGORY } from "~/core/catalogue";
import type { ProductList } from "./most-popular";
import { fetchProducts } from "./products-api";
import { SectionHeading } from "./section-heading";
import { ShowMoreLink } from "./show-more-link";

/** Spec §9: 100 TK Items shows 10 first. */
export const CHEAP_FIRST = 10;
/** "Show all" loads the rest in pages this big, so a huge category never comes in one answer. */
const CHEAP_PAGE = 100;

/**
 * 100 TK Items grid (spec §4): the first 10; Show Me More shows all; Show Less returns to 10;
 * no button for 10 or fewer.
 */
export function CheapItems({ initial }: { initial: ProductList }) {
  const [list, setList] = useState(initial);
  const [expanded, setExpanded] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const { t } = useI18n();
  const sectionRef = useRef<HTMLElement>(null);

  const hasButton = list.products.length > CHEAP_FIRST || list.nextCursor !== null;
  const allShown = expanded && list.nextCursor === null;

  async function onClick() {
    if (allShown) {
      setExpanded(false);
      sectionRef.current?.scrollIntoView({ block: "start" });
      return;
    }
    if (list.nextCursor) {
      setLoading(true);
      setFailed(false);
      try {
        const page = await fetchProducts({
          category: CHEAP_ITEMS_CATEGORY,
          cursor: list.nextCursor,
          limit: CHEAP_PAGE,
        });
        setList((l) => ({
          products: [...l.products, ...page.data.map(toCardProduct)],
          nextCursor: page.nextCursor,
        }));
      } catch (err) {
        console.error(err);
        setFailed(true);
      } finally {
        setLoading(false);
      }
    }
    setExpanded(true);
  }

  const shown = expanded ? list.products : list.products.slice(0, CHEAP_FIRST);
  if (list.products.length === 0) return null;
  return (
    <section
      ref={sectionRef}
      id="hundred_tk_items"
      aria-labelledby="hundred_tk_items-heading"
      className="mt-10"
    >
      <SectionHeading id="hundred_tk_items-heading">{t("home.cheap")}</SectionHeading>
      {failed ? <p className="alert alert-warning mb-4">{t("home.moreFailed")}</p> : null}
      <ul
        className="grid grid-cols-2 gap-[10px] md:grid-cols-3 md:gap-[15px] lg:grid-cols-5 lg:gap-5"
        aria-busy={loading}
      >
        {shown.map((p) => (
          <li key={p._id}>
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
      {hasButton ? (
        <div className="mt-6 text-center">
          <button
            type="button"
            className="btn btn-primary btn-outline min-w-40 [@media(scripting:none)]:hidden"
            onClick={onClick}
            disabled={loading}
          >
            {loading ? t("common.loadingDots") : allShown ? t("home.showLess") : t("home.showMore")}
          </button>
          <ShowMoreLink to={categoryPath(CHEAP_ITEMS_CATEGORY)} />
        </div>
      ) : null}
    </section>
  );
}
