import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Local stand-ins for the SMS gateways' send endpoints (research/integrations.md "SMS
 * gateways"), for tests. Each reads the body the way its gateway does (BulkSMSBD and Alpha SMS:
 * form fields; SSL Wireless: JSON), checks the fields, keys and number format, and answers as
 * the gateway does: success, or its error answer. SSL Wireless keeps every `csms_id` and refuses
 * a repeat (one SMS per id). A test may script the next answer: an error of its choosing, no
 * answer at all (`timeout`), or accepting the message and then never answering (`lose-answer`,
 * a cut connection after the gateway acted). `delivered` lists what reached a phone.
 */

export type FakeSmsProvider = "bulksmsbd" | "sslwireless" | "alpha";

export type SmsRequest = {
  method: string;
  path: string;
  contentType: string;
  /** The body as received (form encoding or JSON text). */
  raw: string;
  /** The fields as the gateway reads them. */
  fields: Record<string, string>;
};

export type DeliveredSms = { to: string; text: string; id: string };

type Scripted = { status: number; body: unknown } | "timeout" | "lose-answer";

export type FakeSmsGateway = {
  url: string;
  requests: SmsRequest[];
  delivered: DeliveredSms[];
  failNext: (answer: Scripted) => void;
  /** Resolves once the gateway has received `count` requests. */
  waitForRequests: (count: number) => Promise<void>;
  close: () => Promise<void>;
};

export const FAKE_SMS_KEYS = {
  bulksmsbd: { apiKey: "bulk-key-123", senderId: "8809617600000" },
  sslwireless: { apiToken: "ssl-token-123", sid: "HAATBRAND" },
  alpha: { apiKey: "alpha-key-123" },
} as const;

const INTERNATIONAL = /^8801[3-9]\d{8}$/;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function fieldsOf(
  contentType: string,
  raw: string,
  query: URLSearchParams,
): Record<string, string> {
  const fields: Record<string, string> = Object.fromEntries(query);
  if (contentType.startsWith("application/json")) {
    try {
      const parsed = JSON.parse(raw) as Record<string, unknown>;
      for (const [k, v] of Object.entries(parsed)) fields[k] = String(v);
    } catch {
      // The gateway answers a body it cannot read as missing fields.
    }
  } else if (contentType.startsWith("application/x-www-form-urlencoded")) {
    for (const [k, v] of new URLSearchParams(raw)) fields[k] = v;
  }
  return fields;
}

type Answer = { status: number; body: unknown; deliver?: DeliveredSms };

function bulkSmsBd(r: SmsRequest, seq: number): Answer {
  if (r.path !== "/api/smsapi") return { status: 404, body: { message: "Not Found" } };
  const f = r.fields;
  if (!f.api_key || !f.number || !f.senderid || !f.message) {
    return {
      status: 200,
      body: { response_code: 1003, error_message: "Please Required all fields" },
    };
  }
  if (f.api_key !== FAKE_SMS_KEYS.bulksmsbd.apiKey) {
    return { status: 200, body: { response_code: 1011, error_message: "User Id not found" } };
  }
  if (f.senderid !== FAKE_SMS_KEYS.bulksmsbd.senderId) {
    return { status: 200, body: { response_code: 1002, error_message: "Sender Id Not Correct" } };
  }
  if (!f.number.split(",").every((n) => INTERNATIONAL.test(n) || /^01[3-9]\d{8}$/.test(n))) {
    return { status: 200, body: { response_code: 1001, error_message: "Invalid Number" } };
  }
  if (f.type !== "text" && f.type !== "unicode") {
    return { status: 200, body: { response_code: 1003, error_message: "Invalid type" } };
  }
  return {
    status: 200,
    body: {
      response_code: 202,
      message_id: 5000 + seq,
      success_message: "SMS Submitted Successfully",
      error_message: "",
    },
    deliver: { to: f.number, text: f.message, id: String(5000 + seq) },
  };
}

function sslWireless(r: SmsRequest, seq: number, seen: Set<string>): Answer {
  if (r.path !== "/api/v3/send-sms") return { status: 404, body: { message: "Not Found" } };
  if (r.method !== "POST" || !r.contentType.startsWith("application/json")) {
    return {
      status: 400,
      body: { status: "FAILED", status_code: 4000, error_message: "Invalid request" },
    };
  }
  const f = r.fields;
  if (
    f.api_token !== FAKE_SMS_KEYS.sslwireless.apiToken ||
    f.sid !== FAKE_SMS_KEYS.sslwireless.sid
  ) {
    return {
      status: 200,
      body: { status: "FAILED", status_code: 4001, error_message: "Unauthorized api_token or sid" },
    };
  }
  if (!f.msisdn || !INTERNATIONAL.test(f.msisdn)) {
    return {
      status: 200,
      body: { status: "FAILED", status_code: 4003, error_message: "Invalid msisdn" },
    };
  }
  if (!f.sms || !f.csms_id || f.csms_id.length > 20) {
    return {
      status: 200,
      body: { status: "FAILED", status_code: 4002, error_message: "Invalid sms or csms_id" },
    };
  }
  if (seen.has(f.csms_id)) {
    return {
      status: 200,
      body: { status: "FAILED", status_code: 4025, error_message: "Duplicate csms_id" },
    };
  }
  seen.add(f.csms_id);
  const reference = `ref-${seq}`;
  return {
    status: 200,
    body: {
      status: "SUCCESS",
      status_code: 200,
      error_message: "",
      smsinfo: [
        {
          sms_status: "SUCCESS",
          status_message: "Success",
          msisdn: f.msisdn,
          sms_type: /^[\x20-\x7e\n]*$/.test(f.sms) ? "EN" : "BN",
          sms_body: f.sms,
          csms_id: f.csms_id,
          reference_id: reference,
        },
      ],
    },
    deliver: { to: f.msisdn, text: f.sms, id: f.csms_id },
  };
}

function alpha(r: SmsRequest, seq: number): Answer {
  if (r.path !== "/sendsms") return { status: 404, body: { error: 404, msg: "Not Found" } };
  const f = r.fields;
  if (!f.api_key || f.api_key !== FAKE_SMS_KEYS.alpha.apiKey) {
    return { status: 200, body: { error: 405, msg: "Authorization required" } };
  }
  if (!f.msg || !f.to) {
    return { status: 200, body: { error: 400, msg: "Missing or invalid parameter" } };
  }
  if (!f.to.split(",").every((n) => INTERNATIONAL.test(n))) {
    return { status: 200, body: { error: 415, msg: "Invalid phone number" } };
  }
  return {
    status: 200,
    body: { error: 0, msg: "Request successfully submitted", data: { request_id: 9000 + seq } },
    deliver: { to: f.to, text: f.msg, id: String(9000 + seq) },
  };
}

export async function startFakeSmsGateway(provider: FakeSmsProvider): Promise<FakeSmsGateway> {
  const requests: SmsRequest[] = [];
  const delivered: DeliveredSms[] = [];
  const scripted: Scripted[] = [];
  const seen = new Set<string>();
  const hanging = new Set<ServerResponse>();
  const waiters: { count: number; resolve: () => void }[] = [];

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = await readBody(req);
    const contentType = String(req.headers["content-type"] ?? "");
    const request: SmsRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      contentType,
      raw,
      fields: fieldsOf(contentType, raw, url.searchParams),
    };
    requests.push(request);
    const seq = requests.length;
    const answer =
      provider === "bulksmsbd"
        ? bulkSmsBd(request, seq)
        : provider === "sslwireless"
          ? sslWireless(request, seq, seen)
          : alpha(request, seq);
    const script = scripted.shift();
    if (script && script !== "lose-answer" && script !== "timeout") {
      // A scripted error: nothing reaches a phone (and an SSL Wireless id stays unused).
      if (provider === "sslwireless" && answer.deliver) seen.delete(answer.deliver.id);
      res.writeHead(script.status, { "content-type": "application/json" });
      res.end(JSON.stringify(script.body));
    } else if (script === "timeout") {
      if (provider === "sslwireless" && answer.deliver) seen.delete(answer.deliver.id);
      hanging.add(res);
    } else {
      if (answer.deliver) delivered.push(answer.deliver);
      if (script === "lose-answer") hanging.add(res);
      else {
        res.writeHead(answer.status, { "content-type": "application/json" });
        res.end(JSON.stringify(answer.body));
      }
    }
    for (const w of [...waiters]) {
      if (requests.length >= w.count) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    delivered,
    failNext: (answer) => scripted.push(answer),
    waitForRequests: (count) =>
      requests.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
