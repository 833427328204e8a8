import { EVENT_LABELS } from "~/core/notifications";
import type { MessageView } from "~/server/notify/messages";

/** Every SMS and email sent (or failed) to the order's customer, for admins (decision 059). */
export function CustomerMessages({ messages }: { messages: MessageView[] }) {
  return (
    <section aria-labelledby="order-messages" className="rounded-box border border-base-300 p-4">
      <h2 id="order-messages" className="text-lg font-semibold">
        SMS &amp; email to the customer
      </h2>
      {messages.length === 0 ? (
        <p className="mt-2 text-base-content/70">No messages for this order.</p>
      ) : (
        // Wider than a phone: a keyboard user scrolls it once it has focus.
        <section
          className="mt-2 overflow-x-auto"
          aria-label="Messages, scrolls sideways"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
          tabIndex={0}
        >
          <table className="table table-sm" data-testid="order-messages">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col">Channel</th>
                <th scope="col">To</th>
                <th scope="col">Status</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => {
                const at = m.sentAt ?? m.createdAt;
                return (
                  <tr key={m.id} data-status={m.status}>
                    <td className="whitespace-nowrap">
                      <time dateTime={at}>{at.slice(0, 16).replace("T", " ")}</time>
                    </td>
                    <td>{EVENT_LABELS[m.event]}</td>
                    <td>{m.channel === "sms" ? "SMS" : "Email"}</td>
                    <td className="whitespace-nowrap">{m.to}</td>
                    <td>
                      {m.status}
                      {m.attempts > 1 ? ` (${m.attempts} tries)` : ""}
                    </td>
                    <td className="break-words text-error">{m.lastError ?? ""}</td>
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
