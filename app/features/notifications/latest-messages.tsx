import { useI18n } from "~/app/i18n/use-i18n";
import type { MessageChannel, MessageStatus, SmsEvent } from "~/core/notifications";
import { sendingErrorText } from "./sending-error-text";

/** One customer message as the SMS & Email page lists it (the time as ISO text). */
export type LatestMessage = {
  id: string;
  orderId: string | null;
  orderNumber: number | null;
  channel: MessageChannel;
  event: SmsEvent;
  to: string;
  status: MessageStatus;
  lastError: string | null;
  createdAt: string;
};

/**
 * The latest messages to customers: when (the shop's own clock, in the page's language), for
 * which order, what, to whom, and how it went (why it was not sent in the page's language, a
 * gateway's own words as it said them).
 */
export function LatestMessages({ recent }: { recent: readonly LatestMessage[] }) {
  const tr = useI18n();
  const { t, digits, date, time } = tr;
  return (
    <section className="flex flex-col gap-2" aria-labelledby="recent-heading">
      <h2 id="recent-heading" className="text-xl font-semibold">
        {t("dash.paper.notify.latest")}
      </h2>
      {recent.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-center">{t("dash.paper.notify.none")}</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">{t("dash.paper.notify.colTime")}</th>
                <th scope="col">{t("dash.paper.notify.colOrder")}</th>
                <th scope="col">{t("dash.paper.notify.colEvent")}</th>
                <th scope="col">{t("dash.paper.notify.colChannel")}</th>
                <th scope="col">{t("dash.paper.notify.colTo")}</th>
                <th scope="col">{t("dash.paper.notify.colStatus")}</th>
                <th scope="col">{t("dash.paper.notify.colError")}</th>
              </tr>
            </thead>
            <tbody>
              {recent.map((m) => (
                <tr key={m.id}>
                  <td className="whitespace-nowrap">
                    <time dateTime={m.createdAt}>
                      {date(m.createdAt)}, {time(m.createdAt)}
                    </time>
                  </td>
                  <td>
                    {m.orderId ? (
                      <a className="link" href={`/dashboard/order-overview/${m.orderId}`}>
                        #{m.orderNumber === null ? "" : digits(String(m.orderNumber))}
                      </a>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td>{t(`dash.paper.event.${m.event}`)}</td>
                  <td>
                    {t(m.channel === "sms" ? "dash.paper.notify.sms" : "dash.paper.notify.email")}
                  </td>
                  <td className="whitespace-nowrap" data-recipient>
                    {m.channel === "sms" ? digits(m.to) : m.to}
                  </td>
                  <td>{t(`dash.paper.notify.status.${m.status}`)}</td>
                  <td className="break-words text-error" data-gateway-error>
                    {m.lastError ? sendingErrorText(tr, m.lastError) : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
