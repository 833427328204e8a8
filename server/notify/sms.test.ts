import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { logger } from "../logger";
import { FAKE_SMS_KEYS, type FakeSmsGateway, startFakeSmsGateway } from "../testing/fake-sms";
import { createSmsSender, internationalNumber, SmsError } from "./sms";

const BENGALI = "আপনার অর্ডার #100123 গ্রহণ করা হয়েছে। মোট 1,560 টাকা।";
const sms = (text = BENGALI, id = "msg-0000000000001") => ({
  id,
  to: "01712345678",
  text,
  orderNumber: 100123,
  event: "order_placed",
});

let fake: FakeSmsGateway | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe("internationalNumber", () => {
  it("writes a Bangladeshi mobile as 8801…", () => {
    expect(internationalNumber("01712345678")).toBe("8801712345678");
    expect(internationalNumber("+880 1712-345678")).toBe("8801712345678");
    expect(internationalNumber("8801712345678")).toBe("8801712345678");
  });
});

describe("BulkSMSBD", () => {
  const keys = FAKE_SMS_KEYS.bulksmsbd;
  it("posts api_key, type, number, senderid and the Bengali message as UTF-8 form fields", async () => {
    fake = await startFakeSmsGateway("bulksmsbd");
    const sender = createSmsSender({ provider: "bulksmsbd", apiUrl: fake.url, ...keys });
    const answer = await sender.send(sms());
    expect(answer.providerMessageId).toBe("5001");
    const [request] = fake.requests;
    expect(request?.contentType).toBe("application/x-www-form-urlencoded");
    expect(request?.fields).toEqual({
      api_key: keys.apiKey,
      type: "unicode",
      number: "8801712345678",
      senderid: keys.senderId,
      message: BENGALI,
    });
    // Percent-encoded UTF-8 bytes of "আ" (U+0986): E0 A6 86.
    expect(request?.raw).toContain("message=%E0%A6%86");
    expect(fake.delivered).toEqual([{ to: "8801712345678", text: BENGALI, id: "5001" }]);
  });

  it("sends plain English as type=text", async () => {
    fake = await startFakeSmsGateway("bulksmsbd");
    const sender = createSmsSender({ provider: "bulksmsbd", apiUrl: fake.url, ...keys });
    await sender.send(sms("Your order #100123 is placed."));
    expect(fake.requests[0]?.fields.type).toBe("text");
  });

  it("turns an error answer into a failure that surely did not send, with the gateway's words", async () => {
    fake = await startFakeSmsGateway("bulksmsbd");
    const sender = createSmsSender({
      provider: "bulksmsbd",
      apiUrl: fake.url,
      apiKey: "wrong",
      senderId: keys.senderId,
    });
    const error = await sender.send(sms()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsError);
    expect((error as SmsError).message).toBe(
      "BulkSMSBD refused the message (1011: User Id not found)",
    );
    expect((error as SmsError).maybeSent).toBe(false);
    expect(fake.delivered).toEqual([]);
  });
});

describe("SSL Wireless", () => {
  const keys = FAKE_SMS_KEYS.sslwireless;
  it("posts JSON with api_token, sid, msisdn, sms and our id as csms_id", async () => {
    fake = await startFakeSmsGateway("sslwireless");
    const sender = createSmsSender({ provider: "sslwireless", apiUrl: fake.url, ...keys });
    expect(sender.idempotent).toBe(true);
    const answer = await sender.send(sms());
    expect(answer.providerMessageId).toBe("ref-1");
    const [request] = fake.requests;
    expect(request?.contentType).toBe("application/json; charset=utf-8");
    expect(JSON.parse(request?.raw ?? "")).toEqual({
      api_token: keys.apiToken,
      sid: keys.sid,
      msisdn: "8801712345678",
      sms: BENGALI,
      csms_id: "msg-0000000000001",
    });
    // JSON as UTF-8, not \u escapes: the bytes of "আ" are in the body.
    expect(Buffer.from(request?.raw ?? "").includes(Buffer.from([0xe0, 0xa6, 0x86]))).toBe(true);
  });

  it("counts a repeat of one csms_id as sent once: the gateway refuses the duplicate", async () => {
    fake = await startFakeSmsGateway("sslwireless");
    const sender = createSmsSender({ provider: "sslwireless", apiUrl: fake.url, ...keys });
    await sender.send(sms());
    const again = await sender.send(sms());
    expect(again.providerMessageId).toBe("msg-0000000000001");
    expect(fake.requests).toHaveLength(2);
    expect(fake.delivered).toHaveLength(1);
  });

  it("reports a wrong token as refused", async () => {
    fake = await startFakeSmsGateway("sslwireless");
    const sender = createSmsSender({
      provider: "sslwireless",
      apiUrl: fake.url,
      apiToken: "nope",
      sid: keys.sid,
    });
    await expect(sender.send(sms())).rejects.toThrow(
      "SSL Wireless refused the message (4001: Unauthorized api_token or sid)",
    );
  });

  it("a call with no answer in time may have been sent", async () => {
    fake = await startFakeSmsGateway("sslwireless");
    const sender = createSmsSender({ provider: "sslwireless", apiUrl: fake.url, ...keys }, 300);
    fake.failNext("lose-answer");
    const error = (await sender.send(sms()).catch((e: unknown) => e)) as SmsError;
    expect(error.message).toBe("No answer from SSL Wireless within 0.3 s");
    expect(error.maybeSent).toBe(true);
    // Sent again with the same id: the phone still gets one message.
    await sender.send(sms());
    expect(fake.delivered).toHaveLength(1);
  });
});

describe("Alpha SMS", () => {
  const keys = FAKE_SMS_KEYS.alpha;
  it("posts api_key, msg and to as UTF-8 form fields and reads data.request_id", async () => {
    fake = await startFakeSmsGateway("alpha");
    const sender = createSmsSender({ provider: "alpha", apiUrl: fake.url, ...keys });
    const answer = await sender.send(sms());
    expect(answer.providerMessageId).toBe("9001");
    expect(fake.requests[0]?.fields).toEqual({
      api_key: keys.apiKey,
      msg: BENGALI,
      to: "8801712345678",
    });
    expect(fake.requests[0]?.raw).toContain("msg=%E0%A6%86");
  });

  it("passes the gateway's error and its code", async () => {
    fake = await startFakeSmsGateway("alpha");
    const sender = createSmsSender({ provider: "alpha", apiUrl: fake.url, apiKey: "bad" });
    await expect(sender.send(sms())).rejects.toThrow(
      "Alpha SMS refused the message (405: Authorization required)",
    );
  });

  it("a server error surely did not send; a refused connection neither", async () => {
    fake = await startFakeSmsGateway("alpha");
    const sender = createSmsSender({ provider: "alpha", apiUrl: fake.url, ...keys });
    fake.failNext({ status: 502, body: { error: 500, msg: "Internal server error" } });
    const error = (await sender.send(sms()).catch((e: unknown) => e)) as SmsError;
    expect(error.maybeSent).toBe(false);
    expect(error.message).toBe("Alpha SMS refused the message (500: Internal server error)");
    const url = fake.url;
    await fake.close();
    fake = undefined;
    const down = createSmsSender({ provider: "alpha", apiUrl: url, ...keys });
    const refused = (await down.send(sms()).catch((e: unknown) => e)) as SmsError;
    expect(refused.maybeSent).toBe(false);
    expect(refused.message).toMatch(/^Alpha SMS could not be reached/);
  });
});

describe("outbox (no SMS_PROVIDER)", () => {
  it("writes each SMS as a JSON file with to, text, orderNumber and event", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-sms-"));
    onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const dir = path.join(dataDir, "outbox", "sms");
    const sender = createSmsSender({ provider: "outbox", dir });
    await sender.send(sms());
    const files = fs.readdirSync(dir);
    expect(files).toEqual(["msg-0000000000001.json"]);
    expect(JSON.parse(fs.readFileSync(path.join(dir, files[0] ?? ""), "utf8"))).toEqual({
      to: "01712345678",
      text: BENGALI,
      orderNumber: 100123,
      event: "order_placed",
    });
  });

  it("logs where the SMS went, never its text (an order code would outlive itself in the log)", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-sms-"));
    onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const logged = vi.spyOn(logger, "info");
    onTestFinished(() => logged.mockRestore());
    const sender = createSmsSender({
      provider: "outbox",
      dir: path.join(dataDir, "outbox", "sms"),
    });
    await sender.send({ ...sms(), text: "Haat: your code for order #100123: 482913" });
    const lines = JSON.stringify(logged.mock.calls);
    expect(lines).toContain("SMS written to the outbox");
    expect(lines).not.toContain("482913");
  });
});
