import { sendingErrorText } from "~/app/features/notifications/sending-error-text";
import type { MessageKey } from "~/app/i18n/keys";
import { useI18n } from "~/app/i18n/use-i18n";
import type { MessageView } from "~/server/notify/messages";

/** Every SMS and email sent (or failed) to the order's customer, for admins (decision 059). */
export function CustomerMessages({ messages }: { messages: MessageView[] }) {
  const tr = useI18n();
  const { t } = tr;
  return (
    <section aria-labelledby="order-messages" className="rounded-box border border-base-300 p-4">
      <h2 id="order-messages" className="text-lg font-semibold">
        {t("dash.orders.messages.title")}
      </h2>
      {messages.length === 0 ? (
        <p className="mt-2 text-base-content/70">{t("dash.orders.messages.none")}</p>
      ) : (
        // Wider than a phone: a keyboard user scrolls it once it has focus.
        <section
          className="mt-2 overflow-x-auto"
          aria-label={t("dash.orders.messages.scroll")}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
          tabIndex={0}
        >
          <table className="table table-sm" data-testid="order-messages">
            <thead>
              <tr>
                <th scope="col">{t("dash.orders.messages.time")}</th>
                <th scope="col">{t("dash.orders.messages.event")}</th>
                <th scope="col">{t("dash.orders.messages.channel")}</th>
                <th scope="col">{t("dash.orders.messages.to")}</th>
                <th scope="col">{t("dash.orders.messages.status")}</th>
                <th scope="col">{t("dash.orders.messages.error")}</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => {
                const at = m.sentAt ?? m.createdAt;
                return (
                  <tr key={m.id} data-status={m.status}>
                    <td className="whitespace-nowrap">
                      {/* Dhaka time, as every date of the dashboard. */}
                      <time dateTime={at}>{`${tr.date(at)}, ${tr.time(at)}`}</time>
                    </td>
                    <td>{t(`dash.orders.event.${m.event}` as MessageKey)}</td>
                    <td>
                      {t(
                        m.channel === "sms"
                          ? "dash.orders.messages.sms"
                          : "dash.orders.messages.email",
                      )}
                    </td>
                    <td className="whitespace-nowrap">
                      {/* A phone number in the page's digits; an email address as it is written. */}
                      {m.channel === "sms" ? tr.digits(m.to) : m.to}
                    </td>
                    <td>
                      {t(`dash.orders.sent.${m.status}` as MessageKey)}
                      {m.attempts > 1
                        ? t("dash.orders.messages.tries", { count: tr.count(m.attempts) })
                        : ""}
                    </td>
                    <td className="break-words text-error">
                      {m.lastError ? sendingErrorText(tr, m.lastError) : ""}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
