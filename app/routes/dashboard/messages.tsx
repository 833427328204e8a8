import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { notify } from "~/app/components/dialogs";
import { contactMessagesPage } from "~/app/features/contact/contact.server";
import { markMessageAction } from "~/app/features/contact/messages.server";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import { isActionFailure } from "~/app/lib/field-issues";
import { formatOrderDate, formatOrderTime } from "~/core/dates";
import type { Route } from "./+types/messages";

/** decisions.md: Contact us messages are stored for the shop's admins to read. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return contactMessagesPage(appOf(context), new URL(request.url));
}

/** Mark as read / unread (`id`, `read`): the same service as PATCH /api/contactMessages/{id}. */
export function action({ request, context }: Route.ActionArgs) {
  return markMessageAction(appOf(context), requireAdmin(request, context), request);
}

export function meta() {
  return [{ title: "Messages | Dashboard" }];
}

type Message = Route.ComponentProps["loaderData"]["data"][number];

function MessageCard({ message }: { message: Message }) {
  // A form (works without JavaScript too); with it, the page's loader runs again afterwards.
  const fetcher = useFetcher<typeof action>();
  const unread = message.readAt === null;
  const failed = fetcher.state === "idle" && isActionFailure(fetcher.data) ? fetcher.data : null;

  useEffect(() => {
    if (failed)
      notify({ icon: "error", title: "Error!", text: "The message could not be updated." });
  }, [failed]);

  return (
    <li
      className={`rounded-box border p-4 ${unread ? "border-primary bg-base-100" : "border-base-300 bg-base-200/50"}`}
      aria-labelledby={`message-${message._id}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`message-${message._id}`} className="font-semibold break-words">
            {unread ? <span className="badge badge-primary badge-sm mr-2">New</span> : null}
            {message.subject}
          </h2>
          <p className="text-sm text-base-content/70">
            {formatOrderDate(message.createdAt)}, {formatOrderTime(message.createdAt)}
          </p>
        </div>
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={message._id} />
          <input type="hidden" name="read" value={String(unread)} />
          <button
            type="submit"
            className="btn btn-sm btn-outline"
            disabled={fetcher.state !== "idle"}
          >
            {unread ? "Mark as read" : "Mark as unread"}
          </button>
        </fetcher.Form>
      </div>
      <p className="mt-3 whitespace-pre-wrap break-words">{message.description}</p>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <span className="font-medium">{message.name}</span>
        <a
          className="link"
          href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
        >
          {message.email}
        </a>
        <a className="link" href={`tel:${message.phoneNumber}`}>
          {message.phoneNumber}
        </a>
      </p>
    </li>
  );
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { data: messages, nextCursor, unread } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Messages</h1>
        <p className="text-base-content/80">
          {unread === 0 ? "No unread messages" : `${unread} unread`}
        </p>
      </div>
      {messages.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-center">
          No messages yet. Messages sent from the Contact us page appear here.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {messages.map((m) => (
            <MessageCard key={m._id} message={m} />
          ))}
        </ul>
      )}
      {nextCursor ? (
        <Link
          className="btn btn-outline self-center"
          to={`?cursor=${encodeURIComponent(nextCursor)}`}
        >
          Older messages
        </Link>
      ) : null}
    </div>
  );
}
