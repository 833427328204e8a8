import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { notify } from "~/app/components/dialogs";
import { useNameLimit } from "~/app/components/use-name-limit";
import {
  type CartItem,
  mergeSameChoice,
  NOT_APPLICABLE,
  removeOrderedFromCart,
  updateCartPrices,
} from "~/app/features/cart/cart-store";
import { checkoutPage, placeCheckoutOrder } from "~/app/features/cart/checkout.server";
import { LINE_QUANTITY_FIELD, lineQuantityValue } from "~/app/features/cart/checkout-form";
import {
  type CheckoutState,
  forgetCheckoutItems,
  recallCheckoutFromCart,
  recallCheckoutItems,
  rememberCheckoutItems,
  toCheckoutItems,
} from "~/app/features/cart/checkout-items";
import type {
  CheckoutActionData,
  CheckoutActionFailure,
  PlaceOption,
} from "~/app/features/cart/checkout-types";
import { useHydrated } from "~/app/features/cart/client-hooks";
import { type StockByProduct, useLineStock } from "~/app/features/cart/line-stock";
import { LineStockNotice } from "~/app/features/cart/line-stock-notice";
import { deliveryCharges } from "~/app/features/cart/messages";
import { refuseShortOrderNow } from "~/app/features/cart/order-now-stock.server";
import { pageTitle } from "~/app/features/cart/page-title";
import { QuantityStepper } from "~/app/features/cart/quantity-stepper";
import { productPath } from "~/app/features/catalogue/paths";
import { freeDeliveryText, lineLabelIn } from "~/app/i18n/cart-text";
import { routeMessages } from "~/app/i18n/catalog.server";
import { colorName } from "~/app/i18n/catalogue-names";
import { issueText } from "~/app/i18n/issues";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { actorOf, appOf, langOf } from "~/app/lib/context.server";
import { privatePageHeaders } from "~/app/lib/private-page-headers";
import { useRootData } from "~/app/lib/root-data";
import {
  ADDRESS_TYPES,
  type CheckoutField,
  type CheckoutForm,
  type CheckoutLine,
  CUSTOMER_FIELD_LIMITS,
  chargeFor,
  checkoutFormIssues,
  lineQuantity,
  linesSubTotal,
  MAX_LINE_QUANTITY,
  PAYMENT_SYSTEM,
  type PlaceRules,
  sanitizeMobileInput,
  selectableAreas,
  withAddressArea,
} from "~/core/checkout";
import { DELIVERY_AREAS, DELIVERY_CHARGES, isDeliveryArea } from "~/core/delivery";
import { inLang, type Lang } from "~/core/locale";
import { mediaUrlForWidth } from "~/core/media";
import { MOBILE_NUMBER_PLACEHOLDER, MOBILE_TOO_LONG_MESSAGE } from "~/core/phone";
import { truncate } from "~/core/text";
import { clientAddressContext } from "~/server/http/client-address";
import type { Route } from "./+types/checkout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  await refuseShortOrderNow(appOf(context), url);
  return {
    ...(await checkoutPage(appOf(context), url)),
    messages: routeMessages(context, "checkout"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return placeCheckoutOrder(
    appOf(context),
    actorOf(context),
    request,
    context.get(clientAddressContext),
    langOf(context),
  );
}

export function headers(args: Route.HeadersArgs) {
  // Every render carries a new order attempt key (idempotencyKey): no cache may keep the page.
  return privatePageHeaders(args);
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaTranslator(matches);
  return [
    { title: pageTitle(t("checkout.title"), matches) },
    { name: "description", content: t("checkout.description") },
  ];
}

type Geo = typeof import("~/core/geo");

/**
 * The district and thana list (~8 KB gzip) loads as its own chunk right after hydration, so
 * the checkout's first JavaScript stays small.
 */
function useGeo(): Geo | null {
  const [geo, setGeo] = useState<Geo | null>(null);
  const { t } = useI18n();
  useEffect(() => {
    let live = true;
    import("~/core/geo").then(
      (m) => live && setGeo(m),
      () =>
        live &&
        notify({ icon: "error", title: t("checkout.errorTitle"), text: t("checkout.geoFailed") }),
    );
    return () => {
      live = false;
    };
  }, [t]);
  return geo;
}

const NO_PLACES: PlaceRules = { isDistrict: () => false, isValidDistrictThana: () => false };

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const posted = actionData as CheckoutActionData | undefined;
  const page = {
    idempotencyKey: loaderData.idempotencyKey,
    districts: loaderData.districts,
    posted,
    failure: posted?.ok === false ? posted : undefined,
  };
  // Items named in the URL (Order Now's form) are priced by the loader and render on the server.
  const served = loaderData.items;
  const tr = useI18n();
  const { t } = tr;
  return (
    // At least a screen tall, so the footer stays below the fold while the skeleton gives way to
    // the form or to the empty notice: neither moves it on screen (CLS, DESIGN §7).
    <main className="mx-auto min-h-screen w-full max-w-[1200px] px-3 py-6 sm:px-4">
      <nav aria-label={t("breadcrumb.label")} className="breadcrumbs mb-2 p-0 text-sm">
        <ul>
          <li>
            <Link to="/">{t("breadcrumb.home")}</Link>
          </li>
          <li aria-current="page">{t("checkout.title")}</li>
        </ul>
      </nav>
      <h1 className="text-2xl font-bold">{t("checkout.title")}</h1>
      <p className="mt-1 mb-4 text-base-content/80">{t("checkout.intro", deliveryCharges(tr))}</p>
      {served ? (
        served.length > 0 ? (
          <CheckoutPage
            initialItems={served}
            servedStock={loaderData.stock}
            fromCart={false}
            {...page}
          />
        ) : (
          <NothingToCheckOut />
        )
      ) : hydrated ? (
        <CheckoutItems {...page} />
      ) : (
        <CheckoutSkeleton />
      )}
    </main>
  );
}

function CheckoutSkeleton() {
  const { t } = useI18n();
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_420px]" aria-busy="true">
      <p className="sr-only">{t("checkout.loading")}</p>
      <div className="space-y-4">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="skeleton h-12 w-full" />
        ))}
      </div>
      <div className="skeleton h-72 w-full" />
    </div>
  );
}

type PageProps = {
  idempotencyKey: string;
  districts: PlaceOption[];
  /** What the action answered: a refused order, or a line's new quantity (without scripts). */
  posted: CheckoutActionData | undefined;
  failure: CheckoutActionFailure | undefined;
};

function NothingToCheckOut() {
  const { t } = useI18n();
  return (
    <section className="rounded-box border border-base-300 px-4 py-12 text-center">
      <h2 className="text-xl font-semibold">{t("checkout.nothing")}</h2>
      <p className="mt-2 text-base-content/80">{t("checkout.nothingText")}</p>
      <Link to="/cart" className="btn btn-primary mt-6">
        {t("checkout.goToCart")}
      </Link>
    </section>
  );
}

/** The items come as navigation state (spec §2) or, after a reload, from this tab's session. */
function CheckoutItems(page: PageProps) {
  const location = useLocation();
  const [initial] = useState(() => {
    const state = location.state as Partial<CheckoutState> | null;
    const passed = toCheckoutItems(state?.data);
    if (passed.length > 0) return { items: passed, fromCart: state?.fromCart === true };
    return { items: recallCheckoutItems(), fromCart: recallCheckoutFromCart() };
  });
  if (initial.items.length === 0) return <NothingToCheckOut />;
  return (
    <CheckoutPage
      initialItems={mergeSameChoice(initial.items)}
      cartLines={initial.items}
      fromCart={initial.fromCart}
      {...page}
    />
  );
}

/**
 * Where "Change" leads: the cart (spec §2). Without scripts the cart cannot show its lines, so
 * Order Now's item goes back to its product page with the choices made.
 */
function changePath(items: readonly (CartItem | CheckoutLine)[], toCart: boolean): string {
  const [first] = items;
  if (toCart || !first || items.length > 1) return "/cart";
  const choices = new URLSearchParams({
    size: first.size,
    color: first.color,
    quantity: String(first.quantity),
  });
  return `${productPath(first.id)}?${choices}`;
}

/** Without scripts, a line's − and + (and "Reduce to N") post the form with its new quantity. */
const lineField = (index: number) => ({
  name: LINE_QUANTITY_FIELD,
  valueOf: (quantity: number) => lineQuantityValue(index, quantity),
});

/** What the browser makes of an answer that never came (network, 5xx): the order may be retried. */
const SERVER_FAULT = "server_fault";
/** The action's answer for the same order placed minutes ago (decision 097). */
const SAME_ORDER = "duplicate_order";

/**
 * With scripts, a failed request keeps the form on screen (the error dialog, the same key for
 * the retry) rather than the error page; without scripts the server action answers alone.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (err) {
    if (err instanceof Response) throw err;
    return {
      ok: false,
      code: SERVER_FAULT,
      // The page shows its own words for this code (checkout.saveFailed).
      message: "Failed to save order. Please try again.",
      issues: [],
      values: null,
      thanas: [],
      quantities: [],
      complete: false,
    } as unknown as CheckoutActionFailure;
  }
}

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** 409 price_changed's figures (server/services/orders.ts `CurrentFigures`). */
type PriceChangedDetails = { products?: { originalPrice: number }[]; deliveryArea?: string };

/** A line's name in the page's language: the Bengali one where the server priced the line. */
function lineName(lang: Lang, item: CheckoutLine | CartItem): string {
  return inLang(lang, item.name, "nameBn" in item ? item.nameBn : undefined);
}

/** The lines at the prices a refused order reports, else as they were. */
function withCurrentPrices<T extends { originalPrice: number }>(
  items: readonly T[],
  failure: CheckoutActionFailure | undefined,
): T[] {
  if (failure?.code !== "price_changed") return [...items];
  const current = (failure.details as PriceChangedDetails | undefined)?.products ?? [];
  return items.map((item, i) => ({
    ...item,
    originalPrice: current[i]?.originalPrice ?? item.originalPrice,
  }));
}

/** Field messages of a refused order by form field (`customerData.mobileNumber` → mobileNumber). */
function fieldIssuesOf(failure: CheckoutActionFailure | undefined) {
  const byField: Partial<Record<CheckoutField, string>> = {};
  const other: string[] = [];
  for (const issue of failure?.issues ?? []) {
    const [head, field] = issue.path.split(".");
    if (head === "customerData" && field) byField[field as CheckoutField] ??= issue.message;
    else other.push(issue.message);
  }
  return { byField, other };
}

/** The posted fields, in the area the server says the address has (a refused order). */
function withPostedArea(posted: CheckoutActionData): CheckoutForm {
  const area =
    posted.ok === false
      ? (posted.details as PriceChangedDetails | undefined)?.deliveryArea
      : undefined;
  return isDeliveryArea(area) ? { ...posted.values, deliveryArea: area } : posted.values;
}

/** The lines in the quantities last posted (a line's − or + without scripts), else as they were. */
function withPostedQuantities<T extends { quantity: number }>(
  items: readonly T[],
  posted: CheckoutActionData | undefined,
): T[] {
  const quantities = posted?.quantities ?? [];
  if (quantities.length !== items.length) return [...items];
  return items.map((item, i) => ({ ...item, quantity: quantities[i] ?? item.quantity }));
}

function CheckoutPage({
  initialItems,
  cartLines,
  fromCart,
  idempotencyKey,
  districts,
  posted,
  failure,
  servedStock,
}: PageProps & {
  initialItems: (CartItem | CheckoutLine)[];
  /** The cart lines the items came from, as they were (several may make one item). */
  cartLines?: CartItem[];
  fromCart: boolean;
  /** The stock the loader read with the lines, until the page's own read answers. */
  servedStock?: StockByProduct;
}) {
  const { user, shop } = useRootData();
  const tr = useI18n();
  const { t } = tr;
  const freeOver = shop.freeDeliveryOver;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const checkoutLimit = useNameLimit("checkout");
  // Rendered after a post without scripts: what was posted, at the current prices.
  const [items, setItems] = useState(() =>
    withCurrentPrices(withPostedQuantities(initialItems, posted), failure),
  );
  const stock = useLineStock(items.map((item) => item.id)) ?? servedStock;
  /** One key per attempt: a retry after a server fault reuses it, a refused order gets a new one. */
  const [attemptKey, setAttemptKey] = useState(idempotencyKey);
  const [form, setForm] = useState<CheckoutForm>(() =>
    posted?.values
      ? withPostedArea(posted)
      : {
          name: user?.name ?? "",
          email: user?.email ?? "",
          mobileNumber: "",
          district: "",
          thana: "",
          address: "",
          addressType: "Home",
          deliveryArea: "",
          comment: "",
          paymentSystem: PAYMENT_SYSTEM,
        },
  );
  const [touched, setTouched] = useState<Partial<Record<CheckoutField, true>>>({});
  const [mobileRefused, setMobileRefused] = useState(false);
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const priceNotice = failure?.code === "price_changed";
  // The same order placed minutes ago (decision 097): its number, and the form asks first.
  const sameOrder =
    failure?.code === SAME_ORDER
      ? Number((failure.details as { orderNumber?: unknown } | undefined)?.orderNumber) || null
      : null;
  const server = fieldIssuesOf(failure);
  const busy = useRef(false);
  // The lines a refusal spoke of: once they are changed (a Reduce), its words about their stock
  // no longer hold, and the lines' own notices say what is left.
  const [linesAtRefusal, setLinesAtRefusal] = useState(items);
  const stockIssuesStale = failure?.code === "out_of_stock" && linesAtRefusal !== items;

  // After a refused Confirm Order (with scripts): the current prices and area, the cart's
  // prices updated, the fields touched again by hand before their messages give way; a
  // failure that is no field's gets the error dialog.
  const seen = useRef(failure);
  useEffect(() => {
    if (!failure || seen.current === failure) return;
    seen.current = failure;
    setLinesAtRefusal(items);
    busy.current = false;
    if (failure.code !== SERVER_FAULT) setAttemptKey(newIdempotencyKey());
    setTouched({});
    if (failure.code === "price_changed") {
      const next = withCurrentPrices(items, failure);
      setItems(next);
      rememberCheckoutItems(next as CartItem[], fromCart);
      updateCartPrices(new Map(next.map((item) => [item.id, item.originalPrice])));
      const area = (failure.details as PriceChangedDetails | undefined)?.deliveryArea;
      if (isDeliveryArea(area)) setForm((f) => ({ ...f, deliveryArea: area }));
      return;
    }
    if (failure.code === "invalid" && Object.keys(fieldIssuesOf(failure).byField).length > 0) {
      return;
    }
    // The form says it above Confirm Order, which then places the order once more.
    if (failure.code === SAME_ORDER) return;
    notify({
      icon: "error",
      title: t("checkout.errorTitle"),
      text:
        failure.code === "rate_limited" || failure.code === "out_of_stock"
          ? issueText(tr, failure.message)
          : t("checkout.saveFailed"),
    });
  }, [failure, items, fromCart, t, tr]);

  // Placed: the action redirects to /order-success; the ordered lines leave the cart then.
  const placedItems = useRef(items);
  placedItems.current = items;
  useEffect(() => {
    if (
      navigation.state === "loading" &&
      navigation.formMethod === "POST" &&
      navigation.location.pathname === "/order-success"
    ) {
      if (fromCart) removeOrderedFromCart(cartLines ?? (placedItems.current as CartItem[]));
      forgetCheckoutItems();
    }
  }, [navigation, fromCart, cartLines]);

  const geo = useGeo();
  const places = geo ? geo.PLACE_RULES : NO_PLACES;
  const issues = checkoutFormIssues(form, places);
  const complete = Object.keys(issues).length === 0 && items.length > 0;
  // Before the district list loads (and without scripts) the page cannot judge the places: the
  // server said whether what it was sent is complete.
  const looksComplete = geo || !posted ? complete : posted.complete && items.length > 0;
  const subTotal = linesSubTotal(items);
  const charge = chargeFor(form.deliveryArea, subTotal, freeOver);
  const freeNote = freeDeliveryText(subTotal, freeOver, tr);
  const district = form.district ? geo?.findDistrict(form.district) : undefined;
  const knownDistrict = district?.bnName === form.district ? district : undefined;
  // Bengali names in Bengali alphabetical order (spec §9); the English name helps the filter.
  // The loader's list until the district module arrives (and without scripts): the same names.
  const districtOptions = districts;
  const thanaOptions = useMemo(
    () =>
      knownDistrict && geo
        ? geo
            .thanasInBengaliOrderOf(knownDistrict.bnName)
            .map((t) => ({ value: t.bnName, label: t.name }))
        : (posted?.thanas ?? []),
    [geo, knownDistrict, posted],
  );
  const areas = selectableAreas(form);

  // Until the district list arrives no address decides the area (the server judges it then).
  const isWholeDistrict = (d: string) => geo?.findDistrict(d)?.bnName === d;
  /** A typed district: a known one (Bengali or English name) is kept in Bengali; a new
   * district empties the thana; the delivery area follows the address. */
  const changeDistrict = (typed: string) =>
    setForm((f) => {
      const found = geo?.findDistrict(typed);
      const next = found ? found.bnName : typed;
      const thana = found && found.bnName === f.district ? f.thana : "";
      return withAddressArea({ ...f, district: next, thana }, f, isWholeDistrict);
    });
  const changeThana = (typed: string) =>
    setForm((f) => {
      const found = geo?.findThana(f.district, typed);
      return withAddressArea({ ...f, thana: found ? found.bnName : typed }, f, isWholeDistrict);
    });

  const set = <K extends CheckoutField>(field: K, value: CheckoutForm[K]) =>
    setForm((f) => ({ ...f, [field]: value }));
  const touch = (field: CheckoutField) => setTouched((t) => ({ ...t, [field]: true }));
  const messageFor = (field: CheckoutField) => {
    const message = touched[field] ? issues[field] : server.byField[field];
    return message && issueText(tr, message);
  };

  const changeQuantity = (index: number, quantity: number) => {
    const next = items.map((item, i) =>
      i === index ? { ...item, quantity: lineQuantity(quantity) } : item,
    );
    setItems(next);
    rememberCheckoutItems(next, fromCart);
  };

  /** With scripts: nothing is sent until the form is complete, and a double click sends once. */
  const submit = (event: FormEvent) => {
    if (!complete || busy.current) {
      event.preventDefault();
      return;
    }
    busy.current = true;
  };
  useEffect(() => {
    if (navigation.state === "idle") busy.current = false;
  }, [navigation.state]);

  const firstId = items[0]?.id;

  return (
    <Form
      method="post"
      // Placed or refused, the post takes the checkout's place in the history: Back from the
      // order's success page leads to where the visitor came from, not to a fresh form of the
      // same items that a second Confirm would order again.
      replace
      noValidate
      onSubmit={submit}
      className="grid items-start gap-6 lg:grid-cols-[1fr_420px]"
      aria-label={t("checkout.form")}
    >
      {hydrated ? null : (
        // Enter in a field submits the form by its first submit button: without scripts that
        // must be Confirm Order, not a line's − (the steppers post the form until then).
        <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
          {t("checkout.confirm")}
        </button>
      )}
      <input type="hidden" name="idempotencyKey" value={attemptKey} />
      {sameOrder ? <input type="hidden" name="again" value="yes" /> : null}
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines' fields travel in their order
        <span key={i} hidden>
          <input type="hidden" name="product" value={item.id} />
          <input type="hidden" name="itemName" value={item.name} />
          <input type="hidden" name="size" value={item.size} />
          <input type="hidden" name="color" value={item.color} />
          <input type="hidden" name="quantity" value={item.quantity} />
          <input type="hidden" name="price" value={item.originalPrice} />
        </span>
      ))}
      {/* The figures on screen, which the server compares with its own (409 when stale). Without
          scripts the charge is not known before the area is chosen, so only prices are sent. */}
      {hydrated && form.deliveryArea ? (
        <>
          <input type="hidden" name="subTotal" value={subTotal} />
          <input type="hidden" name="deliveryCharge" value={charge} />
          <input type="hidden" name="total" value={subTotal + charge} />
        </>
      ) : null}
      <div className="space-y-6">
        <Section title={t("checkout.customer")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("checkout.name")}
              name="name"
              autoComplete="name"
              value={form.name}
              maxLength={CUSTOMER_FIELD_LIMITS.name}
              onChange={(v) => set("name", v)}
              onBlur={() => touch("name")}
              message={messageFor("name")}
            />
            <TextField
              label={t("checkout.email")}
              name="email"
              type="email"
              autoComplete="email"
              value={form.email}
              maxLength={CUSTOMER_FIELD_LIMITS.email}
              onChange={(v) => set("email", v)}
              onBlur={() => touch("email")}
              message={messageFor("email")}
            />
            <TextField
              label={t("checkout.mobile")}
              name="mobileNumber"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder={tr.digits(MOBILE_NUMBER_PLACEHOLDER)}
              value={form.mobileNumber}
              onChange={(raw) => {
                const next = sanitizeMobileInput(raw, form.mobileNumber);
                setMobileRefused(next.refused);
                set("mobileNumber", next.value);
                if (next.value.length === 11) touch("mobileNumber");
              }}
              onBlur={() => touch("mobileNumber")}
              message={messageFor("mobileNumber")}
              alert={mobileRefused ? issueText(tr, MOBILE_TOO_LONG_MESSAGE) : undefined}
            />
          </div>
        </Section>

        <Section title={t("checkout.address")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <PlaceField
              label={t("checkout.district")}
              name="district"
              value={form.district}
              onChange={changeDistrict}
              onBlur={() => touch("district")}
              message={messageFor("district")}
              placeholder={
                geo || !hydrated
                  ? t("checkout.district.placeholder")
                  : t("checkout.district.loading")
              }
              disabled={hydrated && !geo}
              options={districtOptions}
            />
            <PlaceField
              label={t("checkout.thana")}
              name="thana"
              value={form.thana}
              onChange={changeThana}
              onBlur={() => touch("thana")}
              message={messageFor("thana")}
              placeholder={
                knownDistrict || !hydrated
                  ? t("checkout.thana.placeholder")
                  : t("checkout.thana.first")
              }
              disabled={hydrated && !knownDistrict}
              options={thanaOptions}
            />
            <div className="sm:col-span-2">
              <TextField
                label={t("checkout.street")}
                name="address"
                autoComplete="street-address"
                placeholder={t("checkout.street.placeholder")}
                value={form.address}
                maxLength={CUSTOMER_FIELD_LIMITS.address}
                onChange={(v) => set("address", v)}
                onBlur={() => touch("address")}
                message={messageFor("address")}
              />
            </div>
          </div>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <RadioGroup
              legend={t("checkout.addressType")}
              name="addressType"
              value={form.addressType}
              onChange={(v) => set("addressType", v)}
              options={ADDRESS_TYPES.map((type) => ({
                value: type,
                label: t(`addressType.${type}`),
              }))}
            />
            <RadioGroup
              legend={t("checkout.area")}
              name="deliveryArea"
              value={form.deliveryArea}
              onChange={(v) => set("deliveryArea", v)}
              hint={t("checkout.area.hint")}
              message={messageFor("deliveryArea")}
              options={DELIVERY_AREAS.map((a) => ({
                value: a,
                label: `${t(`area.${a}`)} (${tr.taka(DELIVERY_CHARGES[a])})`,
                disabled: hydrated && !areas.includes(a),
              }))}
            />
          </div>
          <div className="mt-4">
            <label className="mb-1 block text-sm font-medium" htmlFor="checkout-comment">
              {t("checkout.comment")}{" "}
              <span className="font-normal text-base-content/70">{t("checkout.optional")}</span>
            </label>
            <textarea
              id="checkout-comment"
              name="comment"
              className={`textarea w-full ${messageFor("comment") ? "textarea-error" : ""}`}
              rows={3}
              maxLength={CUSTOMER_FIELD_LIMITS.comment}
              value={form.comment}
              onChange={(e) => set("comment", e.target.value)}
              onBlur={() => touch("comment")}
              aria-invalid={messageFor("comment") ? true : undefined}
              aria-describedby={messageFor("comment") ? "checkout-comment-msg" : undefined}
            />
            <FieldMessage id="checkout-comment-msg" message={messageFor("comment")} />
          </div>
        </Section>

        <Section title={t("checkout.payment")}>
          <RadioGroup
            legend={t("checkout.paymentMethod")}
            name="paymentSystem"
            value={form.paymentSystem}
            onChange={(v) => set("paymentSystem", v)}
            options={[{ value: PAYMENT_SYSTEM, label: t(`payment.${PAYMENT_SYSTEM}`) }]}
          />
        </Section>
      </div>

      <aside
        aria-labelledby="checkout-summary-heading"
        className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm lg:sticky lg:top-20"
      >
        <div className="flex items-center justify-between gap-3">
          <h2 id="checkout-summary-heading" className="text-lg font-semibold">
            {t("checkout.yourOrder")}
          </h2>
          <Link to={changePath(items, fromCart || hydrated)} className="link text-sm font-medium">
            {t("checkout.change")}
          </Link>
        </div>
        <ul className="mt-3 divide-y divide-base-300" aria-label={t("checkout.products")}>
          {items.map((item, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat a product; the position is their identity
              key={index}
              className="flex gap-3 py-3"
            >
              {item.imageUrl ? (
                <img
                  src={mediaUrlForWidth(item.imageUrl, 160, 450)}
                  alt=""
                  width={56}
                  height={56}
                  className="h-14 w-14 shrink-0 rounded-lg bg-base-200 object-cover"
                />
              ) : (
                <span className="block h-14 w-14 shrink-0 rounded-lg bg-base-200" />
              )}
              <div className="min-w-0 flex-1">
                <Link
                  to={productPath(item.id)}
                  className="link-hover text-sm font-medium break-words"
                  title={lineName(tr.lang, item)}
                >
                  {truncate(lineName(tr.lang, item), checkoutLimit)}
                </Link>
                <p className="text-xs text-base-content/80">
                  {[
                    item.color !== NOT_APPLICABLE
                      ? t("cart.colourIs", { colour: colorName(t, item.color) })
                      : null,
                    item.size !== NOT_APPLICABLE ? t("cart.sizeIs", { size: item.size }) : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
                <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                  <QuantityStepper
                    value={item.quantity}
                    max={MAX_LINE_QUANTITY}
                    label={lineLabelIn(item, t)}
                    disabled={sending}
                    onChange={(q) => changeQuantity(index, q)}
                    field={lineField(index)}
                  />
                  <span className="text-sm tabular-nums">
                    {tr.taka(item.originalPrice)} × {tr.count(item.quantity)} ={" "}
                    <strong>{tr.taka(item.originalPrice * item.quantity)}</strong>
                  </span>
                </div>
                <LineStockNotice
                  stock={stock}
                  line={item}
                  label={lineLabelIn(item, t)}
                  onReduce={(q) => changeQuantity(index, q)}
                  field={lineField(index)}
                />
              </div>
            </li>
          ))}
        </ul>
        <dl className="mt-2 space-y-1 border-t border-base-300 pt-3 text-sm">
          <div className="flex justify-between">
            <dt>{t("checkout.subTotal")}</dt>
            <dd className="tabular-nums" data-testid="sub-total">
              {tr.taka(subTotal, 2)}
            </dd>
          </div>
          <div className="flex justify-between">
            <dt>{t("checkout.deliveryCharge")}</dt>
            <dd className="tabular-nums" data-testid="delivery-charge">
              {!form.deliveryArea
                ? t("checkout.chooseArea")
                : charge === 0
                  ? t("delivery.free")
                  : tr.taka(charge, 2)}
            </dd>
          </div>
          <div className="flex justify-between border-t border-base-300 pt-2 text-base font-semibold">
            <dt>{t("checkout.total")}</dt>
            <dd className="tabular-nums" data-testid="total">
              {tr.taka(subTotal + charge, 2)}
            </dd>
          </div>
        </dl>
        {freeNote && !(form.deliveryArea && charge === 0) ? (
          <p className="mt-1 text-xs text-base-content/80" data-testid="free-delivery">
            {freeNote}
          </p>
        ) : null}
        {priceNotice ? (
          <div role="alert" className="alert alert-warning mt-4 text-sm">
            {failure?.pricesMoved === false
              ? t("checkout.deliveryChanged", {
                  area: t(
                    (failure.details as PriceChangedDetails | undefined)?.deliveryArea ===
                      "Inside Dhaka"
                      ? "area.Inside Dhaka"
                      : "area.Outside Dhaka",
                  ),
                })
              : t("checkout.priceChanged")}
          </div>
        ) : null}
        {sameOrder ? (
          <div role="alert" className="alert alert-warning mt-4 text-sm">
            {t("checkout.sameOrder", { number: tr.digits(String(sameOrder)) })}
          </div>
        ) : null}
        {server.other.length > 0 && !stockIssuesStale ? (
          <div role="alert" className="alert alert-error mt-4 text-sm">
            <ul>
              {server.other.map((m) => (
                <li key={m}>{issueText(tr, m)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {failure &&
        !hydrated &&
        failure.code !== "price_changed" &&
        failure.code !== "invalid" &&
        failure.code !== SAME_ORDER ? (
          // Without scripts there is no dialog: the refusal (429's wait, the area) shows here.
          <div role="alert" className="alert alert-error mt-4 text-sm">
            {failure.code === "rate_limited" || failure.code === "out_of_stock"
              ? issueText(tr, failure.message)
              : t("checkout.saveFailed")}
          </div>
        ) : null}
        {!looksComplete ? (
          <p className="mt-4 text-xs text-base-content/80" id="confirm-hint">
            {t("checkout.fillEvery")}
          </p>
        ) : null}
        <div className="mt-4 grid gap-2">
          <button
            type="submit"
            className="btn btn-primary w-full"
            disabled={hydrated && (!complete || sending)}
            aria-describedby={!looksComplete ? "confirm-hint" : undefined}
          >
            {sending ? (
              <>
                <span className="spinner size-5" aria-hidden="true" />
                {t("checkout.placing")}
              </>
            ) : (
              t("checkout.confirm")
            )}
          </button>
          {firstId ? (
            <Link to={productPath(firstId)} className="btn btn-outline w-full">
              {t("checkout.cancel")}
            </Link>
          ) : null}
        </div>
      </aside>
    </Form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm"
    >
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The message under a field: readable text in both themes, with a red mark for the eye. */
function FieldMessage({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 flex items-start gap-1.5 text-sm">
      <span
        aria-hidden="true"
        className="mt-0.5 flex h-4 w-4 shrink-0 items-center justify-center rounded-full bg-error text-[11px] font-bold text-error-content"
      >
        !
      </span>
      {message}
    </p>
  ) : null;
}

function TextField({
  label,
  value,
  onChange,
  onBlur,
  message,
  alert,
  type = "text",
  ...rest
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  message?: string;
  /** Announced at once (role=alert), e.g. "Number must be 11 digit". */
  alert?: string;
  type?: string;
  name: string;
  inputMode?: "numeric" | "text" | "email";
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
}) {
  const id = useId();
  const describedBy = [message ? `${id}-msg` : "", alert ? `${id}-alert` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <label className="mb-1 block text-sm font-medium" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        className={`input w-full ${message ? "input-error" : ""}`}
        value={value}
        required
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        {...rest}
      />
      {alert ? (
        <p
          id={`${id}-alert`}
          role="alert"
          className="mt-1 text-sm font-medium text-warning-content bg-warning rounded px-2 py-1"
        >
          {alert}
        </p>
      ) : null}
      <FieldMessage id={`${id}-msg`} message={alert ? undefined : message} />
    </div>
  );
}

/**
 * A district or thana: a text field with a list of suggestions (input + datalist), so the
 * visitor may type to filter in Bengali or English and a browser without scripts still sends
 * the name. Only a name from the list passes the form's check (and the server's).
 */
function PlaceField({
  label,
  name,
  value,
  onChange,
  onBlur,
  message,
  placeholder,
  options,
  disabled = false,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  message?: string;
  placeholder: string;
  options: { value: string; label: string }[];
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label className="mb-1 block text-sm font-medium" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        lang="bn"
        list={`${id}-list`}
        autoComplete="off"
        className={`input w-full ${message ? "input-error" : ""}`}
        value={value}
        required
        disabled={disabled}
        placeholder={placeholder}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-msg` : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      <datalist id={`${id}-list`} data-testid={`${name}-options`}>
        {options.map((o) => (
          <option key={o.value} value={o.value} label={o.label} />
        ))}
      </datalist>
      <FieldMessage id={`${id}-msg`} message={message} />
    </div>
  );
}

function RadioGroup({
  legend,
  name,
  value,
  onChange,
  options,
  hint,
  message,
}: {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string; disabled?: boolean }[];
  hint?: string;
  message?: string;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", message ? `${id}-msg` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset aria-describedby={describedBy || undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={`flex items-center gap-2 text-sm ${o.disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer"}`}
          >
            <input
              type="radio"
              className="radio radio-primary radio-sm"
              name={name}
              value={o.value}
              checked={value === o.value}
              disabled={o.disabled}
              onChange={() => onChange(o.value)}
              required
            />
            {o.label}
          </label>
        ))}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-base-content/80">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={`${id}-msg`} message={message} />
    </fieldset>
  );
}
