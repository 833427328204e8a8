import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AwsV4Signer } from "aws4fetch";

type StoredObject = { body: Buffer; contentType?: string; cacheControl?: string };

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/**
 * A small S3-compatible server for tests (path-style PUT, GET, DELETE of objects in one bucket).
 * Unlike the S3 emulators on npm it checks every request's Signature V4 against its own key
 * pair, and a signed payload hash against the body, as a real bucket does: a wrong secret or
 * an unsigned request answers 403.
 */
export async function startFakeS3(options: {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}): Promise<{ endpoint: string; objects: Map<string, StoredObject>; close: () => Promise<void> }> {
  const objects = new Map<string, StoredObject>();

  async function readBody(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async function signatureMatches(req: IncomingMessage, url: string, body: Buffer) {
    const auth = AUTHORIZATION.exec(req.headers.authorization ?? "");
    if (!auth || auth[1] !== options.accessKeyId || auth[3] !== options.region) return false;
    const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
    if (
      payloadHash !== "UNSIGNED-PAYLOAD" &&
      payloadHash !== createHash("sha256").update(body).digest("hex")
    ) {
      return false;
    }
    const headers = new Headers();
    for (const name of (auth[4] as string).split(";")) {
      if (name !== "host") headers.set(name, String(req.headers[name] ?? ""));
    }
    const signer = new AwsV4Signer({
      method: req.method,
      url,
      headers,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      service: "s3",
      region: options.region,
      datetime: String(req.headers["x-amz-date"] ?? ""),
      allHeaders: true,
    });
    return (await signer.signature()) === auth[5];
  }

  const server: Server = createServer(async (req, res) => {
    const url = `http://${req.headers.host}${req.url}`;
    const body = await readBody(req);
    if (!(await signatureMatches(req, url, body))) {
      res.writeHead(403, { "content-type": "application/xml" });
      res.end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
      return;
    }
    const path = decodeURIComponent(new URL(url).pathname);
    const prefix = `/${options.bucket}/`;
    if (!path.startsWith(prefix)) {
      res.writeHead(404).end("<Error><Code>NoSuchBucket</Code></Error>");
      return;
    }
    const key = path.slice(prefix.length);
    if (req.method === "PUT") {
      objects.set(key, {
        body,
        contentType: req.headers["content-type"],
        cacheControl: req.headers["cache-control"],
      });
      res.writeHead(200).end();
    } else if (req.method === "GET" || req.method === "HEAD") {
      // HeadObject answers as GetObject does, without a body (a 404 has none either).
      const object = objects.get(key);
      if (!object) {
        res.writeHead(404).end(req.method === "GET" ? "<Error><Code>NoSuchKey</Code></Error>" : "");
        return;
      }
      res.writeHead(200, {
        "content-type": object.contentType ?? "application/octet-stream",
        "content-length": object.body.length,
      });
      res.end(req.method === "GET" ? object.body : undefined);
    } else if (req.method === "DELETE") {
      objects.delete(key);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
