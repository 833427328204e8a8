import { type FormEvent, type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { notify } from "~/app/components/dialogs";
import {
  categoryName,
  colorName,
  productTypeName,
  subCategoryName,
} from "~/app/i18n/catalogue-names";
import type { MessageKey } from "~/app/i18n/keys";
import type { Translator } from "~/app/i18n/translator";
import { useI18n } from "~/app/i18n/use-i18n";
import type { FieldIssues } from "~/app/lib/field-issues";
import { useRouteAction } from "~/app/lib/use-route-action";
import {
  CATEGORIES,
  COLORS,
  isCategory,
  PRODUCT_TYPES,
  SIZES,
  SUB_CATEGORIES,
} from "~/core/catalogue";
import { toAsciiDigits } from "~/core/digits";
import { type Product, productInputSchema } from "~/core/schemas";
import { NO_CHOICE, type StockLevel } from "~/core/stock";
import { FormEnd, useIssueText } from "./form-end";
import { recheckedIssues } from "./form-issues";
import { ImageSlot, type ImageSlotState, slotOf, uploadSlots } from "./image-slot";
import {
  EMPTY_PRODUCT_FORM,
  formIssuesOf,
  formValuesOf,
  type ProductFormValues,
  productBody,
  productFormData,
  stockKey,
  toggleIn,
} from "./product-form-values";

const IMAGE_SLOTS = 4;

/** Spec §8 texts of the two modes (app/i18n/dashboard/catalogue.ts). */
const MODES = {
  add: {
    button: "dash.catalogue.form.upload",
    busy: "dash.catalogue.form.uploading",
    success: { title: "dash.catalogue.form.added.title", text: "dash.catalogue.form.added.text" },
    failure: { title: "dash.catalogue.form.error", text: "dash.catalogue.form.addFailed" },
  },
  update: {
    button: "dash.catalogue.form.update",
    busy: "dash.catalogue.form.updating",
    success: {
      title: "dash.catalogue.form.updated.title",
      text: "dash.catalogue.form.updated.text",
    },
    failure: { title: "dash.catalogue.form.error", text: "dash.catalogue.form.updateFailed" },
  },
} as const satisfies Record<string, Record<string, MessageKey | Record<string, MessageKey>>>;

/** A notice's title and text keys in the page's language. */
const said = (t: Translator["t"], notice: { title: MessageKey; text: MessageKey }) => ({
  title: t(notice.title),
  text: t(notice.text),
});

type Props =
  | { mode: "add" }
  | {
      mode: "update";
      product: Product & {
        stock: readonly StockLevel[];
        /** Figures kept for the sizes and colours unticked (shown again when ticked). */
        hiddenStock?: readonly StockLevel[];
      };
    };

/** The issues the core schema finds in the form as it is (images are checked by the server). */
function schemaIssues(values: ProductFormValues): FieldIssues {
  const checked = productInputSchema.safeParse(productBody(values, []));
  if (checked.success) return {};
  const found = formIssuesOf(checked.error.issues, values);
  if (found.category && values.category === "") found.category = "Choose a category";
  return found;
}

/**
 * The add and update product form (spec §2): every field, four image slots, spec §8 messages.
 * The images upload first (XHR to /api/images, with progress); then the form posts the fields
 * and the image URLs to its route's action, which calls the same service as the JSON API.
 */
export function ProductForm(props: Props) {
  const texts = MODES[props.mode];
  const tr = useI18n();
  const { t, digits } = tr;
  const navigate = useNavigate();
  const save = useRouteAction();
  const stored = props.mode === "update" ? props.product : null;
  const [values, setValues] = useState<ProductFormValues>(
    stored
      ? formValuesOf(stored, [...stored.stock, ...(stored.hiddenStock ?? [])])
      : EMPTY_PRODUCT_FORM,
  );
  const [slots, setSlots] = useState<ImageSlotState[]>(() =>
    Array.from({ length: IMAGE_SLOTS }, (_, i) => slotOf(stored?.images[i])),
  );
  const [issues, setIssues] = useState<FieldIssues>({});
  const [uploading, setUploading] = useState(false);
  const busy = uploading || save.busy;

  /** A changed form: an issue goes as soon as its field is valid again. */
  function change(next: ProductFormValues) {
    setValues(next);
    if (Object.keys(issues).length > 0) setIssues(recheckedIssues(issues, schemaIssues(next)));
  }
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    change({ ...values, [key]: value });
  const setSlot = (index: number, slot: ImageSlotState) =>
    setSlots((all) => all.map((s, i) => (i === index ? slot : s)));

  const subCategories = isCategory(values.category) ? SUB_CATEGORIES[values.category] : [];

  function chooseCategory(category: string) {
    const keeps = isCategory(category) && SUB_CATEGORIES[category].includes(values.subCategory);
    change({ ...values, category, subCategory: keeps ? values.subCategory : "" });
  }

  function showIssues(found: FieldIssues) {
    setIssues(found);
    const first = Object.keys(found)[0];
    if (first) document.querySelector<HTMLElement>(`[data-field="${CSS.escape(first)}"]`)?.focus();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Check the fields before any upload: a form that cannot be saved uploads nothing.
    const found = schemaIssues(values);
    if (Object.keys(found).length > 0) return showIssues(found);
    setIssues({});
    let images: string[];
    setUploading(true);
    try {
      images = await uploadSlots(slots, "product", setSlot);
    } catch {
      notify({ icon: "error", ...said(t, texts.failure) });
      return;
    } finally {
      setUploading(false);
    }
    const outcome = await save.submit(productFormData(values, images));
    if (outcome.kind === "failure") {
      showIssues(formIssuesOf(outcome.failure.issues, values));
      notify({ icon: "error", ...said(t, texts.failure) });
      return;
    }
    notify({ icon: "success", ...said(t, texts.success) });
    // The action redirects to the table; should this page still be showing, go there.
    if (outcome.kind === "done") await navigate("/dashboard/allProducts");
  }

  const issueOf = useIssueText(issues);
  const field = (key: keyof ProductFormValues | "images") => ({
    "data-field": key,
    "aria-invalid": issues[key] ? true : undefined,
    "aria-describedby": issues[key] ? `product-${key}-issue` : undefined,
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          id="product-name"
          label={t("dash.catalogue.form.name")}
          issue={issueOf("name")}
          className="md:col-span-2"
        >
          <input
            id="product-name"
            className="input w-full"
            value={values.name}
            maxLength={200}
            onChange={(e) => set("name", e.target.value)}
            {...field("name")}
          />
        </Field>
        <Field
          id="product-description"
          label={t("dash.catalogue.form.description")}
          issue={issueOf("description")}
          className="md:col-span-2"
        >
          <textarea
            id="product-description"
            className="textarea w-full"
            rows={10}
            value={values.description}
            maxLength={5000}
            onChange={(e) => set("description", e.target.value)}
            {...field("description")}
          />
        </Field>
        <Field
          id="product-nameBn"
          label="পণ্যের নাম, বাংলায় (ঐচ্ছিক)"
          lang="bn"
          issue={issueOf("nameBn")}
          className="md:col-span-2"
        >
          <input
            id="product-nameBn"
            lang="bn"
            className="input w-full"
            value={values.nameBn}
            maxLength={200}
            onChange={(e) => set("nameBn", e.target.value)}
            {...field("nameBn")}
          />
        </Field>
        <Field
          id="product-descriptionBn"
          label="পণ্যের বিবরণ, বাংলায় (ঐচ্ছিক)"
          lang="bn"
          issue={issueOf("descriptionBn")}
          className="md:col-span-2"
        >
          <textarea
            id="product-descriptionBn"
            lang="bn"
            className="textarea w-full"
            rows={6}
            value={values.descriptionBn}
            maxLength={5000}
            onChange={(e) => set("descriptionBn", e.target.value)}
            {...field("descriptionBn")}
          />
        </Field>
        <Field
          id="product-videoLink"
          label={t("dash.catalogue.form.videoLink")}
          issue={issueOf("videoLink")}
          className="md:col-span-2"
        >
          <input
            id="product-videoLink"
            type="url"
            inputMode="url"
            className="input w-full"
            placeholder={t("dash.catalogue.form.videoLinkPlaceholder")}
            value={values.videoLink}
            onChange={(e) => set("videoLink", e.target.value)}
            {...field("videoLink")}
          />
        </Field>
        <Field
          id="product-category"
          label={t("dash.catalogue.form.category")}
          issue={issueOf("category")}
        >
          <select
            id="product-category"
            className="select w-full"
            value={values.category}
            onChange={(e) => chooseCategory(e.target.value)}
            {...field("category")}
          >
            <option value="">{t("dash.catalogue.form.selectCategory")}</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryName(t, c)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="product-subCategory"
          label={t("dash.catalogue.form.subCategory")}
          issue={issueOf("subCategory")}
        >
          <select
            id="product-subCategory"
            className="select w-full"
            value={values.subCategory}
            disabled={subCategories.length === 0}
            onChange={(e) => set("subCategory", e.target.value)}
            {...field("subCategory")}
          >
            <option value="">
              {t(
                subCategories.length
                  ? "dash.catalogue.form.selectSubCategory"
                  : "dash.catalogue.form.categoryFirst",
              )}
            </option>
            {subCategories.map((s) => (
              <option key={s} value={s}>
                {subCategoryName(t, s)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="product-productType"
          label={t("dash.catalogue.form.productType")}
          issue={issueOf("productType")}
        >
          <select
            id="product-productType"
            className="select w-full"
            value={values.productType}
            onChange={(e) => set("productType", e.target.value)}
            {...field("productType")}
          >
            <option value="">{t("dash.catalogue.form.selectType")}</option>
            {PRODUCT_TYPES.map((type) => (
              <option key={type} value={type}>
                {productTypeName(t, type)}
              </option>
            ))}
          </select>
        </Field>
        <div className="hidden md:block" />
        <Checkboxes
          legend={t("dash.catalogue.form.sizes")}
          name="sizes"
          all={SIZES}
          chosen={values.sizes}
          issue={issueOf("sizes")}
          onChange={(v) => set("sizes", toggleIn(values.sizes, v, SIZES))}
        />
        <Checkboxes
          legend={t("dash.catalogue.form.colors")}
          name="colors"
          all={COLORS}
          nameOf={(c) => colorName(t, c)}
          chosen={values.colors}
          issue={issueOf("colors")}
          onChange={(v) => set("colors", toggleIn(values.colors, v, COLORS))}
        />
        <StockGrid
          values={values}
          issues={issues}
          issueOf={issueOf}
          onTrack={(on) => set("trackStock", on)}
          onCell={(key, text) => set("stock", { ...values.stock, [key]: text })}
        />
        <Field
          id="product-originalPrice"
          label={t("dash.catalogue.form.originalPrice")}
          issue={issueOf("originalPrice")}
        >
          <input
            id="product-originalPrice"
            type="text"
            inputMode="numeric"
            pattern="[0-9০-৯]*"
            className="input w-full"
            placeholder={t("dash.catalogue.form.originalPricePlaceholder")}
            value={digits(values.originalPrice)}
            onChange={(e) => set("originalPrice", toAsciiDigits(e.target.value))}
            {...field("originalPrice")}
          />
        </Field>
        <Field
          id="product-offerPrice"
          label={t("dash.catalogue.form.offerPrice")}
          issue={issueOf("offerPrice")}
        >
          <input
            id="product-offerPrice"
            type="text"
            inputMode="numeric"
            pattern="[0-9০-৯]*"
            className="input w-full"
            placeholder={t("dash.catalogue.form.offerPricePlaceholder")}
            value={digits(values.offerPrice)}
            onChange={(e) => set("offerPrice", toAsciiDigits(e.target.value))}
            {...field("offerPrice")}
          />
        </Field>
        <Field
          id="product-ratings"
          label={t("dash.catalogue.form.ratings")}
          issue={issueOf("ratings")}
        >
          <input
            id="product-ratings"
            type="text"
            inputMode="decimal"
            pattern="[0-9০-৯]+([.][0-9০-৯])?"
            className="input w-full"
            value={digits(values.ratings)}
            onChange={(e) => set("ratings", toAsciiDigits(e.target.value))}
            {...field("ratings")}
          />
        </Field>
        <Field
          id="product-reviews"
          label={t("dash.catalogue.form.reviews")}
          issue={issueOf("reviews")}
        >
          <input
            id="product-reviews"
            type="text"
            inputMode="numeric"
            pattern="[0-9০-৯]*"
            className="input w-full"
            value={digits(values.reviews)}
            onChange={(e) => set("reviews", toAsciiDigits(e.target.value))}
            {...field("reviews")}
          />
        </Field>
      </div>

      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={issues.images ? "product-images-issue" : undefined}
      >
        <legend className="mb-2 font-semibold">{t("dash.catalogue.form.images")}</legend>
        <p className="text-sm text-base-content/70">{t("dash.catalogue.form.imagesHint")}</p>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {slots.map((slot, i) => (
            <ImageSlot
              // biome-ignore lint/suspicious/noArrayIndexKey: the four slots are fixed positions
              key={i}
              label={t("dash.catalogue.form.image", { n: tr.count(i + 1) })}
              sizeHint={t("dash.catalogue.form.imageSize")}
              slot={slot}
              originalWidth={450}
              previewClassName="aspect-square w-full"
              disabled={busy}
              onChange={(s) => setSlot(i, s)}
            />
          ))}
        </div>
        {issues.images ? (
          <p
            id="product-images-issue"
            className="text-sm text-error"
            data-field="images"
            tabIndex={-1}
          >
            {issueOf("images")}
          </p>
        ) : null}
      </fieldset>

      <FormEnd issues={issues} busy={busy} label={t(busy ? texts.busy : texts.button)} />
    </form>
  );
}

/** A labelled control with its issue below it. */
function Field(props: {
  id: string;
  label: string;
  /** The label's language when it is not the page's (the Bengali fields are named in Bengali). */
  lang?: string;
  issue?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1 ${props.className ?? ""}`}>
      <label htmlFor={props.id} lang={props.lang} className="text-sm font-medium">
        {props.label}
      </label>
      {props.children}
      {props.issue ? (
        <p id={`${props.id}-issue`} className="text-sm text-error">
          {props.issue}
        </p>
      ) : null}
    </div>
  );
}

function Checkboxes(props: {
  legend: string;
  name: string;
  all: readonly string[];
  /** The value's name as shown (a colour in the page's language); the value itself is posted. */
  nameOf?: (value: string) => string;
  chosen: readonly string[];
  issue?: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset
      className="rounded-box border border-base-300 p-3"
      data-field={props.name}
      aria-describedby={props.issue ? `product-${props.name}-issue` : undefined}
    >
      <legend className="px-1 text-sm font-medium">{props.legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {props.all.map((value) => (
          <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              name={props.name}
              value={value}
              checked={props.chosen.includes(value)}
              onChange={() => props.onChange(value)}
            />
            {props.nameOf ? props.nameOf(value) : value}
          </label>
        ))}
      </div>
      {props.issue ? (
        <p id={`product-${props.name}-issue`} className="mt-2 text-sm text-error">
          {props.issue}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * "Track stock" and pieces on hand per size × colour: rows are the ticked sizes, columns the
 * ticked colours (one quantity when the product offers neither). Saved as ledger adjustments.
 */
function StockGrid(props: {
  values: ProductFormValues;
  issues: FieldIssues;
  /** A field's issue in the page's language, by field or grid cell key. */
  issueOf: (key: string) => string | undefined;
  onTrack: (on: boolean) => void;
  onCell: (key: string, text: string) => void;
}) {
  const { values, issueOf } = props;
  const { t, digits } = useI18n();
  const sizes = values.sizes.length > 0 ? values.sizes : [NO_CHOICE];
  const colors = values.colors.length > 0 ? values.colors : [NO_CHOICE];
  const cell = (size: string, color: string, label: string) => {
    const key = stockKey({ size, color });
    const issue = issueOf(key);
    const id = `product-${key.replace(/[^A-Za-z0-9]/g, "-")}`;
    return (
      <>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          pattern="[0-9০-৯]*"
          className="input input-sm w-20"
          aria-label={label}
          placeholder={digits("0")}
          value={digits(values.stock[key] ?? "")}
          onChange={(e) => props.onCell(key, toAsciiDigits(e.target.value))}
          data-field={key}
          aria-invalid={issue ? true : undefined}
          aria-describedby={issue ? `${id}-issue` : undefined}
        />
        {issue ? (
          <p id={`${id}-issue`} className="text-xs text-error">
            {issue}
          </p>
        ) : null}
      </>
    );
  };
  const one = values.sizes.length === 0 && values.colors.length === 0;
  return (
    <fieldset
      className="rounded-box border border-base-300 p-3 md:col-span-2"
      data-field="stock"
      data-testid="stock-grid"
    >
      <legend className="px-1 text-sm font-medium">{t("dash.catalogue.grid.stock")}</legend>
      <label className="flex cursor-pointer items-center gap-3 text-sm">
        <input
          type="checkbox"
          role="switch"
          aria-checked={values.trackStock}
          className="toggle toggle-primary"
          name="trackStock"
          checked={values.trackStock}
          onChange={(e) => props.onTrack(e.target.checked)}
        />
        {t("dash.catalogue.grid.track")}
      </label>
      <p className="mt-1 text-sm text-base-content/70">
        {t(values.trackStock ? "dash.catalogue.grid.tracked" : "dash.catalogue.grid.untracked")}
      </p>
      {one ? (
        <div className="mt-3 flex items-center gap-3">
          <span className="text-sm">{t("dash.catalogue.grid.onHand")}</span>
          {cell(NO_CHOICE, NO_CHOICE, t("dash.catalogue.grid.onHand"))}
        </div>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="table table-xs w-auto">
            <caption className="sr-only">{t("dash.catalogue.grid.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{values.sizes.length > 0 ? t("dash.catalogue.grid.size") : ""}</th>
                {colors.map((c) => (
                  <th key={c} scope="col">
                    {c === NO_CHOICE ? t("dash.catalogue.grid.pieces") : colorName(t, c)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sizes.map((s) => (
                <tr key={s}>
                  <th scope="row">{s === NO_CHOICE ? t("dash.catalogue.grid.pieces") : s}</th>
                  {colors.map((c) => (
                    <td key={c} className="align-top">
                      {cell(
                        s,
                        c,
                        t("dash.catalogue.grid.onHandOf", {
                          variant: [s, c === NO_CHOICE ? c : colorName(t, c)]
                            .filter((v) => v !== NO_CHOICE)
                            .join(" / "),
                        }),
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {issueOf("stock") && !Object.keys(props.issues).some((k) => k.startsWith("stock:")) ? (
        <p className="mt-2 text-sm text-error">{issueOf("stock")}</p>
      ) : null}
    </fieldset>
  );
}
