import { z } from "zod";

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export const IMAGE_REF_MESSAGE =
  "Enter an https:// link or a /media/ path: an http:// image cannot show on the shop's pages";
/** Anything else that is not an image link (javascript:, data:, a path outside /media/). */
export const IMAGE_LINK_MESSAGE = "Enter an https:// link to an image or a /media/ path";

/**
 * A /media/ path the shop's media store does not hold (never uploaded, or removed since): the
 * picture would show as a broken image, so a product or slide naming it is refused.
 */
export const MEDIA_MISSING_MESSAGE = "This picture is not in the shop's media: upload it again";

/** A file this shop serves from its own media store, e.g. "/media/products/ab12.webp". */
export function isMediaPath(value: string): boolean {
  return /^\/media\/[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(value) && !value.includes("..");
}

/**
 * A product or slide image: an https:// link or the shop's own /media/ file. Not http://: the
 * pages' policy (server/http/security-headers.ts) loads outside images over https only, and a
 * browser on an https page would block it anyway, so such an image would never show.
 */
export const imageRefSchema = z
  .string()
  .trim()
  // An empty one is an image not chosen, not a link of the wrong kind.
  .min(1, { error: "Choose an image", abort: true })
  .max(2000)
  .refine((v) => (isHttpUrl(v) && new URL(v).protocol === "https:") || isMediaPath(v), {
    // Only an http:// link is told why it cannot show; other text is not a link at all.
    error: (issue) =>
      typeof issue.input === "string" && /^http:\/\//i.test(issue.input.trim())
        ? IMAGE_REF_MESSAGE
        : IMAGE_LINK_MESSAGE,
  });

export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** Query strings send "" for a cleared field; treat it as absent. */
export function emptyToUndefined(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

/**
 * `when` option for an object-level refinement: run it, even if unrelated fields failed (so a
 * form shows every problem at once), provided the value is an object and none of `keys` failed.
 */
export function whenFieldsValid(keys: readonly string[]) {
  return (payload: z.core.ParsePayload): boolean => {
    const value = payload.value;
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    const failed = new Set(payload.issues.map((i) => i.path?.[0]));
    return !keys.some((k) => failed.has(k));
  };
}

/**
 * A form sends a textarea's line breaks as CRLF (two characters) while its `maxLength` counts
 * each as one: the limit reads the text with LF breaks, as the visitor typed it.
 */
export function withTypedLineBreaks(text: string): string {
  return withoutHiddenMarks(text.replace(/\r\n?/g, "\n"));
}

/**
 * Control characters other than the line break and the tab, and the marks that hide or reorder
 * text without being seen (bidi overrides and isolates, zero-width space, word joiner, BOM): they
 * have no place in a name or an address, and would reach labels, invoices, SMS and the CSV
 * export. The zero-width joiner and non-joiner stay: Bengali spelling uses them. NUL is left to
 * be refused as before (PostgreSQL cannot store it: 400 "Text may not contain NUL characters").
 */
const HIDDEN_MARKS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
  /[\u0001-\u0008\u000b-\u001f\u007f-\u009f\u200b\u2060\ufeff\u202a-\u202e\u2066-\u2069]/g;

export function withoutHiddenMarks(text: string): string {
  return text.replace(HIDDEN_MARKS, "");
}

/**
 * A one-line field as a person can read it: hidden marks removed, line breaks and tabs as
 * spaces, trimmed; only joiners and spaces left counts as empty.
 */
export function visibleLine(text: string): string {
  const line = withoutHiddenMarks(text.replace(/[\r\n\t]+/g, " ")).trim();
  return /^[\s\u200c\u200d]*$/.test(line) ? "" : line;
}
