import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { notify } from "~/app/components/dialogs";
import { contactMessagesPage } from "~/app/features/contact/contact.server";
import { markMessageAction } from "~/app/features/contact/messages.server";
import { routeMessages } from "~/app/i18n/catalog.server";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import { isActionFailure } from "~/app/lib/field-issues";
import type { Route } from "./+types/messages";

/** decisions.md: Contact us messages are stored for the shop's admins to read. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const page = await contactMessagesPage(appOf(context), new URL(request.url));
  return { ...page, messages: routeMessages(context, "dashMessages") };
}

/** Mark as read / unread (`id`, `read`): the same service as PATCH /api/contactMessages/{id}. */
export function action({ request, context }: Route.ActionArgs) {
  return markMessageAction(appOf(context), requireAdmin(request, context), request);
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaTranslator(matches);
  return [{ title: t("dash.layout.pageTitle", { page: t("dash.layout.menu.messages") }) }];
}

type Message = Route.ComponentProps["loaderData"]["data"][number];

function MessageCard({ message }: { message: Message }) {
  // A form (works without JavaScript too); with it, the page's loader runs again afterwards.
  const fetcher = useFetcher<typeof action>();
  const tr = useI18n();
  const { t, date, time, digits } = tr;
  const unread = message.readAt === null;
  const failed = fetcher.state === "idle" && isActionFailure(fetcher.data) ? fetcher.data : null;

  useEffect(() => {
    if (failed) {
      notify({
        icon: "error",
        title: tr.t("dash.layout.errorTitle"),
        text: tr.t("dash.layout.messages.notUpdated"),
      });
    }
  }, [failed, tr]);

  return (
    <li
      className={`rounded-box border p-4 ${unread ? "border-primary bg-base-100" : "border-base-300 bg-base-200/50"}`}
      aria-labelledby={`message-${message._id}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`message-${message._id}`} className="font-semibold break-words">
            {unread ? (
              <span className="badge badge-primary badge-sm mr-2">
                {t("dash.layout.messages.new")}
              </span>
            ) : null}
            {message.subject}
          </h2>
          <p className="text-sm text-base-content/70">
            {date(message.createdAt)}, {time(message.createdAt)}
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
            {t(unread ? "dash.layout.messages.markRead" : "dash.layout.messages.markUnread")}
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
          {digits(message.phoneNumber)}
        </a>
      </p>
    </li>
  );
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { data: messages, nextCursor, unread } = loaderData;
  const { t, count } = useI18n();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">{t("dash.layout.menu.messages")}</h1>
        <p className="text-base-content/80">
          {unread === 0
            ? t("dash.layout.messages.noneUnread")
            : t("dash.layout.messages.unread", { count: count(unread) })}
        </p>
      </div>
      {messages.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-center">{t("dash.layout.messages.empty")}</p>
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
          {t("dash.layout.messages.older")}
        </Link>
      ) : null}
    </div>
  );
}
