import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A mail as a real SMTP server received it, with its subject and text part decoded. */
export type CapturedMail = { to: string[]; raw: string; subject: string; text: string };

function decodeWords(header: string): string {
  return header.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_w, kind: string, data: string) =>
    kind.toLowerCase() === "b"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i] as string;
    if (ch === "=" && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(ch, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The decoded text/plain part of a MIME message written by nodemailer. */
function textPart(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const [head = "", ...rest] = part.split(/\r?\n\r?\n/);
    if (!/content-type:\s*text\/plain/i.test(head)) continue;
    const body = rest.join("\n\n").replace(/\r?\n--[^\r\n]+--\s*$/, "");
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
    if (encoding === "base64")
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
    return body;
  }
  return "";
}

/** A raw MIME message's subject and text part, decoded (a captured mail or an outbox file). */
export function decodedMail(raw: string): { subject: string; text: string } {
  const headers = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const subject = /^subject:\s*(.*(?:\r?\n[ \t].*)*)/im.exec(headers)?.[1] ?? "";
  return { subject: decodeWords(subject.replace(/\r?\n[ \t]/g, " ")).trim(), text: textPart(raw) };
}

/** A local SMTP server (the `smtp-server` package) keeping every mail it receives. */
export async function startMailCapture(): Promise<{
  url: string;
  mails: CapturedMail[];
  close: () => Promise<void>;
}> {
  const mails: CapturedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, ...decodedMail(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
