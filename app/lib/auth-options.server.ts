import type { AppContext } from "~/server/app-context";
import { socialSignIn } from "~/server/auth/auth";

/** What the sign-in pages need to know: which provider the Google button starts, if any. */
export function authPageOptions({ config }: AppContext) {
  return { socialProvider: socialSignIn(config)?.provider ?? null, shopName: config.SHOP_NAME };
}
