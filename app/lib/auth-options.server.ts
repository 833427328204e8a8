import { socialSignIn } from "../../server/auth/auth";
import { serverContext } from "./server-context.server";

/** What the sign-in pages need to know: which provider the Google button starts, if any. */
export async function authPageOptions() {
  const { config } = await serverContext();
  return { socialProvider: socialSignIn(config)?.provider ?? null, shopName: config.SHOP_NAME };
}
