import { z } from "zod";
import { COLORS, SIZES } from "../catalogue";
import { ADJUSTMENT_REASONS, MAX_STOCK_QUANTITY, MAX_STOCK_TEXT, variantsOf } from "../stock";

/** One cell of a product's stock grid: pieces on hand of a size and colour ("N/A": none). */
export const stockEntrySchema = z.object({
  size: z.string({ error: "Choose a size" }).trim().max(20),
  color: z.string({ error: "Choose a colour" }).trim().max(40),
  quantity: z
    .number({ error: "Enter a number of pieces" })
    .int("Quantities are whole numbers")
    .min(0, "Quantities cannot be negative")
    .max(MAX_STOCK_QUANTITY, MAX_STOCK_TEXT),
  /**
   * The pieces the form showed when it was opened. Given, a cell still at that figure is left as
   * stored (orders may have taken pieces since), and a cell changed while the stored count moved
   * too is refused (409), so that a form kept open never puts sold pieces back on sale.
   */
  was: z.number().int().min(0).max(MAX_STOCK_QUANTITY).optional(),
});

export type StockEntry = z.infer<typeof stockEntrySchema>;

/** Largest grid: every size × every colour the catalogue knows. */
export const MAX_STOCK_GRID = variantsOf({ sizes: SIZES, colors: COLORS }).length;

export const stockGridSchema = z
  .array(stockEntrySchema)
  .max(MAX_STOCK_GRID, `At most ${MAX_STOCK_GRID} sizes × colours`);

/** POST /api/products/{id}/stock: a change by hand of one variant. */
export const stockAdjustmentSchema = z.object({
  size: stockEntrySchema.shape.size,
  color: stockEntrySchema.shape.color,
  change: z
    .number({ error: "Enter the change in pieces (negative to take away)" })
    .int("Changes are whole pieces")
    .min(-MAX_STOCK_QUANTITY, MAX_STOCK_TEXT)
    .max(MAX_STOCK_QUANTITY, MAX_STOCK_TEXT)
    .refine((n) => n !== 0, "A change of 0 changes nothing"),
  reason: z
    .enum(ADJUSTMENT_REASONS, { error: `Use ${ADJUSTMENT_REASONS.join(" or ")}` })
    .default("adjustment"),
});

export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;
