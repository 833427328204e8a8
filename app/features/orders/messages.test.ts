import { describe, expect, it } from "vitest";
import { orderFailureText, withReason } from "./messages";

describe("orderFailureText (spec §8)", () => {
  it("says a status change failed, with the server's reason when it gave one", () => {
    expect(orderFailureText("status", true)).toBe("Failed to update order status.");
    expect(orderFailureText("status", true, "Order not found")).toBe(
      "Failed to update order status. Order not found.",
    );
  });

  it("says a status change failed even when no answer came", () => {
    expect(orderFailureText("status", false)).toBe("Failed to update order status.");
  });

  it("says a delete failed when the server refused it, and 'unexpected' only without an answer", () => {
    expect(orderFailureText("delete", true)).toBe("Error deleting order. Please try again later.");
    expect(orderFailureText("delete", true, "Only cancelled, delivered or returned orders")).toBe(
      "Error deleting order. Please try again later. Only cancelled, delivered or returned orders.",
    );
    expect(orderFailureText("delete", false)).toBe(
      "An unexpected error occurred. Please try again later.",
    );
  });
});

describe("withReason", () => {
  it("keeps the reason's own full stop and ignores a blank reason", () => {
    expect(withReason("Failed.", "Gone!")).toBe("Failed. Gone!");
    expect(withReason("Failed.", "  ")).toBe("Failed.");
  });
});
