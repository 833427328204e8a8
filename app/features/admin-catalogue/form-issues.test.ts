import { describe, expect, it } from "vitest";
import { recheckedIssues } from "./form-issues";

describe("recheckedIssues", () => {
  it("drops the issue of a field that is valid now, keeps the others", () => {
    const shown = { name: "Name is required", ratings: "Ratings must be between 1 and 5" };
    expect(recheckedIssues(shown, { ratings: "Ratings must be between 1 and 5" })).toEqual({
      ratings: "Ratings must be between 1 and 5",
    });
  });

  it("never adds an issue for a field the person has not been told about", () => {
    expect(recheckedIssues({}, { name: "Name is required" })).toEqual({});
  });

  it("takes the schema's current words and keeps what only the server can check", () => {
    const shown = { offerPrice: "old words", images: "Image 2 is not stored", form: "Refused" };
    expect(recheckedIssues(shown, { offerPrice: "new words" })).toEqual({
      offerPrice: "new words",
      images: "Image 2 is not stored",
      form: "Refused",
    });
  });
});
