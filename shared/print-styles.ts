/**
 * The paper of the dashboard's print pages, as inline `<style>` elements: the strict CSP allows
 * each by its hash (server/index.ts), so these texts are the only print styles a page may carry.
 */
export const PRINT_STYLES = {
  /** A 4×6-inch label printer: one label per page. */
  labels4x6:
    "@page { size: 4in 6in; margin: 0.15in; } @media print { .label { height: 5.6in; break-after: page; } }",
  /** An A4 sheet holding two columns of labels. */
  labelsA4: "@page { size: A4; margin: 8mm; } @media print { .label { break-inside: avoid; } }",
  /** Invoices, one order per A4 page. */
  invoices: "@page { size: A4; }",
} as const;
