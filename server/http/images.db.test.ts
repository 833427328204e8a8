import fs from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import { Hono } from "hono";
import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES, MEDIA_WIDTHS } from "~/core/media";
import type { AppContext } from "../app-context";
import { newId } from "../db/ids";
import { slides } from "../db/schema";
import { removeUnusedImages } from "../media/cleanup";
import { mediaKeyFromUrl, variantKey } from "../media/storage";
import { signUp, signUpAdmin } from "../testing/accounts";
import { startFakeS3 } from "../testing/fake-s3";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

/** A detailed picture (noise), so crops and copies are real work, with EXIF and GPS attached. */
function photo(width: number, height: number) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#3366cc",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  }).withExif({ IFD0: { Make: "HaatCam", Copyright: "secret" }, IFD3: { GPSLatitudeRef: "N" } });
}

async function storedFiles(ctx: AppContext): Promise<string[]> {
  const root = path.join(ctx.config.dataDir, "media");
  const entries = await fs.readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((e) => e.endsWith(".webp")).sort();
}

describeDb(`image uploads (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let admin: string;
  let customer: string;

  const upload = async (
    file: Blob | undefined,
    options: { kind?: string; cookie?: string; name?: string } = {},
  ) => {
    const form = new FormData();
    if (options.kind !== undefined) form.append("kind", options.kind);
    if (file) form.append("image", file, options.name ?? "photo.png");
    const res = await app.request("/api/images", {
      method: "POST",
      body: form,
      headers: { cookie: options.cookie ?? admin },
    });
    return { status: res.status, body: await res.json() };
  };
  const png = async (image: Sharp) =>
    new Blob([new Uint8Array(await image.png().toBuffer())], { type: "image/png" });

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    admin = (await signUpAdmin(ctx, { email: "boss@haat.test" })).cookie;
    customer = (await signUp(ctx, { email: "shopper@haat.test" })).cookie;
  });
  afterAll(async () => ctx?.close());

  it("turns a product PNG into a 450x450 WebP without metadata, served immutable", async () => {
    const { status, body } = await upload(await png(photo(1200, 800)));
    expect(status).toBe(201);
    expect(body.data.url).toMatch(/^\/media\/[a-f0-9]{2}\/[a-f0-9]{32}\.webp$/);

    const res = await app.request(body.data.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect([meta.width, meta.height]).toEqual([450, 450]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it("re-encodes a PNG carrying HTML and script after its image data: none of it is stored", async () => {
    const trailer = '<html><script>window.__xss=1</script><svg onload="alert(1)"></svg></html>';
    const polyglot = Buffer.concat([await photo(300, 300).png().toBuffer(), Buffer.from(trailer)]);
    const { status, body } = await upload(new Blob([new Uint8Array(polyglot)]), {
      name: "page.html",
    });
    expect(status).toBe(201);
    const res = await app.request(body.data.url);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    const served = Buffer.from(await res.arrayBuffer()).toString("latin1");
    for (const piece of ["<html", "<script", "<svg", "onload"]) {
      expect(served.includes(piece), piece).toBe(false);
    }
  });

  it("crops a slide to 900x450 and stores its smaller copies at upload time", async () => {
    const { status, body } = await upload(await png(photo(1000, 1000)), { kind: "slide" });
    expect(status).toBe(201);
    const key = mediaKeyFromUrl(body.data.url) as string;
    const original = await sharp(await ctx.media.read(key)).metadata();
    expect([original.width, original.height]).toEqual([900, 450]);
    for (const width of MEDIA_WIDTHS) {
      const stored = await ctx.media.read(variantKey(key, width));
      expect(stored, `${width} px copy`).toBeDefined();
      const meta = await sharp(stored).metadata();
      expect([meta.width, meta.height]).toEqual([width, width / 2]);
    }
  });

  it("stores only the copies narrower than a product image", async () => {
    const { body } = await upload(await png(photo(500, 500)));
    const key = mediaKeyFromUrl(body.data.url) as string;
    for (const width of MEDIA_WIDTHS) {
      expect(await ctx.media.read(variantKey(key, width)), `${width}`).toEqual(
        width < 450 ? expect.any(Buffer) : undefined,
      );
    }
  });

  it("turns photos upright from their EXIF orientation before cropping", async () => {
    // Stored sideways (top half red, bottom half blue) with orientation 6: shown turned a
    // quarter clockwise, so upright the red half is on the right.
    const sideways = await sharp({
      create: { width: 450, height: 900, channels: 3, background: "#0000ff" },
    })
      .composite([
        {
          input: { create: { width: 450, height: 450, channels: 3, background: "#ff0000" } },
          top: 0,
          left: 0,
        },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { status, body } = await upload(new Blob([new Uint8Array(sideways)]), {
      kind: "slide",
      name: "sideways.jpg",
    });
    expect(status).toBe(201);
    const stored = await ctx.media.read(mediaKeyFromUrl(body.data.url) as string);
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return [data[at] as number, data[at + 2] as number];
    };
    expect([info.width, info.height]).toEqual([900, 450]);
    const [leftRed, leftBlue] = pixel(100, 225);
    const [rightRed, rightBlue] = pixel(800, 225);
    expect(leftBlue).toBeGreaterThan(200);
    expect(leftRed).toBeLessThan(50);
    expect(rightRed).toBeGreaterThan(200);
    expect(rightBlue).toBeLessThan(50);
  });

  it("accepts JPEG, WebP, AVIF and the first frame of a GIF", async () => {
    const small = () =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: "#884422" } });
    const files = {
      "a.jpg": await small().jpeg().toBuffer(),
      "a.webp": await small().webp().toBuffer(),
      "a.avif": await small().avif().toBuffer(),
      "a.gif": await small().gif().toBuffer(),
    };
    for (const [name, bytes] of Object.entries(files)) {
      const { status } = await upload(new Blob([new Uint8Array(bytes)]), { name });
      expect(status, name).toBe(201);
    }
  });

  it("keeps only the first frame of an animated GIF", async () => {
    const frame = (color: string) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame("#ff0000"), await frame("#0000ff")], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const { status, body } = await upload(new Blob([new Uint8Array(gif)]), { name: "a.gif" });
    expect(status).toBe(201);
    const stored = await ctx.media.read(mediaKeyFromUrl(body.data.url) as string);
    const meta = await sharp(stored).metadata();
    expect([meta.pages, meta.width, meta.height]).toEqual([undefined, 450, 450]);
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(50);
  });

  describe("refusals store nothing", () => {
    let before: string[];
    beforeAll(async () => {
      before = await storedFiles(ctx);
    });
    const expectNothingStored = async () => expect(await storedFiles(ctx)).toEqual(before);

    it("refuses a text file named .png, SVG and HTML with 400 on field image", async () => {
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
      const files = {
        "notes.png": new Blob(["just some text, not a picture"], { type: "image/png" }),
        "logo.svg": new Blob([svg], { type: "image/svg+xml" }),
        "logo.png": new Blob([svg], { type: "image/png" }),
        "page.png": new Blob(["<!doctype html><h1>hi</h1>"], { type: "image/png" }),
      };
      for (const [name, file] of Object.entries(files)) {
        const { status, body } = await upload(file, { name });
        expect(status, name).toBe(400);
        expect(body.error.issues.map((i: { path: string }) => i.path)).toEqual(["image"]);
      }
      await expectNothingStored();
    });

    it("refuses a truncated PNG with 400", async () => {
      const whole = await photo(300, 300).png().toBuffer();
      const { status } = await upload(new Blob([new Uint8Array(whole.subarray(0, 400))]));
      expect(status).toBe(400);
      await expectNothingStored();
    });

    it("refuses a missing image field or an unknown kind with 400 field issues", async () => {
      const missing = await upload(undefined, { kind: "product" });
      expect(missing.status).toBe(400);
      expect(missing.body.error.issues[0].path).toBe("image");
      const text = await app.request("/api/images", {
        method: "POST",
        body: "image=hello",
        headers: { cookie: admin, "content-type": "application/x-www-form-urlencoded" },
      });
      expect(text.status).toBe(400);
      const kind = await upload(await png(photo(50, 50)), { kind: "banner" });
      expect(kind.status).toBe(400);
      expect(kind.body.error.issues[0].path).toBe("kind");
      await expectNothingStored();
    });

    it("refuses a body over the size limit with 413", async () => {
      const big = new Uint8Array(MAX_IMAGE_BYTES + 200 * 1024);
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const { status, body } = await upload(new Blob([big]));
      expect(status).toBe(413);
      expect(body.error.code).toBe("payload_too_large");
      await expectNothingStored();
    });

    it("refuses a decompression bomb (too many pixels in a small file) with 400", async () => {
      const bomb = blackPng(10_000, 6_000);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const { status, body } = await upload(new Blob([new Uint8Array(bomb)]));
      expect(status).toBe(400);
      expect(body.error.issues[0]).toEqual({
        path: "image",
        message: expect.stringMatching(/megapixels/),
      });
      await expectNothingStored();
    });

    it("answers 401 to an anonymous caller and 403 to a customer", async () => {
      const file = await png(photo(50, 50));
      expect((await upload(file, { cookie: "" })).status).toBe(401);
      expect((await upload(file, { cookie: customer })).status).toBe(403);
      await expectNothingStored();
    });
  });

  it("removes an upload nothing uses, with its copies, and keeps one a slide uses", async () => {
    const used = (await upload(await png(photo(910, 460)), { kind: "slide" })).body.data.url;
    const unused = (await upload(await png(photo(920, 470)), { kind: "slide" })).body.data.url;
    await ctx.db
      .insert(slides)
      .values({ id: newId(), image: used, title: "Used", time: new Date() });
    await removeUnusedImages(ctx.db, ctx.media, [used, unused, "https://elsewhere.example/a.png"]);
    const usedKey = mediaKeyFromUrl(used) as string;
    const unusedKey = mediaKeyFromUrl(unused) as string;
    expect(await ctx.media.read(usedKey)).toBeDefined();
    expect(await ctx.media.read(variantKey(usedKey, 720))).toBeDefined();
    expect(await ctx.media.read(unusedKey)).toBeUndefined();
    for (const width of MEDIA_WIDTHS) {
      expect(await ctx.media.read(variantKey(unusedKey, width))).toBeUndefined();
    }
    expect((await storedFiles(ctx)).some((f) => f.includes(unusedKey.slice(3, 35)))).toBe(false);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = await (await app.request("/api/openapi.json")).json();
    expect(doc.paths["/images"].post.requestBody.content).toHaveProperty("multipart/form-data");
  });
});

describeDb(`image uploads to S3-compatible storage (${TEST_DB})`, () => {
  const bucket = { bucket: "haat-media", region: "eu-test-1" };
  const credentials = { accessKeyId: "haat-test", secretAccessKey: "haat-test-secret" };
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let contexts: AppContext[] = [];

  const open = async (extra: Record<string, string> = {}) => {
    const ctx = await openTestContext({
      MEDIA_STORAGE: "s3",
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: bucket.region,
      S3_BUCKET: bucket.bucket,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
      ...extra,
    });
    contexts.push(ctx);
    const app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    const cookie = (await signUpAdmin(ctx, { email: "boss@haat.test" })).cookie;
    return { ctx, app, cookie };
  };
  const post = async (app: Hono<AppEnv>, cookie: string) => {
    const form = new FormData();
    form.append("kind", "product");
    form.append(
      "image",
      new Blob([new Uint8Array(await photo(600, 600).png().toBuffer())]),
      "p.png",
    );
    const res = await app.request("/api/images", {
      method: "POST",
      body: form,
      headers: { cookie },
    });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    s3 = await startFakeS3({ ...bucket, ...credentials });
  });
  afterAll(async () => {
    for (const ctx of contexts) await ctx.close();
    contexts = [];
    await s3?.close();
  });

  it("stores the upload and its copies in the bucket and serves it through /media", async () => {
    const { app, cookie } = await open();
    const { status, body } = await post(app, cookie);
    expect(status).toBe(201);
    const key = mediaKeyFromUrl(body.data.url) as string;
    expect(s3.objects.get(key)?.contentType).toBe("image/webp");
    expect(s3.objects.has(variantKey(key, 360))).toBe(true);

    const res = await app.request(body.data.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 450, 450]);
    const copy = await app.request(`${body.data.url}?w=160`);
    expect((await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).width).toBe(160);
  });

  it("redirects /media to the bucket's public address when S3_PUBLIC_URL is set", async () => {
    const { app, cookie } = await open({ S3_PUBLIC_URL: "https://cdn.haat.example/media" });
    const { body } = await post(app, cookie);
    const key = mediaKeyFromUrl(body.data.url) as string;
    const res = await app.request(body.data.url);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`https://cdn.haat.example/media/${key}`);
    const copy = await app.request(`${body.data.url}?w=240`);
    expect(copy.headers.get("location")).toBe(
      `https://cdn.haat.example/media/${variantKey(key, 240)}`,
    );
  });
});

/**
 * A valid greyscale PNG of `width` × `height` black pixels, written by hand: its rows of zeros
 * deflate to a few kilobytes, as a decompression bomb's do, without an image library drawing
 * and packing all of its pixels first.
 */
function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample; colour type 0 (grey), no interlace
  // Each row: filter type 0, then one byte per pixel.
  const rows = Buffer.alloc((width + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
