import { signOutAction } from "~/app/features/account/auth-actions.server";
import { appOf } from "~/app/lib/context.server";
import { clientAddressContext } from "~/server/http/client-address";
import type { Route } from "./+types/logout";

/** Logout as a form post (the header's Logout button): back to `redirectTo` with the notice. */
export function action({ request, context }: Route.ActionArgs) {
  return signOutAction({
    app: appOf(context),
    request,
    address: context.get(clientAddressContext),
  });
}
