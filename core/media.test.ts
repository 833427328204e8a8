import { describe, expect, it } from "vitest";
import { isMediaWidth, MEDIA_WIDTHS, mediaSrcSet, mediaUrlForWidth } from "./media";

const URL = "/media/ab/0123456789abcdef0123456789abcdef.webp";

describe("media widths", () => {
  it("allows only the listed widths", () => {
    for (const w of MEDIA_WIDTHS) expect(isMediaWidth(w)).toBe(true);
    expect(isMediaWidth(0)).toBe(false);
    expect(isMediaWidth(225)).toBe(false);
    expect(isMediaWidth(4000)).toBe(false);
  });

  it("lists the smaller copies and the original in a srcset", () => {
    expect(mediaSrcSet(URL, 450)).toBe(
      `${URL}?w=80 80w, ${URL}?w=160 160w, ${URL}?w=240 240w, ${URL}?w=360 360w, ${URL} 450w`,
    );
    expect(mediaSrcSet(URL, 900)?.split(", ").at(-1)).toBe(`${URL} 900w`);
  });

  it("gives no srcset for images that are not stored media", () => {
    expect(mediaSrcSet("https://example.com/a.webp", 450)).toBeUndefined();
    expect(mediaSrcSet("/media/ab/../x.webp", 450)).toBeUndefined();
  });

  it("picks the smallest copy that covers a width, else the original", () => {
    expect(mediaUrlForWidth(URL, 56, 450)).toBe(`${URL}?w=80`);
    expect(mediaUrlForWidth(URL, 300, 450)).toBe(`${URL}?w=360`);
    expect(mediaUrlForWidth(URL, 400, 450)).toBe(URL);
    expect(mediaUrlForWidth("/x.png", 40, 450)).toBe("/x.png");
  });
});
