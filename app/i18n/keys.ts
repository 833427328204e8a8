import type { en } from "./en";

/** A message of the interface: a key of en.ts. */
export type MessageKey = keyof typeof en;

/** A whole language: every key, nothing else. */
export type Catalog = { readonly [K in MessageKey]: string };
