import type { Category, Color } from "./catalogue";

/*
 * The catalogue's categories and sub-categories as a Bangladeshi shop names them in Bengali:
 * the Bengali pages show them (app/i18n/bn.ts takes them from here), and a search typed in
 * Bengali finds a sub-category's products by them, whatever language their names are in.
 */

export const CATEGORY_NAMES_BN: Record<Category, string> = {
  "Women Items": "মেয়েদের পণ্য",
  "Men Items": "ছেলেদের পণ্য",
  "Health and Beauty": "স্বাস্থ্য ও সৌন্দর্য",
  "Baby and Kids": "শিশু ও বাচ্চাদের পণ্য",
  "Gadget Items": "গ্যাজেট",
  "Kitchen Items": "রান্নাঘরের পণ্য",
  "Bag Items": "ব্যাগ",
  "Home and Living": "ঘর ও গৃহসজ্জা",
  "100 TK Items": "১০০ টাকার পণ্য",
  "Cosmetics and Accessories": "কসমেটিকস ও এক্সেসরিজ",
  "Electronics and Appliances": "ইলেকট্রনিকস ও অ্যাপ্লায়েন্স",
  "Fashion and Accessories": "ফ্যাশন ও এক্সেসরিজ",
};

/** The colours as the Bengali pages and the Bengali order emails name them. */
export const COLOR_NAMES_BN: Record<Color, string> = {
  Black: "কালো",
  Gray: "ধূসর",
  White: "সাদা",
  Red: "লাল",
  Green: "সবুজ",
  Blue: "নীল",
  Yellow: "হলুদ",
  Pink: "গোলাপি",
  Orange: "কমলা",
  Purple: "বেগুনি",
};

/** A colour in Bengali; a colour of old data that is not one of COLORS stays as it was stored. */
export function colorNameBn(color: string): string {
  return (COLOR_NAMES_BN as Record<string, string>)[color] ?? color;
}

/** By the English sub-category (core/catalogue.ts SUB_CATEGORIES). */
export const SUB_CATEGORY_NAMES_BN: Readonly<Record<string, string>> = {
  Saree: "শাড়ি",
  "Three Piece": "থ্রি পিস",
  Kurti: "কুর্তি",
  Hijab: "হিজাব",
  Borka: "বোরকা",
  Orna: "ওড়না",
  Lehenga: "লেহেঙ্গা",
  "Women Tops": "মেয়েদের টপস",
  Leggings: "লেগিংস",
  Nightwear: "নাইটওয়্যার",
  "Women Sandals": "মেয়েদের স্যান্ডেল",
  Panjabi: "পাঞ্জাবি",
  "T-Shirt": "টি-শার্ট",
  "Polo Shirt": "পোলো শার্ট",
  "Formal Shirt": "ফরমাল শার্ট",
  "Jeans Pant": "জিন্স প্যান্ট",
  "Gabardine Pant": "গ্যাবার্ডিন প্যান্ট",
  Trouser: "ট্রাউজার",
  Lungi: "লুঙ্গি",
  "Men Shoes": "ছেলেদের জুতা",
  "Men Sandals": "ছেলেদের স্যান্ডেল",
  Belt: "বেল্ট",
  "Skin Care": "স্কিন কেয়ার",
  "Hair Care": "হেয়ার কেয়ার",
  "Face Wash": "ফেস ওয়াশ",
  "Body Lotion": "বডি লোশন",
  "Hair Oil": "চুলের তেল",
  "Trimmer and Shaver": "ট্রিমার ও শেভার",
  "Hair Dryer": "হেয়ার ড্রায়ার",
  Massager: "ম্যাসাজার",
  "Weighing Scale": "ওজন মাপার যন্ত্র",
  "Blood Pressure Monitor": "ব্লাড প্রেশার মেশিন",
  "Oral Care": "দাঁতের যত্ন",
  "Baby Clothing": "শিশুর পোশাক",
  "Kids Clothing": "বাচ্চাদের পোশাক",
  "Baby Feeding": "শিশুর খাবারের সরঞ্জাম",
  "Baby Toys": "শিশুর খেলনা",
  "Remote Control Toys": "রিমোট কন্ট্রোল খেলনা",
  "Educational Toys": "শিক্ষামূলক খেলনা",
  "Baby Walker": "বেবি ওয়াকার",
  "Baby Carrier": "বেবি ক্যারিয়ার",
  "Baby Bedding": "শিশুর বিছানা",
  "Kids Shoes": "বাচ্চাদের জুতা",
  "Baby Bath and Care": "শিশুর গোসল ও যত্ন",
  "Smart Watch": "স্মার্ট ওয়াচ",
  "Smart Band": "স্মার্ট ব্যান্ড",
  Earbuds: "ইয়ারবাডস",
  Headphones: "হেডফোন",
  Neckband: "নেকব্যান্ড",
  "Bluetooth Speaker": "ব্লুটুথ স্পিকার",
  "Power Bank": "পাওয়ার ব্যাংক",
  "Mobile Charger": "মোবাইল চার্জার",
  "Charging Cable": "চার্জিং ক্যাবল",
  "Phone Cover": "ফোন কভার",
  "Screen Protector": "স্ক্রিন প্রটেক্টর",
  "Mobile Holder": "মোবাইল হোল্ডার",
  "Selfie Stick": "সেলফি স্টিক",
  "Ring Light": "রিং লাইট",
  Tripod: "ট্রাইপড",
  Microphone: "মাইক্রোফোন",
  "Memory Card": "মেমোরি কার্ড",
  "Pen Drive": "পেন ড্রাইভ",
  "Computer Mouse": "কম্পিউটার মাউস",
  Keyboard: "কিবোর্ড",
  "WiFi Router": "ওয়াইফাই রাউটার",
  "Car Charger": "কার চার্জার",
  "Action Camera": "অ্যাকশন ক্যামেরা",
  "Gaming Accessories": "গেমিং এক্সেসরিজ",
  "Non Stick Pan": "ননস্টিক প্যান",
  "Pressure Cooker": "প্রেশার কুকার",
  "Kitchen Knife": "রান্নাঘরের ছুরি",
  "Cutting Board": "কাটিং বোর্ড",
  "Storage Container": "স্টোরেজ কন্টেইনার",
  "Spice Rack": "মসলার র‍্যাক",
  "Dinner Set": "ডিনার সেট",
  "Water Bottle": "পানির বোতল",
  "Lunch Box": "টিফিন বক্স",
  "Kitchen Tools": "রান্নাঘরের সরঞ্জাম",
  "Vegetable Chopper": "সবজি কাটার যন্ত্র",
  Backpack: "ব্যাকপ্যাক",
  "School Bag": "স্কুল ব্যাগ",
  "Laptop Bag": "ল্যাপটপ ব্যাগ",
  "Travel Bag": "ট্রাভেল ব্যাগ",
  "Luggage Trolley": "লাগেজ ট্রলি",
  Handbag: "হ্যান্ডব্যাগ",
  "Tote Bag": "টোট ব্যাগ",
  "Shoulder Bag": "শোল্ডার ব্যাগ",
  "Crossbody Bag": "ক্রসবডি ব্যাগ",
  Clutch: "ক্লাচ",
  "Ladies Purse": "লেডিস পার্স",
  "Men Wallet": "ছেলেদের মানিব্যাগ",
  "Waist Bag": "কোমরের ব্যাগ",
  "Gym Bag": "জিম ব্যাগ",
  "Duffel Bag": "ডাফেল ব্যাগ",
  "Messenger Bag": "মেসেঞ্জার ব্যাগ",
  "Shopping Bag": "শপিং ব্যাগ",
  "Cosmetic Bag": "কসমেটিক ব্যাগ",
  "Bed Sheet": "বেডশিট",
  Comforter: "কমফোর্টার",
  Pillow: "বালিশ",
  Curtain: "পর্দা",
  "Floor Mat": "পাপোশ",
  "Wall Clock": "দেয়াল ঘড়ি",
  "Wall Sticker": "ওয়াল স্টিকার",
  "Home Decor": "ঘর সাজানোর পণ্য",
  "Storage Organizer": "স্টোরেজ অর্গানাইজার",
  "Cleaning Supplies": "পরিষ্কারের সামগ্রী",
  "Mosquito Net": "মশারি",
  "Hair Clips": "চুলের ক্লিপ",
  Keychain: "চাবির রিং",
  "Phone Stand": "ফোন স্ট্যান্ড",
  Stationery: "স্টেশনারি",
  Socks: "মোজা",
  Handkerchief: "রুমাল",
  "Cable Organizer": "ক্যাবল অর্গানাইজার",
  "Face Mask": "ফেস মাস্ক",
  "Sticky Hooks": "স্টিকি হুক",
  "Mini Toys": "ছোট খেলনা",
  "Nail Cutter": "নেইল কাটার",
  Lipstick: "লিপস্টিক",
  Foundation: "ফাউন্ডেশন",
  "Compact Powder": "কমপ্যাক্ট পাউডার",
  "Kajal and Eyeliner": "কাজল ও আইলাইনার",
  Mascara: "মাসকারা",
  "Nail Polish": "নেইল পলিশ",
  "Makeup Brush": "মেকআপ ব্রাশ",
  "Makeup Kit": "মেকআপ কিট",
  Perfume: "পারফিউম",
  "Body Spray": "বডি স্প্রে",
  "Hair Accessories": "চুলের এক্সেসরিজ",
  "Blender and Juicer": "ব্লেন্ডার ও জুসার",
  "Rice Cooker": "রাইস কুকার",
  "Electric Kettle": "ইলেকট্রিক কেটলি",
  "Electric Iron": "ইলেকট্রিক ইস্ত্রি",
  "Air Fryer": "এয়ার ফ্রায়ার",
  "Induction Cooker": "ইন্ডাকশন চুলা",
  "Rechargeable Fan": "রিচার্জেবল ফ্যান",
  "LED Bulb": "এলইডি বাল্ব",
  "Emergency Light": "ইমার্জেন্সি লাইট",
  "Room Heater": "রুম হিটার",
  "Vacuum Cleaner": "ভ্যাকুয়াম ক্লিনার",
  Sunglasses: "সানগ্লাস",
  "Wrist Watch": "হাতঘড়ি",
  Cap: "ক্যাপ",
  "Jewellery Set": "গয়নার সেট",
  Earrings: "কানের দুল",
  Bracelet: "ব্রেসলেট",
  Necklace: "নেকলেস",
  "Finger Ring": "আংটি",
  Scarf: "স্কার্ফ",
  Sneakers: "স্নিকার্স",
  Umbrella: "ছাতা",
};

const BENGALI_LETTER = /[\u0980-\u09FF]/;
/** Shorter than this, a Bengali search would match many sub-categories by a letter or two. */
const MIN_BENGALI_MATCH = 2;

/**
 * The sub-categories a search typed in Bengali names: those whose Bengali name holds the text
 * ("শাড়" → Saree) or whose name is among its words ("লাল শাড়ি" → Saree). Nothing for a search
 * without a Bengali letter. Both sides in NFC: a keyboard may type ড় as one letter or as ড + ়.
 */
export function subCategoriesNamedIn(search: string): string[] {
  const text = search.normalize("NFC").trim().replace(/\s+/g, " ");
  if (text.length < MIN_BENGALI_MATCH || !BENGALI_LETTER.test(text)) return [];
  const words = ` ${text} `;
  return Object.entries(SUB_CATEGORY_NAMES_BN)
    .filter(([, bn]) => {
      const name = bn.normalize("NFC");
      return name.includes(text) || words.includes(` ${name} `);
    })
    .map(([sub]) => sub);
}
