import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { formatOrderDate, formatOrderTime } from "../../../core/dates";
import { notify } from "../../components/dialogs";
import { apiFetch } from "../../features/account/api-client";
import { contactMessagesPage } from "../../features/contact/contact.server";
import { appOf, requireAdmin } from "../../lib/context.server";
import type { Route } from "./+types/messages";

/** decisions.md: Contact us messages are stored for the shop's admins to read. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return contactMessagesPage(appOf(context), new URL(request.url));
}

export function meta() {
  return [{ title: "Messages | Dashboard" }];
}

type Message = Route.ComponentProps["loaderData"]["data"][number];

function MessageCard({ message }: { message: Message }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const unread = message.readAt === null;

  async function toggleRead() {
    setBusy(true);
    const res = await apiFetch(`/api/contactMessages/${encodeURIComponent(message._id)}`, {
      method: "PATCH",
      body: JSON.stringify({ read: unread }),
    }).catch(() => null);
    setBusy(false);
    if (!res?.ok) {
      notify({ icon: "error", title: "Error!", text: "The message could not be updated." });
      return;
    }
    await revalidator.revalidate();
  }

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
        <button
          type="button"
          className="btn btn-sm btn-outline"
          onClick={toggleRead}
          disabled={busy}
        >
          {unread ? "Mark as read" : "Mark as unread"}
        </button>
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
