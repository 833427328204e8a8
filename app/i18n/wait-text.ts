import type { MessageKey } from "./keys";
import type { Translator } from "./translator";

/** The server's 429 text (server/errors.ts RateLimitedError): how long to wait. */
const TOO_MANY = /^Too many requests\. Please try again in (\d+) (second|minute)s?\.$/;

/** The server's "Too many requests…" in the page's language, or undefined for another text. */
export function waitText(tr: Pick<Translator, "t" | "count">, message: string): string | undefined {
  const wait = TOO_MANY.exec(message);
  if (!wait) return undefined;
  const n = Number(wait[1]);
  const unit: MessageKey =
    wait[2] === "minute"
      ? n === 1
        ? "issue.wait.minute"
        : "issue.wait.minutes"
      : n === 1
        ? "issue.wait.second"
        : "issue.wait.seconds";
  return tr.t("issue.tooManyRequests", { wait: tr.t(unit, { n: tr.count(n) }) });
}
