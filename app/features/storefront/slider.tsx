import { useEffect, useRef, useState } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "~/app/components/icons";
import { useI18n } from "~/app/i18n/use-i18n";
import { inLang } from "~/core/locale";
import { mediaSrcSet } from "~/core/media";

export type SlideView = { _id: string; image: string; title: string; titleBn?: string };

/** Spec §4/§9: the slider advances every 2 seconds and loops. */
export const SLIDE_INTERVAL_MS = 2000;

/**
 * Home image slider (900x450 slides). Autoplay pauses while the pointer is over it or focus is
 * in it, and stays off for visitors who ask for reduced motion. The first slide is the page's
 * largest image, so it loads at once with high priority; the others wait for the page's load.
 */
export function Slider({ slides }: { slides: SlideView[] }) {
  const [index, setIndex] = useState(0);
  const { t, count: n, lang } = useI18n();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const [warm, setWarm] = useState(false);
  const rootRef = useRef<HTMLElement>(null);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const count = slides.length;
  const paused = hovered || focused || reducedMotion;

  useEffect(() => {
    const media = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReducedMotion(media.matches);
    update();
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, []);

  useEffect(() => {
    if (document.readyState === "complete") {
      setWarm(true);
      return;
    }
    const onLoad = () => setWarm(true);
    window.addEventListener("load", onLoad);
    return () => window.removeEventListener("load", onLoad);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new index (also by the buttons) restarts the 2 s wait
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [paused, count, index]);

  if (count === 0) return null;
  const go = (i: number) => setIndex(((i % count) + count) % count);

  // On a phone the arrows sit in the bottom corners, beside the dots: in the middle they stood
  // on the first letters of a banner's headline.
  const arrow =
    "btn btn-circle btn-sm absolute bottom-1 z-10 border-0 bg-base-100/80 shadow sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2 sm:btn-md";
  return (
    <section
      ref={rootRef}
      aria-roledescription="carousel"
      aria-label={t("slider.offers")}
      className="relative touch-pan-y overflow-hidden rounded-box bg-base-200"
      onPointerEnter={(e) => e.pointerType === "mouse" && setHovered(true)}
      onPointerDown={(e) => {
        if (e.pointerType !== "mouse") swipeStart.current = { x: e.clientX, y: e.clientY };
      }}
      onPointerUp={(e) => {
        // A horizontal swipe (touch or pen) moves one slide.
        const start = swipeStart.current;
        swipeStart.current = null;
        if (!start) return;
        const dx = e.clientX - start.x;
        if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(e.clientY - start.y)) {
          go(index + (dx < 0 ? 1 : -1));
        }
      }}
      onPointerCancel={() => {
        swipeStart.current = null;
      }}
      onPointerLeave={(e) => e.pointerType === "mouse" && setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      data-paused={paused ? "true" : "false"}
      data-index={index}
    >
      <div
        className="flex aspect-[2/1] transition-transform duration-500 ease-out motion-reduce:transition-none"
        style={{ transform: `translateX(-${index * 100}%)` }}
        aria-live={paused ? "polite" : "off"}
      >
        {slides.map((s, i) => (
          // biome-ignore lint/a11y/useSemanticElements: APG carousel slide pattern (group + roledescription)
          <div
            key={s._id}
            role="group"
            aria-roledescription="slide"
            aria-label={t("slider.position", { n: n(i + 1), count: n(count) })}
            aria-hidden={i !== index}
            className="h-full w-full shrink-0"
          >
            <img
              // The other slides' pictures wait for the page to have loaded: they are out of
              // sight until the slider moves (which takes the scripts), and on mobile data they
              // would share the link with the page's scripts.
              {...(i === 0 || warm
                ? { src: s.image, srcSet: mediaSrcSet(s.image, 900) }
                : { "data-later": "" })}
              sizes="(min-width: 1024px) 924px, 100vw"
              alt={inLang(lang, s.title, s.titleBn)}
              width={900}
              height={450}
              // Once the page has loaded, fetched at once (before the slider shows them).
              loading={i === 0 || warm ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : "low"}
              decoding={i === 0 ? "sync" : "async"}
              className="h-full w-full object-cover"
            />
          </div>
        ))}
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            className={`${arrow} left-2`}
            aria-label={t("slider.previous")}
            onClick={() => go(index - 1)}
          >
            <ChevronLeftIcon className="h-5 w-5" />
          </button>
          <button
            type="button"
            className={`${arrow} right-2`}
            aria-label={t("slider.next")}
            onClick={() => go(index + 1)}
          >
            <ChevronRightIcon className="h-5 w-5" />
          </button>
          <div className="absolute inset-x-0 bottom-2 z-10 flex justify-center gap-1">
            {slides.map((s, i) => (
              <button
                key={s._id}
                type="button"
                aria-label={t("slider.show", { n: n(i + 1) })}
                aria-current={i === index ? "true" : undefined}
                onClick={() => go(i)}
                className="flex h-6 w-6 items-center justify-center rounded-full"
              >
                <span
                  className={`block h-2.5 rounded-full shadow ring-1 ring-black/30 transition-all ${i === index ? "w-6 bg-white" : "w-2.5 bg-white/60"}`}
                />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
