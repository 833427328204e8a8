import type { Catalog } from "./keys";

/**
 * The interface in Bengali, as a Bangladeshi shop writes it (কার্টে যোগ করুন, ক্যাশ অন ডেলিভারি).
 * Typed by en.ts's keys: a key missing here, or one en.ts does not have, is a type error.
 */
export const bn: Catalog = {
  "lang.switchTo": "English",
};
