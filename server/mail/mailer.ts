import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config";
import { newId } from "../db/ids";
import { logger } from "../logger";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about, logged when the message goes to the outbox. */
  link?: string;
};

export type Mailer = {
  /** "smtp" delivers through SMTP_URL; "outbox" writes .eml files into DATA_DIR/outbox. */
  kind: "smtp" | "outbox";
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
};

export function mailFrom(config: Config): string {
  return config.MAIL_FROM ?? `${config.SHOP_NAME} <no-reply@localhost>`;
}

/**
 * SMTP when SMTP_URL is set (smtp:// with STARTTLS when the server offers it, smtps:// for
 * implicit TLS); otherwise every message is written to DATA_DIR/outbox/ and its link logged,
 * so a shop without mail set up can still reset a password from the server's log.
 */
export function createMailer(config: Config): Mailer {
  const from = mailFrom(config);
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      kind: "smtp",
      async send(m) {
        await transport.sendMail({
          from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
        });
        logger.info({ to: m.to, subject: m.subject }, "mail sent");
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: "outbox",
    async send(m) {
      const info = await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
      });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${newId()}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info(
        { to: m.to, subject: m.subject, file, link: m.link },
        "mail written to the outbox (no SMTP_URL)",
      );
    },
    close: () => transport.close(),
  };
}
