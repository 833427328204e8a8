import path from "node:path";
import { type ComponentType, createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  type RouteObject,
  RouterContextProvider,
  type StaticHandlerContext,
  StaticRouterProvider,
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
} from "react-router";
import { shellMessages } from "~/app/i18n/catalog.server";
import { actorMiddleware, actorOf, appOf, langMiddleware, langOf } from "~/app/lib/context.server";
import { shopInfo } from "~/app/lib/shop.server";
import routeConfig from "~/app/routes";
import type { AppContext } from "~/server/app-context";
import { clientAddressContext } from "~/server/http/client-address";
import { appContext } from "~/server/http/router-context";

const APP_DIR = path.resolve(import.meta.dirname, "../../app");

/** An entry of app/routes.ts (`route`, `index`, `layout`). */
type Entry = { id?: string; file: string; path?: string; index?: boolean; children?: Entry[] };

type RouteModule = {
  default?: ComponentType<never>;
  ErrorBoundary?: ComponentType<never>;
  loader?: RouteObject["loader"];
  action?: RouteObject["action"];
  meta?: (args: Record<string, unknown>) => { title?: string }[] | undefined;
};

/** The modules loaded so far, by route id (for `meta`). */
const modules = new Map<string, RouteModule>();

/** Framework mode's wrappers give components their props (`loaderData`, `actionData`, …). */
function routeOf(entry: Entry): RouteObject {
  const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
  const base = {
    id,
    path: entry.path,
    lazy: async () => {
      const mod = (await import(/* @vite-ignore */ path.join(APP_DIR, entry.file))) as RouteModule;
      modules.set(id, mod);
      return {
        loader: mod.loader,
        action: mod.action,
        Component: mod.default ? UNSAFE_withComponentProps(mod.default as never) : null,
        ErrorBoundary: mod.ErrorBoundary
          ? UNSAFE_withErrorBoundaryProps(mod.ErrorBoundary as never)
          : null,
      };
    },
  };
  if (entry.index) return { ...base, index: true };
  return { ...base, children: (entry.children ?? []).map(routeOf) };
}

/**
 * Root's data as app/root.tsx's loader sends it (the language, the shell's messages, the user and
 * the shop; no API token), without its document, inline styles and scripts.
 */
const root: RouteObject = {
  id: "root",
  path: "/",
  loader: ({ context }) => {
    const ctx = context as RouterContextProvider;
    const lang = langOf(ctx);
    return {
      lang,
      messages: shellMessages(lang),
      user: actorOf(ctx),
      shop: shopInfo(appOf(ctx)),
      apiToken: null,
    };
  },
  Component: Outlet,
  children: (routeConfig as Entry[]).map(routeOf),
};

const handler = createStaticHandler([root]);

/** `<title>` as framework mode's `<Meta />` writes it: the deepest route's meta up to the boundary. */
function titleOf(context: StaticHandlerContext): string | undefined {
  const { errors, loaderData } = context;
  const boundary = errors
    ? context.matches.findIndex((m) => Object.hasOwn(errors, m.route.id))
    : -1;
  const shown = boundary >= 0 ? context.matches.slice(0, boundary + 1) : context.matches;
  const matches = shown.map((m) => ({
    id: m.route.id,
    pathname: m.pathname,
    params: m.params,
    data: loaderData[m.route.id],
    loaderData: loaderData[m.route.id],
    handle: undefined,
    meta: [] as unknown[],
  }));
  let meta: { title?: string }[] = [];
  for (const [i, match] of shown.entries()) {
    const fn = modules.get(match.route.id)?.meta;
    if (!fn) continue;
    const route = matches[i];
    meta =
      fn({
        data: route?.data,
        loaderData: route?.data,
        params: match.params,
        location: context.location,
        matches: matches.slice(0, i + 1),
        error: errors?.[match.route.id],
      }) ?? meta;
    if (route) route.meta = meta;
  }
  return meta.find((m) => typeof m.title === "string")?.title;
}

export type DocumentAnswer = {
  status: number;
  /** The page's `<title>` (undefined for a redirect). */
  title: string | undefined;
  /** The body React renders (root's document and shell left out). */
  html: string;
  /** Where a redirect goes. */
  location: string | null;
};

/**
 * A document request as a browser without JavaScript sends it (a GET, or a form's POST), through
 * React Router's own handler over the routes of app/routes.ts: the root middleware first, then
 * the action and the loaders React Router runs for it, the page's title from the routes' meta
 * and the body rendered, in the language of `?lang=` or the `lang` cookie.
 */
export async function documentRequest(
  ctx: AppContext,
  options: {
    path: string;
    form?: Record<string, string>;
    cookie?: string;
    address?: string;
  },
): Promise<DocumentAnswer> {
  const headers = new Headers(options.cookie ? { cookie: options.cookie } : {});
  const request = options.form
    ? new Request(`http://localhost:3000${options.path}`, {
        method: "POST",
        headers: {
          ...Object.fromEntries(headers),
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(options.form),
      })
    : new Request(`http://localhost:3000${options.path}`, { headers });
  const context = new RouterContextProvider();
  context.set(appContext, ctx);
  context.set(clientAddressContext, options.address ?? "203.0.113.7");
  const args = { request, context, params: {}, url: new URL(request.url), pattern: "" } as never;
  await langMiddleware(args, async () => new Response());
  await actorMiddleware(args, async () => new Response());
  const result = await handler.query(request, { requestContext: context });
  if (result instanceof Response) {
    return {
      status: result.status,
      title: undefined,
      html: "",
      location: result.headers.get("location"),
    };
  }
  const router = createStaticRouter(handler.dataRoutes, result);
  const html = renderToString(
    createElement(StaticRouterProvider, { router, context: result, hydrate: false }),
  );
  return { status: result.statusCode, title: titleOf(result), html, location: null };
}
