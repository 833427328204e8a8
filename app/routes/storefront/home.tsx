import { ProductCard } from "../../components/product-card";
import { newestProducts } from "../../lib/catalog.server";
import type { Route } from "./+types/home";

export async function loader() {
  return newestProducts(20);
}

export function meta({ loaderData }: Route.MetaArgs) {
  const shop = loaderData?.shopName ?? "Haat";
  return [
    { title: `${shop} | Online shopping in Bangladesh` },
    {
      name: "description",
      content: "Imported goods with cash on delivery anywhere in Bangladesh.",
    },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { products, shopName } = loaderData;
  return (
    <main className="mx-auto max-w-[1200px] px-3 py-6">
      <h1 className="text-2xl font-bold mb-1">{shopName}</h1>
      <p className="mb-6 opacity-80">New arrivals, delivered anywhere in Bangladesh.</p>
      <section aria-label="Newest products">
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
          {products.map((p, i) => (
            <ProductCard key={p._id} product={p} eager={i < 2} />
          ))}
        </div>
      </section>
    </main>
  );
}
