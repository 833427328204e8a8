import { Listing } from "~/app/features/catalogue/listing";
import { loadListingPage } from "~/app/features/catalogue/listing.server";
import { categoryPath } from "~/app/features/catalogue/paths";
import { pageMeta, shopFromMatches } from "~/app/features/catalogue/seo";
import { appOf } from "~/app/lib/context.server";
import { CATEGORIES } from "~/core/catalogue";
import type { Route } from "./+types/shop";

/** The words of `/shop?search=…` (the header search's Enter), as the API's search limits them. */
function searchOf(request: Request): string {
  return (new URL(request.url).searchParams.get("search") ?? "").trim().slice(0, 100);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = searchOf(request);
  const page = await loadListingPage(appOf(context), request, {
    searchQuery: search || undefined,
  });
  return { ...page, search };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const search = loaderData?.search;
  if (search) {
    return [
      { title: `Search results for “${search}” | ${shopFromMatches(matches).name}` },
      { name: "robots", content: "noindex" },
    ];
  }
  return pageMeta({
    shop: shopFromMatches(matches),
    title: "Shop all products",
    description:
      "Every imported product in the shop, newest first: cash on delivery anywhere in Bangladesh.",
    path: "/shop",
  });
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { search } = loaderData;
  return (
    <Listing
      title={search ? `Search results for “${search}”` : "All Products"}
      intro={
        search
          ? "Every product whose name contains these words, newest first."
          : "Imported goods, newest first. Cash on delivery anywhere in Bangladesh."
      }
      crumbs={search ? [{ label: "Shop", to: "/shop" }, { label: "Search" }] : [{ label: "Shop" }]}
      page={loaderData}
      empty={search ? `No products match “${search}”.` : undefined}
      related={{
        label: "Categories",
        links: CATEGORIES.map((c) => ({ label: c, to: categoryPath(c) })),
      }}
    />
  );
}
