import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keysShipped, type RoutePart } from "./catalog.server";
import { en } from "./en";
import type { MessageKey } from "./keys";

/**
 * A page ships only the messages root's shell and its own part select (decision 061). This
 * test reads each page's modules (its static imports, transitively, leaving out `.server`
 * modules) and checks that every message key they name is shipped with the page: a key written
 * as a string, a `prefix.${…}` template (every key of that prefix), and the catalogue's names
 * (categoryName → "cat.", …). A missing one would show its key instead of its text. A page
 * that shows field issues (app/i18n/issues.ts) needs every "issue." message, except the product
 * page, whose only issues are the size's and colour's.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

const PAGES: Record<string, RoutePart> = {
  "app/routes/storefront/home.tsx": "home",
  "app/routes/storefront/shop.tsx": "shop",
  "app/routes/storefront/category.tsx": "category",
  "app/routes/storefront/sub-category.tsx": "category",
  "app/routes/storefront/product-details.tsx": "product",
  "app/routes/storefront/about-us.tsx": "about",
  "app/routes/storefront/contact-us.tsx": "contact",
  "app/routes/storefront/not-found.tsx": "notFound",
  "app/routes/storefront/track-order.tsx": "track",
  "app/routes/cart/cart.tsx": "cart",
  "app/routes/cart/checkout.tsx": "checkout",
  "app/routes/cart/order-success.tsx": "orderSuccess",
  "app/routes/auth/login.tsx": "auth",
  "app/routes/auth/register.tsx": "auth",
  "app/routes/auth/forgot-password.tsx": "auth",
  "app/routes/auth/reset-password.tsx": "auth",
};

/** Each dashboard page's own part, beside the layout's "dashboard" (null: the layout's only). */
const DASHBOARD_PAGES: Record<string, RoutePart | null> = {
  "layout.tsx": null,
  "pages.tsx": null,
  "not-found.tsx": null,
  "home.tsx": "dashHome",
  "all-users.tsx": "dashUsers",
  "messages.tsx": "dashMessages",
  "blocked-numbers.tsx": "dashBlocked",
  "all-products.tsx": "dashProducts",
  "add-product.tsx": "dashProductForm",
  "update-product.tsx": "dashProductForm",
  "stock-history.tsx": "dashStock",
  "manage-slider.tsx": "dashSlider",
  "add-slide.tsx": "dashSlideForm",
  "update-slide.tsx": "dashSlideForm",
  "order-list.tsx": "dashOrders",
  "order-overview.tsx": "dashOrders",
  "failed-bookings.tsx": "dashFailedBookings",
  "courier-areas.tsx": "dashPaper",
  "notifications.tsx": "dashPaper",
  "order-invoice.tsx": "dashPaper",
  "print-invoices.tsx": "dashPaper",
  "print-labels.tsx": "dashPaper",
};

/** Modules every page has: root and the storefront's layout. */
const SHELL_MODULES = ["app/root.tsx", "app/routes/storefront/layout.tsx"];

const NAME_FUNCTIONS: Record<string, string> = {
  categoryName: "cat",
  subCategoryName: "sub",
  colorName: "color",
  productTypeName: "type",
};

const ISSUES_OF: Partial<Record<RoutePart, readonly MessageKey[]>> = {
  product: ["issue.chooseSize", "issue.chooseColour"],
};

/** Keys a page's loader adds from its data (routeMessages's `also`): the sub-category names. */
const FROM_DATA: Partial<Record<RoutePart, readonly string[]>> = {
  category: ["sub"],
  product: ["sub"],
};

const ALL_KEYS = Object.keys(en) as MessageKey[];
const KEY_SET = new Set<string>(ALL_KEYS);

function resolveImport(spec: string, from: string): string | undefined {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return undefined;
  for (const ext of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const file = base + ext;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return undefined;
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gms)) {
    if (m[1]) continue;
    const found = resolveImport(m[2] ?? "", file);
    if (found && !/\.server\.tsx?$/.test(found) && !found.includes(".test.")) out.push(found);
  }
  return out;
}

function closure(files: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = files.map((f) => path.join(ROOT, f));
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...importsOf(file));
  }
  return seen;
}

function keysNamedIn(file: string): Set<string> {
  const used = new Set<string>();
  // The issue table and its stock lines are counted as a whole below (a page that shows field
  // issues needs every "issue." message; a stock line's colour falls back to its English name).
  const i18n = path.join(ROOT, "app", "i18n");
  if (
    ["catalogue-names.ts", "issues.ts", "short-line-text.ts"].some(
      (f) => file === path.join(i18n, f),
    )
  ) {
    return used;
  }
  const text = fs.readFileSync(file, "utf8");
  for (const m of text.matchAll(/["`]([A-Za-z]+\.[^"`$\n]*)["`]/g)) {
    if (KEY_SET.has(m[1] ?? "")) used.add(m[1] as string);
  }
  const prefixes = [...text.matchAll(/`([A-Za-z.]+)\.\$\{/g)].map((m) => m[1] as string);
  for (const [fn, prefix] of Object.entries(NAME_FUNCTIONS)) {
    if (new RegExp(`\\b${fn}\\(`).test(text)) prefixes.push(prefix);
  }
  for (const prefix of prefixes) {
    for (const key of ALL_KEYS) if (key.startsWith(`${prefix}.`)) used.add(key);
  }
  return used;
}

function keysOfModules(files: string[], part?: RoutePart): Set<string> {
  const used = new Set<string>();
  const modules = closure(files);
  for (const file of modules) for (const key of keysNamedIn(file)) used.add(key);
  if ([...modules].some((f) => f.endsWith(path.join("app", "i18n", "issues.ts")))) {
    const issues = (part && ISSUES_OF[part]) ?? ALL_KEYS.filter((k) => k.startsWith("issue."));
    for (const key of issues) used.add(key);
  }
  return used;
}

describe("each page's messages (decision 061)", () => {
  const shell = keysOfModules(SHELL_MODULES);
  for (const [page, part] of Object.entries(PAGES)) {
    it(`${page} ships every key its modules name`, () => {
      const shipped = new Set<string>(keysShipped(part));
      const used = keysOfModules([page], part);
      const fromData = FROM_DATA[part] ?? [];
      const missing = [...used]
        .filter((k) => !shipped.has(k) && !fromData.some((p) => k.startsWith(`${p}.`)))
        .sort();
      expect(missing).toEqual([]);
    });
  }
  // The dashboard's pages (the customer's and the admin's): root's shell, the layout's
  // "dashboard" part and the page's own. A new page must be named here.
  const dashboardDir = path.join(ROOT, "app/routes/dashboard");
  for (const file of fs.readdirSync(dashboardDir).filter((f) => /^[^.]+\.tsx$/.test(f))) {
    const page = `app/routes/dashboard/${file}`;
    it(`${page} ships every key its modules name`, () => {
      expect(DASHBOARD_PAGES, `${page} needs its part here`).toHaveProperty([file]);
      const own = DASHBOARD_PAGES[file];
      // The page's loader sends its part (the test above can only see what the modules name).
      if (own)
        expect(fs.readFileSync(path.join(ROOT, page), "utf8")).toContain(
          `routeMessages(context, "${own}")`,
        );
      const shipped = new Set<string>(keysShipped("dashboard", ...(own ? [own] : [])));
      const used = keysOfModules([page, "app/routes/dashboard/layout.tsx"], "dashboard");
      expect([...used].filter((k) => !shipped.has(k)).sort()).toEqual([]);
    });
  }
  it("the shell ships the keys of root and the storefront layout", () => {
    const shipped = new Set<string>(keysShipped("notFound"));
    expect([...shell].filter((k) => !shipped.has(k)).sort()).toEqual([]);
  });
});
