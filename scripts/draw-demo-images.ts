/**
 * npm run draw-demo-images — draws the demo catalogue's pictures (three per sub-category) and the
 * home slides with their srcset copies into server/db/seed/demo-images/, where the seed copies them
 * from (docs/decisions/049). Run it after changing the drawings or the sub-categories, and commit
 * the files. The same names always get the same drawing.
 */
import fs from "node:fs/promises";
import { SUB_CATEGORIES } from "../core/catalogue";
import {
  DEMO_IMAGES_DIR,
  DEMO_SLIDES,
  drawDemoPicture,
  PICTURES_PER_SUB_CATEGORY,
  productPictureName,
  slidePictureName,
  writeDemoPicture,
} from "../server/db/seed/demo-image-files";

await fs.rm(DEMO_IMAGES_DIR, { recursive: true, force: true });
await fs.mkdir(DEMO_IMAGES_DIR, { recursive: true });
const subCategories = [...new Set(Object.values(SUB_CATEGORIES).flat())];
const names = new Set<string>();
for (const subCategory of subCategories) {
  for (let n = 0; n < PICTURES_PER_SUB_CATEGORY; n++) {
    const name = productPictureName(subCategory, n);
    if (names.has(name)) throw new Error(`two sub-categories share the file name ${name}`);
    names.add(name);
    await writeDemoPicture(
      DEMO_IMAGES_DIR,
      name,
      await drawDemoPicture({ kind: "product", subCategory, n }),
    );
  }
}
for (let n = 0; n < DEMO_SLIDES.length; n++) {
  await writeDemoPicture(
    DEMO_IMAGES_DIR,
    slidePictureName(n),
    await drawDemoPicture({ kind: "slide", n }),
  );
}
const files = await fs.readdir(DEMO_IMAGES_DIR);
let bytes = 0;
for (const file of files) bytes += (await fs.stat(`${DEMO_IMAGES_DIR}/${file}`)).size;
console.log(
  `${names.size} product pictures and ${DEMO_SLIDES.length} slides: ${files.length} files, ${(bytes / 1e6).toFixed(1)} MB in ${DEMO_IMAGES_DIR}`,
);
