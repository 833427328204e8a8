import { describe, expect, it } from "vitest";
import { CatalogueCache } from "./cache";
import { inProcessCatalogueEvents } from "./events";

function counter() {
  let calls = 0;
  const load = async () => ++calls;
  return { load, calls: () => calls };
}

describe("CatalogueCache", () => {
  it("loads a key once and serves it again until cleared", async () => {
    const cache = new CatalogueCache();
    const { load, calls } = counter();
    expect(await cache.get("a", load)).toBe(1);
    expect(await cache.get("a", load)).toBe(1);
    expect(calls()).toBe(1);
    cache.clear();
    expect(await cache.get("a", load)).toBe(2);
  });

  it("shares one load between simultaneous misses", async () => {
    const cache = new CatalogueCache();
    const { load, calls } = counter();
    const values = await Promise.all([cache.get("a", load), cache.get("a", load)]);
    expect(values).toEqual([1, 1]);
    expect(calls()).toBe(1);
  });

  it("does not keep a value whose load was running when the cache was cleared", async () => {
    const cache = new CatalogueCache();
    let release: (v: string) => void = () => {};
    const slow = cache.get("a", () => new Promise<string>((r) => (release = r)));
    cache.clear();
    release("stale");
    expect(await slow).toBe("stale");
    expect(await cache.get("a", async () => "fresh")).toBe("fresh");
  });

  it("does not keep failures", async () => {
    const cache = new CatalogueCache();
    await expect(cache.get("a", async () => Promise.reject(new Error("down")))).rejects.toThrow();
    expect(await cache.get("a", async () => "ok")).toBe("ok");
  });

  it("expires entries after their time limit", async () => {
    let now = 0;
    const cache = new CatalogueCache({ ttlMs: 1000, now: () => now });
    const { load } = counter();
    await cache.get("a", load);
    now = 999;
    expect(await cache.get("a", load)).toBe(1);
    now = 1000;
    expect(await cache.get("a", load)).toBe(2);
  });

  it("peeks a current value at once, nothing while it loads, is expired or was cleared", async () => {
    let now = 0;
    const cache = new CatalogueCache({ ttlMs: 1000, now: () => now, staleWhileRefreshing: true });
    let release: (v: string) => void = () => {};
    const loading = cache.get("a", () => new Promise<string>((r) => (release = r)));
    expect(cache.peek("a")).toBeUndefined();
    release("v1");
    await loading;
    expect(cache.peek("a")).toBe("v1");
    now = 1000;
    expect(cache.peek("a")).toBeUndefined();
    // The refresh that `get` starts is what peek then finds.
    expect(await cache.get("a", async () => "v2")).toBe("v2");
    expect(cache.peek("a")).toBe("v2");
    cache.clear();
    expect(cache.peek("a")).toBeUndefined();
  });

  it("with staleWhileRefreshing, serves an expired value while one reader loads it again", async () => {
    let now = 0;
    const cache = new CatalogueCache({ ttlMs: 1000, now: () => now, staleWhileRefreshing: true });
    await cache.get("a", async () => "v1");
    now = 1500;
    let release: (v: string) => void = () => {};
    let loads = 0;
    const slowLoad = () => {
      loads += 1;
      return new Promise<string>((r) => (release = r));
    };
    const refresher = cache.get("a", slowLoad);
    // Readers meanwhile get the expired value at once and start no load of their own.
    expect(await cache.get("a", slowLoad)).toBe("v1");
    expect(await cache.get("a", slowLoad)).toBe("v1");
    expect(loads).toBe(1);
    release("v2");
    expect(await refresher).toBe("v2");
    expect(await cache.get("a", slowLoad)).toBe("v2");
    expect(loads).toBe(1);
    // A catalogue change is never answered with an old value.
    cache.clear();
    expect(await cache.get("a", async () => "v3")).toBe("v3");
  });

  it("with staleWhileRefreshing, keeps the expired value when the new load fails, and tries again", async () => {
    let now = 0;
    const cache = new CatalogueCache({ ttlMs: 1000, now: () => now, staleWhileRefreshing: true });
    await cache.get("a", async () => "v1");
    now = 1500;
    await expect(cache.get("a", async () => Promise.reject(new Error("down")))).rejects.toThrow();
    expect(await cache.get("a", async () => "v2")).toBe("v2");
    expect(await cache.get("a", async () => "v3")).toBe("v2");
  });

  it("drops the least recently used entry beyond its entry and byte limits", async () => {
    const cache = new CatalogueCache({ maxEntries: 2 });
    await cache.get("a", async () => "a");
    await cache.get("b", async () => "b");
    await cache.get("a", async () => "a2");
    await cache.get("c", async () => "c");
    expect([cache.has("a"), cache.has("b"), cache.has("c")]).toEqual([true, false, true]);

    const bySize = new CatalogueCache({ maxBytes: 10 });
    await bySize.get(
      "x",
      async () => "123456",
      (v) => v.length,
    );
    await bySize.get(
      "y",
      async () => "123456",
      (v) => v.length,
    );
    expect([bySize.has("x"), bySize.has("y")]).toEqual([false, true]);
  });

  it("counts what an entry grows by against its byte limit", async () => {
    const cache = new CatalogueCache({ maxBytes: 10 });
    const size = (v: string) => v.length;
    await cache.get("x", async () => "1234", size);
    await cache.get("y", async () => "1234", size);
    cache.grow("nothing", "1234", 100);
    cache.grow("x", "another value", 100);
    expect([cache.has("x"), cache.has("y")]).toEqual([true, true]);
    // y takes on 3 bytes more: 11 > 10, so the least recently used (x) goes.
    cache.grow("y", "1234", 3);
    expect([cache.has("x"), cache.has("y")]).toEqual([false, true]);
    await cache.get("z", async () => "123", size);
    expect([cache.has("y"), cache.has("z")]).toEqual([true, true]);
  });

  it("drops only a product's quantities (and the API's product answers) on a stock change", async () => {
    const events = inProcessCatalogueEvents();
    const cache = new CatalogueCache();
    cache.follow(events);
    for (const key of [
      "stock:p1",
      "stock:p2",
      "api:/api/product/p1",
      "api:/api/products",
      "home",
    ]) {
      await cache.get(key, async () => key);
    }
    await events.publish({ kind: "stock", id: "p1" });
    expect(
      ["stock:p1", "stock:p2", "api:/api/product/p1", "api:/api/products", "home"].map((k) =>
        cache.has(k),
      ),
    ).toEqual([false, true, false, false, true]);
    await events.publish({ kind: "stock", id: "*" });
    expect([cache.has("stock:p2"), cache.has("home")]).toEqual([false, true]);
  });

  it("clears itself on every catalogue change it follows", async () => {
    const events = inProcessCatalogueEvents();
    const cache = new CatalogueCache();
    const stop = cache.follow(events);
    await cache.get("a", async () => 1);
    await events.publish({ kind: "slide", id: "s1" });
    expect(cache.has("a")).toBe(false);
    stop();
    await cache.get("a", async () => 1);
    await events.publish({ kind: "product", id: "p1" });
    expect(cache.has("a")).toBe(true);
  });
});
