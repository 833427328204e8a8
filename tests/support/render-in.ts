import { createElement, type FunctionComponent } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { wholeCatalog } from "~/app/i18n/catalog.server";
import type { Lang } from "~/core/locale";

/**
 * A component rendered to HTML as a page in `lang` renders it: the root route's language and
 * messages, and whatever else of the root's data it reads (`root`, e.g. the shop).
 */
export function renderIn<P extends object>(
  component: FunctionComponent<P>,
  props: P,
  lang: Lang = "en",
  root: Record<string, unknown> = {},
): string {
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: () => createElement(component, props) },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: ["/"],
      hydrationData: { loaderData: { root: { lang, messages: wholeCatalog(lang), ...root } } },
    }),
  );
}

/** The text of rendered HTML as a person reads it: tags gone, spaces collapsed. */
export function textOf(html: string): string {
  return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}
