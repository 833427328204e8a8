import { ORDER_CODE_NEEDS_CODE, UNPAIRED_BRACE } from "~/core/notifications";
import { courierLabelIn } from "../courier-name";
import type { MessageKey } from "../keys";
import type { Translator } from "../translator";

/**
 * The server's answers on the SMS & Email and courier-area pages (core/notifications.ts
 * templateProblem, server/notify/templates.ts, server/services/courier-areas.ts and the page's
 * action write them in English, the API's language) in the page's language. A text not listed
 * is shown as written.
 */
const KEYS: Readonly<Record<string, MessageKey>> = {
  "The template cannot be saved": "dash.paper.server.templateNotSaved",
  "Write the message (or restore the default).": "dash.paper.server.templateEmpty",
  "This change is not complete; reload the page and try again": "dash.paper.server.incomplete",
  "Message event not found": "dash.paper.server.noEvent",
  "Template language not found": "dash.paper.server.noLanguage",
  "The area is not complete": "dash.paper.server.areaIncomplete",
  "A whole number above 0": "dash.paper.server.wholeNumber",
  "A courier's id is a whole number up to 2,147,483,647": "dash.paper.server.idTooLarge",
  "Choose a courier": "dash.paper.server.chooseCourier",
  "Choose a thana of the district, as orders name them (Bengali)": "dash.paper.server.chooseThana",
  "Pathao needs the city and the zone": "dash.paper.server.pathaoNeeds",
  "RedX needs the area's id and name": "dash.paper.server.redxNeeds",
  "Not configured, or needs no areas": "dash.paper.server.notConfigured",
  "Courier area not found": "dash.paper.server.areaNotFound",
  "Only admins may manage courier areas": "dash.paper.server.adminsOnly",
  "The courier does not list this place": "dash.paper.server.notAtCourier",
  "Not one of Pathao's cities": "dash.paper.server.notPathaoCity",
  "Not one of this city's zones at Pathao": "dash.paper.server.notPathaoZone",
  "Not one of this zone's areas at Pathao": "dash.paper.server.notPathaoArea",
  "Not one of RedX's areas in this district": "dash.paper.server.notRedxArea",
};

/** A text the server wrote with values in it: its message, else undefined. */
function withValues(tr: Pick<Translator, "t" | "count">, message: string): string | undefined {
  const { t } = tr;
  const tooLong = /^At most (\d+) characters\.$/.exec(message);
  if (tooLong) return t("dash.paper.server.templateTooLong", { max: tr.count(Number(tooLong[1])) });
  const unknown = /^Unknown placeholder (.+)\. Use: (.+)$/.exec(message);
  if (unknown) {
    return t("dash.paper.server.templateUnknown", {
      names: unknown[1] ?? "",
      known: unknown[2] ?? "",
    });
  }
  const unfilled = /^Not known when this message is sent: (.+)\. Use: (.+)$/.exec(message);
  if (unfilled) {
    return t("dash.paper.server.templateUnfilled", {
      names: unfilled[1] ?? "",
      known: unfilled[2] ?? "",
    });
  }
  if (message === UNPAIRED_BRACE) {
    // The braces go in as values: a message's own braces would be read as its placeholders.
    return t("dash.paper.server.unpairedBrace", {
      open: "{",
      close: "}",
      placeholder: "{orderNumber}",
    });
  }
  if (message === ORDER_CODE_NEEDS_CODE) {
    return t("dash.paper.server.codeNeeded", { placeholder: "{code}" });
  }
  const noAreas = /^(\S+) needs no areas$/.exec(message);
  if (noAreas)
    return t("dash.paper.server.noAreas", { courier: courierLabelIn(t, noAreas[1] ?? "") });
  const noneHere = /^(\S+) has no areas to look up here$/.exec(message);
  if (noneHere) {
    return t("dash.paper.server.noAreasHere", { courier: courierLabelIn(t, noneHere[1] ?? "") });
  }
  return undefined;
}

/** A refusal or field issue of these pages in the page's language, when known. */
export function paperText(tr: Pick<Translator, "t" | "count">, message: string): string {
  if (Object.hasOwn(KEYS, message)) return tr.t(KEYS[message] as MessageKey);
  return withValues(tr, message) ?? message;
}
