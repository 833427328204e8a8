import { Children, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "~/app/components/icons";
import { useI18n } from "~/app/i18n/use-i18n";

/**
 * Spec §9 carousel: 2 per view (phones), 3 from 768px, 5 from 1024px, gaps 10/15/20px. Native
 * scroll-snap does the moving (touch swipe for free); the buttons page by one view.
 */
export function Carousel({
  label,
  children,
  onNearEnd,
}: {
  label: string;
  children: ReactNode;
  /** Called when the view is within one page of the end (to fetch more cards). */
  onNearEnd?: () => void;
}) {
  const trackRef = useRef<HTMLUListElement>(null);
  const { t } = useI18n();
  const [edges, setEdges] = useState({ start: true, end: false });
  const nearEndRef = useRef(onNearEnd);
  nearEndRef.current = onNearEnd;

  const measure = useCallback(() => {
    const el = trackRef.current;
    if (!el) return;
    const start = el.scrollLeft <= 2;
    const end = el.scrollLeft + el.clientWidth >= el.scrollWidth - 2;
    setEdges((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
    if (el.scrollLeft > 2 && el.scrollLeft + 2 * el.clientWidth >= el.scrollWidth - 2) {
      nearEndRef.current?.();
    }
  }, []);

  useEffect(() => {
    const el = trackRef.current;
    if (!el) return;
    measure();
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    };
  }, [measure]);

  // Cards appended after a fetch: the end may no longer be the end.
  const count = Children.count(children);
  useEffect(() => {
    if (count > 0) measure();
  }, [count, measure]);

  const page = (direction: 1 | -1) => {
    const el = trackRef.current;
    if (!el) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollBy({ left: direction * el.clientWidth, behavior: reduce ? "auto" : "smooth" });
    if (direction === 1 && el.scrollLeft + 3 * el.clientWidth >= el.scrollWidth - 2) {
      nearEndRef.current?.();
    }
  };

  const button =
    "btn btn-circle btn-sm absolute top-1/3 z-10 border-base-300 bg-base-100 shadow-md disabled:hidden";
  return (
    // biome-ignore lint/a11y/useSemanticElements: APG carousel pattern; a group, so the page's section stays the only landmark
    <div className="relative" role="group" aria-roledescription="carousel" aria-label={label}>
      <button
        type="button"
        className={`${button} -left-2 sm:-left-4`}
        aria-label={t("carousel.previous", { label })}
        disabled={edges.start}
        onClick={() => page(-1)}
      >
        <ChevronLeftIcon className="h-5 w-5" />
      </button>
      <ul
        ref={trackRef}
        className="no-scrollbar flex snap-x snap-mandatory gap-[10px] overflow-x-auto overscroll-x-contain scroll-smooth py-1 md:gap-[15px] lg:gap-5"
      >
        {Children.map(children, (child) => (
          <li className="shrink-0 grow-0 basis-[calc((100%-10px)/2)] snap-start md:basis-[calc((100%-30px)/3)] lg:basis-[calc((100%-80px)/5)]">
            {child}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`${button} -right-2 sm:-right-4`}
        aria-label={t("carousel.next", { label })}
        disabled={edges.end}
        onClick={() => page(1)}
      >
        <ChevronRightIcon className="h-5 w-5" />
      </button>
    </div>
  );
}
