import { pageError } from "~/app/lib/page-error.server";
import type { Actor } from "~/core/actor";
import type { AppContext } from "~/server/app-context";
import { setContactMessageRead } from "~/server/services/contact";

/** Messages' Mark as read / unread (`id`, `read`): the service of PATCH /api/contactMessages/{id}. */
export async function markMessageAction(ctx: AppContext, actor: Actor, request: Request) {
  const form = await request.formData();
  const id = form.get("id");
  try {
    await setContactMessageRead(
      ctx.db,
      actor,
      typeof id === "string" ? id : "",
      form.get("read") === "true",
    );
  } catch (err) {
    return pageError(err);
  }
  return { ok: true as const };
}
