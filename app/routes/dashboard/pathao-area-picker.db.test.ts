import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AreaQuestion } from "~/app/features/orders/courier-actions";
import { AreaPicker, RetryBookingForm } from "~/app/features/orders/courier-panel";
import { wholeCatalog } from "~/app/i18n/catalog.server";
import { actorMiddleware } from "~/app/lib/context.server";
import type { OrderView } from "~/core/order-view";
import type { AppContext } from "~/server/app-context";
import { orderCouriers } from "~/server/db/schema";
import { appContext } from "~/server/http/router-context";
import { insertOrder } from "~/server/services/orders";
import { signUp, signUpAdmin } from "~/server/testing/accounts";
import { CUSTOMER_DATA } from "~/server/testing/api-fixtures";
import { startFakePathao } from "~/server/testing/fake-couriers";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import { postToAction } from "~/tests/support/page-action";
import { loader as areasLoader } from "./courier-areas";
import { action as overviewAction } from "./order-overview";

const PATHAO = { clientId: "pt-client", clientSecret: "pt-secret", storeId: 7001 };
/** A Dhaka thana no zone of (the fake) Pathao is named after: the look-up by name finds none. */
const THANA = "বাড্ডা";

type Who = { id: string; cookie: string; email: string };

/**
 * Issue 23 item 5 with Pathao's three levels: booking an order whose thana has no Pathao area
 * asks the admin for the city, then the city's zone, then the zone's area, each from the fake
 * Pathao's own lists, one plain form post per step (what the page does without scripts). The
 * last step books the order with all three and stores them; the next order of that thana is
 * booked without asking.
 */
describeDb(`Pathao's city → zone → area picker (${TEST_DB})`, () => {
  let ctx: AppContext;
  let admin: Who;
  let alice: Who;
  let pathao: Awaited<ReturnType<typeof startFakePathao>>;

  beforeAll(async () => {
    pathao = await startFakePathao(PATHAO);
    ctx = await openTestContext(
      {
        PATHAO_API_URL: pathao.url,
        PATHAO_CLIENT_ID: PATHAO.clientId,
        PATHAO_CLIENT_SECRET: PATHAO.clientSecret,
        PATHAO_STORE_ID: String(PATHAO.storeId),
      },
      { courierTimeoutMs: 1000 },
    );
    admin = {
      ...(await signUpAdmin(ctx, { email: "pt-admin@haat.test" })),
      email: "pt-admin@haat.test",
    };
    alice = {
      ...(await signUp(ctx, { email: "pt-alice@haat.test" })),
      email: "pt-alice@haat.test",
    };
  });
  afterAll(async () => {
    await ctx?.close();
    await pathao?.close();
  });

  async function confirmedOrder() {
    const at = new Date();
    const stored = await insertOrder(ctx.db, {
      userId: alice.id,
      customer: { ...CUSTOMER_DATA, thana: THANA, email: alice.email },
      lines: [
        {
          productId: "p1",
          name: "সুতির শাড়ি",
          imageUrl: "",
          color: "N/A",
          size: "N/A",
          unitPrice: 1190,
          quantity: 1,
        },
      ],
      placedAt: at,
      laterChanges: [{ to: "Confirmed", at, byUserId: null, byRole: "system" }],
    });
    if (!stored) throw new Error("order not stored");
    return stored;
  }

  const post = (id: string, form: Record<string, string>) =>
    postToAction(ctx, overviewAction, {
      path: `/dashboard/order-overview/${id}`,
      cookie: admin.cookie,
      params: { id },
      form,
    });
  const bookingOf = async (id: string) =>
    (await ctx.db.select().from(orderCouriers).where(eq(orderCouriers.orderId, id)))[0];
  const settled = (id: string) =>
    expect.poll(async () => (await bookingOf(id))?.state, { timeout: 30_000, interval: 100 });
  const parcelOf = (orderNumber: number) =>
    pathao.parcels.find((p) => p.merchantOrderId === String(orderNumber));

  /** The step's question as the page renders it (in a router, as the overview does). */
  function rendered(area: AreaQuestion): string {
    const Stub = createRoutesStub([
      { id: "root", path: "/", Component: () => createElement(AreaPicker, { area }) },
    ]);
    // An English page's language and messages, as root's loader gives them.
    return renderToString(
      createElement(Stub, {
        initialEntries: ["/"],
        hydrationData: { loaderData: { root: { lang: "en", messages: wholeCatalog("en") } } },
      }),
    );
  }

  /** What the picker's form would post: its hidden fields and the option named `name`. */
  function answer(area: AreaQuestion, name: string | null): Record<string, string> {
    const option = name === null ? undefined : area.options.find((o) => o.name === name);
    if (name !== null && !option) throw new Error(`no choice ${name} in ${JSON.stringify(area)}`);
    return {
      intent: "courier-area",
      id: area.orderId,
      courier: area.courier,
      district: area.district,
      thana: area.thana,
      ...(area.cityId ? { cityId: String(area.cityId) } : {}),
      ...(area.zoneId ? { zoneId: String(area.zoneId) } : {}),
      ...(area.zoneName ? { zoneName: area.zoneName } : {}),
      choice: option ? `${option.id}|${option.name}` : "",
    };
  }

  it("asks city, then zone, then area from Pathao's lists; books with all three and keeps them", async () => {
    const first = await confirmedOrder();
    const asked = await post(first.id, { intent: "courier-book", id: first.id, courier: "pathao" });
    expect(asked.status).toBe(409);
    const city = (asked.data as { area: AreaQuestion }).area;
    expect(city).toMatchObject({ courier: "pathao", district: "ঢাকা", thana: THANA, step: "city" });
    // An English page names the place in English too.
    expect(rendered(city)).toContain("Pathao city for Badda (বাড্ডা), Dhaka (ঢাকা)");
    expect(city.options).toEqual([
      { id: 1, name: "Dhaka" },
      { id: 2, name: "Chittagong" },
    ]);

    const zoneStep = await post(first.id, answer(city, "Dhaka"));
    expect(zoneStep.status).toBe(409);
    expect(zoneStep.data).toMatchObject({ message: `Now choose the Pathao zone for ${THANA}` });
    const zone = (zoneStep.data as { area: AreaQuestion }).area;
    expect(zone).toMatchObject({ step: "zone", cityId: 1 });
    expect(zone.options.map((o) => o.name)).toEqual(["Mirpur", "Dhanmondi", "Gulshan"]);

    const areaStep = await post(first.id, answer(zone, "Gulshan"));
    expect(areaStep.status).toBe(409);
    expect(areaStep.data).toMatchObject({ message: `Now choose the Pathao area for ${THANA}` });
    const area = (areaStep.data as { area: AreaQuestion }).area;
    expect(area).toMatchObject({ step: "area", cityId: 1, zoneId: 53, zoneName: "Gulshan" });
    expect(area.options).toEqual([
      { id: 5301, name: "Gulshan 1" },
      { id: 5302, name: "Badda" },
    ]);
    // Nothing is booked or stored while the admin is still choosing.
    expect(await bookingOf(first.id)).toBeUndefined();

    const booked = await post(first.id, answer(area, "Badda"));
    expect(booked.data).toMatchObject({ ok: true, kind: "courier" });
    await settled(first.id).toBe("booked");
    expect(parcelOf(first.orderNumber)?.body).toMatchObject({
      store_id: PATHAO.storeId,
      recipient_city: 1,
      recipient_zone: 53,
      recipient_area: 5302,
      amount_to_collect: first.total,
    });

    const stored = await postAreas();
    expect(stored).toContainEqual(
      expect.objectContaining({
        district: "ঢাকা",
        thana: THANA,
        cityId: 1,
        zoneId: 53,
        areaId: 5302,
        areaName: "Badda",
        source: "admin",
      }),
    );

    // The next order of that thana is booked at once with the stored city, zone and area.
    const second = await confirmedOrder();
    const direct = await post(second.id, {
      intent: "courier-book",
      id: second.id,
      courier: "pathao",
    });
    expect(direct.data).toMatchObject({ ok: true, kind: "courier" });
    await settled(second.id).toBe("booked");
    expect(parcelOf(second.orderNumber)?.body).toMatchObject({
      recipient_city: 1,
      recipient_zone: 53,
      recipient_area: 5302,
    });
  });

  it("renders each step as a plain form carrying the earlier choices", () => {
    const html = rendered({
      orderId: "o1",
      courier: "pathao",
      district: "ঢাকা",
      thana: THANA,
      cityId: 1,
      zoneId: 53,
      zoneName: "Gulshan",
      step: "area",
      options: [{ id: 5302, name: "Badda" }],
    });
    expect(html).toContain('method="post"');
    for (const [name, value] of [
      ["intent", "courier-area"],
      ["cityId", "1"],
      ["zoneId", "53"],
      ["zoneName", "Gulshan"],
    ]) {
      expect(html).toContain(`name="${name}" value="${value}"`);
    }
    expect(html).toContain('value="5302|Badda"');
    expect(html).toContain("No area (Gulshan only)");
    expect(html).toContain("Save area and book");
  });

  it("says so when the courier lists nothing to choose, and where to set the area by hand", () => {
    const html = rendered({
      orderId: "o1",
      courier: "redx",
      district: "ঢাকা",
      thana: THANA,
      step: "area",
      options: [],
      english: { district: "Dhaka", thana: "Badda" },
    });
    expect(html).toContain(
      "RedX lists no choices for Dhaka (ঢাকা): set the thana&#x27;s area by hand, or book with another courier.",
    );
    expect(html).toContain('href="/dashboard/courierAreas?courier=redx"');
  });

  it("books with the city and zone only when the admin picks no area", async () => {
    await ctx.db.delete(orderCouriers);
    const order = await confirmedOrder();
    // Forget the thana's stored area first, so the admin is asked again.
    const { action: areasAction } = await import("./courier-areas");
    const forgot = await postToAction(ctx, areasAction, {
      path: "/dashboard/courierAreas?courier=pathao",
      cookie: admin.cookie,
      form: { intent: "forget", courier: "pathao", district: "ঢাকা", thana: THANA },
    });
    expect(forgot.data).toMatchObject({ ok: true });
    const city = (
      (await post(order.id, { intent: "courier-book", id: order.id, courier: "pathao" })).data as {
        area: AreaQuestion;
      }
    ).area;
    const zone = ((await post(order.id, answer(city, "Dhaka"))).data as { area: AreaQuestion })
      .area;
    const area = ((await post(order.id, answer(zone, "Gulshan"))).data as { area: AreaQuestion })
      .area;
    const booked = await post(order.id, answer(area, null));
    expect(booked.data).toMatchObject({ ok: true });
    await settled(order.id).toBe("booked");
    const body = parcelOf(order.orderNumber)?.body;
    expect(body).toMatchObject({ recipient_city: 1, recipient_zone: 53 });
    expect(body).not.toHaveProperty("recipient_area");
    expect(await postAreas()).toContainEqual(
      expect.objectContaining({ thana: THANA, zoneId: 53, areaId: null, areaName: "Gulshan" }),
    );
  });

  it("a booking Pathao refused for a wrong stored area: the area is chosen again and the booking retried", async () => {
    await ctx.db.delete(orderCouriers);
    const order = await confirmedOrder();
    // A stored area Pathao no longer accepts: Badda is not one of Mirpur's areas.
    const { setCourierArea } = await import("~/server/services/courier-areas");
    await setCourierArea(
      ctx,
      { userId: admin.id, email: admin.email, name: "Admin", role: "admin", emailVerified: true },
      { courier: "pathao", district: "ঢাকা", thana: THANA, cityId: 1, zoneId: 51, areaId: 5302 },
    );
    expect(
      (await post(order.id, { intent: "courier-book", id: order.id, courier: "pathao" })).data,
    ).toMatchObject({ ok: true });
    await settled(order.id).toBe("failed");
    expect((await bookingOf(order.id))?.lastError).toContain("recipient area is invalid");

    const again = await post(order.id, {
      intent: "courier-rearea",
      id: order.id,
      courier: "pathao",
      district: "ঢাকা",
      thana: THANA,
    });
    expect(again.status).toBe(409);
    const city = (again.data as { area: AreaQuestion }).area;
    expect(city).toMatchObject({ step: "city", again: true, thana: THANA });
    expect(rendered(city)).toContain('name="again" value="yes"');
    const zone = (
      (await post(order.id, { ...answer(city, "Dhaka"), again: "yes" })).data as {
        area: AreaQuestion;
      }
    ).area;
    expect(zone).toMatchObject({ step: "zone", again: true });
    const area = (
      (await post(order.id, { ...answer(zone, "Gulshan"), again: "yes" })).data as {
        area: AreaQuestion;
      }
    ).area;
    const retried = await post(order.id, { ...answer(area, "Badda"), again: "yes" });
    expect(retried.data).toMatchObject({ ok: true, message: "Booking queued again" });
    await settled(order.id).toBe("booked");
    expect(parcelOf(order.orderNumber)?.body).toMatchObject({
      recipient_city: 1,
      recipient_zone: 53,
      recipient_area: 5302,
    });
    expect(await postAreas()).toContainEqual(
      expect.objectContaining({ thana: THANA, zoneId: 53, areaId: 5302, source: "admin" }),
    );
  });

  it("shows a refused booking's ways on: Retry, another courier instead, its area again", () => {
    const order = {
      _id: "o2",
      orderNumber: 100_200,
      customerData: { district: "ঢাকা", thana: THANA },
      courier: { name: "pathao", booking: "failed", attempts: 1 },
    } as unknown as OrderView;
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        Component: () =>
          createElement(RetryBookingForm, { order, offered: ["steadfast", "pathao"] }),
      },
    ]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: ["/"],
        hydrationData: { loaderData: { root: { lang: "en", messages: wholeCatalog("en") } } },
      }),
    );
    expect(html).toContain(">Retry</button>");
    // The other courier's button posts its name with the retry.
    expect(html).toMatch(
      /<button(?=[^>]*name="courier")(?=[^>]*value="steadfast")[^>]*>Book with Steadfast instead<\/button>/,
    );
    expect(html).not.toContain("Book with Pathao instead");
    expect(html).toContain('name="intent" value="courier-rearea"');
    expect(html).toContain("Choose the Pathao area again");
  });

  /** The Courier Areas page's Pathao list, as its loader answers it. */
  async function postAreas(): Promise<Record<string, unknown>[]> {
    const request = new Request("http://localhost:3000/dashboard/courierAreas?courier=pathao", {
      headers: { cookie: admin.cookie },
    });
    const context = new RouterContextProvider();
    context.set(appContext, ctx);
    await actorMiddleware(
      { request, context, params: {}, url: new URL(request.url), pattern: "" } as never,
      async () => new Response(),
    );
    const data = await areasLoader({ request, context, params: {} } as never);
    return (data as { areas: Record<string, unknown>[] }).areas;
  }
});
