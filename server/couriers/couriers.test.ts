import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakePathao, startFakeRedx, startFakeSteadfast } from "../testing/fake-couriers";
import { CourierError, type ParcelRequest } from "./courier";
import { parsePathaoWebhook, pathaoCourier } from "./pathao";
import { parseRedxWebhook, redxCourier } from "./redx";
import { parseSteadfastWebhook, steadfastCourier } from "./steadfast";

const parcel = (invoice: string, extra: Partial<ParcelRequest> = {}): ParcelRequest => ({
  invoice,
  recipientName: "Rahim Uddin",
  recipientPhone: "01712345678",
  recipientAddress: "House 12, Road 3, Shewrapara, মিরপুর, ঢাকা",
  codAmount: 1250,
  note: "Call before delivery",
  itemDescription: "2 × Shoulder bag",
  itemQuantity: 2,
  weightGrams: 500,
  ...extra,
});

async function failure(promise: Promise<unknown>): Promise<CourierError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof CourierError) return err;
    throw err;
  }
  throw new Error("expected the courier call to fail");
}

describe("Steadfast adapter against its fake", () => {
  const keys = { apiKey: "sf-key", secretKey: "sf-secret" };
  let fake: Awaited<ReturnType<typeof startFakeSteadfast>>;
  let courier: ReturnType<typeof steadfastCourier>;
  beforeAll(async () => {
    fake = await startFakeSteadfast(keys);
    courier = steadfastCourier({ apiUrl: fake.url, ...keys }, 500);
  });
  afterAll(() => fake.close());

  it("books a parcel with the keys in headers and the order number as invoice", async () => {
    const booked = await courier.book(parcel("100001"));
    const [sent] = fake.callsTo(/^\/create_order$/);
    expect(sent?.method).toBe("POST");
    expect(sent?.headers["api-key"]).toBe("sf-key");
    expect(sent?.headers["secret-key"]).toBe("sf-secret");
    expect(sent?.headers["content-type"]).toBe("application/json");
    expect(sent?.body).toMatchObject({
      invoice: "100001",
      recipient_name: "Rahim Uddin",
      recipient_phone: "01712345678",
      recipient_address: "House 12, Road 3, Shewrapara, মিরপুর, ঢাকা",
      cod_amount: 1250,
      note: "Call before delivery",
    });
    expect(booked).toMatchObject({ status: "in_review", charge: null });
    expect(booked.consignmentId).toBe(String(fake.parcels[0]?.consignmentId));
    expect(booked.trackingCode).toBe(fake.parcels[0]?.trackingCode);
  });

  it("finds a parcel by invoice, and answers null for an invoice it never saw", async () => {
    expect(await courier.findByInvoice?.("100001")).toMatchObject({
      status: "in_review",
      outcome: null,
    });
    expect(await courier.findByInvoice?.("999999")).toBeNull();
  });

  it("reads a status by consignment id and maps its end", async () => {
    const [p] = fake.parcels;
    fake.setStatus("100001", "delivered");
    const status = await courier.status({
      consignmentId: String(p?.consignmentId),
      trackingCode: null,
      invoice: "100001",
    });
    expect(status).toMatchObject({ status: "delivered", outcome: "delivered" });
    fake.setStatus("100001", "cancelled");
    expect(
      (await courier.status({ consignmentId: null, trackingCode: null, invoice: "100001" }))
        .outcome,
    ).toBe("returned");
  });

  it("turns a second booking of one invoice into a refusal naming the invoice", async () => {
    const err = await failure(courier.book(parcel("100001")));
    expect(err.kind).toBe("rejected");
    expect(err.message).toContain("The invoice has already been taken.");
    expect(fake.parcels).toHaveLength(1);
  });

  it("reports validation errors field by field", async () => {
    const err = await failure(courier.book(parcel("100002", { recipientPhone: "0171234" })));
    expect(err).toMatchObject({ kind: "rejected", retryable: false });
    expect(err.message).toContain("recipient_phone: The recipient phone must be 11 digits.");
  });

  it("wrong keys answer 401 → unauthorized; a 500 → unavailable; silence → timeout", async () => {
    const wrong = steadfastCourier({ apiUrl: fake.url, apiKey: "sf-key", secretKey: "nope" }, 500);
    expect((await failure(wrong.book(parcel("100003")))).kind).toBe("unauthorized");
    fake.failNext(/^\/create_order$/, { status: 500, body: { message: "Server Error" } });
    const crashed = await failure(courier.book(parcel("100003")));
    expect(crashed).toMatchObject({ kind: "unavailable", retryable: true, status: 500 });
    fake.failNext(/^\/create_order$/, "timeout");
    expect(await failure(courier.book(parcel("100003")))).toMatchObject({
      kind: "timeout",
      retryable: true,
    });
  });

  it("asks the fraud check by phone", async () => {
    fake.fraud.set("01812345678", { total_parcels: 9, total_delivered: 5, total_cancelled: 4 });
    expect(await courier.fraudCheck("01812345678")).toEqual({
      totalParcels: 9,
      delivered: 5,
      cancelled: 4,
    });
    expect(fake.callsTo(/^\/fraud_check\//).at(-1)?.path).toBe("/fraud_check/01812345678");
  });

  it("reads Steadfast's webhook bodies and refuses others", () => {
    expect(
      parseSteadfastWebhook({
        notification_type: "delivery_status",
        consignment_id: 1000001,
        invoice: "100001",
        status: "delivered",
        delivery_charge: 60,
        tracking_message: "Delivered to customer",
        updated_at: "2026-11-20 14:05:00",
      }),
    ).toMatchObject({
      consignmentId: "1000001",
      invoice: "100001",
      status: "delivered",
      charge: 60,
      message: "Delivered to customer",
    });
    expect(
      parseSteadfastWebhook({
        notification_type: "tracking_update",
        invoice: "1",
        tracking_message: "At hub",
      }),
    ).toMatchObject({ status: null });
    expect(
      parseSteadfastWebhook({ notification_type: "delivery_status", invoice: "1" }),
    ).toBeNull();
    expect(parseSteadfastWebhook({ status: "delivered" })).toBeNull();
    expect(parseSteadfastWebhook([1])).toBeNull();
  });
});

describe("Pathao adapter against its fake", () => {
  const keys = { clientId: "pt-client", clientSecret: "pt-secret", storeId: 7001 };
  let fake: Awaited<ReturnType<typeof startFakePathao>>;
  let courier: ReturnType<typeof pathaoCourier>;
  beforeAll(async () => {
    fake = await startFakePathao(keys);
    courier = pathaoCourier({ apiUrl: fake.url, ...keys }, 500);
  });
  afterAll(() => fake.close());

  it("walks city → zone → area with a token it asked for once", async () => {
    const cities = await courier.areas?.({ district: "ঢাকা" });
    expect(cities).toContainEqual({ id: 1, name: "Dhaka" });
    expect(await courier.areas?.({ district: "ঢাকা", cityId: 1 })).toContainEqual({
      id: 51,
      name: "Mirpur",
    });
    expect(await courier.areas?.({ district: "ঢাকা", zoneId: 51 })).toContainEqual({
      id: 5102,
      name: "Shewrapara",
    });
    const logins = fake.callsTo(/external\/login$/);
    expect(logins).toHaveLength(1);
    expect(logins[0]?.body).toEqual({ client_id: "pt-client", client_secret: "pt-secret" });
    expect(fake.callsTo(/zone-list$/)[0]?.headers.authorization).toMatch(/^Bearer pathao-token-/);
  });

  it("books with store, city, zone, merchant_order_id and amount_to_collect", async () => {
    const booked = await courier.book(
      parcel("100010", { area: { cityId: 1, zoneId: 51, areaId: 5102 } }),
    );
    const [sent] = fake.callsTo(/\/orders$/);
    expect(sent?.body).toMatchObject({
      store_id: 7001,
      merchant_order_id: "100010",
      recipient_name: "Rahim Uddin",
      recipient_phone: "01712345678",
      recipient_city: 1,
      recipient_zone: 51,
      recipient_area: 5102,
      delivery_type: 48,
      item_type: 2,
      item_quantity: 2,
      item_weight: 0.5,
      amount_to_collect: 1250,
    });
    expect(booked).toEqual({
      consignmentId: fake.parcels[0]?.consignmentId,
      trackingCode: fake.parcels[0]?.consignmentId,
      status: "Pending",
      charge: 80,
    });
  });

  it("renews a token Pathao stopped accepting, once", async () => {
    fake.expireTokens();
    const consignmentId = fake.parcels[0]?.consignmentId as string;
    fake.setStatus(consignmentId, "Delivered");
    const status = await courier.status({ consignmentId, trackingCode: null, invoice: "100010" });
    expect(status).toMatchObject({ status: "Delivered", outcome: "delivered" });
    expect(fake.callsTo(/external\/login$/)).toHaveLength(2);
  });

  it("validation errors, bad client keys, 500 and silence", async () => {
    const invalid = await failure(
      courier.book(parcel("100011", { area: { cityId: 1, zoneId: 99 } })),
    );
    expect(invalid.kind).toBe("rejected");
    expect(invalid.message).toContain("recipient_zone: The selected recipient zone is invalid.");
    const wrong = pathaoCourier({ apiUrl: fake.url, ...keys, clientSecret: "nope" }, 500);
    expect((await failure(wrong.areas?.({ district: "ঢাকা" }) as Promise<unknown>)).kind).toBe(
      "unauthorized",
    );
    fake.failNext(/\/orders$/, { status: 500, body: { message: "Server Error" } });
    expect(
      (await failure(courier.book(parcel("100011", { area: { cityId: 1, zoneId: 51 } })))).kind,
    ).toBe("unavailable");
    fake.failNext(/\/orders$/, "timeout");
    expect(
      (await failure(courier.book(parcel("100011", { area: { cityId: 1, zoneId: 51 } })))).kind,
    ).toBe("timeout");
    expect((await failure(courier.book(parcel("100011")))).message).toContain("city and zone");
  });

  it("reads Pathao's webhooks: events, the integration check, and not-Pathao bodies", () => {
    expect(parsePathaoWebhook({ event: "webhook_integration" })).toEqual({ kind: "integration" });
    expect(
      parsePathaoWebhook({
        event: "order.returned",
        consignment_id: "DL1",
        merchant_order_id: "100010",
        reason: "Customer refused",
        delivery_fee: 80,
      }),
    ).toMatchObject({
      kind: "order",
      outcome: "returned",
      consignmentId: "DL1",
      invoice: "100010",
      message: "Customer refused",
    });
    expect(
      parsePathaoWebhook({ event: "order.partial-delivery", consignment_id: "DL1" }),
    ).toMatchObject({ outcome: "delivered" });
    expect(parsePathaoWebhook({ event: "order.in-transit", consignment_id: "DL1" })).toMatchObject({
      outcome: null,
    });
    expect(parsePathaoWebhook({ event: "order.delivered" })).toBeNull();
    expect(parsePathaoWebhook({ consignment_id: "DL1" })).toBeNull();
  });
});

describe("RedX adapter against its fake", () => {
  const keys = { token: "redx-jwt" };
  let fake: Awaited<ReturnType<typeof startFakeRedx>>;
  let courier: ReturnType<typeof redxCourier>;
  beforeAll(async () => {
    fake = await startFakeRedx(keys);
    courier = redxCourier({ apiUrl: fake.url, ...keys }, 500);
  });
  afterAll(() => fake.close());

  it("looks areas up by district with the access token header", async () => {
    expect(await courier.areas?.({ district: "Dhaka" })).toContainEqual({ id: 1, name: "Mirpur" });
    const [sent] = fake.callsTo(/^\/areas$/);
    expect(sent?.headers["api-access-token"]).toBe("Bearer redx-jwt");
    expect(sent?.query.get("district_name")).toBe("Dhaka");
  });

  it("books with merchant_invoice_id, the area and the cash to collect", async () => {
    const booked = await courier.book(
      parcel("100020", { area: { areaId: 1, areaName: "Mirpur" } }),
    );
    expect(fake.callsTo(/^\/parcel$/)[0]?.body).toMatchObject({
      customer_name: "Rahim Uddin",
      customer_phone: "01712345678",
      delivery_area: "Mirpur",
      delivery_area_id: 1,
      merchant_invoice_id: "100020",
      cash_collection_amount: "1250",
      parcel_weight: 500,
    });
    expect(booked.consignmentId).toBe(fake.parcels[0]?.trackingId);
    fake.setStatus(booked.consignmentId, "returned");
    expect(
      await courier.status({
        consignmentId: booked.consignmentId,
        trackingCode: null,
        invoice: "100020",
      }),
    ).toMatchObject({
      status: "returned",
      outcome: "returned",
      charge: 60,
    });
  });

  it("a refused parcel, a wrong token, 500 and silence", async () => {
    const invalid = await failure(
      courier.book(
        parcel("100021", { recipientPhone: "123", area: { areaId: 1, areaName: "Mirpur" } }),
      ),
    );
    expect(invalid).toMatchObject({ kind: "rejected", status: 400 });
    expect(invalid.message).toContain("customer_phone");
    const wrong = redxCourier({ apiUrl: fake.url, token: "nope" }, 500);
    expect(
      (await failure(wrong.book(parcel("100021", { area: { areaId: 1, areaName: "Mirpur" } }))))
        .kind,
    ).toBe("unauthorized");
    fake.failNext(/^\/parcel$/, { status: 503, body: { message: "Service Unavailable" } });
    expect(
      (await failure(courier.book(parcel("100021", { area: { areaId: 1, areaName: "Mirpur" } }))))
        .kind,
    ).toBe("unavailable");
    fake.failNext(/^\/parcel$/, "timeout");
    expect(
      (await failure(courier.book(parcel("100021", { area: { areaId: 1, areaName: "Mirpur" } }))))
        .kind,
    ).toBe("timeout");
  });

  it("reads RedX's callback body with both messages", () => {
    expect(
      parseRedxWebhook({
        tracking_number: "21A1",
        status: "delivered",
        message_en: "Delivered",
        message_bn: "ডেলিভারি হয়েছে",
        invoice_number: "100020",
        timestamp: "2026-11-20T08:00:00.000Z",
      }),
    ).toMatchObject({
      consignmentId: "21A1",
      outcome: "delivered",
      invoice: "100020",
      message: "Delivered / ডেলিভারি হয়েছে",
    });
    expect(parseRedxWebhook({ tracking_number: "21A1", status: "agent-returning" })).toMatchObject({
      outcome: null,
    });
    expect(parseRedxWebhook({ status: "delivered" })).toBeNull();
  });
});
