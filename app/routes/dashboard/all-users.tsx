import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { SearchIcon, TrashIcon } from "~/app/components/icons";
import { useDashboardUser } from "~/app/features/account/dashboard-user";
import { useRevalidateOnFocus } from "~/app/features/catalogue/use-revalidate-on-focus";
import { type ListedUser, useUserActions } from "~/app/features/users/user-actions";
import { allUsersAction } from "~/app/features/users/user-actions.server";
import { routeMessages } from "~/app/i18n/catalog.server";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import { usersPage } from "~/app/lib/users.server";
import type { Route } from "./+types/all-users";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const page = await usersPage(appOf(context), new URL(request.url));
  return { ...page, messages: routeMessages(context, "dashUsers") };
}

/** Promote/demote (`intent=role`) and delete (`intent=delete`): the API's services. */
export function action({ request, context }: Route.ActionArgs) {
  return allUsersAction(appOf(context), requireAdmin(request, context), request);
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaTranslator(matches);
  return [
    { title: t("dash.layout.pageTitle", { page: t("dash.layout.menu.allUsers") }) },
    { name: "robots", content: "noindex" },
  ];
}

/** Spec §2: every account, with promote/demote and delete for admins. */
export default function AllUsers({ loaderData }: Route.ComponentProps) {
  const { data: users, nextCursor, search, from } = loaderData;
  const me = useDashboardUser();
  const navigation = useNavigation();
  const { changeRole, deleteUserAccount } = useUserActions();
  const [busyId, setBusyId] = useState<string | null>(null);
  const { t, count } = useI18n();
  useRevalidateOnFocus();

  async function run(user: ListedUser, change: (u: ListedUser) => Promise<boolean>) {
    setBusyId(user._id);
    try {
      await change(user);
    } finally {
      setBusyId(null);
    }
  }

  const nextPage = new URLSearchParams();
  if (search) nextPage.set("q", search);
  if (nextCursor) nextPage.set("cursor", nextCursor);
  nextPage.set("from", String(from + users.length));
  const firstPage = search ? `?q=${encodeURIComponent(search)}` : "?";

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("dash.layout.menu.allUsers")}</h1>
        <Form method="get" role="search" className="join w-full sm:w-auto">
          <label htmlFor="user-search" className="sr-only">
            {t("dash.layout.users.searchLabel")}
          </label>
          <input
            id="user-search"
            name="q"
            type="search"
            defaultValue={search}
            placeholder={t("dash.layout.users.searchPlaceholder")}
            className="input join-item w-full sm:w-72"
            maxLength={100}
          />
          <button
            type="submit"
            className="btn btn-primary join-item"
            aria-label={t("dash.layout.users.search")}
          >
            <SearchIcon />
          </button>
        </Form>
      </div>
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table stack-table" aria-busy={navigation.state === "loading"}>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t("dash.layout.users.name")}</th>
              <th scope="col">{t("dash.layout.users.email")}</th>
              <th scope="col">{t("dash.layout.users.role")}</th>
              <th scope="col">{t("dash.layout.users.action")}</th>
            </tr>
          </thead>
          <tbody>
            {users.length === 0 ? (
              <tr>
                <td colSpan={5} className="py-8 text-center text-base-content/70">
                  {search
                    ? t("dash.layout.users.noMatch", { search })
                    : t("dash.layout.users.none")}
                </td>
              </tr>
            ) : (
              users.map((user, i) => (
                <tr key={user._id}>
                  <td data-label="#">{count(from + i)}</td>
                  {/* On a phone the row is a card: a long name or address wraps instead of pushing
                      the buttons off the screen. */}
                  <td
                    className="whitespace-nowrap max-sm:whitespace-normal max-sm:[overflow-wrap:anywhere]"
                    data-label={t("dash.layout.users.name")}
                  >
                    {user.name}
                    {user._id === me.userId ? (
                      <span className="ml-1 text-base-content/70">
                        {t("dash.layout.users.you")}
                      </span>
                    ) : null}
                  </td>
                  <td
                    className="whitespace-nowrap max-sm:whitespace-normal max-sm:[overflow-wrap:anywhere]"
                    data-label={t("dash.layout.users.email")}
                  >
                    {user.email}
                  </td>
                  <td data-label={t("dash.layout.users.role")}>
                    <span
                      className={`badge ${user.role === "admin" ? "badge-primary" : "badge-ghost"}`}
                    >
                      {t(
                        user.role === "admin"
                          ? "dash.layout.role.admin"
                          : "dash.layout.role.customer",
                      )}
                    </span>
                  </td>
                  <td data-label={t("dash.layout.users.action")}>
                    <div className="flex items-center gap-2">
                      <button
                        type="button"
                        className={`btn btn-sm whitespace-nowrap ${user.role === "admin" ? "btn-outline" : "btn-primary"}`}
                        disabled={busyId === user._id}
                        onClick={() => run(user, changeRole)}
                      >
                        {t(
                          user.role === "admin"
                            ? "dash.layout.users.demote"
                            : "dash.layout.users.promote",
                        )}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-square btn-error btn-outline"
                        aria-label={t("dash.layout.users.delete", { name: user.name })}
                        title={t("dash.layout.users.delete", { name: user.name })}
                        disabled={busyId === user._id}
                        onClick={() => run(user, deleteUserAccount)}
                      >
                        <TrashIcon />
                      </button>
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav aria-label={t("dash.layout.users.pages")} className="flex flex-wrap justify-end gap-2">
        {from > 1 ? (
          <Link to={firstPage} className="btn btn-sm">
            {t("dash.layout.users.firstPage")}
          </Link>
        ) : null}
        {nextCursor ? (
          <Link to={`?${nextPage}`} className="btn btn-sm btn-primary">
            {t("dash.layout.users.nextPage")}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
