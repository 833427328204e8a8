import type { MessageKey } from "../keys";
import type { Translator } from "../translator";
import { waitText } from "../wait-text";

/**
 * What the services behind the dashboard's frame, home, All Users, Blocked Numbers and Messages
 * write (server/services/users.ts, risk.ts, contact.ts, the resend-verification action): English,
 * the JSON API's language. A page shows them in its own language through this table: English
 * text → message key. A text not listed is shown as written.
 */
const LAYOUT_SERVER_KEYS: Readonly<Record<string, MessageKey>> = {
  "Only admins may change roles": "dash.layout.issue.adminsOnlyRoles",
  "Some fields are not valid": "dash.layout.issue.invalidFields",
  "Role must be admin or customer": "dash.layout.issue.roleInvalid",
  "The last admin cannot be demoted: promote another admin first":
    "dash.layout.issue.lastAdminDemoted",
  "You may only delete your own account": "dash.layout.issue.ownAccountOnly",
  "The last admin cannot be deleted: promote another admin first":
    "dash.layout.issue.lastAdminDeleted",
  "User not found": "dash.layout.issue.userNotFound",
  "Nothing to do": "dash.layout.issue.nothingToDo",
  "Unknown action": "dash.layout.issue.unknownAction",
  "Sign in first": "dash.layout.issue.signInFirst",
  "Only admins may manage the block list": "dash.layout.issue.adminsOnlyBlockList",
  "Not a Bangladesh mobile number": "dash.layout.issue.notMobile",
  "Enter an 11-digit mobile number such as 01712345678": "dash.layout.issue.mobileExample",
  "Say why": "dash.layout.issue.sayWhy",
  "Give a reason": "dash.layout.issue.giveReason",
  "A reason of at most 500 characters": "dash.layout.issue.reasonTooLong",
  "Blocked number not found": "dash.layout.issue.blockedNotFound",
  "This change is not complete; reload the page and try again": "dash.layout.issue.incomplete",
  "Message not found": "dash.layout.issue.messageNotFound",
  // AUTH_MESSAGES.verificationFailed, and the home page's own fallbacks.
  "The email could not be sent. Please try again later.": "dash.layout.issue.emailNotSent",
  "Something went wrong. Please try again later.": "dash.layout.issue.somethingWrong",
};

/** A refusal or field issue those services wrote in English, in the page's language when known. */
export function layoutServerText(tr: Pick<Translator, "t" | "count">, message: string): string {
  if (Object.hasOwn(LAYOUT_SERVER_KEYS, message)) {
    return tr.t(LAYOUT_SERVER_KEYS[message] as MessageKey);
  }
  return waitText(tr, message) ?? message;
}
