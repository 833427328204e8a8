import { clientAddressContext } from "../../../server/http/client-address";
import { signOutAction } from "../../features/account/auth-actions.server";
import { appOf } from "../../lib/context.server";
import type { Route } from "./+types/logout";

/** Logout as a form post (the header's Logout button): back to `redirectTo` with the notice. */
export function action({ request, context }: Route.ActionArgs) {
  return signOutAction({
    app: appOf(context),
    request,
    address: context.get(clientAddressContext),
  });
}
