/** Links to the storefront's catalogue pages, built one way everywhere. */

export function productPath(id: string): string {
  return `/product-details/${encodeURIComponent(id)}`;
}

export function categoryPath(category: string): string {
  return `/product/category/${encodeURIComponent(category)}`;
}

/** Spec §2: the path value is the lowercased sub-category. */
export function subCategoryPath(subCategory: string): string {
  return `/product/sub-category/${encodeURIComponent(subCategory.toLowerCase())}`;
}

/** An absolute URL on the shop's public address ("https://shop.example" + "/shop"). */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl.replace(/\/+$/, "")}/${pathOrUrl.replace(/^\/+/, "")}`;
}

/** The listing URL of the next page: the current query with `cursor` set. */
export function withCursor(search: string, cursor: string): string {
  const params = new URLSearchParams(search);
  params.set("cursor", cursor);
  return `?${params.toString()}`;
}
