import { useId } from "react";
import { catalogueIssueText } from "~/app/i18n/dashboard/catalogue-issues";
import { useI18n } from "~/app/i18n/use-i18n";
import { mediaUrlForWidth } from "~/core/media";
import { type ImageKind, ImageUploadError, uploadImage } from "../media/upload-image";

/** One image of a form: a stored URL, or a chosen file waiting to be uploaded on submit. */
export type ImageSlotState = {
  url: string | null;
  file: File | null;
  /** Object URL of the chosen file, for the preview. */
  preview: string | null;
  /** 0..1 while the file uploads. */
  progress: number | null;
  /** Why the last upload of this file was refused (the server's message, in English). */
  error: string | null;
};

export const EMPTY_SLOT: ImageSlotState = {
  url: null,
  file: null,
  preview: null,
  progress: null,
  error: null,
};

export function slotOf(url: string | null | undefined): ImageSlotState {
  return { ...EMPTY_SLOT, url: url || null };
}

export function slotIsFilled(slot: ImageSlotState): boolean {
  return slot.url !== null || slot.file !== null;
}

/**
 * Uploads every chosen file that has no URL yet, one after the other (spec §7), reporting each
 * slot's progress; resolves with the URLs of the filled slots in order. A slot that uploaded
 * keeps its URL, so a retry after a failure does not upload it again.
 */
export async function uploadSlots(
  slots: readonly ImageSlotState[],
  kind: ImageKind,
  update: (index: number, slot: ImageSlotState) => void,
): Promise<string[]> {
  const urls: string[] = [];
  for (const [index, slot] of slots.entries()) {
    if (slot.url) {
      urls.push(slot.url);
      continue;
    }
    if (!slot.file) continue;
    update(index, { ...slot, progress: 0, error: null });
    try {
      const url = await uploadImage(slot.file, kind, (progress) =>
        update(index, { ...slot, progress, error: null }),
      );
      update(index, { ...slot, url, progress: null, error: null });
      urls.push(url);
    } catch (err) {
      const message =
        err instanceof ImageUploadError ? err.message : "The image could not be uploaded";
      update(index, { ...slot, progress: null, error: message });
      throw err;
    }
  }
  return urls;
}

type Props = {
  label: string;
  /** The pixel size the shop shows the image at, e.g. "450px width and height". */
  sizeHint: string;
  slot: ImageSlotState;
  /** Width of the stored original (450 products, 900 slides), for the preview's variant. */
  originalWidth: number;
  previewClassName: string;
  error?: string;
  disabled?: boolean;
  onChange: (slot: ImageSlotState) => void;
};

/** A file input (images only) with a preview, the upload's progress and a remove button. */
export function ImageSlot(props: Props) {
  const { label, sizeHint, slot, originalWidth, previewClassName, disabled, onChange } = props;
  const tr = useI18n();
  const { t } = tr;
  const english = slot.error ?? props.error;
  const error = english ? catalogueIssueText(tr, english) : undefined;
  const id = useId();
  const preview =
    slot.preview ??
    (slot.url ? mediaUrlForWidth(slot.url, originalWidth / 2, originalWidth) : null);

  function choose(file: File | undefined) {
    if (slot.preview) URL.revokeObjectURL(slot.preview);
    if (!file) return onChange(EMPTY_SLOT);
    onChange({ ...EMPTY_SLOT, file, preview: URL.createObjectURL(file) });
  }

  /**
   * A dashboard page loaded as a document allows blob: previews (its CSP); one reached from a
   * storefront page in the browser keeps the storefront's policy, which refuses them: the
   * preview then falls back to a data: URL of the same file.
   */
  function previewFailed() {
    const file = slot.file;
    if (!file || !slot.preview?.startsWith("blob:")) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result !== "string") return;
      if (slot.preview) URL.revokeObjectURL(slot.preview);
      onChange({ ...slot, preview: reader.result });
    };
    reader.readAsDataURL(file);
  }

  function remove() {
    if (slot.preview) URL.revokeObjectURL(slot.preview);
    onChange(EMPTY_SLOT);
    const input = document.getElementById(id) as HTMLInputElement | null;
    if (input) input.value = "";
  }

  return (
    <div className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <label htmlFor={id} className="text-sm font-medium">
        {label} <span className="font-normal text-base-content/70">({sizeHint})</span>
      </label>
      <div
        className={`flex items-center justify-center overflow-hidden rounded-field bg-base-200 ${previewClassName}`}
      >
        {preview ? (
          <img
            src={preview}
            alt={t("dash.catalogue.image.preview", { label })}
            className="h-full w-full object-cover"
            onError={previewFailed}
          />
        ) : (
          <span className="text-sm text-base-content/70">{t("dash.catalogue.image.none")}</span>
        )}
      </div>
      {/* The browser's own file button squeezed its "No file chosen" text in a narrow slot, and
          daisyUI's file-input costs 4 kB of the dashboard's stylesheet: the input is visually
          hidden (still focusable, named by the label above) and this button opens it. */}
      <div className="flex min-w-0 items-center gap-2">
        <input
          id={id}
          type="file"
          accept="image/*"
          className="peer sr-only"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <label
          htmlFor={id}
          aria-hidden="true"
          className={`btn btn-outline btn-sm shrink-0 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 ${disabled ? "btn-disabled" : ""}`}
        >
          {t("dash.catalogue.image.choose")}
        </label>
        {slot.file ? (
          <span className="min-w-0 truncate text-sm text-base-content/70" title={slot.file.name}>
            {slot.file.name}
          </span>
        ) : null}
      </div>
      {slot.progress !== null ? (
        <progress
          className="h-2 w-full accent-primary"
          value={Math.round(slot.progress * 100)}
          max={100}
          aria-label={t("dash.catalogue.image.uploading", { label })}
        />
      ) : null}
      {slotIsFilled(slot) ? (
        <button
          type="button"
          className="btn btn-outline btn-error btn-xs self-start"
          onClick={remove}
          disabled={disabled}
        >
          {t("dash.catalogue.image.remove", { label })}
        </button>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
