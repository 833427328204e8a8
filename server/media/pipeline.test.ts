import { describe, expect, it } from "vitest";
import { sniffImageFormat } from "./pipeline";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)),
  );
const pad = (b: Uint8Array) => new Uint8Array([...b, ...new Array(16).fill(0)]);

describe("image format sniffing", () => {
  it("tells the accepted formats by their first bytes", () => {
    expect(sniffImageFormat(pad(bytes([0xff, 0xd8, 0xff, 0xe0])))).toBe("jpeg");
    expect(sniffImageFormat(pad(bytes([0x89], "PNG\r\n\x1a\n")))).toBe("png");
    expect(sniffImageFormat(pad(bytes("GIF89a")))).toBe("gif");
    expect(sniffImageFormat(pad(bytes("GIF87a")))).toBe("gif");
    expect(sniffImageFormat(pad(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 ")))).toBe("webp");
    expect(sniffImageFormat(pad(bytes([0, 0, 0, 0x1c], "ftypavif", [0, 0, 0, 0], "mif1")))).toBe(
      "avif",
    );
    expect(sniffImageFormat(pad(bytes([0, 0, 0, 0x1c], "ftypmif1", [0, 0, 0, 0], "avif")))).toBe(
      "avif",
    );
  });

  it("refuses SVG, HTML, HEIC, RIFF that is not WebP, text and short files", () => {
    for (const refused of [
      bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      bytes('<?xml version="1.0"?><svg/>  '),
      bytes("<!doctype html><html></html>"),
      pad(bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0], "mif1")),
      pad(bytes("RIFF", [0, 0, 0, 0], "WAVEfmt ")),
      bytes("just some text in a file"),
      bytes([0xff, 0xd8, 0xff]),
    ]) {
      expect(sniffImageFormat(refused)).toBeUndefined();
    }
  });
});
