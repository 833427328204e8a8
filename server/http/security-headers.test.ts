import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "./env";
import { pageEtag } from "./http-cache";
import { pagePipeline } from "./page-pipeline";
import {
  HSTS,
  inlineHash,
  NON_PAGE_CSP,
  newCspNonce,
  type SecurityHeadersOptions,
  securityHeaders,
} from "./security-headers";

const THEME_SCRIPT = "document.documentElement.dataset.theme='light'";
const CSS = "body{color:red}";

function appWith(options: Partial<SecurityHeadersOptions> = {}) {
  const app = new Hono<AppEnv>();
  app.use(
    securityHeaders({
      production: false,
      publicUrl: "http://localhost:3000",
      inlineScripts: [THEME_SCRIPT],
      inlineStyles: [CSS],
      ...options,
    }),
  );
  app.use(pagePipeline());
  app.get("/page", (c) =>
    c.html(`<p>Haat</p><script nonce="${c.get("cspNonce")}">window.x=1</script>`),
  );
  app.get("/dashboard/addProduct", (c) => c.html("<p>Add Product</p>"));
  app.get("/dashboardish", (c) => c.html("<p>Not the dashboard</p>"));
  app.get("/json", (c) => c.json({ a: 1 }));
  app.get("/own-policy", (c) => {
    c.header("Content-Security-Policy", "default-src 'none'; sandbox");
    return c.body("x", 200, { "Content-Type": "image/webp" });
  });
  app.get("/moved", () => Response.redirect("http://localhost:3000/page", 302));
  return app;
}

const directives = (csp: string | null) =>
  Object.fromEntries(
    (csp ?? "").split(";").map((d) => {
      const [name = "", ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );

describe("page policy", () => {
  it("allows scripts from this origin, by this request's nonce and the inline script's hash only", async () => {
    const res = await appWith().request("/page");
    const csp = directives(res.headers.get("content-security-policy"));
    const html = await res.text();
    const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp["script-src"]).toEqual(["'self'", `'nonce-${nonce}'`, inlineHash(THEME_SCRIPT)]);
    expect(csp["style-src"]).toEqual(["'self'", inlineHash(CSS)]);
    expect(csp["style-src-attr"]).toEqual(["'unsafe-inline'"]);
    expect(csp["default-src"]).toEqual(["'self'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
    expect(csp["form-action"]).toEqual(["'self'"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
    expect(csp["img-src"]).toEqual(["'self'", "data:", "https:"]);
    // No COOP: the Google sign-in's pages must keep their opener (decision 020).
    expect(res.headers.get("cross-origin-opener-policy")).toBeNull();
  });

  it("hashes an inline element's exact text as browsers do", () => {
    // echo -n 'alert(1)' | openssl sha256 -binary | base64
    expect(inlineHash("alert(1)")).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });

  it("gives every request its own nonce", async () => {
    const app = appWith();
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const csp = (await app.request("/page")).headers.get("content-security-policy") ?? "";
      nonces.add(/'nonce-([^']+)'/.exec(csp)?.[1] ?? "");
    }
    expect(nonces.size).toBe(5);
  });

  it("never hands out a nonce twice, across the random bytes drawn for many at once", () => {
    const nonces = Array.from({ length: 1000 }, newCspNonce);
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("lets dashboard pages show blob: image previews, and only them (issue 20 item 17)", async () => {
    const app = appWith();
    const dashboard = directives(
      (await app.request("/dashboard/addProduct")).headers.get("content-security-policy"),
    );
    expect(dashboard["img-src"]).toEqual(["'self'", "data:", "https:", "blob:"]);
    for (const path of ["/page", "/dashboardish"]) {
      const csp = directives((await app.request(path)).headers.get("content-security-policy"));
      expect({ path, img: csp["img-src"] }).toEqual({ path, img: ["'self'", "data:", "https:"] });
    }
  });

  it("lets pages load images from the S3 public address", async () => {
    const res = await appWith({ mediaPublicUrl: "http://minio.local:9000/bucket/" }).request(
      "/page",
    );
    const csp = directives(res.headers.get("content-security-policy"));
    expect(csp["img-src"]).toContain("http://minio.local:9000");
  });
});

describe("revalidation under a per-request nonce", () => {
  it("the page's validator ignores the nonce, so an unchanged page answers 304", async () => {
    const app = appWith();
    const first = await app.request("/page");
    const etag = first.headers.get("etag") ?? "";
    const second = await app.request("/page", { headers: { "If-None-Match": etag } });
    expect(second.status).toBe(304);
    // The stored copy keeps the policy it came with: a new nonce would block its scripts.
    expect(second.headers.get("content-security-policy")).toBeNull();
    expect(second.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("a changed page still gets a new validator", () => {
    expect(pageEtag("<p>a</p><script nonce='N1'>", "N1")).toBe(
      pageEtag("<p>a</p><script nonce='N2'>", "N2"),
    );
    expect(pageEtag("<p>a</p><script nonce='N1'>", "N1")).not.toBe(
      pageEtag("<p>b</p><script nonce='N2'>", "N2"),
    );
  });
});

describe("answers that are not pages", () => {
  it("JSON gets a policy that allows nothing, nosniff and no framing", async () => {
    const res = await appWith().request("/json");
    expect(res.headers.get("content-security-policy")).toBe(NON_PAGE_CSP);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("cross-origin-opener-policy")).toBeNull();
  });

  it("a route's own policy stays (media's sandbox)", async () => {
    const res = await appWith().request("/own-policy");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  });

  it("a response with immutable headers is copied, not failed", async () => {
    const res = await appWith().request("/moved");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://localhost:3000/page");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("Strict-Transport-Security", () => {
  const hsts = async (production: boolean, publicUrl: string) =>
    (await appWith({ production, publicUrl }).request("/json")).headers.get(
      "strict-transport-security",
    );

  it("is sent only in production behind an https public URL", async () => {
    expect(await hsts(true, "https://haat.example")).toBe(HSTS);
    expect(await hsts(true, "http://haat.example")).toBeNull();
    expect(await hsts(false, "https://haat.example")).toBeNull();
  });
});
