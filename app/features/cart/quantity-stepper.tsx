import { useI18n } from "~/app/i18n/use-i18n";
import { useHydrated } from "./client-hooks";
import { type QuantityField, submitUntilHydrated } from "./submit-until-hydrated";

/** − quantity + with the decrease disabled at `min` and the increase at `max`. */
export function QuantityStepper({
  value,
  onChange,
  label,
  min = 1,
  max = 99,
  disabled = false,
  field,
}: {
  value: number;
  onChange: (next: number) => void;
  /** What the quantity is of, for screen readers, e.g. the product name. */
  label: string;
  min?: number;
  max?: number;
  disabled?: boolean;
  /**
   * Until the scripts run, − and + submit their form with this field set to the new quantity
   * (`valueOf`), so they work without scripts; a tap while the scripts load waits for them.
   */
  field?: QuantityField;
}) {
  const { t, count } = useI18n();
  const hydrated = useHydrated();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of two buttons and a value, not a form fieldset
    <div className="join" role="group" aria-label={t("cart.quantityOf", { label })}>
      <button
        {...submitUntilHydrated(field, value - 1, hydrated)}
        className="btn btn-sm join-item w-9 px-0 text-lg"
        aria-label={t("cart.decreaseOf", { label })}
        disabled={disabled || value <= min}
        onClick={(e) => {
          e.preventDefault();
          onChange(value - 1);
        }}
      >
        −
      </button>
      <output
        className="join-item flex w-10 items-center justify-center border-y border-base-300 bg-base-100 text-sm font-semibold tabular-nums"
        aria-live="polite"
        aria-label={t("cart.quantityOf", { label })}
      >
        {count(value)}
      </output>
      <button
        {...submitUntilHydrated(field, value + 1, hydrated)}
        className="btn btn-sm join-item w-9 px-0 text-lg"
        aria-label={t("cart.increaseOf", { label })}
        disabled={disabled || value >= max}
        onClick={(e) => {
          e.preventDefault();
          onChange(value + 1);
        }}
      >
        +
      </button>
    </div>
  );
}
