import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { RouterContextProvider } from "react-router";
import { langOf } from "~/app/lib/context.server";
import type { Lang } from "~/core/locale";
import { bn } from "./bn";
import { en } from "./en";
import type { Catalog, MessageKey } from "./keys";
import type { CompiledMessage, Messages } from "./translator";

const SOURCES: Record<Lang, Catalog> = { en, bn };

/**
 * A selector of messages: a key prefix ("cart" = every "cart.…" key) or one whole key
 * ("cart.continue").
 */
type Selector = string;

/**
 * What the root's data carries on every page (decision 061): the header, footer, search, dialogs,
 * the account notices and the error pages. Everything else travels with the page that shows it.
 */
const SHELL: readonly Selector[] = [
  "nav",
  "header",
  "theme",
  "account",
  "common",
  "dialog",
  "search",
  "fab",
  "footer",
  "shell",
  "notice",
  "error",
  "notFound",
];

/** The product cards and listings (home, shop, the category pages, related products). */
const CARDS: readonly Selector[] = ["card", "rating", "stock", "cat", "breadcrumb"];
const LISTING: readonly Selector[] = [
  ...CARDS,
  "home",
  "listing",
  "shop",
  "category",
  "subCategory",
  "type",
];

/** The catalogue's names on the admin's product screens. */
const CATALOGUE_NAMES: readonly Selector[] = ["cat", "sub", "type", "color", "stock"];

/**
 * The catalogue's field issues (app/i18n/dashboard/catalogue-issues.ts), which may name a
 * category, sub-category or colour, on every screen that can show one.
 */
const CATALOGUE_ISSUES: readonly Selector[] = ["dash.catalogue.issue", ...CATALOGUE_NAMES];

/** The admin's product and slide forms: fields, image slots and their field issues. */
const CATALOGUE_FORM: readonly Selector[] = [
  ...CATALOGUE_ISSUES,
  "dash.catalogue.form",
  "dash.catalogue.image",
];

/** An order's screens on the dashboard: lists, overview, the home's summary and alerts. */
const DASH_ORDERS: readonly Selector[] = [
  "dash.orders",
  "courier",
  "success",
  "delivery",
  "color",
  "status",
  "stock",
  "issue.line",
];

/**
 * Each page's own messages, beyond SHELL: the route's loader sends `routeMessages(context, name)`
 * (app/i18n/route-messages.test.ts checks that every key a route's modules write is here).
 */
export const ROUTE_MESSAGES = {
  home: [...CARDS, "home", "menu", "sub", "slider", "carousel"],
  shop: LISTING,
  category: LISTING,
  product: [
    ...CARDS,
    "product",
    "policy",
    "color",
    "sub",
    "issue.chooseSize",
    "issue.chooseColour",
  ],
  cart: ["cart", "color", "delivery", "stock"],
  checkout: [
    "cart",
    "checkout",
    "color",
    "delivery",
    "stock",
    "breadcrumb",
    "area",
    "addressType",
    "payment",
    "issue",
  ],
  orderSuccess: [
    "success",
    "delivery",
    "cart.continue",
    "checkout.goToCart",
    "track",
    "issue.mobileInvalid",
    "issue.tooManyRequests",
    "issue.wait",
  ],
  track: [
    "success",
    "delivery",
    "breadcrumb",
    "track",
    "status",
    "courier",
    "color",
    "issue.mobileInvalid",
    "issue.tooManyRequests",
    "issue.wait",
  ],
  about: ["about", "breadcrumb"],
  contact: ["contact", "breadcrumb", "issue"],
  auth: ["auth", "social", "issue"],
  notFound: [],
  // The dashboard's frame (its layout's loader): header, menus, its error pages. Each dashboard
  // page adds its own texts below, so a page never carries another screen's.
  dashboard: [
    "dash.layout.title",
    "dash.layout.openMenu",
    "dash.layout.closeMenu",
    "dash.layout.menuLabel",
    "dash.layout.dashboards",
    "dash.layout.goHome",
    "dash.layout.role",
    "dash.layout.menu",
    "dash.layout.pageTitle",
    "dash.layout.error",
    "dash.layout.errorTitle",
    "dash.layout.notFound",
    "issue.tooManyRequests",
    "issue.wait",
  ],
  dashHome: [
    ...DASH_ORDERS,
    "dash.layout.home",
    "dash.layout.chart",
    "dash.layout.card",
    "dash.layout.issue",
    "dash.layout.sure",
  ],
  dashUsers: ["dash.layout.users", "dash.layout.issue", "dash.layout.sure"],
  dashBlocked: ["dash.layout.blocked", "dash.layout.issue", "stock"],
  dashMessages: ["dash.layout.messages"],
  dashProducts: [
    ...CATALOGUE_NAMES,
    "dash.catalogue.allProducts",
    "dash.catalogue.addProduct",
    "dash.catalogue.products",
    "dash.catalogue.confirm",
    "dash.catalogue.delete",
    "dash.catalogue.edit",
    "dash.catalogue.view",
    "listing.loadMore",
  ],
  dashProductForm: [
    ...CATALOGUE_FORM,
    "dash.catalogue.addProduct",
    "dash.catalogue.updateProduct",
    "dash.catalogue.backToProducts",
    "dash.catalogue.grid",
    "dash.catalogue.stockHistory",
  ],
  dashStock: [
    "dash.catalogue.backToProducts",
    "dash.catalogue.stockHistory",
    "dash.catalogue.stock",
    "dash.catalogue.reason",
    ...CATALOGUE_ISSUES,
  ],
  dashSlider: [
    "dash.catalogue.manageSlider",
    "dash.catalogue.slider",
    "dash.catalogue.addSlide",
    "dash.catalogue.confirm",
    "dash.catalogue.delete",
    "dash.catalogue.edit",
  ],
  dashSlideForm: [
    ...CATALOGUE_FORM,
    "dash.catalogue.addSlide",
    "dash.catalogue.updateSlide",
    "dash.catalogue.backToSlider",
    "dash.catalogue.slide",
  ],
  dashOrders: DASH_ORDERS,
  dashFailedBookings: [...DASH_ORDERS, "dash.paper.failed"],
  dashPaper: ["dash.paper", "dash.orders.said.message", "courier", "color", "stock"],
} as const satisfies Record<string, readonly Selector[]>;

export type RoutePart = keyof typeof ROUTE_MESSAGES;

function selects(selectors: readonly Selector[] | "all", key: string): boolean {
  if (selectors === "all") return true;
  return selectors.some((s) => key === s || key.startsWith(`${s}.`));
}

const compiled = new Map<string, Messages>();

/**
 * A catalogue's text in the form the pages' translator fills (app/i18n/translator.ts): parsed by
 * Lingui's ICU compiler, which also reads ICU's quoting, then kept as text and placeholders. A
 * plural, select or format has no place in the catalogues: it throws, naming the key.
 */
export function compileText(key: string, source: string): CompiledMessage {
  const parts = compileMessage(source).map((token) => {
    if (typeof token === "string") return token;
    if (token[1] !== undefined) throw new Error(`${key}: only {placeholders} are supported`);
    return [token[0]] as const;
  });
  return parts.every((part) => typeof part === "string") ? parts.join("") : parts;
}

/**
 * One language's messages chosen by selectors, compiled once (`compileText`: plain strings and
 * token arrays, JSON as the page's loader data carries it). A page gets its own
 * language only, and only the messages it shows.
 */
function messagesOf(lang: Lang, name: string, selectors: readonly Selector[] | "all"): Messages {
  const cacheKey = `${lang}:${name}`;
  let messages = compiled.get(cacheKey);
  if (!messages) {
    messages = {};
    for (const [key, source] of Object.entries(SOURCES[lang])) {
      if (selects(selectors, key)) messages[key] = compileText(key, source);
    }
    compiled.set(cacheKey, messages);
  }
  return messages;
}

/** The messages every page carries (root's loader data). */
export function shellMessages(lang: Lang): Messages {
  return messagesOf(lang, "shell", SHELL);
}

/**
 * A page's own messages in the request's language (its loader's `messages`), plus `also`: keys
 * its data calls for (the sub-category names of one category or one product, not all 152).
 */
export function routeMessages(
  context: Readonly<RouterContextProvider>,
  part: RoutePart,
  also: readonly string[] = [],
): Messages {
  const lang = langOf(context);
  const own = messagesOf(lang, part, ROUTE_MESSAGES[part]);
  if (also.length === 0) return own;
  const every = messagesOf(lang, "whole", "all");
  const out: Messages = { ...own };
  for (const key of also) {
    const message = every[key];
    if (message !== undefined) out[key] = message;
  }
  return out;
}

/** The message keys of these sub-categories' names (for `routeMessages`'s `also`). */
export function subCategoryKeys(subCategories: readonly string[]): string[] {
  return subCategories.map((s) => `sub.${s}`);
}

/** Which keys root and these parts carry together (the route-messages test). */
export function keysShipped(...parts: RoutePart[]): MessageKey[] {
  return (Object.keys(en) as MessageKey[]).filter(
    (key) => selects(SHELL, key) || parts.some((part) => selects(ROUTE_MESSAGES[part], key)),
  );
}

/** Every message of a language (the server's own texts: emails, action answers; tests). */
export function wholeCatalog(lang: Lang): Messages {
  return messagesOf(lang, "whole", "all");
}
