import { PRODUCT_CHANGED_MESSAGE, SLIDE_CHANGED_MESSAGE } from "~/core/schemas";
import {
  IMAGE_LINK_MESSAGE,
  IMAGE_REF_MESSAGE,
  MEDIA_MISSING_MESSAGE,
} from "~/core/schemas/common";
import { STOCK_MOVED_MESSAGE } from "~/core/stock";
import { categoryName, colorName, subCategoryName } from "../catalogue-names";
import type { MessageKey } from "../keys";
import type { Translator } from "../translator";

/**
 * The catalogue screens' field issues and refusals in the page's language. The rules (core's
 * product, slide and stock schemas, the stock and slide services, the image upload) write them
 * in English, the JSON API's language; this table maps those exact texts to messages, and the
 * patterns below the ones with a value in them. English pages show the text as written; a text
 * not known here is shown as written too.
 */
const FIXED: Readonly<Record<string, MessageKey>> = {
  "Name is required": "dash.catalogue.issue.nameRequired",
  "Choose a category": "dash.catalogue.issue.chooseCategory",
  "Unknown category": "dash.catalogue.issue.unknownCategory",
  "Sub-category is required": "dash.catalogue.issue.subCategoryRequired",
  "Unknown sub-category": "dash.catalogue.issue.unknownSubCategory",
  "Choose a product type": "dash.catalogue.issue.chooseType",
  "Enter an http(s) URL": "dash.catalogue.issue.url",
  [IMAGE_REF_MESSAGE]: "dash.catalogue.issue.imageRef",
  [IMAGE_LINK_MESSAGE]: "dash.catalogue.issue.imageLink",
  [MEDIA_MISSING_MESSAGE]: "dash.catalogue.issue.mediaMissing",
  "Unknown size": "dash.catalogue.issue.unknownSize",
  "Unknown colour": "dash.catalogue.issue.unknownColour",
  "Each size may appear only once": "dash.catalogue.issue.sizeTwice",
  "Each colour may appear only once": "dash.catalogue.issue.colourTwice",
  "Enter the original price": "dash.catalogue.issue.originalPrice",
  "Enter the offer price, or leave it empty": "dash.catalogue.issue.offerPrice",
  "Prices are whole taka": "dash.catalogue.issue.wholeTaka",
  "Prices start at ৳1": "dash.catalogue.issue.priceFrom",
  "Prices go up to ৳10,000,000": "dash.catalogue.issue.priceUpTo",
  "Offer price cannot be more than the original price": "dash.catalogue.issue.offerAbove",
  "Ratings must be between 1 and 5": "dash.catalogue.issue.ratings",
  "Ratings take one decimal place": "dash.catalogue.issue.ratingsDecimal",
  "Enter the number of reviews": "dash.catalogue.issue.reviews",
  "Reviews are a whole number": "dash.catalogue.issue.reviewsWhole",
  "Reviews cannot be negative": "dash.catalogue.issue.reviewsNegative",
  "Reviews go up to 1,000,000,000": "dash.catalogue.issue.reviewsUpTo",
  "Track stock is true or false": "dash.catalogue.issue.trackStock",
  "Choose a size": "dash.catalogue.issue.chooseSize",
  "Choose a colour": "dash.catalogue.issue.chooseColour",
  "Enter a number of pieces": "dash.catalogue.issue.pieces",
  "Quantities are whole numbers": "dash.catalogue.issue.piecesWhole",
  "Quantities cannot be negative": "dash.catalogue.issue.piecesNegative",
  [STOCK_MOVED_MESSAGE]: "dash.catalogue.issue.stockMoved",
  [PRODUCT_CHANGED_MESSAGE]: "dash.catalogue.issue.productChanged",
  [SLIDE_CHANGED_MESSAGE]: "dash.catalogue.issue.slideChanged",
  "This product has no sizes: use N/A": "dash.catalogue.issue.noSizes",
  "This product has no colours: use N/A": "dash.catalogue.issue.noColours",
  "Enter the change in pieces (negative to take away)": "dash.catalogue.issue.change",
  "Changes are whole pieces": "dash.catalogue.issue.changeWhole",
  "A change of 0 changes nothing": "dash.catalogue.issue.changeZero",
  "Use adjustment or import": "dash.catalogue.issue.reason",
  "Some fields are not valid": "dash.catalogue.issue.fieldsInvalid",
  "Some stock figures are not valid": "dash.catalogue.issue.stockInvalid",
  "This product has no such size and colour": "dash.catalogue.issue.noSuchVariant",
  "Not that many pieces on hand": "dash.catalogue.issue.notThatMany",
  "Too many pieces": "dash.catalogue.issue.tooManyPieces",
  "Product not found": "dash.catalogue.issue.productNotFound",
  "Slide not found": "dash.catalogue.issue.slideNotFound",
  "Nothing to do": "dash.catalogue.issue.nothingToDo",
  "Unknown action": "dash.catalogue.issue.nothingToDo",
  "Choose an image": "dash.catalogue.issue.chooseImage",
  "Choose an image file": "dash.catalogue.issue.imageFile",
  "Choose a JPEG, PNG, WebP, AVIF or GIF image": "dash.catalogue.issue.imageFormat",
  "The image could not be read": "dash.catalogue.issue.imageUnreadable",
  "The image could not be uploaded": "dash.catalogue.issue.imageNotUploaded",
};

type Tr = Pick<Translator, "lang" | "t" | "count">;

/** A number as the rules write it ("1,000,000") in the page's digits. */
const countOf = (tr: Tr, text: string) => tr.count(Number(text.replace(/,/g, "")));

/** The texts with a value in them: a pattern and how to say it. */
const PATTERNS: readonly [RegExp, (tr: Tr, found: string[]) => string][] = [
  [
    /^"(.+)" is not a sub-category of (.+)$/,
    (tr, [, sub = "", category = ""]) =>
      tr.t("dash.catalogue.issue.notSubCategoryOf", {
        sub: subCategoryName(tr.t, sub),
        category: categoryName(tr.t, category),
      }),
  ],
  [
    /^Up to (\d+) images$/,
    (tr, [, max = ""]) => tr.t("dash.catalogue.issue.images", { max: countOf(tr, max) }),
  ],
  [
    /^Too big: expected string to have <=([\d,]+) characters$/,
    (tr, [, max = ""]) => tr.t("dash.catalogue.issue.tooLong", { max: countOf(tr, max) }),
  ],
  [
    /^At most ([\d,]+) pieces$/,
    (tr, [, max = ""]) => tr.t("dash.catalogue.issue.piecesMax", { max: countOf(tr, max) }),
  ],
  [
    /^At most ([\d,]+) pieces on hand$/,
    (tr, [, max = ""]) => tr.t("dash.catalogue.issue.onHandMax", { max: countOf(tr, max) }),
  ],
  [
    /^At most ([\d,]+) sizes × colours$/,
    (tr, [, max = ""]) => tr.t("dash.catalogue.issue.gridMax", { max: countOf(tr, max) }),
  ],
  [
    /^Size (.+) is not offered for this product$/,
    (tr, [, size = ""]) => tr.t("dash.catalogue.issue.sizeNotOffered", { size }),
  ],
  [
    /^Colour (.+) is not offered for this product$/,
    (tr, [, colour = ""]) =>
      tr.t("dash.catalogue.issue.colourNotOffered", { colour: colorName(tr.t, colour) }),
  ],
  [
    /^(.+) \/ (.+) is listed twice$/,
    (tr, [, size = "", colour = ""]) =>
      tr.t("dash.catalogue.issue.listedTwice", {
        variant: `${size} / ${colorName(tr.t, colour)}`,
      }),
  ],
  [
    /^Only (-?\d+) on hand: take away at most -?\d+$/,
    (tr, [, count = ""]) => tr.t("dash.catalogue.issue.takeAtMost", { count: countOf(tr, count) }),
  ],
  [
    /^The slider holds at most (\d+) slides$/,
    (tr, [, max = ""]) => tr.t("dash.catalogue.issue.sliderFull", { max: countOf(tr, max) }),
  ],
  [
    /^The image is too large: at most ([\d.]+) MB$/,
    (tr, [, max = ""]) => tr.t("dash.catalogue.issue.imageBytes", { max: countOf(tr, max) }),
  ],
  [
    /^The image is too large: at most ([\d.]+) megapixels$/,
    (tr, [, max = ""]) => tr.t("dash.catalogue.issue.imagePixels", { max: countOf(tr, max) }),
  ],
];

/** Whether the table or a pattern knows this text (the tests check every rule's text). */
export function isKnownCatalogueIssue(message: string): boolean {
  return Object.hasOwn(FIXED, message) || PATTERNS.some(([re]) => re.test(message));
}

/** A field issue or refusal of the catalogue screens, in the page's language. */
export function catalogueIssueText(tr: Tr, message: string): string {
  if (tr.lang === "en") return message;
  if (Object.hasOwn(FIXED, message)) return tr.t(FIXED[message] as MessageKey);
  for (const [pattern, say] of PATTERNS) {
    const found = pattern.exec(message);
    if (found) return say(tr, [...found]);
  }
  return message;
}
