/** Spec §8 texts for order changes, in one place for the pages and the tests. */
export const ORDER_MESSAGES = {
  confirmTitle: "Are you sure?",
  deleteWarning: "You won't be able to revert this!",
  statusUpdatedTitle: "Updated!",
  statusUpdatedText: "Order status has been updated.",
  statusFailedTitle: "Error!",
  statusFailedText: "Failed to update order status.",
  deletedTitle: "Success!",
  deletedText: "Order deleted successfully.",
  returnReceivedText: "The return was received: its pieces are back in stock.",
  deleteFailedText: "Error deleting order. Please try again later.",
  unexpectedText: "An unexpected error occurred. Please try again later.",
} as const;

/** "Failed to update order status." followed by the server's reason, when it gave one. */
export function withReason(text: string, reason: string | undefined): string {
  const why = reason?.trim();
  if (!why) return text;
  return `${text} ${/[.!?]$/.test(why) ? why : `${why}.`}`;
}

/**
 * The §8 failure text of an order change. A refused change says what failed, with the server's
 * reason when it gave one (4xx); "An unexpected error occurred" is only for a delete that got no
 * answer at all (`answered` false: the network or the browser failed).
 */
export function orderFailureText(
  kind: "status" | "delete",
  answered: boolean,
  reason?: string,
): string {
  if (!answered)
    return kind === "delete" ? ORDER_MESSAGES.unexpectedText : ORDER_MESSAGES.statusFailedText;
  const failed =
    kind === "delete" ? ORDER_MESSAGES.deleteFailedText : ORDER_MESSAGES.statusFailedText;
  return withReason(failed, reason);
}
