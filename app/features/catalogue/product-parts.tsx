import type { Translator } from "~/app/i18n/translator";
import { useI18n } from "~/app/i18n/use-i18n";
import { isRated } from "~/core/catalogue";
import { DELIVERY_CHARGES } from "~/core/delivery";
import { parseDescription } from "./description";

const STAR_PATH =
  "M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96z";

function Stars({ filled }: { filled: boolean }) {
  return (
    <span className="flex">
      {[0, 1, 2, 3, 4].map((i) => (
        <svg
          key={i}
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          className="shrink-0"
        >
          <path
            d={STAR_PATH}
            fill={filled ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="1.5"
          />
        </svg>
      ))}
    </span>
  );
}

/** Spec §9: always five stars, filled up to the rating. */
export function RatingStars({ rating, reviews }: { rating: number; reviews: number }) {
  const rated = isRated({ reviews });
  const clamped = rated ? Math.max(0, Math.min(5, rating)) : 0;
  const { t, count, digits } = useI18n();
  const shown = digits(clamped.toFixed(1));
  return (
    <div className="flex items-center gap-2 text-sm">
      <span
        role="img"
        aria-label={rated ? t("rating.label", { rating: shown }) : t("rating.none")}
        className="relative inline-block text-amber-600 in-data-[theme=dark]:text-amber-400"
      >
        <Stars filled={false} />
        <span
          className="absolute inset-0 overflow-hidden"
          style={{ width: `${(clamped / 5) * 100}%` }}
        >
          <Stars filled />
        </span>
      </span>
      <span className="text-base-content/80">
        {rated
          ? t(reviews === 1 ? "product.reviews.one" : "product.reviews.other", {
              rating: shown,
              count: count(reviews),
            })
          : t("rating.none")}
      </span>
    </div>
  );
}

/** One choice out of a few (size or colour); the chosen one is highlighted and aria-pressed. */
export function ChoicePicker({
  label,
  options,
  value,
  onChange,
  message,
  id,
  pick,
  soldOut,
  optionName = (o) => o,
}: {
  label: string;
  /** What an option is called on the page (a colour's name in Bengali); the value stays. */
  optionName?: (option: string) => string;
  options: readonly string[];
  value: string | null;
  onChange: (v: string) => void;
  /** "Please choose a size", shown under the options while the choice is missing. */
  message?: string;
  id: string;
  /** Without scripts an option submits its form to this page with the choice (see `PICK`). */
  pick?: { name: string; page: string };
  /** An option with nothing left: marked, disabled and announced as sold out. */
  soldOut?: (v: string) => boolean;
}) {
  const { t } = useI18n();
  if (options.length === 0) return null;
  return (
    <fieldset className="mt-4" id={id} aria-describedby={message ? `${id}-msg` : undefined}>
      <legend className="mb-1 text-sm font-semibold">
        {label}:{" "}
        <span className="font-normal">{value ? optionName(value) : t("product.chooseOne")}</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => {
          const gone = soldOut?.(o) === true;
          return (
            <button
              key={o}
              disabled={gone}
              aria-label={gone ? t("product.optionSoldOut", { option: optionName(o) }) : undefined}
              title={gone ? t("card.soldOut") : undefined}
              type={pick ? "submit" : "button"}
              name={pick?.name}
              value={pick ? o : undefined}
              formAction={pick?.page}
              formMethod={pick ? "get" : undefined}
              // With scripts on their way, a tap waits for them (shared/page-shell.ts early taps)
              // instead of reloading the page; without scripts the form carries the choice.
              data-early-tap=""
              aria-pressed={value === o}
              onClick={(e) => {
                e.preventDefault();
                onChange(o);
              }}
              className={`btn btn-sm min-w-11 ${value === o ? "btn-primary" : "btn-outline"} ${gone ? "line-through" : ""}`}
            >
              {optionName(o)}
            </button>
          );
        })}
      </div>
      {message ? (
        <p
          id={`${id}-msg`}
          role="alert"
          className="mt-1 text-sm font-medium text-red-700 in-data-[theme=dark]:text-red-300"
        >
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

export const MAX_QUANTITY = 99;

/** Quantity, never below 1 (spec §4); the decrease button is disabled at 1. */
export function QuantityStepper({
  value,
  onChange,
  pick,
  max = MAX_QUANTITY,
}: {
  value: number;
  /** Most that may be chosen: MAX_QUANTITY, or the pieces left of the choice. */
  max?: number;
  onChange: (n: number) => void;
  /** Without scripts − and + submit the form to this page with the new quantity. */
  pick?: { name: string; page: string };
}) {
  const asPick = (n: number) =>
    pick
      ? ({
          type: "submit",
          name: pick.name,
          value: n,
          formAction: pick.page,
          formMethod: "get",
          // As the pickers: a tap before the scripts waits for them (early taps).
          "data-early-tap": "",
        } as const)
      : ({ type: "button" } as const);
  const { t, count } = useI18n();
  return (
    <fieldset className="mt-4">
      <legend className="mb-1 text-sm font-semibold">{t("product.quantity")}</legend>
      <div className="join">
        <button
          {...asPick(Math.max(1, value - 1))}
          className="btn join-item btn-sm w-10"
          aria-label={t("product.decrease")}
          disabled={value <= 1}
          onClick={(e) => {
            e.preventDefault();
            onChange(Math.max(1, value - 1));
          }}
        >
          −
        </button>
        <output
          aria-live="polite"
          aria-label={t("product.quantity")}
          className="join-item flex w-12 items-center justify-center border-y border-base-300 text-base font-semibold"
        >
          {count(value)}
        </output>
        <button
          {...asPick(Math.min(max, value + 1))}
          className="btn join-item btn-sm w-10"
          aria-label={t("product.increase")}
          disabled={value >= max}
          onClick={(e) => {
            e.preventDefault();
            onChange(Math.min(max, value + 1));
          }}
        >
          +
        </button>
      </div>
    </fieldset>
  );
}

function Tick() {
  return (
    <svg
      viewBox="0 0 20 20"
      width="18"
      height="18"
      aria-hidden="true"
      className="mt-0.5 shrink-0 text-success"
    >
      <path
        fill="currentColor"
        d="M10 1.5a8.5 8.5 0 100 17 8.5 8.5 0 000-17zm4.2 6.1l-5 5.2a.8.8 0 01-1.15 0L5.8 10.5a.8.8 0 111.15-1.1l1.67 1.7 4.43-4.6a.8.8 0 011.15 1.1z"
      />
    </svg>
  );
}

/** Plain text, line by line; "Label: value" lines get a tick and a bold label. Never HTML. */
export function ProductDescription({ text }: { text: string }) {
  const lines = parseDescription(text);
  const { t } = useI18n();
  if (lines.length === 0)
    return <p className="text-base-content/80">{t("product.noDescription")}</p>;
  return (
    <ul className="space-y-2">
      {lines.map((line, i) =>
        line.kind === "labelled" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of one text, never reordered
          <li key={i} className="flex gap-2">
            <Tick />
            <span>
              <strong>{line.label}:</strong> {line.value}
            </span>
          </li>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of one text, never reordered
          <li key={i}>{line.text}</li>
        ),
      )}
    </ul>
  );
}

const FREE_SHIPPING_ICON =
  "M3 6h11v9H3zM14 9h4l3 3v3h-7zM7 18.5a1.5 1.5 0 100-3 1.5 1.5 0 000 3zM17 18.5a1.5 1.5 0 100-3 1.5 1.5 0 000 3z";

/**
 * Spec §1 policy texts. Free shipping is kept, not just shown (decisions.md): the card names
 * the shop's FREE_DELIVERY_OVER and is left out when the setting is 0.
 */
export function policyCards(freeDeliveryOver: number, { t, taka }: Pick<Translator, "t" | "taka">) {
  const free =
    freeDeliveryOver > 0
      ? [
          {
            title: t("policy.free.title"),
            text: t("policy.free.text", { amount: taka(freeDeliveryOver) }),
            icon: FREE_SHIPPING_ICON,
          },
        ]
      : [];
  const charges = {
    inside: taka(DELIVERY_CHARGES["Inside Dhaka"]),
    outside: taka(DELIVERY_CHARGES["Outside Dhaka"]),
  };
  return [
    ...free,
    ...OTHER_POLICY_CARDS.map((c) => ({
      title: t(`policy.${c.key}.title`),
      text: t(`policy.${c.key}.text`, charges),
      icon: c.icon,
    })),
  ];
}

const OTHER_POLICY_CARDS = [
  {
    key: "return",
    icon: "M4 12a8 8 0 108-8H8M8 4L5 7l3 3",
  },
  {
    key: "courier",
    icon: "M12 3l8 4v10l-8 4-8-4V7zM4 7l8 4 8-4M12 11v10",
  },
  {
    key: "cod",
    icon: "M3 7h18v10H3zM12 14.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5zM6 10v4M18 10v4",
  },
] as const;

export function PolicyCards({ freeDeliveryOver }: { freeDeliveryOver: number }) {
  const tr = useI18n();
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {policyCards(freeDeliveryOver, tr).map((c) => (
        <li
          key={c.title}
          className="flex gap-3 rounded-box border border-base-300 bg-base-200/50 p-3"
        >
          <svg
            viewBox="0 0 24 24"
            width="28"
            height="28"
            aria-hidden="true"
            className="shrink-0 text-primary"
          >
            <path
              d={c.icon}
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          </svg>
          <div>
            <h3 className="font-semibold">{c.title}</h3>
            <p className="text-sm text-base-content/80">{c.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
