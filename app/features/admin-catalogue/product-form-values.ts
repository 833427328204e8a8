import { toAsciiDigits } from "~/core/digits";
import type { Product } from "~/core/schemas";
import { MAX_PRODUCT_IMAGES } from "~/core/schemas";
import { type StockLevel, type Variant, variantsOf } from "~/core/stock";

/** The product form as the inputs hold it: text for every number, so a field may be empty. */
export type ProductFormValues = {
  name: string;
  description: string;
  /** Optional Bengali name and description (issue 25). */
  nameBn: string;
  descriptionBn: string;
  videoLink: string;
  category: string;
  subCategory: string;
  productType: string;
  sizes: string[];
  colors: string[];
  originalPrice: string;
  offerPrice: string;
  ratings: string;
  reviews: string;
  /** Orders take this product's stock (issue 22). */
  trackStock: boolean;
  /** Pieces on hand as typed, by `stockKey` (cells of sizes or colours unticked are kept). */
  stock: Record<string, string>;
  /**
   * Pieces on hand when the form was opened, by `stockKey` (empty for a new product): sent with
   * the grid, so a cell the admin did not touch keeps what orders made of it meanwhile.
   */
  stockWas: Record<string, string>;
  /** The product's `updatedAt` when the form was opened ("" for a new one): a lost edit is refused. */
  updatedAt: string;
};

/** The grid cell of a variant in `ProductFormValues.stock` and the posted field's name. */
export function stockKey(v: Variant): string {
  return `stock:${v.size}:${v.color}`;
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: "",
  description: "",
  nameBn: "",
  descriptionBn: "",
  videoLink: "",
  category: "",
  subCategory: "",
  productType: "",
  sizes: [],
  colors: [],
  originalPrice: "",
  offerPrice: "",
  ratings: "",
  reviews: "",
  trackStock: false,
  stock: {},
  stockWas: {},
  updatedAt: "",
};

export function formValuesOf(
  product: Product,
  levels: readonly StockLevel[] = [],
): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    nameBn: product.nameBn ?? "",
    descriptionBn: product.descriptionBn ?? "",
    videoLink: product.videoLink ?? "",
    category: product.category,
    subCategory: product.subCategory,
    productType: product.productType,
    sizes: [...product.sizes],
    colors: [...product.colors],
    originalPrice: String(product.originalPrice),
    offerPrice: product.offerPrice == null ? "" : String(product.offerPrice),
    ratings: String(product.ratings),
    reviews: String(product.reviews),
    trackStock: product.trackStock,
    stock: Object.fromEntries(levels.map((l) => [stockKey(l), String(l.quantity)])),
    stockWas: Object.fromEntries(levels.map((l) => [stockKey(l), String(l.quantity)])),
    updatedAt: product.updatedAt,
  };
}

/** The posted field holding a grid cell's pieces as the form showed them. */
function stockWasKey(v: Variant): string {
  return `stockWas:${v.size}:${v.color}`;
}

/**
 * A number input's text as a number, Bengali digits (০–৯) taken as 0–9; "" stays absent so the
 * schema can name the field.
 */
function numberOrUndefined(text: string): number | undefined {
  const trimmed = toAsciiDigits(text).trim();
  if (trimmed === "") return undefined;
  // Written as a person writes a number: not "1e3" or "0x10", which Number() also reads.
  if (!/^-?\d+(?:\.\d+)?$/.test(trimmed)) return Number.NaN;
  return Number(trimmed);
}

/**
 * The JSON body of POST /api/postProduct and PATCH /api/updateProduct/{id} (spec §7 fields):
 * the whole form, so an update replaces every field. An empty offer price means no offer, an
 * empty video link no video; empty ratings and reviews take the schema's defaults.
 */
export function productBody(values: ProductFormValues, images: readonly string[]) {
  return {
    name: values.name,
    description: values.description,
    nameBn: values.nameBn,
    descriptionBn: values.descriptionBn,
    videoLink: values.videoLink.trim(),
    category: values.category,
    subCategory: values.subCategory,
    productType: values.productType,
    sizes: values.sizes,
    colors: values.colors,
    images: images.slice(0, MAX_PRODUCT_IMAGES),
    originalPrice: numberOrUndefined(values.originalPrice),
    offerPrice: numberOrUndefined(values.offerPrice) ?? null,
    ratings: numberOrUndefined(values.ratings),
    reviews: numberOrUndefined(values.reviews),
    trackStock: values.trackStock,
    stock: stockGridOf(values),
    ...(values.updatedAt ? { updatedAt: values.updatedAt } : {}),
  };
}

/**
 * The grid the form sends: one entry per size × colour the form offers now (core/stock.ts
 * order, so `stock.N` issues name the Nth cell); an empty cell is 0 pieces.
 */
export function stockGridOf(
  values: Pick<ProductFormValues, "sizes" | "colors" | "stock"> &
    Partial<Pick<ProductFormValues, "stockWas">>,
) {
  return variantsOf(values).map((v) => {
    const was = numberOrUndefined(values.stockWas?.[stockKey(v)] ?? "");
    return {
      ...v,
      quantity: numberOrUndefined(values.stock[stockKey(v)] ?? "") ?? 0,
      ...(was !== undefined && Number.isInteger(was) ? { was } : {}),
    };
  });
}

/** Adds or removes one checkbox value, keeping the order of `all` (sizes XS…XXXL, colours). */
export function toggleIn(list: readonly string[], value: string, all: readonly string[]): string[] {
  const next = new Set(list);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return all.filter((v) => next.has(v));
}

/** The fields the form posts to its route's action: one entry per value, lists repeated. */
export function productFormData(values: ProductFormValues, images: readonly string[]): FormData {
  const form = new FormData();
  const { trackStock, stock, stockWas, ...fields } = values;
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  }
  if (trackStock) form.append("trackStock", "on");
  for (const v of variantsOf(values)) {
    form.append(stockKey(v), stock[stockKey(v)] ?? "");
    const was = stockWas[stockKey(v)];
    if (was !== undefined) form.append(stockWasKey(v), was);
  }
  for (const url of images) form.append("images", url);
  return form;
}

/** What a field of the posted form holds as text ("" when absent or a file). */
function textOf(form: FormData, key: string): string {
  const value = form.get(key);
  return typeof value === "string" ? value : "";
}

function listOf(form: FormData, key: string): string[] {
  return form.getAll(key).filter((v): v is string => typeof v === "string" && v !== "");
}

/**
 * The posted product form read back by the action, as the same body the JSON API takes: the
 * service then checks it with the core schema, so page and API answer the same field issues.
 */
export function productBodyFromForm(form: FormData) {
  const values: ProductFormValues = {
    name: textOf(form, "name"),
    description: textOf(form, "description"),
    nameBn: textOf(form, "nameBn"),
    descriptionBn: textOf(form, "descriptionBn"),
    videoLink: textOf(form, "videoLink"),
    category: textOf(form, "category"),
    subCategory: textOf(form, "subCategory"),
    productType: textOf(form, "productType"),
    sizes: listOf(form, "sizes"),
    colors: listOf(form, "colors"),
    originalPrice: textOf(form, "originalPrice"),
    offerPrice: textOf(form, "offerPrice"),
    ratings: textOf(form, "ratings"),
    reviews: textOf(form, "reviews"),
    trackStock: textOf(form, "trackStock") === "on",
    stock: {},
    stockWas: {},
    updatedAt: textOf(form, "updatedAt"),
  };
  for (const v of variantsOf(values)) {
    values.stock[stockKey(v)] = textOf(form, stockKey(v));
    if (form.has(stockWasKey(v))) values.stockWas[stockKey(v)] = textOf(form, stockWasKey(v));
  }
  return productBody(values, listOf(form, "images"));
}

type RawIssue = { path: string | readonly PropertyKey[]; message: string };

/**
 * Field issues of the form, with a grid cell's issue (`stock.N.quantity`, N in `stockGridOf`
 * order) also under that cell's `stockKey`, so it shows under its input.
 */
export function formIssuesOf(
  issues: readonly RawIssue[],
  values: Pick<ProductFormValues, "sizes" | "colors">,
): Record<string, string> {
  const byField: Record<string, string> = {};
  const variants = variantsOf(values);
  for (const issue of issues) {
    const path = typeof issue.path === "string" ? issue.path.split(".") : issue.path.map(String);
    byField[path[0] || "form"] ??= issue.message;
    const cell = path[0] === "stock" ? variants[Number(path[1])] : undefined;
    if (cell) byField[stockKey(cell)] ??= issue.message;
  }
  return byField;
}
