import { Form, Link, useActionData, useNavigate } from "react-router";
import { confirm, notify } from "~/app/components/dialogs";
import { resendVerificationAction } from "~/app/features/account/auth-actions.server";
import { useDashboardUser } from "~/app/features/account/dashboard-user";
import { loadStockAlerts } from "~/app/features/admin-catalogue/stock.server";
import { LOW_STOCK_LIST } from "~/app/features/admin-catalogue/stock-paths";
import { useRevalidateOnFocus } from "~/app/features/catalogue/use-revalidate-on-focus";
import { dashboardCards } from "~/app/features/orders/dashboard-cards";
import { OrdersChart } from "~/app/features/orders/orders-chart";
import { loadStaffAlerts, resolveAlertAction } from "~/app/features/orders/staff-alerts.server";
import { StaffAlertsCard } from "~/app/features/orders/staff-alerts-card";
import { deleteOwnAccountAction } from "~/app/features/users/user-actions.server";
import { routeMessages } from "~/app/i18n/catalog.server";
import { layoutServerText } from "~/app/i18n/dashboard/layout-text";
import type { MessageKey } from "~/app/i18n/keys";
import { useI18n } from "~/app/i18n/use-i18n";
import { appOf, requireUser } from "~/app/lib/context.server";
import { dashboardOrderSummary } from "~/app/lib/orders.server";
import { useRouteAction } from "~/app/lib/use-route-action";
import { clientAddressContext } from "~/server/http/client-address";
import type { Route } from "./+types/home";

/**
 * The card counts (and for admins the 30-day chart) of the signed-in user. Admins are also told
 * when mail goes nowhere (no SMTP_URL: messages are only written to DATA_DIR/outbox), and when
 * SMS do (no SMS_PROVIDER: DATA_DIR/outbox/sms, decision 059).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const app = appOf(context);
  const summary = await dashboardOrderSummary(app, user);
  const lowStock = user.role === "admin" ? await loadStockAlerts(app) : null;
  const courierAlerts = await loadStaffAlerts(app, user);
  return {
    ...summary,
    lowStock,
    courierAlerts,
    mailNotSent: user.role === "admin" && app.mailer.kind === "outbox",
    smsNotSent: user.role === "admin" && app.sms.provider === "outbox",
    messages: routeMessages(context, "dashHome"),
  };
}

/**
 * "Resend verification email" (Better Auth's mail for the user's own address), and "Delete
 * account" (the deleteUser service of the API, then sign-out and home).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await request.clone().formData();
  const intent = form.get("intent");
  if (intent === "resolveAlert") return resolveAlertAction(appOf(context), user, form);
  if (intent === "resendVerification") {
    const call = { app: appOf(context), request, address: context.get(clientAddressContext) };
    return resendVerificationAction(call, user.email);
  }
  return deleteOwnAccountAction(appOf(context), user, request);
}

/** The cards' words (app/features/orders/dashboard-cards.ts writes the spec's English). */
const CARD_KEYS: Readonly<Record<string, MessageKey>> = {
  "Total Products": "dash.layout.card.totalProducts",
  "Active Orders": "dash.layout.card.activeOrders",
  Delivered: "dash.layout.card.delivered",
  Cancelled: "dash.layout.card.cancelled",
  "My Cancellations": "dash.layout.card.myCancellations",
  "My Returns": "dash.layout.card.myReturns",
};

/** The resend form's answer: sent, or why not (a rate limit, the mailer). */
function resendAnswer(answer: unknown): { ok: true } | { ok: false; message: string } | null {
  if (typeof answer !== "object" || answer === null) return null;
  if ("sent" in answer) return { ok: true };
  // The resend's refusals carry the address asked for (the page's other forms answer otherwise).
  const { message, values } = answer as { message?: unknown; values?: { email?: unknown } };
  return typeof message === "string" && typeof values?.email === "string"
    ? { ok: false, message }
    : null;
}

/** The welcome page; the layout's guard has already loaded the signed-in user. */
export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const user = useDashboardUser();
  const tr = useI18n();
  const { t, count } = tr;
  // Spec §4: dashboard data refetches when the window regains focus.
  useRevalidateOnFocus();
  const cards = dashboardCards(user.role, loaderData.counts, loaderData.totalProducts);
  const navigate = useNavigate();
  const accountAction = useRouteAction();
  const verifyAction = useRouteAction();
  const sending = verifyAction.busy;
  // What the resend's form answered when it was posted without scripts.
  const answered = useActionData();
  const resent = resendAnswer(answered);
  const deleting = accountAction.busy;

  async function resend() {
    const outcome = await verifyAction.submit({ intent: "resendVerification" });
    notify(
      outcome.kind === "done"
        ? {
            icon: "success",
            title: t("dash.layout.home.sent.title"),
            text: t("dash.layout.home.sent.text", { email: user.email }),
          }
        : {
            icon: "error",
            title: t("dash.layout.home.sendFailed"),
            text: layoutServerText(
              tr,
              (outcome.kind === "failure" && outcome.failure.message) ||
                "The email could not be sent. Please try again later.",
            ),
          },
    );
  }

  async function deleteAccount() {
    const ok = await confirm({
      icon: "warning",
      title: t("dash.layout.sure"),
      text: t("dash.layout.home.delete.confirm"),
      confirmText: t("dash.layout.home.delete.yes"),
      cancelText: t("common.cancel"),
      destructive: true,
    });
    if (!ok) return;
    // The action deletes the account, clears the session cookie and redirects home.
    const outcome = await accountAction.submit({ intent: "deleteAccount" });
    if (outcome.kind === "failure") {
      notify({
        icon: "error",
        title: t("dash.layout.home.delete.failed"),
        text: layoutServerText(
          tr,
          outcome.failure.message || "Something went wrong. Please try again later.",
        ),
      });
      return;
    }
    if (outcome.kind === "done") await navigate("/", { replace: true });
    notify({
      icon: "success",
      title: t("dash.layout.home.deleted.title"),
      text: t("dash.layout.home.deleted.text"),
    });
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      {user.emailVerified ? null : (
        <div role="status" className="alert alert-warning flex flex-wrap">
          {/* Wide enough to read: on a phone the button goes under the text, not beside it. */}
          <span className="min-w-60 flex-1">
            {t("dash.layout.home.confirmEmail.before")}
            {/* The address wraps as a whole, and inside itself only when it is wider than the line. */}
            <strong className="inline-block max-w-full [overflow-wrap:anywhere]">
              {user.email}
            </strong>
            {t("dash.layout.home.confirmEmail.after")}
          </span>
          {/* A form, so the mail can be asked for without scripts; with them it says so in a dialog. */}
          <Form
            method="post"
            onSubmit={(event) => {
              event.preventDefault();
              void resend();
            }}
          >
            <input type="hidden" name="intent" value="resendVerification" />
            <button type="submit" className="btn btn-sm" disabled={sending} data-early-tap="">
              {t(sending ? "dash.layout.home.sending" : "dash.layout.home.resend")}
            </button>
          </Form>
          {resent ? (
            <p className="basis-full text-sm" data-testid="resent">
              {resent.ok
                ? `${t("dash.layout.home.sent.title")}: ${t("dash.layout.home.sent.text", { email: user.email })}`
                : `${t("dash.layout.home.sendFailed")}: ${layoutServerText(tr, resent.message)}`}
            </p>
          ) : null}
        </div>
      )}
      {loaderData.courierAlerts ? <StaffAlertsCard alerts={loaderData.courierAlerts} /> : null}
      {loaderData.mailNotSent ? (
        <div role="status" className="alert alert-warning" data-testid="mail-notice">
          <span>
            <strong>{t("dash.layout.home.mail.title")}</strong> {t("dash.layout.home.mail.text")}
          </span>
        </div>
      ) : null}
      {loaderData.smsNotSent ? (
        <div role="status" className="alert alert-warning" data-testid="sms-notice">
          <span>
            <strong>{t("dash.layout.home.sms.title")}</strong> {t("dash.layout.home.sms.before")}
            <Link to="/dashboard/notifications" className="link">
              {t("dash.layout.menu.notifications")}
            </Link>
            {t("dash.layout.home.sms.after")}
          </span>
        </div>
      ) : null}
      <section className="rounded-box bg-base-200 p-6 sm:p-8">
        <h1 className="text-2xl font-bold sm:text-3xl">
          {t("dash.layout.home.welcome", { name: user.name })}
        </h1>
        <p className="mt-2 text-base-content/80">
          {t(
            user.role === "admin"
              ? "dash.layout.home.adminIntro"
              : "dash.layout.home.customerIntro",
          )}
        </p>
        <Link to="/shop" className="btn btn-primary mt-6">
          {t("dash.layout.home.takeProduct")}
        </Link>
      </section>
      <section aria-labelledby="order-cards-title">
        <h2 id="order-cards-title" className="sr-only">
          {t(
            user.role === "admin"
              ? "dash.layout.home.adminGlance"
              : "dash.layout.home.customerGlance",
          )}
        </h2>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {cards.map((card) => (
            <li key={card.label}>
              <Link
                to={card.to}
                className="flex h-full flex-col rounded-box border border-base-300 bg-base-100 p-4 hover:border-primary hover:bg-base-200"
                data-testid="dashboard-card"
              >
                <span className="text-sm text-base-content/80">
                  {Object.hasOwn(CARD_KEYS, card.label)
                    ? t(CARD_KEYS[card.label] as MessageKey)
                    : card.label}
                </span>
                <span className="mt-1 text-3xl font-bold">{count(card.value)}</span>
              </Link>
            </li>
          ))}
          {loaderData.lowStock ? (
            <li>
              <Link
                to={LOW_STOCK_LIST}
                className="flex h-full flex-col rounded-box border border-warning bg-base-100 p-4 hover:border-primary hover:bg-base-200"
                data-testid="low-stock-card"
              >
                <span className="text-sm text-base-content/80">
                  {t("dash.layout.card.lowStock")}
                </span>
                <span className="mt-1 text-3xl font-bold">{count(loaderData.lowStock.low)}</span>
                <span className="text-xs text-base-content/80">
                  {t("dash.layout.card.soldOut", { count: count(loaderData.lowStock.soldOut) })}
                </span>
              </Link>
            </li>
          ) : null}
        </ul>
      </section>
      {loaderData.daily ? <OrdersChart days={loaderData.daily} /> : null}
      {user.role === "customer" ? (
        <section
          className="rounded-box border border-base-300 p-6"
          aria-labelledby="delete-account-title"
        >
          <h2 id="delete-account-title" className="text-lg font-semibold">
            {t("dash.layout.home.delete.title")}
          </h2>
          <p className="mt-1 text-base-content/80">{t("dash.layout.home.delete.text")}</p>
          <button
            type="button"
            className="btn btn-error mt-4"
            onClick={deleteAccount}
            disabled={deleting}
          >
            {t(deleting ? "dash.layout.home.deleting" : "dash.layout.home.delete.title")}
          </button>
        </section>
      ) : null}
    </div>
  );
}
