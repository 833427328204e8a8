import { useEffect, useId, useRef, useState } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import { SearchIcon } from "~/app/components/icons";
import { useI18n } from "~/app/i18n/use-i18n";
import { ORDER_SEARCH_MAX } from "~/core/order-lists";
import { orderListSearch } from "./paths";

/** Wait this long after the last keystroke before searching. */
export const ORDER_SEARCH_DEBOUNCE_MS = 300;

/**
 * The list's search box: a plain GET form (`?q=`), so it works before JavaScript runs; once
 * it does, typing searches by itself after a short pause, replacing the history entry.
 */
export function OrderSearch({ value }: { value: string }) {
  const id = useId();
  const [text, setText] = useState(value);
  const navigate = useNavigate();
  const location = useLocation();
  const typed = useRef(false);
  const { t } = useI18n();

  // Back/forward or a link changed the search: show it.
  useEffect(() => {
    typed.current = false;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (!typed.current || text.trim() === value.trim()) return;
    const timer = window.setTimeout(() => {
      void navigate(`${location.pathname}${orderListSearch({ q: text })}`, {
        replace: true,
        preventScrollReset: true,
      });
    }, ORDER_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, navigate, location.pathname]);

  return (
    <Form method="get" role="search" className="flex w-full max-w-md items-end gap-2">
      <div className="flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {t("dash.orders.search.label")}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          value={text}
          maxLength={ORDER_SEARCH_MAX}
          placeholder={t("dash.orders.search.placeholder")}
          autoComplete="off"
          className="input input-bordered w-full"
          onChange={(e) => {
            typed.current = true;
            setText(e.target.value);
          }}
        />
      </div>
      <button
        type="submit"
        className="btn btn-square btn-primary"
        aria-label={t("dash.orders.search.button")}
      >
        <SearchIcon />
      </button>
    </Form>
  );
}
