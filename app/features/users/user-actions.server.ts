import { redirect } from "react-router";
import { pageError } from "~/app/lib/page-error.server";
import { signOutHeaders } from "~/app/lib/sign-out.server";
import type { Actor } from "~/core/actor";
import type { AppContext } from "~/server/app-context";
import { AppError } from "~/server/errors";
import { deleteUser, setUserRole } from "~/server/services/users";

function textField(form: FormData, key: string): string {
  const value = form.get(key);
  return typeof value === "string" ? value : "";
}

/**
 * All Users' action: `intent=role` (`id`, `role`) or `intent=delete` (`id`), each the same
 * service call as PUT /api/updateUser/{id} and DELETE /api/deleteUser/{id}. An admin who
 * demotes themself goes to the dashboard home (this page is no longer theirs); one who deletes
 * themself is signed out and goes home.
 */
export async function allUsersAction(ctx: AppContext, actor: Actor, request: Request) {
  const form = await request.formData();
  const intent = textField(form, "intent");
  const id = textField(form, "id");
  try {
    if (intent === "role") {
      const changed = await setUserRole(ctx.db, actor, id, textField(form, "role"));
      if (id === actor.userId && changed.role !== "admin") return redirect("/dashboard");
      return { ok: true as const, user: changed };
    }
    if (intent === "delete") {
      await deleteUser(ctx.db, actor, id);
      if (id === actor.userId)
        return redirect("/", { headers: await signOutHeaders(ctx, request) });
      return { ok: true as const, deleted: id };
    }
    throw new AppError("invalid", "Nothing to do", [{ path: "intent", message: "Unknown action" }]);
  } catch (err) {
    return pageError(err);
  }
}

/**
 * Dashboard home's "Delete account": the same deleteUser service as DELETE /api/deleteUser/{id}
 * for the signed-in user's own account, then Better Auth's sign-out clears the session cookie
 * and the visitor goes home.
 */
export async function deleteOwnAccountAction(ctx: AppContext, actor: Actor, request: Request) {
  const form = await request.formData();
  try {
    if (textField(form, "intent") !== "deleteAccount") {
      throw new AppError("invalid", "Nothing to do", [
        { path: "intent", message: "Unknown action" },
      ]);
    }
    await deleteUser(ctx.db, actor, actor.userId);
  } catch (err) {
    return pageError(err);
  }
  return redirect("/", { headers: await signOutHeaders(ctx, request) });
}
