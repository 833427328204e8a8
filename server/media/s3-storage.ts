import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { MEDIA_WIDTHS } from "~/core/media";
import {
  contentKey,
  contentTypeOfKey,
  KEY_PATTERN,
  type MediaStorage,
  VARIANT_KEY_PATTERN,
  variantKey,
} from "./storage";

export type S3MediaOptions = {
  /** The service's base URL, e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (MinIO and most self-hosted servers) instead of `bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** Public base URL of the bucket (or a CDN in front of it); /media then redirects there. */
  publicUrl?: string;
};

const CACHE_CONTROL = "public, max-age=31536000, immutable";

export class S3StorageError extends Error {
  override name = "S3StorageError";
}

/**
 * Images in an S3-compatible bucket, under the same content-addressed keys as on disk, so the
 * URLs in the database (`/media/<key>`) do not depend on where the bytes live. Requests are
 * signed with AWS Signature V4 by aws4fetch (plain fetch, no SDK).
 */
export class S3MediaStorage implements MediaStorage {
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(private readonly options: S3MediaOptions) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      service: "s3",
      region: options.region,
      retries: 2,
    });
    const endpoint = new URL(options.endpoint);
    const root = endpoint.pathname.replace(/\/+$/, "");
    this.base = options.forcePathStyle
      ? `${endpoint.origin}${root}/${encodeURIComponent(options.bucket)}`
      : `${endpoint.protocol}//${options.bucket}.${endpoint.host}${root}`;
  }

  private objectUrl(key: string): string {
    return `${this.base}/${key}`;
  }

  private async putObject(key: string, data: Buffer): Promise<void> {
    const res = await this.client.fetch(this.objectUrl(key), {
      method: "PUT",
      body: new Uint8Array(data),
      headers: {
        // The signed payload hash: the bucket refuses bytes changed on the way.
        "x-amz-content-sha256": createHash("sha256").update(data).digest("hex"),
        "content-type": contentTypeOfKey(key) ?? "application/octet-stream",
        "cache-control": CACHE_CONTROL,
      },
    });
    await res.body?.cancel();
    if (!res.ok) throw new S3StorageError(`S3 PUT ${key} answered ${res.status}`);
  }

  async put(data: Buffer, extension: string): Promise<string> {
    const key = contentKey(data, extension);
    await this.putObject(key, data);
    return `/media/${key}`;
  }

  async read(key: string): Promise<Buffer | undefined> {
    if (!KEY_PATTERN.test(key) && !VARIANT_KEY_PATTERN.test(key)) return undefined;
    const res = await this.client.fetch(this.objectUrl(key));
    if (res.status === 404) {
      await res.body?.cancel();
      return undefined;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new S3StorageError(`S3 GET ${key} answered ${res.status}`);
    }
    return Buffer.from(await res.arrayBuffer());
  }

  async has(key: string): Promise<boolean> {
    if (!KEY_PATTERN.test(key)) return false;
    const res = await this.client.fetch(this.objectUrl(key), { method: "HEAD" });
    await res.body?.cancel();
    if (res.status === 404) return false;
    if (!res.ok) throw new S3StorageError(`S3 HEAD ${key} answered ${res.status}`);
    return true;
  }

  async writeVariant(key: string, data: Buffer): Promise<void> {
    if (!VARIANT_KEY_PATTERN.test(key)) throw new Error(`Not a media variant key: ${key}`);
    await this.putObject(key, data);
  }

  async remove(key: string): Promise<void> {
    if (!KEY_PATTERN.test(key)) return;
    const keys = [key, ...MEDIA_WIDTHS.map((w) => variantKey(key, w))];
    await Promise.all(
      keys.map(async (k) => {
        const res = await this.client.fetch(this.objectUrl(k), { method: "DELETE" });
        await res.body?.cancel();
        // S3 answers 204 whether or not the object existed; some servers answer 404.
        if (!res.ok && res.status !== 404) {
          throw new S3StorageError(`S3 DELETE ${k} answered ${res.status}`);
        }
      }),
    );
  }

  publicUrl(key: string): string | undefined {
    return this.options.publicUrl
      ? `${this.options.publicUrl.replace(/\/+$/, "")}/${key}`
      : undefined;
  }
}
