import { describe, expect, it } from "vitest";
import { IMAGE_REF_MESSAGE } from "./common";
import { slideInputSchema } from "./slide";

describe("slideInputSchema", () => {
  it("accepts a hosted image or a /media/ path and defaults the title", () => {
    expect(slideInputSchema.parse({ image: "/media/slides/1.webp" })).toEqual({
      image: "/media/slides/1.webp",
      title: "",
      titleBn: "",
    });
    expect(
      slideInputSchema.parse({
        image: "https://i.ibb.co/x/slide.jpg",
        title: "  Eid Sale  ",
        time: "2025-03-05T06:00:00.000Z",
      }),
    ).toEqual({
      image: "https://i.ibb.co/x/slide.jpg",
      title: "Eid Sale",
      titleBn: "",
      time: "2025-03-05T06:00:00.000Z",
    });
  });

  it("rejects bad images, long titles and bad times", () => {
    const paths = (v: unknown) => {
      const r = slideInputSchema.safeParse(v);
      return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
    };
    expect(paths({})).toEqual(["image"]);
    expect(paths({ image: "javascript:alert(1)" })).toEqual(["image"]);
    expect(paths({ image: "http://i.ibb.co/x/slide.jpg" })).toEqual(["image"]);
    expect(paths({ image: "/media/a.webp", title: "x".repeat(121) })).toEqual(["title"]);
    expect(paths({ image: "/media/a.webp", time: "now" })).toEqual(["time"]);
  });

  it("says an empty image is not chosen, and an http:// one why it cannot show", () => {
    const messages = (image: string) => {
      const r = slideInputSchema.safeParse({ image });
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messages(" ")).toEqual(["Choose an image"]);
    expect(messages("http://i.ibb.co/x/slide.jpg")).toEqual([IMAGE_REF_MESSAGE]);
  });
});
