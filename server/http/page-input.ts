import { type Lang, requestLang } from "../../core/locale";

/*
 * What React Router's loaders and actions may assume of a page request (docs/decisions/079),
 * settled before it waits for a render turn (page-pipeline.ts):
 *
 * - No NUL. PostgreSQL cannot hold one in text, so a NUL in a product id, a search or a form
 *   field failed deep inside a query with a 500. A NUL in the URL or in a URL-encoded form is read
 *   as U+FFFD, as the HTML parser reads one, and the page answers as it does for any unknown id,
 *   search or wrong field: a 404, no results, the field's own message in the visitor's language.
 * - An action's body is a form. The shop's forms send URL-encoded bodies; a body of another type,
 *   or a form that cannot be read, is refused with 415 or 400 before an action reads it. A request
 *   without a body is an empty form, whose fields the action then asks for.
 */

/** A page request refused before React Router sees it: its status and the visitor's text. */
export type PageRefusal = { status: 400 | 413 | 415; text: string };

const REFUSAL_TEXTS: Record<Lang, Record<PageRefusal["status"], string>> = {
  en: {
    400: "This form could not be read. Please open the page again and send the form from it.",
    413: "The form is too large.",
    415: "This page takes the shop's own forms only. Please open the page and send the form from it.",
  },
  bn: {
    400: "ফর্মটি পড়া গেল না। পাতাটি আবার খুলে সেখান থেকে ফর্মটি পাঠান।",
    413: "ফর্মটি অনেক বড়।",
    415: "এই পাতা শুধু শপের নিজের ফর্ম নেয়। পাতাটি খুলে সেখান থেকে ফর্মটি পাঠান।",
  },
};

/** The refusal of `status` in the language this request is served in. */
export function pageRefusal(request: Request, status: PageRefusal["status"]): PageRefusal {
  return { status, text: REFUSAL_TEXTS[requestLang(request)][status] };
}

const URL_ENCODED = /^\s*application\/x-www-form-urlencoded\s*(?:;|$)/i;
const MULTIPART = /^\s*multipart\/form-data\s*(?:;|$)/i;
/** A NUL as a URL or a URL-encoded form writes it: percent-encoded, or (in a body) raw. */
const ENCODED_NUL = /%00/gi;
const ENCODED_REPLACEMENT = "%EF%BF%BD";

/**
 * `request` as loaders and actions may read it (see above), or why it is refused. Its body, if
 * any, has been read into memory already (readWholeBody), so reading it here again costs no wait.
 */
export async function pageInput(request: Request): Promise<Request | PageRefusal> {
  const url = request.url.replace(ENCODED_NUL, ENCODED_REPLACEMENT);
  if (request.method === "GET" || request.method === "HEAD") {
    return url === request.url ? request : new Request(url, request);
  }
  const type = request.headers.get("content-type") ?? "";
  const bytes = request.body ? new Uint8Array(await request.arrayBuffer()) : new Uint8Array();
  const headers = new Headers(request.headers);
  let body: string | Uint8Array<ArrayBuffer> = bytes;
  if (URL_ENCODED.test(type) || (type.trim() === "" && bytes.byteLength === 0)) {
    // Decoded as URLSearchParams decodes it (UTF-8); a raw NUL byte counts as an encoded one.
    body = new TextDecoder()
      .decode(bytes)
      .replace(ENCODED_NUL, ENCODED_REPLACEMENT)
      .replaceAll("\0", ENCODED_REPLACEMENT);
    headers.set("content-type", type.trim() === "" ? "application/x-www-form-urlencoded" : type);
    headers.delete("content-length");
  } else if (MULTIPART.test(type)) {
    const problem = await multipartProblem(new Request(url, { method: "POST", headers, body }));
    if (problem) return pageRefusal(request, problem);
  } else {
    return pageRefusal(request, 415);
  }
  return new Request(url, { method: request.method, headers, body, signal: request.signal });
}

/** 400 when a multipart body cannot be read or a field of it holds a NUL (no page sends one). */
async function multipartProblem(request: Request): Promise<400 | undefined> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return 400;
  }
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) return 400;
  }
  return undefined;
}
