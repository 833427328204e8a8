import { useI18n } from "~/app/i18n/use-i18n";
/** − quantity + with the decrease disabled at `min` and the increase at `max`. */
export function QuantityStepper({
  value,
  onChange,
  label,
  min = 1,
  max = 99,
  disabled = false,
}: {
  value: number;
  onChange: (next: number) => void;
  /** What the quantity is of, for screen readers, e.g. the product name. */
  label: string;
  min?: number;
  max?: number;
  disabled?: boolean;
}) {
  const { t, count } = useI18n();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of two buttons and a value, not a form fieldset
    <div className="join" role="group" aria-label={t("cart.quantityOf", { label })}>
      <button
        type="button"
        className="btn btn-sm join-item w-9 px-0 text-lg"
        aria-label={t("cart.decreaseOf", { label })}
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1)}
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
        type="button"
        className="btn btn-sm join-item w-9 px-0 text-lg"
        aria-label={t("cart.increaseOf", { label })}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
