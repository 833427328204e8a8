import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { SearchIcon, TrashIcon } from "~/app/components/icons";
import { useDashboardUser } from "~/app/features/account/dashboard-user";
import { useRevalidateOnFocus } from "~/app/features/catalogue/use-revalidate-on-focus";
import { type ListedUser, useUserActions } from "~/app/features/users/user-actions";
import { allUsersAction } from "~/app/features/users/user-actions.server";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import { usersPage } from "~/app/lib/users.server";
import type { Route } from "./+types/all-users";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return usersPage(appOf(context), new URL(request.url));
}

/** Promote/demote (`intent=role`) and delete (`intent=delete`): the API's services. */
export function action({ request, context }: Route.ActionArgs) {
  return allUsersAction(appOf(context), requireAdmin(request, context), request);
}

export function meta() {
  return [{ title: "All Users | Dashboard" }, { name: "robots", content: "noindex" }];
}

/** Spec §2: every account, with promote/demote and delete for admins. */
export default function AllUsers({ loaderData }: Route.ComponentProps) {
  const { data: users, nextCursor, search, from } = loaderData;
  const me = useDashboardUser();
  const navigation = useNavigation();
  const { changeRole, deleteUserAccount } = useUserActions();
  const [busyId, setBusyId] = useState<string | null>(null);
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
        <h1 className="text-2xl font-bold sm:text-3xl">All Users</h1>
        <Form method="get" role="search" className="join w-full sm:w-auto">
          <label htmlFor="user-search" className="sr-only">
            Search users by name or email
          </label>
          <input
            id="user-search"
            name="q"
            type="search"
            defaultValue={search}
            placeholder="Search by name or email"
            className="input join-item w-full sm:w-72"
            maxLength={100}
          />
          <button type="submit" className="btn btn-primary join-item" aria-label="Search">
            <SearchIcon />
          </button>
        </Form>
      </div>
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table stack-table" aria-busy={navigation.state === "loading"}>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {users.length === 0 ? (
              <tr>
                <td colSpan={5} className="py-8 text-center text-base-content/70">
                  {search ? `No user matches “${search}”.` : "No users yet."}
                </td>
              </tr>
            ) : (
              users.map((user, i) => (
                <tr key={user._id}>
                  <td data-label="#">{from + i}</td>
                  {/* On a phone the row is a card: a long name or address wraps instead of pushing
                      the buttons off the screen. */}
                  <td
                    className="whitespace-nowrap max-sm:whitespace-normal max-sm:[overflow-wrap:anywhere]"
                    data-label="Name"
                  >
                    {user.name}
                    {user._id === me.userId ? (
                      <span className="ml-1 text-base-content/70"> (you)</span>
                    ) : null}
                  </td>
                  <td
                    className="whitespace-nowrap max-sm:whitespace-normal max-sm:[overflow-wrap:anywhere]"
                    data-label="Email"
                  >
                    {user.email}
                  </td>
                  <td data-label="Role">
                    <span
                      className={`badge ${user.role === "admin" ? "badge-primary" : "badge-ghost"}`}
                    >
                      {user.role === "admin" ? "Admin" : "Customer"}
                    </span>
                  </td>
                  <td data-label="Action">
                    <div className="flex items-center gap-2">
                      <button
                        type="button"
                        className={`btn btn-sm whitespace-nowrap ${user.role === "admin" ? "btn-outline" : "btn-primary"}`}
                        disabled={busyId === user._id}
                        onClick={() => run(user, changeRole)}
                      >
                        {user.role === "admin" ? "Demote to Customer" : "Promote to Admin"}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-square btn-error btn-outline"
                        aria-label={`Delete ${user.name}`}
                        title={`Delete ${user.name}`}
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
      <nav aria-label="Pages of users" className="flex flex-wrap justify-end gap-2">
        {from > 1 ? (
          <Link to={firstPage} className="btn btn-sm">
            First page
          </Link>
        ) : null}
        {nextCursor ? (
          <Link to={`?${nextPage}`} className="btn btn-sm btn-primary">
            Next page
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
