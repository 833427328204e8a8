import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SUB_CATEGORIES } from "~/core/catalogue";
import { IMAGE_KINDS, MEDIA_WIDTHS } from "~/core/media";
import {
  DEMO_IMAGES_DIR,
  DEMO_SLIDES,
  PICTURES_PER_SUB_CATEGORY,
  productPictureName,
  slidePictureName,
} from "./demo-image-files";

/** The names a picture needs: the original and each srcset copy below its width. */
const filesOf = (name: string, width: number) => [
  `${name}.webp`,
  ...MEDIA_WIDTHS.filter((w) => w < width).map((w) => `${name}-w${w}.webp`),
];

describe("the committed demo pictures (npm run draw-demo-images)", () => {
  const present = new Set(fs.readdirSync(DEMO_IMAGES_DIR));

  it("has every sub-category's pictures and every slide, each with its srcset copies", () => {
    const expected = [
      ...Object.values(SUB_CATEGORIES)
        .flat()
        .flatMap((sub) =>
          Array.from({ length: PICTURES_PER_SUB_CATEGORY }, (_, n) =>
            filesOf(productPictureName(sub, n), IMAGE_KINDS.product.width),
          ).flat(),
        ),
      ...DEMO_SLIDES.flatMap((_, n) => filesOf(slidePictureName(n), IMAGE_KINDS.slide.width)),
    ];
    expect(expected.filter((file) => !present.has(file))).toEqual([]);
    // Nothing else: a renamed sub-category's old files do not linger.
    expect([...present].filter((file) => !expected.includes(file))).toEqual([]);
  });

  it("is WebP throughout and stays a few MB", () => {
    let bytes = 0;
    for (const file of present) {
      const data = fs.readFileSync(path.join(DEMO_IMAGES_DIR, file));
      expect(data.subarray(8, 12).toString("latin1"), file).toBe("WEBP");
      bytes += data.length;
    }
    expect(bytes).toBeLessThan(5_000_000);
  });
});
