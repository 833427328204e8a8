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
  deleteFailedText: "Error deleting order. Please try again later.",
  unexpectedText: "An unexpected error occurred. Please try again later.",
} as const;

/** "Failed to update order status." followed by the server's reason, when it gave one. */
export function withReason(text: string, reason: string | undefined): string {
  const why = reason?.trim();
  if (!why) return text;
  return `${text} ${/[.!?]$/.test(why) ? why : `${why}.`}`;
}
