import type { ReactNode } from "react";
import { Link } from "react-router";
import { categoryName } from "~/app/i18n/catalogue-names";
import { useI18n } from "~/app/i18n/use-i18n";
import { HOME_CATEGORY_TILES } from "~/core/catalogue";
import { categoryPath } from "../catalogue/paths";
import { SectionHeading } from "./section-heading";

const ICONS: Record<(typeof HOME_CATEGORY_TILES)[number], ReactNode> = {
  "Kitchen Items": (
    <path d="M4 11h16v2a7 7 0 0 1-7 7h-2a7 7 0 0 1-7-7zM2 11h20M9 7c0-1.5 1-2 1-3.5M14 7c0-1.5 1-2 1-3.5" />
  ),
  "Bag Items": (
    <>
      <path d="M5 8h14l-1 12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1z" />
      <path d="M9 8V6a3 3 0 0 1 6 0v2" />
    </>
  ),
  "Home and Living": (
    <>
      <path d="M3 11 12 4l9 7" />
      <path d="M5 10v10h14V10M10 20v-6h4v6" />
    </>
  ),
  "Women Items": (
    <>
      <path d="M9 3h6l-1 4 4 14H6l4-14z" />
      <path d="M8 11h8" />
    </>
  ),
  "Electronics and Appliances": (
    <>
      <rect x="3" y="5" width="18" height="12" rx="2" />
      <path d="M8 21h8M12 17v4" />
    </>
  ),
  "Baby and Kids": (
    <>
      <circle cx="12" cy="9" r="5" />
      <path d="M10 9h.01M14 9h.01M10.5 11.5a2 2 0 0 0 3 0M7 20a5 5 0 0 1 10 0" />
    </>
  ),
};

const TINTS = [
  "bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-100",
  "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  "bg-pink-100 text-pink-900 dark:bg-pink-950 dark:text-pink-100",
  "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100",
  "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
];

/** Spec §2 home: six category tiles, each opening its category listing. */
export function CategoryTiles() {
  const { t } = useI18n();
  return (
    <section id="categories" aria-labelledby="categories-heading" className="mt-10">
      <SectionHeading id="categories-heading">{t("home.byCategory")}</SectionHeading>
      <ul className="grid grid-cols-2 gap-[10px] sm:grid-cols-3 md:gap-[15px] lg:grid-cols-6 lg:gap-5">
        {HOME_CATEGORY_TILES.map((category, i) => (
          <li key={category}>
            <Link
              to={categoryPath(category)}
              className={`flex h-full flex-col items-center justify-center gap-3 rounded-box p-5 text-center font-semibold transition-transform hover:-translate-y-0.5 hover:shadow-md ${TINTS[i]}`}
            >
              <svg
                aria-hidden="true"
                focusable="false"
                viewBox="0 0 24 24"
                className="h-10 w-10"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                {ICONS[category]}
              </svg>
              <span className="text-sm">{categoryName(t, category)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
