/** "<page> | <shop name>" from the root loader's shop details (available to every meta function). */
export function pageTitle(page: string, matches: readonly unknown[]): string {
  for (const m of matches) {
    const match = m as { id?: string; loaderData?: { shop?: { name?: string } } } | undefined;
    if (match?.id === "root") return `${page} | ${match.loaderData?.shop?.name ?? "Haat"}`;
  }
  return `${page} | Haat`;
}
