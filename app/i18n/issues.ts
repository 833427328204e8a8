import { CHOOSE_COLOUR_MESSAGE, CHOOSE_SIZE_MESSAGE } from "~/core/checkout";
import type { MessageKey } from "./keys";

/**
 * The rules of core/ (shared by the page, the route action and the API) write their field
 * issues in English, the API's language. A page shows them in its own language through this
 * table: English text → message key. A text not listed is shown as written.
 */
const ISSUE_KEYS: Readonly<Record<string, MessageKey>> = {
  [CHOOSE_SIZE_MESSAGE]: "issue.chooseSize",
  [CHOOSE_COLOUR_MESSAGE]: "issue.chooseColour",
};

export function issueKey(message: string): MessageKey | undefined {
  return Object.hasOwn(ISSUE_KEYS, message) ? ISSUE_KEYS[message] : undefined;
}
