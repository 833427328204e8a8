import fs from "node:fs/promises";
import path from "node:path";
import { smsSegments } from "~/core/notifications";
import { normalizePhone } from "~/core/phone";
import { logger } from "../logger";

/**
 * Sending one SMS through a Bangladeshi gateway (decision 059). Each adapter follows the
 * gateway's published API (../shared/research/integrations.md); its base URL is configurable so
 * tests point it at a local fake (server/testing/fake-sms.ts).
 */

export const SMS_PROVIDERS = ["bulksmsbd", "sslwireless", "alpha"] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

export const SMS_PROVIDER_LABELS: Record<SmsProviderName | "outbox", string> = {
  bulksmsbd: "BulkSMSBD",
  sslwireless: "SSL Wireless",
  alpha: "Alpha SMS",
  outbox: "the outbox folder (no SMS_PROVIDER)",
};

export type SmsSettings =
  | { provider: "bulksmsbd"; apiUrl: string; apiKey: string; senderId: string }
  | { provider: "sslwireless"; apiUrl: string; apiToken: string; sid: string }
  | { provider: "alpha"; apiUrl: string; apiKey: string; senderId?: string }
  | { provider: "outbox"; dir: string };

export type OutgoingSms = {
  /** Our message id: SSL Wireless's `csms_id`, so a repeat is not sent twice. */
  id: string;
  to: string;
  text: string;
  orderNumber: number | null;
  event: string;
};

export type SmsSender = {
  provider: SmsProviderName | "outbox";
  /**
   * True when sending one message id twice reaches the phone once (the gateway keeps our id):
   * a send whose answer was lost may then be repeated.
   */
  idempotent: boolean;
  /** Resolves with the gateway's id of the message once it accepted it; throws SmsError. */
  send: (sms: OutgoingSms) => Promise<{ providerMessageId: string | null }>;
};

/**
 * A send that did not go through. `maybeSent`: no answer came (a timeout), so the gateway may
 * have taken it; otherwise it surely did not (refused connection, an error answer).
 */
export class SmsError extends Error {
  override name = "SmsError";
  constructor(
    message: string,
    readonly maybeSent: boolean,
  ) {
    super(message);
  }
}

/** How long one gateway call may take before it counts as unanswered. */
export const SMS_TIMEOUT_MS = 15_000;

/** 8801XXXXXXXXX, as the gateways take a Bangladeshi mobile number. */
export function internationalNumber(phone: string): string {
  const local = normalizePhone(phone);
  return /^01\d{9}$/.test(local) ? `88${local}` : local.replace(/^\+/, "");
}

type Answer = { status: number; body: Record<string, unknown> };

async function gatewayRequest(
  label: string,
  url: string,
  body: { json: unknown } | { form: Record<string, string> },
  timeoutMs: number,
): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        accept: "application/json",
        "content-type":
          "json" in body ? "application/json; charset=utf-8" : "application/x-www-form-urlencoded",
      },
      // URLSearchParams percent-encodes UTF-8: Bengali text arrives as the gateway expects.
      body: "json" in body ? JSON.stringify(body.json) : new URLSearchParams(body.form).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw new SmsError(`No answer from ${label} within ${timeoutMs / 1000} s`, true);
    }
    throw new SmsError(`${label} could not be reached (${(err as Error).message})`, false);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (err) {
    // The answer broke off: the gateway may have taken the message.
    throw new SmsError(`${label}'s answer broke off (${(err as Error).message})`, true);
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = undefined;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new SmsError(
      `${label} answered ${response.status} without JSON: ${text.slice(0, 120)}`,
      false,
    );
  }
  return { status: response.status, body: parsed as Record<string, unknown> };
}

function textOf(x: unknown): string {
  return typeof x === "string" ? x : typeof x === "number" ? String(x) : "";
}

/** BulkSMSBD: `api_key`, `type`, `number`, `senderid`, `message`; `response_code` 202 is success. */
function bulkSmsBd(
  s: Extract<SmsSettings, { provider: "bulksmsbd" }>,
  timeoutMs: number,
): SmsSender {
  return {
    provider: "bulksmsbd",
    idempotent: false,
    async send(sms) {
      const { status, body } = await gatewayRequest(
        "BulkSMSBD",
        `${s.apiUrl}/api/smsapi`,
        {
          form: {
            api_key: s.apiKey,
            type: smsSegments(sms.text).encoding === "gsm7" ? "text" : "unicode",
            number: internationalNumber(sms.to),
            senderid: s.senderId,
            message: sms.text,
          },
        },
        timeoutMs,
      );
      if (Number(body.response_code) === 202) {
        return { providerMessageId: textOf(body.message_id) || null };
      }
      const reason = textOf(body.error_message) || textOf(body.success_message);
      throw new SmsError(
        `BulkSMSBD refused the message (${textOf(body.response_code) || status}${reason ? `: ${reason}` : ""})`,
        false,
      );
    },
  };
}

/** SSL Wireless SMS Plus v3: JSON; `status` "SUCCESS"; our id as `csms_id` (its idempotency key). */
function sslWireless(
  s: Extract<SmsSettings, { provider: "sslwireless" }>,
  timeoutMs: number,
): SmsSender {
  return {
    provider: "sslwireless",
    idempotent: true,
    async send(sms) {
      const { status, body } = await gatewayRequest(
        "SSL Wireless",
        `${s.apiUrl}/api/v3/send-sms`,
        {
          json: {
            api_token: s.apiToken,
            sid: s.sid,
            msisdn: internationalNumber(sms.to),
            sms: sms.text,
            csms_id: sms.id,
          },
        },
        timeoutMs,
      );
      const info = Array.isArray(body.smsinfo) ? (body.smsinfo[0] as Record<string, unknown>) : {};
      if (String(body.status).toUpperCase() === "SUCCESS") {
        return { providerMessageId: textOf(info?.reference_id) || sms.id };
      }
      const reason = textOf(body.error_message) || textOf(info?.status_message);
      // Our id was taken before: an earlier try of this message reached the gateway.
      if (/duplicate/i.test(reason) && /csms/i.test(reason)) return { providerMessageId: sms.id };
      throw new SmsError(
        `SSL Wireless refused the message (${textOf(body.status_code) || status}${reason ? `: ${reason}` : ""})`,
        false,
      );
    },
  };
}

/** Alpha SMS (sms.net.bd): `api_key`, `msg`, `to`; `error` 0 is success, `data.request_id`. */
function alphaSms(s: Extract<SmsSettings, { provider: "alpha" }>, timeoutMs: number): SmsSender {
  return {
    provider: "alpha",
    idempotent: false,
    async send(sms) {
      const { status, body } = await gatewayRequest(
        "Alpha SMS",
        `${s.apiUrl}/sendsms`,
        {
          form: {
            api_key: s.apiKey,
            msg: sms.text,
            to: internationalNumber(sms.to),
            ...(s.senderId ? { sender_id: s.senderId } : {}),
          },
        },
        timeoutMs,
      );
      if (body.error !== undefined && Number(body.error) === 0) {
        const data = (body.data ?? {}) as Record<string, unknown>;
        return { providerMessageId: textOf(data.request_id) || null };
      }
      throw new SmsError(
        `Alpha SMS refused the message (${textOf(body.error) || status}${textOf(body.msg) ? `: ${textOf(body.msg)}` : ""})`,
        false,
      );
    },
  };
}

/** Without a gateway: each SMS is a JSON file in DATA_DIR/outbox/sms/, and a log line. */
function outbox(dir: string): SmsSender {
  return {
    provider: "outbox",
    // A file written twice under one name is still one file.
    idempotent: true,
    async send(sms) {
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${sms.id}.json`);
      const content = {
        to: sms.to,
        text: sms.text,
        orderNumber: sms.orderNumber,
        event: sms.event,
      };
      await fs.writeFile(file, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
      // The text stays in the file (only the server's user can read it): an order code must not
      // reach the log, where it would outlive its ten minutes in every log collector.
      logger.info(
        { to: sms.to, event: sms.event, orderNumber: sms.orderNumber, file },
        "SMS written to the outbox (no SMS_PROVIDER)",
      );
      return { providerMessageId: null };
    },
  };
}

export function createSmsSender(settings: SmsSettings, timeoutMs = SMS_TIMEOUT_MS): SmsSender {
  switch (settings.provider) {
    case "bulksmsbd":
      return bulkSmsBd(settings, timeoutMs);
    case "sslwireless":
      return sslWireless(settings, timeoutMs);
    case "alpha":
      return alphaSms(settings, timeoutMs);
    case "outbox":
      return outbox(settings.dir);
  }
}
