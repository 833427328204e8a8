export const CATEGORIES = [
  "Women Items",
  "Men Items",
  "Health and Beauty",
  "Baby and Kids",
  "Gadget Items",
  "Kitchen Items",
  "Bag Items",
  "Home and Living",
  "100 TK Items",
  "Cosmetics and Accessories",
  "Electronics and Appliances",
  "Fashion and Accessories",
] as const;

export type Category = (typeof CATEGORIES)[number];

export const SUB_CATEGORIES: Record<Category, readonly string[]> = {
  "Women Items": [
    "Saree",
    "Three Piece",
    "Kurti",
    "Hijab",
    "Borka",
    "Orna",
    "Lehenga",
    "Women Tops",
    "Leggings",
    "Nightwear",
    "Women Sandals",
  ],
  "Men Items": [
    "Panjabi",
    "T-Shirt",
    "Polo Shirt",
    "Formal Shirt",
    "Jeans Pant",
    "Gabardine Pant",
    "Trouser",
    "Lungi",
    "Men Shoes",
    "Men Sandals",
    "Belt",
  ],
  "Health and Beauty": [
    "Skin Care",
    "Hair Care",
    "Face Wash",
    "Body Lotion",
    "Hair Oil",
    "Trimmer and Shaver",
    "Hair Dryer",
    "Massager",
    "Weighing Scale",
    "Blood Pressure Monitor",
    "Oral Care",
  ],
  "Baby and Kids": [
    "Baby Clothing",
    "Kids Clothing",
    "Baby Feeding",
    "Baby Toys",
    "Remote Control Toys",
    "Educational Toys",
    "Baby Walker",
    "Baby Carrier",
    "Baby Bedding",
    "Kids Shoes",
    "Baby Bath and Care",
  ],
  "Gadget Items": [
    "Smart Watch",
    "Smart Band",
    "Earbuds",
    "Headphones",
    "Neckband",
    "Bluetooth Speaker",
    "Power Bank",
    "Mobile Charger",
    "Charging Cable",
    "Phone Cover",
    "Screen Protector",
    "Mobile Holder",
    "Selfie Stick",
    "Ring Light",
    "Tripod",
    "Microphone",
    "Memory Card",
    "Pen Drive",
    "Computer Mouse",
    "Keyboard",
    "WiFi Router",
    "Car Charger",
    "Action Camera",
    "Gaming Accessories",
  ],
  "Kitchen Items": [
    "Non Stick Pan",
    "Pressure Cooker",
    "Kitchen Knife",
    "Cutting Board",
    "Storage Container",
    "Spice Rack",
    "Dinner Set",
    "Water Bottle",
    "Lunch Box",
    "Kitchen Tools",
    "Vegetable Chopper",
  ],
  "Bag Items": [
    "Backpack",
    "School Bag",
    "Laptop Bag",
    "Travel Bag",
    "Luggage Trolley",
    "Handbag",
    "Tote Bag",
    "Shoulder Bag",
    "Crossbody Bag",
    "Clutch",
    "Ladies Purse",
    "Men Wallet",
    "Waist Bag",
    "Gym Bag",
    "Duffel Bag",
    "Messenger Bag",
    "Shopping Bag",
    "Cosmetic Bag",
  ],
  "Home and Living": [
    "Bed Sheet",
    "Comforter",
    "Pillow",
    "Curtain",
    "Floor Mat",
    "Wall Clock",
    "Wall Sticker",
    "Home Decor",
    "Storage Organizer",
    "Cleaning Supplies",
    "Mosquito Net",
  ],
  "100 TK Items": [
    "Hair Clips",
    "Keychain",
    "Phone Stand",
    "Stationery",
    "Socks",
    "Handkerchief",
    "Cable Organizer",
    "Face Mask",
    "Sticky Hooks",
    "Mini Toys",
    "Nail Cutter",
  ],
  "Cosmetics and Accessories": [
    "Lipstick",
    "Foundation",
    "Compact Powder",
    "Kajal and Eyeliner",
    "Mascara",
    "Nail Polish",
    "Makeup Brush",
    "Makeup Kit",
    "Perfume",
    "Body Spray",
    "Hair Accessories",
  ],
  "Electronics and Appliances": [
    "Blender and Juicer",
    "Rice Cooker",
    "Electric Kettle",
    "Electric Iron",
    "Air Fryer",
    "Induction Cooker",
    "Rechargeable Fan",
    "LED Bulb",
    "Emergency Light",
    "Room Heater",
    "Vacuum Cleaner",
  ],
  "Fashion and Accessories": [
    "Sunglasses",
    "Wrist Watch",
    "Cap",
    "Jewellery Set",
    "Earrings",
    "Bracelet",
    "Necklace",
    "Finger Ring",
    "Scarf",
    "Sneakers",
    "Umbrella",
  ],
};

/** The spec also lists the category as "Home & Living"; both spellings name one category. */
export const HOME_HOME_LIVING_ALIAS = "Home & Living";

function lookupKey(input: string): string {
  return input.trim().replace(/\s+/g, " ").toLowerCase();
}

function categoryKey(input: string): string {
  // Category names contain no "-" or "&", so URL slugs ("bag-items") and the ampersand
  // spelling can be folded without ambiguity.
  return lookupKey(input.replace(/-/g, " ").replace(/&/g, " and "));
}

const categoryByKey = new Map<string, Category>(CATEGORIES.map((c) => [categoryKey(c), c]));

const subCategoryByKey = new Map<string, { category: Category; subCategory: string }>(
  CATEGORIES.flatMap((category) =>
    SUB_CATEGORIES[category].map(
      (subCategory) => [lookupKey(subCategory), { category, subCategory }] as const,
    ),
  ),
);

export function isCategory(x: unknown): x is Category {
  return typeof x === "string" && (CATEGORIES as readonly string[]).includes(x);
}

export function normalizeCategory(input: string): Category | undefined {
  return categoryByKey.get(categoryKey(input));
}

export function findSubCategory(
  input: string,
): { category: Category; subCategory: string } | undefined {
  return subCategoryByKey.get(lookupKey(input));
}

export const PRODUCT_TYPES = ["New Arrivals", "Most Popular", "Best Selling"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const SIZES = ["XS", "S", "M", "L", "XL", "XXL", "XXXL"] as const;
export type Size = (typeof SIZES)[number];

export const COLORS = [
  "Black",
  "Gray",
  "White",
  "Red",
  "Green",
  "Blue",
  "Yellow",
  "Pink",
  "Orange",
  "Purple",
] as const;
export type Color = (typeof COLORS)[number];

export const HOME_CATEGORY_TILES = [
  "Kitchen Items",
  "Bag Items",
  "Home and Living",
  "Women Items",
  "Electronics and Appliances",
  "Baby and Kids",
] as const satisfies readonly Category[];

export const CHEAP_ITEMS_CATEGORY = "100 TK Items" satisfies Category;

/**
 * A rating means something only when customers gave it: a product saved without ratings keeps
 * the database's default (5.0, 0 reviews), which must not read as five stars.
 */
export function isRated(product: { reviews: number }): boolean {
  return product.reviews > 0;
}
