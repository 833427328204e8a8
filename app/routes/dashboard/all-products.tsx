import {
  deleteFromTable,
  loadAdminProducts,
} from "~/app/features/admin-catalogue/catalogue.server";
import { ProductsTable } from "~/app/features/admin-catalogue/products-table";
import { useRevalidateOnFocus } from "~/app/features/catalogue/use-revalidate-on-focus";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import type { Route } from "./+types/all-products";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return loadAdminProducts(appOf(context), request);
}

/** The table's Delete (`intent=delete`): the same service as DELETE /api/deleteProduct/{id}. */
export function action({ request, context }: Route.ActionArgs) {
  return deleteFromTable(appOf(context), requireAdmin(request, context), request, "product");
}

export function meta() {
  return [{ title: "All Products" }, { name: "robots", content: "noindex" }];
}

export default function AllProducts({ loaderData }: Route.ComponentProps) {
  useRevalidateOnFocus();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">All Products</h1>
      {/* A new search starts a new list. */}
      <ProductsTable key={loaderData.q} page={loaderData} />
    </div>
  );
}
