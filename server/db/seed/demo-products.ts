import {
  CATEGORIES,
  type Category,
  COLORS,
  type Color,
  PRODUCT_TYPES,
  type ProductType,
  SIZES,
  type Size,
  SUB_CATEGORIES,
} from "~/core/catalogue";
import type { ProductInput } from "~/core/schemas";
import { type StockLevel, variantsOf } from "~/core/stock";

/** A product for the demo catalogue; the seed renders `imageCount` images from `imageSeed`. */
export type DemoProduct = Omit<
  ProductInput,
  "images" | "createdAt" | "stock" | "nameBn" | "descriptionBn"
> & {
  nameBn?: string;
  descriptionBn?: string;
  /** Pieces on hand of every variant (the demo seed tracks stock; the large catalogue does not). */
  stock: StockLevel[];
  imageSeed: number;
  imageCount: number;
  createdAt: Date;
};

export type DemoOptions = {
  /** PRNG seed; the same seed and `now` give the same catalogue. */
  seed?: number;
  /** createdAt values fall within the 120 days before this moment. */
  now?: Date;
};

const DAY_MS = 86_400_000;
const CREATED_WITHIN_DAYS = 120;
const CHEAP_PRICE_LIMIT = 100;

type Rng = () => number;

/** mulberry32: tiny, fast and good enough for demo data. */
function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

function pick<T>(rng: Rng, list: readonly T[]): T {
  const item = list[Math.floor(rng() * list.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/** Price range in taka, then product names for the sub-category. */
type SubSpec = readonly [price: readonly [number, number], ...names: string[]];

const SPECS: Record<string, SubSpec> = {
  // Women Items
  Saree: [
    [1200, 6500],
    "Soft Half Silk Jamdani Saree with Matching Blouse Piece for Party and Wedding Wear",
    "Tangail Cotton Saree",
  ],
  "Three Piece": [
    [1100, 3800],
    "Premium Embroidered Georgette Three Piece Set with Printed Chiffon Dupatta",
    "Unstitched Lawn Cotton Three Piece",
  ],
  Kurti: [[650, 1900], "Printed Rayon Long Kurti", "Linen Embroidered A-Line Kurti"],
  Hijab: [[250, 750], "Premium Jersey Hijab", "Chiffon Instant Hijab with Inner Cap"],
  Borka: [[1500, 4200], "Dubai Cherry Borka with Hijab Set", "Nida Fabric Abaya Borka"],
  Orna: [[300, 900], "Cotton Block Print Orna", "Soft Georgette Orna with Lace Border"],
  Lehenga: [
    [3500, 12000],
    "Bridal Net Lehenga with Stone Work and Soft Net Dupatta for Wedding Season",
  ],
  "Women Tops": [[450, 1400], "Casual Cotton Tops for Women", "Korean Style Puff Sleeve Top"],
  Leggings: [[250, 650], "Stretchable Cotton Leggings", "High Waist Ankle Length Leggings"],
  Nightwear: [[650, 1600], "Soft Cotton Night Suit Set for Women", "Satin Nighty with Robe"],
  "Women Sandals": [[550, 1800], "Comfortable Flat Sandals for Women", "Block Heel Party Sandal"],
  // Men Items
  Panjabi: [
    [1200, 3800],
    "Premium Cotton Eid Panjabi with Fine Embroidery on Collar and Placket",
    "Slim Fit Katan Panjabi",
  ],
  "T-Shirt": [
    [350, 890],
    "Half Sleeve Cotton Round Neck T-Shirt",
    "Oversized Drop Shoulder T-Shirt",
  ],
  "Polo Shirt": [[550, 1250], "Pique Cotton Polo Shirt", "Contrast Collar Polo Shirt for Men"],
  "Formal Shirt": [[850, 2200], "Slim Fit Formal Shirt", "Oxford Cotton Long Sleeve Office Shirt"],
  "Jeans Pant": [[950, 2400], "Stretch Denim Jeans Pant for Men", "Regular Fit Washed Jeans"],
  "Gabardine Pant": [[850, 1800], "Twill Gabardine Pant", "Slim Fit Chino Gabardine Pant"],
  Trouser: [[450, 1200], "Jogger Trouser with Zip Pockets", "Cotton Fleece Trouser"],
  Lungi: [[350, 950], "Soft Cotton Check Lungi", "Pabna Tat Lungi"],
  "Men Shoes": [[1500, 4800], "Genuine Leather Formal Shoes", "Casual Loafer Shoes for Men"],
  "Men Sandals": [[650, 1900], "Leather Kolhapuri Sandal", "Comfort Sole Casual Sandal for Men"],
  Belt: [[350, 1200], "Genuine Leather Belt with Auto Lock Buckle", "Reversible Formal Belt"],
  // Health and Beauty
  "Skin Care": [
    [450, 2200],
    "Vitamin C Brightening Face Serum 30ml",
    "Aloe Vera Soothing Gel 300ml",
  ],
  "Hair Care": [
    [350, 1500],
    "Argan Oil Hair Mask 500ml",
    "Keratin Smooth Shampoo and Conditioner Combo",
  ],
  "Face Wash": [[250, 900], "Neem and Tea Tree Face Wash 150ml", "Rice Water Foaming Cleanser"],
  "Body Lotion": [[300, 1100], "Cocoa Butter Body Lotion 400ml", "Shea Butter Winter Body Lotion"],
  "Hair Oil": [[200, 800], "Onion Black Seed Hair Oil 200ml", "Pure Coconut Hair Oil 500ml"],
  "Trimmer and Shaver": [
    [900, 3500],
    "Rechargeable Cordless Beard Trimmer with 4 Guide Combs and USB Charging Cable",
    "Waterproof Electric Shaver",
  ],
  "Hair Dryer": [[900, 2800], "Foldable Hair Dryer 1200W", "Ionic Hair Dryer with Diffuser"],
  Massager: [
    [1200, 5500],
    "Electric Neck and Shoulder Massager",
    "Handheld Deep Tissue Massage Gun",
  ],
  "Weighing Scale": [[650, 1800], "Digital Bathroom Weighing Scale 180kg", "Body Fat Smart Scale"],
  "Blood Pressure Monitor": [
    [1800, 4200],
    "Automatic Digital Blood Pressure Monitor",
    "Wrist Type BP Machine with Voice",
  ],
  "Oral Care": [[250, 2200], "Sonic Electric Toothbrush", "Charcoal Toothbrush Family Pack of 4"],
  // Baby and Kids
  "Baby Clothing": [[350, 1200], "Newborn Cotton Romper Set of 3", "Baby Winter Hooded Jumpsuit"],
  "Kids Clothing": [[450, 1600], "Kids Cotton T-Shirt and Shorts Set", "Girls Frock with Bow"],
  "Baby Feeding": [[250, 1500], "Anti-Colic Feeding Bottle 250ml", "Silicone Baby Feeding Set"],
  "Baby Toys": [[250, 1200], "Musical Rattle Toy Set", "Soft Plush Teddy Bear"],
  "Remote Control Toys": [
    [1200, 4500],
    "Rechargeable Remote Control Stunt Car with 360 Degree Rotation and LED Lights",
    "RC Helicopter",
  ],
  "Educational Toys": [
    [350, 1800],
    "Wooden Alphabet Puzzle Board",
    "Magnetic Drawing Board for Kids",
  ],
  "Baby Walker": [[1800, 4200], "Foldable Baby Walker with Music Tray", "Push Walker for Toddlers"],
  "Baby Carrier": [[1200, 3200], "Ergonomic Baby Carrier Bag", "Hip Seat Baby Carrier"],
  "Baby Bedding": [[650, 2200], "Baby Mosquito Net Bed", "Cotton Baby Pillow and Bolster Set"],
  "Kids Shoes": [[550, 1600], "Light Up LED Sneakers for Kids", "Kids Velcro School Shoes"],
  "Baby Bath and Care": [[350, 1800], "Baby Bath Tub with Seat", "Gentle Baby Care Gift Box"],
  // Gadget Items
  "Smart Watch": [
    [1800, 6500],
    "Bluetooth Calling Smart Watch with AMOLED Display, Heart Rate and SpO2 Monitor",
    "Smart Watch Series 9 Ultra",
  ],
  "Smart Band": [[900, 2600], "Fitness Smart Band 8", "Waterproof Activity Tracker Band"],
  Earbuds: [
    [900, 3800],
    "Wireless Bluetooth Earbuds Pro 5.3",
    "ENC Gaming Earbuds with Low Latency",
    "True Wireless Stereo Earbuds with Charging Case",
  ],
  Headphones: [[1200, 4500], "Over-Ear Wireless Headphones", "Foldable Bass Headphones with Mic"],
  Neckband: [[550, 1800], "Magnetic Bluetooth Neckband", "Sports Neckband 40 Hours Playtime"],
  "Bluetooth Speaker": [[900, 4800], "Portable Bluetooth Speaker 20W", "Mini Waterproof Speaker"],
  "Power Bank": [
    [1100, 3500],
    "20000mAh Fast Charging Power Bank",
    "10000mAh Slim Power Bank with Built-in Cable",
  ],
  "Mobile Charger": [[450, 1800], "65W GaN Fast Charger", "20W PD Type-C Charger Adapter"],
  "Charging Cable": [[150, 650], "Braided Type-C Fast Charging Cable 1m", "3 in 1 Charging Cable"],
  "Phone Cover": [[150, 650], "Shockproof Transparent Phone Cover", "Magnetic Leather Flip Cover"],
  "Screen Protector": [[150, 450], "9H Tempered Glass Screen Protector", "Privacy Glass Protector"],
  "Mobile Holder": [[250, 900], "Car Dashboard Mobile Holder", "Adjustable Desk Phone Holder"],
  "Selfie Stick": [[450, 1500], "Bluetooth Selfie Stick Tripod", "Extendable Selfie Stick"],
  "Ring Light": [[650, 2800], "10 Inch LED Ring Light with Stand", "Clip-on Selfie Ring Light"],
  Tripod: [[550, 2500], "Aluminium Camera Tripod 5 Feet", "Flexible Octopus Tripod"],
  Microphone: [[550, 3200], "Wireless Lavalier Microphone for Mobile", "USB Condenser Microphone"],
  "Memory Card": [
    [450, 1800],
    "64GB MicroSD Memory Card Class 10",
    "128GB High Speed MicroSD Card",
  ],
  "Pen Drive": [[450, 1600], "32GB USB 3.0 Pen Drive", "OTG Dual Pen Drive 64GB"],
  "Computer Mouse": [[250, 1500], "Wireless Optical Mouse", "RGB Gaming Mouse 7200 DPI"],
  Keyboard: [
    [650, 3200],
    "Mechanical Gaming Keyboard with RGB Backlight",
    "Slim Wireless Keyboard",
  ],
  "WiFi Router": [[1500, 4800], "Dual Band Gigabit WiFi Router", "4G LTE Portable Pocket Router"],
  "Car Charger": [[350, 1200], "Dual USB Fast Car Charger", "Car Charger with FM Transmitter"],
  "Action Camera": [[3500, 9500], "4K Waterproof Action Camera with Accessories Kit"],
  "Gaming Accessories": [
    [450, 2500],
    "Mobile Gaming Trigger and Cooling Fan Combo",
    "Wireless Game Controller",
  ],
  // Kitchen Items
  "Non Stick Pan": [[650, 2400], "Granite Coated Non Stick Fry Pan 26cm", "Non Stick Tawa"],
  "Pressure Cooker": [[1800, 4200], "Stainless Steel Pressure Cooker 5 Litre"],
  "Kitchen Knife": [[250, 1500], "Stainless Steel Kitchen Knife Set of 6", "Ceramic Chef Knife"],
  "Cutting Board": [[250, 900], "Bamboo Cutting Board", "Plastic Chopping Board Set of 3"],
  "Storage Container": [
    [450, 1800],
    "Airtight Food Storage Container Set of 6 with Measuring Scale and Easy Lock Lids",
    "Glass Jar Storage Set",
  ],
  "Spice Rack": [[450, 1500], "Rotating Spice Rack with 16 Jars", "Wall Mounted Spice Organizer"],
  "Dinner Set": [[2500, 8500], "Melamine Dinner Set 32 Pieces", "Opal Glass Dinner Set"],
  "Water Bottle": [
    [250, 1200],
    "Stainless Steel Insulated Water Bottle 1L",
    "Motivational Time Marker Bottle",
  ],
  "Lunch Box": [[350, 1500], "Electric Heating Lunch Box", "3 Layer Steel Tiffin Box"],
  "Kitchen Tools": [[250, 1200], "Silicone Spatula Set of 5", "Stainless Steel Kitchen Tools Set"],
  "Vegetable Chopper": [
    [450, 1500],
    "Multi-Function Vegetable Chopper and Slicer",
    "Hand Pull Chopper",
  ],
  // Bag Items
  Backpack: [[900, 2800], "Waterproof Casual Backpack with USB Port", "Anti-Theft Travel Backpack"],
  "School Bag": [[650, 1800], "Lightweight School Bag for Kids", "Cartoon Print School Backpack"],
  "Laptop Bag": [[1100, 2800], "15.6 Inch Padded Laptop Bag", "Slim Laptop Sleeve with Handle"],
  "Travel Bag": [[1200, 3500], "Large Foldable Travel Bag", "Weekender Travel Bag"],
  "Luggage Trolley": [
    [4500, 12000],
    "Hard Shell Luggage Trolley 24 Inch with 360 Degree Spinner Wheels and TSA Lock",
  ],
  Handbag: [[1200, 3200], "PU Leather Ladies Handbag", "Top Handle Handbag with Sling"],
  "Tote Bag": [[450, 1500], "Canvas Tote Bag", "Printed Jute Tote Bag"],
  "Shoulder Bag": [[900, 2400], "Quilted Chain Shoulder Bag", "Hobo Shoulder Bag"],
  "Crossbody Bag": [[650, 1800], "Mini Crossbody Phone Bag", "Men Crossbody Chest Bag"],
  Clutch: [[550, 1600], "Party Clutch with Stone Work", "Envelope Clutch Purse"],
  "Ladies Purse": [[350, 1200], "Long Zipper Ladies Purse", "Card Holder Mini Purse"],
  "Men Wallet": [[350, 1500], "Genuine Leather Men Wallet", "RFID Blocking Slim Wallet"],
  "Waist Bag": [[450, 1200], "Running Waist Bag", "Water Resistant Belt Bag"],
  "Gym Bag": [[900, 2200], "Gym Duffel Bag with Shoe Compartment"],
  "Duffel Bag": [[1200, 3200], "Large Capacity Duffel Bag", "Leather Duffel Bag"],
  "Messenger Bag": [[900, 2400], "Canvas Messenger Bag", "Office Messenger Bag for Men"],
  "Shopping Bag": [[150, 650], "Foldable Reusable Shopping Bag", "Trolley Shopping Bag"],
  "Cosmetic Bag": [[350, 1100], "Travel Cosmetic Organizer Bag", "Transparent Makeup Pouch"],
  // Home and Living
  "Bed Sheet": [
    [1200, 3800],
    "King Size Cotton Bed Sheet with 2 Pillow Covers",
    "Printed Twill Bed Sheet Set",
  ],
  Comforter: [[2200, 5500], "Winter Comforter Double Size", "Lightweight Summer Comforter"],
  Pillow: [[450, 1500], "Soft Fibre Pillow Pair", "Memory Foam Cervical Pillow"],
  Curtain: [[900, 2800], "Blackout Window Curtain Pair", "Sheer Door Curtain"],
  "Floor Mat": [[350, 1500], "Anti-Slip Door Mat", "3D Printed Floor Carpet 5x7 Feet"],
  "Wall Clock": [[650, 2200], "Silent Sweep Wall Clock", "Wooden Decorative Wall Clock"],
  "Wall Sticker": [
    [150, 650],
    "3D Brick Wall Sticker Pack of 10",
    "Islamic Calligraphy Wall Sticker",
  ],
  "Home Decor": [[450, 2500], "Artificial Flower Vase Set", "Decorative LED Fairy Lights"],
  "Storage Organizer": [[450, 1800], "Foldable Cloth Storage Box", "Under Bed Storage Organizer"],
  "Cleaning Supplies": [[350, 1800], "360 Spin Mop with Bucket", "Microfibre Cleaning Cloth Set"],
  "Mosquito Net": [[650, 2500], "Foldable Mosquito Net for Double Bed", "Magic Mosquito Net"],
  // 100 TK Items
  "Hair Clips": [[20, 100], "Korean Hair Clip Set of 6", "Claw Clip for Thick Hair"],
  Keychain: [[30, 100], "Metal Car Keychain", "Cute Cartoon Keychain"],
  "Phone Stand": [[50, 100], "Foldable Mobile Phone Stand", "Desk Phone Stand"],
  Stationery: [[20, 100], "Gel Pen Pack of 5", "Pocket Notebook Set", "Sticky Note Pad Combo"],
  Socks: [[40, 100], "Cotton Ankle Socks Pair", "Sports Socks for Men"],
  Handkerchief: [[30, 100], "Cotton Handkerchief Pack of 3"],
  "Cable Organizer": [[30, 100], "Silicone Cable Organizer Clips", "Velcro Cable Ties Pack of 10"],
  "Face Mask": [[20, 100], "Reusable Cotton Face Mask", "Surgical Face Mask Pack of 10"],
  "Sticky Hooks": [[20, 100], "Strong Adhesive Wall Hooks Pack of 6", "Transparent Sticky Hooks"],
  "Mini Toys": [[30, 100], "Pull Back Mini Car", "Pop It Fidget Toy"],
  "Nail Cutter": [[40, 100], "Stainless Steel Nail Cutter", "Nail Clipper with Catcher"],
  // Cosmetics and Accessories
  Lipstick: [[250, 1200], "Matte Liquid Lipstick Long Lasting", "Velvet Lipstick Set of 3"],
  Foundation: [[450, 1800], "Full Coverage Liquid Foundation 30ml", "BB Cream SPF 30"],
  "Compact Powder": [[250, 900], "Oil Control Compact Powder", "Two Way Cake Compact"],
  "Kajal and Eyeliner": [[200, 700], "Smudge Proof Kajal", "Waterproof Liquid Eyeliner"],
  Mascara: [[300, 900], "Volume Curl Mascara", "Waterproof Lash Mascara"],
  "Nail Polish": [[120, 450], "Quick Dry Nail Polish Set of 6", "Gel Finish Nail Polish"],
  "Makeup Brush": [[350, 1500], "Professional Makeup Brush Set of 12 with Pouch"],
  "Makeup Kit": [
    [1200, 4500],
    "All in One Makeup Kit with Eyeshadow Palette, Blush, Highlighter and Lip Gloss",
  ],
  Perfume: [[650, 3500], "Long Lasting Eau de Parfum 100ml", "Oud Attar 12ml"],
  "Body Spray": [[250, 750], "Fresh Aqua Body Spray 150ml", "Men Deodorant Body Spray"],
  "Hair Accessories": [[150, 650], "Pearl Hair Band", "Bridal Hair Accessories Set"],
  // Electronics and Appliances
  "Blender and Juicer": [
    [1800, 6500],
    "3 in 1 Blender Juicer Grinder 850W",
    "Portable USB Juicer Blender",
  ],
  "Rice Cooker": [[1800, 4200], "Electric Rice Cooker 1.8 Litre", "Multi Cooker with Steamer"],
  "Electric Kettle": [[850, 2200], "Stainless Steel Electric Kettle 1.8L", "Glass Electric Kettle"],
  "Electric Iron": [[900, 2800], "Steam Iron with Non Stick Soleplate", "Dry Iron 1000W"],
  "Air Fryer": [[5500, 12000], "Digital Air Fryer 5.5 Litre", "Oil Free Air Fryer with Timer"],
  "Induction Cooker": [[2800, 5500], "Touch Control Induction Cooker 2000W"],
  "Rechargeable Fan": [
    [1800, 5500],
    "Rechargeable Table Fan with LED Light and Solar Charging Support for Load Shedding",
    "Mini USB Rechargeable Fan",
  ],
  "LED Bulb": [[150, 650], "Rechargeable Emergency LED Bulb 15W", "Energy Saving LED Bulb 12W"],
  "Emergency Light": [[650, 2200], "Rechargeable Emergency Light 60 LED", "Solar Emergency Light"],
  "Room Heater": [[1800, 4500], "Oil Free Room Heater 2000W", "Portable Fan Heater"],
  "Vacuum Cleaner": [
    [2500, 9500],
    "Handheld Cordless Vacuum Cleaner",
    "Wet and Dry Vacuum Cleaner",
  ],
  // Fashion and Accessories
  Sunglasses: [[350, 1500], "Polarized UV400 Sunglasses", "Retro Round Sunglasses"],
  "Wrist Watch": [
    [900, 4500],
    "Stainless Steel Chronograph Wrist Watch for Men with Date Display and Gift Box",
    "Minimalist Ladies Wrist Watch",
  ],
  Cap: [[250, 750], "Cotton Baseball Cap", "Winter Knitted Cap"],
  "Jewellery Set": [
    [650, 3500],
    "Gold Plated Bridal Jewellery Set",
    "Kundan Necklace and Earring Set",
  ],
  Earrings: [[150, 900], "Oxidised Jhumka Earrings", "Pearl Stud Earrings"],
  Bracelet: [[200, 900], "Stainless Steel Men Bracelet", "Charm Bracelet for Women"],
  Necklace: [[350, 1500], "Layered Chain Necklace", "Pendant Necklace with Name Plate"],
  "Finger Ring": [[150, 900], "Adjustable Finger Ring", "Stainless Steel Couple Ring Set"],
  Scarf: [[350, 1200], "Pashmina Winter Scarf", "Printed Silk Scarf"],
  Sneakers: [[1500, 4200], "Breathable Running Sneakers", "Casual White Sneakers"],
  Umbrella: [[450, 1200], "Automatic Folding Umbrella", "UV Protection Umbrella"],
};

const CLOTHING = new Set([
  "Three Piece",
  "Kurti",
  "Borka",
  "Lehenga",
  "Women Tops",
  "Leggings",
  "Nightwear",
  "Panjabi",
  "T-Shirt",
  "Polo Shirt",
  "Formal Shirt",
  "Jeans Pant",
  "Gabardine Pant",
  "Trouser",
  "Baby Clothing",
  "Kids Clothing",
]);
const SHOES = new Set(["Women Sandals", "Men Shoes", "Men Sandals", "Kids Shoes", "Sneakers"]);
/** Sub-categories (besides clothes and shoes) that come in colours. */
const COLOURED = new Set([
  "Saree",
  "Hijab",
  "Orna",
  "Lungi",
  "Belt",
  "Smart Watch",
  "Smart Band",
  "Earbuds",
  "Headphones",
  "Bluetooth Speaker",
  "Phone Cover",
  "Computer Mouse",
  "Water Bottle",
  "Lunch Box",
  "Bed Sheet",
  "Curtain",
  "Cap",
  "Scarf",
  "Umbrella",
  "Sunglasses",
  "Socks",
  "Hair Clips",
  ...SUB_CATEGORIES["Bag Items"],
]);

/** Label: value lines for each category's descriptions. */
const DETAILS: Record<Category, Record<string, readonly string[]>> = {
  "Women Items": {
    Material: ["Cotton", "Georgette", "Linen", "Half Silk", "Rayon", "Chiffon"],
    Origin: ["Bangladesh", "India", "Pakistan"],
    Care: ["Hand wash in cold water", "Dry clean recommended", "Machine wash gentle"],
    Fit: ["Regular", "Free size", "Relaxed"],
  },
  "Men Items": {
    Material: ["Cotton", "Linen", "Polyester Blend", "Cotton Blend"],
    Origin: ["Bangladesh", "India", "China", "Thailand"],
    Fit: ["Regular", "Slim", "Relaxed"],
    Care: ["Machine wash cold", "Do not bleach", "Wipe with a dry cloth"],
  },
  "Health and Beauty": {
    Origin: ["Korea", "India", "Thailand", "China", "Malaysia"],
    "Skin Type": ["All skin types", "Oily skin", "Dry skin"],
    Warranty: ["No warranty", "6 months", "1 year"],
    "Shelf Life": ["24 months", "36 months"],
  },
  "Baby and Kids": {
    Age: ["0-12 months", "1-3 years", "3-6 years", "6+ years"],
    Material: ["BPA Free Plastic", "Soft Cotton", "Wood", "ABS Plastic"],
    Origin: ["China", "India", "Bangladesh"],
    Safety: ["Non-toxic", "Rounded edges", "Tested for small parts"],
  },
  "Gadget Items": {
    Connectivity: ["Bluetooth 5.3", "Bluetooth 5.0", "USB Type-C", "Wireless 2.4GHz"],
    Battery: ["Up to 30 hours", "Up to 7 days", "Fast charging"],
    Origin: ["China", "Vietnam"],
    Warranty: ["6 months", "1 year", "7 days replacement"],
  },
  "Kitchen Items": {
    Material: ["Stainless Steel", "Food Grade Plastic", "Granite Coating", "Borosilicate Glass"],
    Origin: ["China", "Thailand", "India", "Bangladesh"],
    Care: ["Dishwasher safe", "Hand wash only"],
    Capacity: ["1 Litre", "1.5 Litre", "5 Litre", "Set"],
  },
  "Bag Items": {
    Material: ["PU Leather", "Polyester", "Canvas", "Nylon", "Genuine Leather"],
    Origin: ["China", "Bangladesh"],
    Compartments: ["1 main, 2 side pockets", "3 zipper pockets", "Laptop sleeve and front pocket"],
    "Water Resistant": ["Yes", "Splash proof"],
  },
  "Home and Living": {
    Material: ["Cotton", "Polyester", "Microfibre", "Wood", "Plastic"],
    Size: ["Single", "Double", "King", "Standard"],
    Origin: ["Bangladesh", "China", "Pakistan"],
    Care: ["Machine wash", "Wipe clean"],
  },
  "100 TK Items": {
    Material: ["Plastic", "Metal", "Cotton", "Silicone"],
    Pack: ["1 piece", "Pack of 2", "Pack of 5"],
    Origin: ["China", "Bangladesh"],
  },
  "Cosmetics and Accessories": {
    Origin: ["Korea", "India", "Thailand", "France", "UAE"],
    Finish: ["Matte", "Glossy", "Natural"],
    "Shelf Life": ["24 months", "36 months"],
    Weight: ["15 g", "30 ml", "100 ml", "150 ml"],
  },
  "Electronics and Appliances": {
    Power: ["15W", "850W", "1000W", "1500W", "2000W"],
    Voltage: ["220-240V"],
    Origin: ["China", "Malaysia", "Thailand"],
    Warranty: ["6 months", "1 year", "2 years"],
  },
  "Fashion and Accessories": {
    Material: ["Alloy", "Stainless Steel", "Cotton", "Polycarbonate", "Synthetic Leather"],
    Origin: ["China", "India", "Thailand"],
    Style: ["Casual", "Party", "Daily wear"],
  },
};

/** Per sub-category changes to its category's details; null drops a label. */
const SUB_DETAILS: Record<string, Record<string, readonly string[] | null>> = {
  Saree: { Material: ["Half Silk", "Cotton", "Jamdani", "Katan"] },
  Panjabi: { Material: ["Cotton", "Katan", "Linen", "Dhupian"] },
  "Jeans Pant": { Material: ["Stretch Denim", "Cotton Denim"] },
  "Gabardine Pant": { Material: ["Cotton Twill", "Stretch Gabardine"] },
  Lungi: { Material: ["Cotton"], Fit: null },
  "Men Shoes": { Material: ["Genuine Leather", "Synthetic Leather"], Fit: ["True to size"] },
  "Men Sandals": { Material: ["Genuine Leather", "PU Leather"], Fit: ["True to size"] },
  Belt: { Material: ["Genuine Leather", "PU Leather"], Fit: ["Adjustable"] },
  "Women Sandals": { Material: ["PU Leather", "Synthetic"], Fit: ["True to size"] },
  "Trimmer and Shaver": {
    "Skin Type": null,
    "Shelf Life": null,
    Battery: ["90 minutes runtime", "60 minutes runtime"],
    Warranty: ["6 months", "1 year"],
  },
  "Hair Dryer": {
    "Skin Type": null,
    "Shelf Life": null,
    Power: ["1200W", "1800W"],
    Warranty: ["6 months", "1 year"],
  },
  Massager: {
    "Skin Type": null,
    "Shelf Life": null,
    Battery: ["Rechargeable, up to 4 hours"],
    Warranty: ["6 months", "1 year"],
  },
  "Weighing Scale": {
    "Skin Type": null,
    "Shelf Life": null,
    Capacity: ["180 kg"],
    Warranty: ["1 year"],
  },
  "Blood Pressure Monitor": {
    "Skin Type": null,
    "Shelf Life": null,
    Memory: ["2 x 90 readings"],
    Warranty: ["1 year"],
  },
  "Oral Care": { "Skin Type": null, Warranty: ["No warranty", "6 months"] },
  "Phone Cover": { Connectivity: null, Battery: null, Material: ["TPU", "Silicone", "PU Leather"] },
  "Screen Protector": { Connectivity: null, Battery: null, Hardness: ["9H"] },
  "Mobile Holder": { Connectivity: null, Battery: null, Material: ["ABS Plastic", "Aluminium"] },
  Tripod: { Connectivity: null, Battery: null, Material: ["Aluminium", "ABS Plastic"] },
  "Memory Card": { Connectivity: null, Battery: null, Speed: ["Class 10", "UHS-I U3"] },
  "Pen Drive": { Connectivity: ["USB 3.0", "USB 2.0", "USB Type-C"], Battery: null },
  "Charging Cable": { Connectivity: ["USB Type-C", "Lightning", "Micro USB"], Battery: null },
  "Mobile Charger": { Connectivity: ["USB Type-C", "USB-A"], Battery: null },
  "Car Charger": { Connectivity: ["USB Type-C", "USB-A"], Battery: null },
  Keyboard: { Battery: null },
  "WiFi Router": { Connectivity: ["Dual Band WiFi", "4G LTE"], Battery: null },
  "Ring Light": { Connectivity: ["USB powered"], Battery: null },
  "Non Stick Pan": {
    Material: ["Granite Coating", "Aluminium with Non Stick Coating"],
    Capacity: null,
  },
  "Pressure Cooker": { Material: ["Stainless Steel", "Hard Anodised Aluminium"] },
  "Kitchen Knife": { Material: ["Stainless Steel", "Ceramic"], Capacity: null },
  "Cutting Board": { Material: ["Bamboo", "Food Grade Plastic"], Capacity: null },
  "Spice Rack": { Capacity: null },
  "Dinner Set": { Material: ["Melamine", "Opal Glass"], Capacity: null },
  "Kitchen Tools": { Material: ["Silicone", "Stainless Steel"], Capacity: null },
  "Vegetable Chopper": { Material: ["Food Grade Plastic with Steel Blades"], Capacity: null },
  "Wall Clock": { Size: ["12 inch", "14 inch"], Material: ["Plastic", "Wood"] },
  "Wall Sticker": { Size: ["60 x 90 cm", "Standard"], Material: ["PVC Vinyl"] },
  "Home Decor": { Size: null },
  "Cleaning Supplies": { Size: null, Material: ["Microfibre", "Plastic"] },
  "Mosquito Net": { Material: ["Polyester"] },
  Sunglasses: { Material: ["Polycarbonate", "Metal Frame"] },
  "Wrist Watch": { Material: ["Stainless Steel", "Synthetic Leather"] },
  Cap: { Material: ["Cotton", "Wool Blend"] },
  Scarf: { Material: ["Pashmina", "Silk", "Cotton"] },
  Sneakers: { Material: ["Mesh", "Synthetic Leather"] },
  Umbrella: { Material: ["Polyester with UV Coating"] },
};

function detailsFor(category: Category, subCategory: string): [string, readonly string[]][] {
  const merged: Record<string, readonly string[] | null> = {
    ...DETAILS[category],
    ...SUB_DETAILS[subCategory],
  };
  return Object.entries(merged).filter((e): e is [string, readonly string[]] => e[1] !== null);
}

const INTROS = [
  (n: string) => `${n} brought in for everyday use and checked by our team before dispatch.`,
  (n: string) => `Our customers reorder the ${n} often, and it is easy to see why.`,
  (n: string) =>
    `Order the ${n} today and pay cash when it reaches your door anywhere in Bangladesh.`,
  (n: string) =>
    `The ${n} is a practical pick at a fair price, packed with care and delivered fast.`,
];

const OUTROS = [
  "Colour may vary slightly from the photos.",
  "7 days return if the product does not match the description.",
  "Please check the product in front of the delivery man.",
  "",
];

function cleanPrice(raw: number, cheap: boolean): number {
  if (cheap) return Math.min(CHEAP_PRICE_LIMIT, Math.max(10, Math.round(raw / 5) * 5));
  if (raw >= 1000) return Math.round(raw / 50) * 50 - 10;
  return Math.max(10, Math.round(raw / 10) * 10);
}

function offerFor(rng: Rng, original: number, cheap: boolean): number | undefined {
  if (rng() < 0.45) return undefined;
  const raw = original * (0.7 + rng() * 0.25);
  const step = cheap || original < 300 ? 5 : 10;
  const offer = Math.floor(raw / step) * step;
  return Math.max(1, Math.min(offer, original - 1));
}

function pickColours(rng: Rng): Color[] {
  const count = int(rng, 2, 5);
  const chosen = new Set<Color>();
  while (chosen.size < count) chosen.add(pick(rng, COLORS));
  return COLORS.filter((c) => chosen.has(c));
}

function pickSizes(rng: Rng, subCategory: string): Size[] {
  if (SHOES.has(subCategory)) {
    const start = int(rng, 1, 2);
    return SIZES.slice(start, start + int(rng, 3, 4));
  }
  const start = int(rng, 0, 2);
  return SIZES.slice(start, start + int(rng, 3, 5));
}

function describeProduct(rng: Rng, category: Category, subCategory: string, name: string): string {
  const details = detailsFor(category, subCategory);
  const count = Math.min(details.length, int(rng, 3, 4));
  const lines = [pick(rng, INTROS)(name)];
  for (const [label, values] of details.slice(0, count))
    lines.push(`${label}: ${pick(rng, values)}`);
  const outro = pick(rng, OUTROS);
  if (outro) lines.push(outro);
  return lines.join("\n");
}

function videoId(rng: Rng): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  return Array.from({ length: 11 }, () => pick(rng, alphabet.split(""))).join("");
}

/** Every sub-category once, interleaved so that even a short list spans all categories. */
function coverageOrder(): { category: Category; subCategory: string }[] {
  const longest = Math.max(...CATEGORIES.map((c) => SUB_CATEGORIES[c].length));
  const order: { category: Category; subCategory: string }[] = [];
  for (let j = 0; j < longest; j++) {
    for (const category of CATEGORIES) {
      const subCategory = SUB_CATEGORIES[category][j];
      if (subCategory !== undefined) order.push({ category, subCategory });
    }
  }
  return order;
}

/**
 * A shop's shelf: most variants hold 4–40 pieces, every fifth product of a category runs low
 * (1–3 of some variants), every ninth of a category is sold out, and every seventh has lost one
 * size or colour. Counted per category (`nth`: the product's place among its category's), not
 * over the catalogue: the first products interleave the twelve categories, so a catalogue-wide
 * "every twelfth" fell on one category (decision 062). Its own generator (seeded by the
 * product's image seed), so the catalogue's other figures stay as they were before products had
 * stock.
 */
function demoStock(
  offers: { sizes: readonly string[]; colors: readonly string[] },
  seed: number,
  nth: number,
): StockLevel[] {
  const rng = mulberry32(seed ^ 0x570c);
  const soldOut = nth % 9 === 4;
  const low = !soldOut && nth % 5 === 2;
  const variants = variantsOf(offers);
  // Now and then one size or colour of a product with several is gone.
  const gone = !soldOut && !low && nth % 7 === 5 && variants.length > 1 ? variants.length - 1 : -1;
  return variants.map((v, k) => {
    if (soldOut || k === gone) return { ...v, quantity: 0 };
    if (low && k % 2 === 0) return { ...v, quantity: int(rng, 1, 3) };
    return { ...v, quantity: int(rng, 4, 40) };
  });
}

const MODEL_SUFFIXES = ["Plus", "Lite", "Max", "Classic", "Deluxe", "Mini"];

export function generateDemoProducts(count = 180, options: DemoOptions = {}): DemoProduct[] {
  const rng = mulberry32(options.seed ?? 0x4a1a7);
  const now = (options.now ?? new Date()).getTime();
  const slots = coverageOrder();
  const cheapSubs = SUB_CATEGORIES["100 TK Items"];
  while (slots.length < count) {
    // Every third extra goes to 100 TK Items, so that section has more than one screenful.
    const category = slots.length % 3 === 0 ? "100 TK Items" : pick(rng, CATEGORIES);
    const subs = category === "100 TK Items" ? cheapSubs : SUB_CATEGORIES[category];
    slots.push({ category, subCategory: pick(rng, subs) });
  }

  const seen = new Map<string, number>();
  const inCategory = new Map<string, number>();
  return slots.slice(0, count).map(({ category, subCategory }, i): DemoProduct => {
    const nth = inCategory.get(category) ?? 0;
    inCategory.set(category, nth + 1);
    const spec = SPECS[subCategory];
    if (!spec) throw new Error(`No demo spec for sub-category ${subCategory}`);
    const [[min, max], ...names] = spec;
    const occurrence = seen.get(subCategory) ?? 0;
    seen.set(subCategory, occurrence + 1);
    const baseName = names[occurrence % names.length] ?? subCategory;
    const round = Math.floor(occurrence / names.length);
    const name =
      round === 0 ? baseName : `${baseName} ${MODEL_SUFFIXES[(round - 1) % MODEL_SUFFIXES.length]}`;

    const cheap = category === "100 TK Items";
    const originalPrice = cleanPrice(min + rng() * (max - min), cheap);
    const offerPrice = offerFor(rng, originalPrice, cheap);
    const clothes = CLOTHING.has(subCategory) || SHOES.has(subCategory);
    const productType: ProductType = PRODUCT_TYPES[i] ?? pick(rng, PRODUCT_TYPES);

    const product = {
      name,
      description: describeProduct(rng, category, subCategory, name),
      ...(i % 15 === 7 ? { videoLink: `https://www.youtube.com/watch?v=${videoId(rng)}` } : {}),
      category,
      subCategory,
      productType,
      sizes: clothes ? pickSizes(rng, subCategory) : [],
      colors: clothes || COLOURED.has(subCategory) ? pickColours(rng) : [],
      originalPrice,
      ...(offerPrice !== undefined ? { offerPrice } : {}),
      ratings: int(rng, 35, 50) / 10,
      reviews: int(rng, 0, 500),
      trackStock: true,
      imageSeed: int(rng, 1, 2_000_000_000),
      imageCount: int(rng, 1, 4),
      createdAt: new Date(now - Math.floor(rng() * CREATED_WITHIN_DAYS * DAY_MS)),
    };
    return { ...product, stock: demoStock(product, product.imageSeed, nth) };
  });
}
