/** The form field a line's button posts before the page's scripts run, and its value for a quantity. */
export type QuantityField = { name: string; valueOf: (quantity: number) => string };

/**
 * The `type` (and field) of a button that sets a quantity: until the page has hydrated it submits
 * its form with `field` set to `quantity`, so it works without scripts, and a tap while they load
 * waits for them (the early-tap recorder, `data-early-tap`); after that it is a plain button.
 */
export function submitUntilHydrated(
  field: QuantityField | undefined,
  quantity: number,
  hydrated: boolean,
) {
  return field && !hydrated
    ? ({
        type: "submit",
        name: field.name,
        value: field.valueOf(quantity),
        "data-early-tap": "",
      } as const)
    : ({ type: "button" } as const);
}
