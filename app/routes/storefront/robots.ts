import { buildRobots } from "~/app/features/catalogue/sitemap";
import { appOf } from "~/app/lib/context.server";
import { shopInfo } from "~/app/lib/shop.server";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const shop = shopInfo(appOf(context));
  return new Response(buildRobots(shop.publicUrl), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
