/** What the admin products table shows of a product (only these fields go to the page). */
export type AdminProductRow = {
  _id: string;
  name: string;
  category: string;
  subCategory: string;
  productType: string;
  originalPrice: number;
  offerPrice: number | null;
  image: string | null;
  /** Pieces on hand over every variant, and whether one is Low; null: not tracked. */
  stock: { total: number; low: boolean } | null;
};
