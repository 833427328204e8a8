import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { SearchIcon } from "~/app/components/icons";
import { useI18n } from "~/app/i18n/use-i18n";
import { inLang } from "~/core/locale";
import { mediaUrlForWidth } from "~/core/media";
import { priceShown } from "~/core/money";
import type { Product } from "~/core/schemas/product";
import { productPath } from "../catalogue/paths";
import { fetchProducts } from "./products-api";

/** Spec §5 / §9: at most 10 results. */
export const SEARCH_LIMIT = 10;
/** Wait this long after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 250;

type Result = Pick<Product, "_id" | "name" | "nameBn" | "images" | "originalPrice" | "offerPrice">;
type Status = "idle" | "loading" | "done" | "error";

const cache = new Map<string, Result[]>();

/**
 * Product search as an ARIA combobox: typing (debounced, stale requests aborted) opens a listbox
 * of up to 10 products; arrow keys move, Enter opens, Escape closes. Each option is a real link
 * to the product page.
 */
export function SearchBox({ className = "" }: { className?: string }) {
  const id = useId();
  const listId = `${id}-results`;
  const { t, taka, count, lang } = useI18n();
  const [query, setQuery] = useState("");
  const [status, setStatus] = useState<Status>("idle");
  // The last answer stays listed while the next one loads, so the list does not flicker.
  const [answer, setAnswer] = useState<{ query: string; results: Result[] }>({
    query: "",
    results: [],
  });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const location = useLocation();

  const trimmed = query.trim();

  // On a slow phone the box is on screen before the page's script has run: take up what the
  // visitor typed meanwhile, so the suggestions come without a further keystroke.
  useEffect(() => {
    const input = inputRef.current;
    if (!input?.value) return;
    setQuery(input.value);
    if (document.activeElement === input) setOpen(true);
  }, []);

  useEffect(() => {
    if (!trimmed) {
      setStatus("idle");
      setAnswer({ query: "", results: [] });
      return;
    }
    const key = trimmed.toLowerCase();
    const cached = cache.get(key);
    if (cached) {
      setStatus("done");
      setAnswer({ query: trimmed, results: cached });
      return;
    }
    setStatus("loading");
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const page = await fetchProducts(
          { searchQuery: trimmed, limit: SEARCH_LIMIT },
          controller.signal,
        );
        const results = page.data.slice(0, SEARCH_LIMIT).map((p) => ({
          _id: p._id,
          name: p.name,
          nameBn: p.nameBn,
          images: p.images.slice(0, 1),
          originalPrice: p.originalPrice,
          offerPrice: p.offerPrice,
        }));
        if (cache.size > 50) cache.clear();
        cache.set(key, results);
        setStatus("done");
        setAnswer({ query: trimmed, results });
        setActive(-1);
      } catch (err) {
        if (!controller.signal.aborted) {
          console.error(err);
          setStatus("error");
        }
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed]);

  // A new page: close and clear (not on the first page, where typing may have started already).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    setOpen(false);
    setQuery("");
    setActive(-1);
  }, [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const results = answer.results;
  const expanded = open && trimmed !== "" && status !== "idle";
  const optionId = (i: number) => `${id}-option-${i}`;

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setOpen(true);
      if (results.length === 0) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((a) => {
        if (a < 0) return step === 1 ? 0 : results.length - 1;
        return (a + step + results.length) % results.length;
      });
    } else if (e.key === "Enter") {
      const target = results[active];
      if (expanded && target) {
        e.preventDefault();
        navigate(productPath(target._id));
      }
    } else if (e.key === "Escape") {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (query) {
        e.preventDefault();
        setQuery("");
      }
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: closes the list when focus leaves the widget
    <div
      ref={rootRef}
      className={`relative ${className}`}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        {t("search.label")}
      </label>
      {/* Enter without a chosen suggestion opens every match (/shop?search=…), with or without
          JavaScript; a highlighted suggestion opens that product instead (onKeyDown). */}
      <form
        action="/shop"
        method="get"
        className="relative"
        onSubmit={(e) => {
          e.preventDefault();
          if (!trimmed) return;
          setOpen(false);
          navigate(`/shop?search=${encodeURIComponent(trimmed)}`);
        }}
      >
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 z-10 h-4 w-4 -translate-y-1/2 opacity-70" />
        <input
          ref={inputRef}
          id={`${id}-input`}
          name="search"
          type="search"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={100}
          placeholder={t("search.placeholder")}
          className="input input-sm w-full rounded-full pl-9 md:input-md"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
      </form>
      <div
        className={`absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-lg ${expanded ? "" : "hidden"}`}
      >
        <div
          id={listId}
          role="listbox"
          aria-label={t("search.results")}
          className="max-h-[70vh] overflow-y-auto py-1"
        >
          {results.map((p, i) => (
            <Link
              key={p._id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              tabIndex={-1}
              to={productPath(p._id)}
              className={`flex items-center gap-3 px-3 py-2 text-sm hover:bg-base-200 ${i === active ? "bg-base-200" : ""}`}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
            >
              {p.images[0] ? (
                <img
                  src={mediaUrlForWidth(p.images[0], 80, 450)}
                  alt=""
                  width={40}
                  height={40}
                  loading="lazy"
                  className="h-10 w-10 shrink-0 rounded object-cover"
                />
              ) : (
                <span className="h-10 w-10 shrink-0 rounded bg-base-200" />
              )}
              <span className="line-clamp-2 min-w-0 flex-1">{inLang(lang, p.name, p.nameBn)}</span>
              <span className="shrink-0 font-semibold">{taka(priceShown(p))}</span>
            </Link>
          ))}
        </div>
        {status === "loading" && results.length === 0 ? (
          <p className="px-3 py-2 text-sm">{t("search.searching")}</p>
        ) : null}
        {status === "done" && results.length === 0 ? (
          <p className="px-3 py-2 text-sm">{t("search.none", { query: answer.query })}</p>
        ) : null}
        {status === "error" ? <p className="px-3 py-2 text-sm">{t("search.unavailable")}</p> : null}
      </div>
      <p role="status" className="sr-only">
        {expanded && status === "done"
          ? t(results.length === 1 ? "search.count.one" : "search.count.other", {
              count: count(results.length),
            })
          : ""}
      </p>
    </div>
  );
}
