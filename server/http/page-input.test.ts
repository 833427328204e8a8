import { describe, expect, it } from "vitest";
import { pageInput } from "./page-input";

const post = (body: BodyInit | undefined, type?: string, url = "http://shop.test/contact-us") =>
  new Request(url, {
    method: "POST",
    headers: type ? { "content-type": type } : {},
    body,
  });

const FORM = "application/x-www-form-urlencoded";

describe("a page request as loaders and actions read it", () => {
  it("reads a NUL in the URL as U+FFFD, in the path and in the query", async () => {
    const read = await pageInput(new Request("http://shop.test/product-details/%00?search=a%00b"));
    expect(read).toBeInstanceOf(Request);
    const url = new URL((read as Request).url);
    expect(decodeURIComponent(url.pathname)).toBe("/product-details/\uFFFD");
    expect(url.searchParams.get("search")).toBe("a\uFFFDb");
  });

  it("leaves a URL without NUL as it is", async () => {
    const request = new Request("http://shop.test/shop?search=%2500");
    expect(await pageInput(request)).toBe(request);
  });

  it("reads a NUL in a URL-encoded form, encoded or raw, as U+FFFD and keeps the other fields", async () => {
    const read = await pageInput(post("email=a%00%40b.co&name=\u0000x&note=%F0%9F%98%80", FORM));
    const form = await (read as Request).formData();
    expect(form.get("email")).toBe("a\uFFFD@b.co");
    expect(form.get("name")).toBe("\uFFFDx");
    expect(form.get("note")).toBe("😀");
  });

  it("takes a request without a body as an empty form", async () => {
    const read = await pageInput(post(undefined));
    expect([...(await (read as Request).formData()).keys()]).toEqual([]);
  });

  it("refuses a body that is not a form with 415, in the visitor's language", async () => {
    expect(await pageInput(post('{"name":"x"}', "application/json"))).toEqual({
      status: 415,
      text: "This page takes the shop's own forms only. Please open the page and send the form from it.",
    });
    const bengali = await pageInput(
      post("name=x", "text/plain", "http://shop.test/contact-us?lang=bn"),
    );
    expect(bengali).toMatchObject({ status: 415, text: expect.stringContaining("ফর্ম") });
    expect(await pageInput(post("name=x", undefined))).toMatchObject({ status: 415 });
  });

  it("refuses a multipart body it cannot read, or one with a NUL, with 400", async () => {
    expect(await pageInput(post("garbage", "multipart/form-data; boundary=xx"))).toMatchObject({
      status: 400,
    });
    const withNul = new FormData();
    withNul.set("name", "a\0b");
    const multipart = new Request("http://shop.test/contact-us", { method: "POST", body: withNul });
    const read = await pageInput(
      new Request(multipart.url, {
        method: "POST",
        headers: multipart.headers,
        body: await multipart.arrayBuffer(),
      }),
    );
    expect(read).toMatchObject({ status: 400 });
    const fine = new FormData();
    fine.set("name", "রহিম");
    const ok = new Request("http://shop.test/contact-us", { method: "POST", body: fine });
    const passed = await pageInput(
      new Request(ok.url, { method: "POST", headers: ok.headers, body: await ok.arrayBuffer() }),
    );
    expect((await (passed as Request).formData()).get("name")).toBe("রহিম");
  });
});
