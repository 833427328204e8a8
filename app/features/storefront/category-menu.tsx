import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ChevronDownIcon, ChevronRightIcon, MenuIcon } from "~/app/components/icons";
import { categoryName, subCategoryName } from "~/app/i18n/catalogue-names";
import { useI18n } from "~/app/i18n/use-i18n";
import { CATEGORIES, SUB_CATEGORIES } from "~/core/catalogue";
import { categoryPath, subCategoryPath } from "../catalogue/paths";

/**
 * Home category menu with a sub-category flyout. A mouse opens a flyout by hovering its category
 * and closes it by leaving the menu; a tap, click or Enter toggles it; Escape closes it. On wide
 * screens the flyout floats over the slider; on phones the menu is a collapsed list that opens
 * in place.
 */
export function CategoryMenu() {
  const id = useId();
  const [active, setActive] = useState<number | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const rootRef = useRef<HTMLElement>(null);
  const lastPointer = useRef("");
  const { t } = useI18n();

  useEffect(() => {
    if (active === null && !listOpen) return;
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) {
        setActive(null);
        setListOpen(false);
      }
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [active, listOpen]);

  const toggleId = (i: number) => `${id}-toggle-${i}`;
  const flyoutId = (i: number) => `${id}-flyout-${i}`;

  return (
    <nav
      ref={rootRef}
      aria-label={t("menu.categories")}
      className="relative z-30 rounded-box border border-base-300 bg-base-100"
      onPointerLeave={(e) => e.pointerType === "mouse" && setActive(null)}
      onKeyDown={(e) => {
        if (e.key === "Escape" && active !== null) {
          const i = active;
          setActive(null);
          document.getElementById(toggleId(i))?.focus();
        }
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setActive(null);
      }}
    >
      <button
        type="button"
        className="flex w-full items-center gap-2 rounded-box px-4 py-3 font-bold lg:hidden"
        aria-expanded={listOpen}
        aria-controls={`${id}-list`}
        onClick={() => setListOpen((o) => !o)}
      >
        <MenuIcon className="h-5 w-5" />
        {t("menu.allCategories")}
        <ChevronDownIcon
          className={`ml-auto h-5 w-5 transition-transform ${listOpen ? "rotate-180" : ""}`}
        />
      </button>
      <h2 className="hidden items-center gap-2 border-b border-base-300 px-4 py-2.5 font-bold lg:flex">
        <MenuIcon className="h-5 w-5" />
        {t("menu.allCategories")}
      </h2>
      <ul
        id={`${id}-list`}
        className={`border-t border-base-300 py-1 lg:block lg:border-0 ${listOpen ? "" : "hidden"}`}
      >
        {CATEGORIES.map((category, i) => {
          const open = active === i;
          return (
            <li
              key={category}
              onPointerEnter={(e) => e.pointerType === "mouse" && setActive(i)}
              className="lg:static"
            >
              <button
                id={toggleId(i)}
                type="button"
                aria-expanded={open}
                aria-controls={open ? flyoutId(i) : undefined}
                onPointerDown={(e) => {
                  lastPointer.current = e.pointerType;
                }}
                onClick={() => {
                  // A mouse opened it by hovering: a click keeps it open. Touch and keys toggle.
                  if (lastPointer.current === "mouse") setActive(i);
                  else setActive(open ? null : i);
                  lastPointer.current = "";
                }}
                className={`flex w-full items-center justify-between gap-2 px-4 py-2 text-left text-sm hover:bg-base-200 lg:py-1 xl:py-[7px] ${open ? "bg-base-200 font-semibold text-primary" : ""}`}
              >
                {categoryName(t, category)}
                <ChevronRightIcon
                  className={`h-4 w-4 shrink-0 transition-transform ${open ? "max-lg:-rotate-90" : "max-lg:rotate-90"}`}
                />
              </button>
              {/* Rendered only while open: twelve lists of links would weigh on every page load. */}
              {open ? (
                <div
                  id={flyoutId(i)}
                  className={`bg-base-100 px-4 pb-3 lg:absolute lg:top-0 lg:left-full lg:z-40 lg:ml-1 lg:min-h-full lg:w-[min(560px,60vw)] lg:rounded-box lg:border lg:border-base-300 lg:p-5 lg:shadow-xl`}
                >
                  <Link
                    to={categoryPath(category)}
                    className="link link-primary mb-2 inline-block text-sm font-bold"
                  >
                    {t("menu.allOf", { category: categoryName(t, category) })}
                  </Link>
                  <ul className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3 lg:grid-cols-2">
                    {SUB_CATEGORIES[category].map((sub) => (
                      <li key={sub}>
                        <Link
                          to={subCategoryPath(sub)}
                          state={{
                            category: category.toLowerCase(),
                            subCategory: sub.toLowerCase(),
                          }}
                          className="block rounded px-1 py-1 text-sm hover:bg-base-200 hover:text-primary"
                        >
                          {subCategoryName(t, sub)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
