import fs from "node:fs/promises";
import path from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { variantKey } from "../media/storage";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

describeDb(`media route and resized variants (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let url: string;
  let original: Buffer;

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    // A real 450 × 450 product-sized WebP with detail, so a smaller copy is really smaller.
    original = await sharp({
      create: {
        width: 450,
        height: 450,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .webp({ quality: 80 })
      .toBuffer();
    url = await ctx.media.put(original, ".webp");
  });
  afterAll(async () => ctx?.close());

  it("serves the original with immutable cache headers", async () => {
    const res = await app.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await res.arrayBuffer()).equals(original)).toBe(true);
  });

  it("serves an allowed width as a smaller WebP of that width, stored beside the original", async () => {
    const res = await app.request(`${url}?w=160`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(original.length / 2);
    const meta = await sharp(body).metadata();
    expect(meta.format).toBe("webp");
    expect([meta.width, meta.height]).toEqual([160, 160]);

    const key = url.slice("/media/".length);
    const stored = await ctx.media.read(variantKey(key, 160));
    expect(stored?.equals(body)).toBe(true);
    // The second request reads the stored copy: the same bytes.
    const again = Buffer.from(await (await app.request(`${url}?w=160`)).arrayBuffer());
    expect(again.equals(body)).toBe(true);
  });

  it("never enlarges: a width above the original answers the original's size", async () => {
    const res = await app.request(`${url}?w=720`);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.width).toBe(450);
  });

  it("refuses widths outside the list, and junk, with 400", async () => {
    for (const w of ["225", "4000", "0", "-80", "80.5", "abc", "", "1e2"]) {
      const res = await app.request(`${url}?w=${w}`);
      expect(res.status, `w=${w}`).toBe(400);
    }
  });

  it("answers 404 for a width of an image that does not exist or a non-media key", async () => {
    expect(
      (await app.request("/media/ab/0123456789abcdef0123456789abcdef.webp?w=160")).status,
    ).toBe(404);
    expect((await app.request("/media/ab/../../etc/passwd?w=160")).status).toBe(404);
  });

  it("removes the variants with the original", async () => {
    const key = url.slice("/media/".length);
    await app.request(`${url}?w=80`);
    expect(await ctx.media.read(variantKey(key, 80))).toBeDefined();
    await ctx.media.remove(key);
    expect(await ctx.media.read(variantKey(key, 80))).toBeUndefined();
    expect(await ctx.media.read(variantKey(key, 160))).toBeUndefined();
    expect((await app.request(url)).status).toBe(404);
  });

  it("never answers HTML or SVG, whatever the key, and always with nosniff and a sandbox", async () => {
    // Files that should never be there, dropped straight into the store's folder.
    const dir = path.join(ctx.config.dataDir, "media", "ab");
    await fs.mkdir(dir, { recursive: true });
    const hash = "ab".padEnd(32, "0");
    await fs.writeFile(path.join(dir, `${hash}.html`), "<script>window.__xss=1</script>");
    await fs.writeFile(path.join(dir, `${hash}.svg`), '<svg onload="alert(1)"/>');
    // HTML bytes under an image key: served as the image type, which nosniff makes final.
    await fs.writeFile(path.join(dir, `${hash}.webp`), "<html><script>alert(1)</script></html>");
    const paths = [
      `/media/ab/${hash}.html`,
      `/media/ab/${hash}.svg`,
      `/media/ab/${hash}.webp`,
      `/media/ab/${hash}.webp?w=80`,
      "/media/x.html",
      "/media/x.svg",
      "/media/..%2f..%2fpackage.json",
      "/media/ab/..%2f..%2f..%2fpackage.json",
      `/media/ab/${hash}.webp%00.html`,
      `/media/ab/${hash}.webp/.html`,
      "/media/",
    ];
    for (const p of paths) {
      const res = await app.request(p);
      const type = res.headers.get("content-type") ?? "";
      expect(type, p).not.toMatch(/html|svg|xml/);
      expect(res.headers.get("x-content-type-options"), p).toBe("nosniff");
      expect(res.headers.get("content-security-policy"), p).toBe("default-src 'none'; sandbox");
      if (p.endsWith(".html") || p.endsWith(".svg") || p.includes("..") || p.includes("%2e")) {
        expect(res.status, p).toBe(404);
      }
    }
    // Dot segments written as %2e%2e are resolved before routing: this is /package.json, no file.
    const escaped = await app.request("/media/%2e%2e/%2e%2e/package.json");
    expect(escaped.status).toBe(404);
    expect(await escaped.text()).not.toContain('"name"');
    const odd = await app.request(`/media/ab/${hash}.webp`);
    expect(odd.headers.get("content-type")).toBe("image/webp");
  });
});
