import { describe, expect, it } from "vitest";
import { parseFavourites, toggled } from "./favourites";

describe("favourites", () => {
  it("toggles an id in and out", () => {
    expect(toggled([], "a")).toEqual(["a"]);
    expect(toggled(["a", "b"], "a")).toEqual(["b"]);
  });

  it("reads only a list of ids from storage, whatever is stored", () => {
    expect(parseFavourites(null)).toEqual([]);
    expect(parseFavourites("not json")).toEqual([]);
    expect(parseFavourites('{"a":1}')).toEqual([]);
    expect(parseFavourites('["a", 1, "", null, "b"]')).toEqual(["a", "b"]);
  });
});
