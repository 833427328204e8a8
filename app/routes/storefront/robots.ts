import { buildRobots } from "../../features/catalog/sitemap";
import { shopInfo } from "../../lib/shop.server";

export async function loader() {
  const shop = await shopInfo();
  return new Response(buildRobots(shop.publicUrl), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
