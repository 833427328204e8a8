import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeS3 } from "../testing/fake-s3";
import { S3MediaStorage } from "./s3-storage";
import { variantKey } from "./storage";

describe("S3 media storage", () => {
  const credentials = { accessKeyId: "haat-test", secretAccessKey: "haat-test-secret" };
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let storage: S3MediaStorage;

  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: "media", region: "eu-test-1", ...credentials });
    storage = new S3MediaStorage({
      endpoint: s3.endpoint,
      region: "eu-test-1",
      bucket: "media",
      forcePathStyle: true,
      ...credentials,
    });
  });
  afterAll(async () => s3?.close());

  it("stores, reads and removes an image and its variants under content-addressed keys", async () => {
    const data = Buffer.from("RIFF....WEBPVP8 pretend image bytes");
    const url = await storage.put(data, ".webp");
    expect(url).toMatch(/^\/media\/[a-f0-9]{2}\/[a-f0-9]{32}\.webp$/);
    const key = url.slice("/media/".length);
    expect(await storage.put(data, ".webp")).toBe(url);

    const object = s3.objects.get(key);
    expect(object?.body.equals(data)).toBe(true);
    expect(object?.contentType).toBe("image/webp");
    expect(object?.cacheControl).toBe("public, max-age=31536000, immutable");
    expect((await storage.read(key))?.equals(data)).toBe(true);
    expect(await storage.has(key)).toBe(true);

    const small = Buffer.from("smaller copy");
    await storage.writeVariant(variantKey(key, 160), small);
    expect((await storage.read(variantKey(key, 160)))?.equals(small)).toBe(true);

    await storage.remove(key);
    expect(await storage.read(key)).toBeUndefined();
    expect(await storage.read(variantKey(key, 160))).toBeUndefined();
    expect(await storage.has(key)).toBe(false);
    expect(s3.objects.size).toBe(0);
  });

  it("answers undefined for keys that are not media keys without asking the bucket", async () => {
    expect(await storage.read("../secret.txt")).toBeUndefined();
    expect(await storage.read("ab/not-a-hash.webp")).toBeUndefined();
    expect(await storage.has("../secret.txt")).toBe(false);
  });

  it("fails loudly when the bucket refuses the signature (wrong secret)", async () => {
    const wrong = new S3MediaStorage({
      endpoint: s3.endpoint,
      region: "eu-test-1",
      bucket: "media",
      forcePathStyle: true,
      accessKeyId: credentials.accessKeyId,
      secretAccessKey: "not-the-secret",
    });
    await expect(wrong.put(Buffer.from("x"), ".webp")).rejects.toThrow(/answered 403/);
    expect(s3.objects.size).toBe(0);
  });

  it("addresses virtual-hosted buckets and public URLs", () => {
    const hosted = new S3MediaStorage({
      endpoint: "https://s3.eu-central-1.amazonaws.com",
      region: "eu-central-1",
      bucket: "haat",
      forcePathStyle: false,
      publicUrl: "https://cdn.haat.example/",
      ...credentials,
    });
    expect(hosted.publicUrl("ab/x.webp")).toBe("https://cdn.haat.example/ab/x.webp");
    expect(storage.publicUrl("ab/x.webp")).toBeUndefined();
  });
});
