/** A part of the catalogue in Bengali: exactly the keys of its English part. */
export type PartCatalog<T> = { readonly [K in keyof T]: string };
