import { Link } from "react-router";
import { Breadcrumb } from "~/app/features/catalogue/breadcrumb";
import { pageMeta, shopFromMatches } from "~/app/features/catalogue/seo";
import { useRootData } from "~/app/lib/root-data";
import { DELIVERY_CHARGES } from "~/core/delivery";
import { formatTaka } from "~/core/money";
import type { Route } from "./+types/about-us";

export function meta({ matches }: Route.MetaArgs) {
  const shop = shopFromMatches(matches);
  return pageMeta({
    shop,
    title: "About us",
    description: `${shop.name} imports quality goods and delivers them anywhere in Bangladesh, with cash on delivery and 7-day returns.`,
    path: "/about-us",
  });
}

const PROMISES = [
  {
    title: "Carefully chosen imports",
    text: "We source gadgets, kitchen and home goods, fashion, beauty and baby products from trusted suppliers abroad and check them before they reach you.",
  },
  {
    title: "Delivery across Bangladesh",
    text: `Our courier partners deliver to all 64 districts: ${formatTaka(DELIVERY_CHARGES["Inside Dhaka"])} inside Dhaka, ${formatTaka(DELIVERY_CHARGES["Outside Dhaka"])} outside Dhaka.`,
  },
  {
    title: "Cash On Delivery",
    text: "Pay when the product is in your hands. No card, no advance payment, no risk.",
  },
  {
    title: "7 days return",
    text: "Changed your mind? Return any product within 7 days, for any reason.",
  },
] as const;

export default function AboutUs() {
  const { shop } = useRootData();
  return (
    <main className="mx-auto max-w-[1200px] px-3 pt-3 pb-12 md:px-4">
      <Breadcrumb items={[{ label: "About us" }]} />
      <h1 className="mt-2 text-2xl font-bold md:text-3xl">About {shop.name}</h1>
      <div className="mt-4 max-w-3xl space-y-4 text-base leading-relaxed">
        <p>
          {shop.name} is an online shop for Bangladesh. We bring imported goods to customers in
          every corner of the country, at fair prices, and we confirm every order by phone before we
          pack it.
        </p>
        <p>
          Browse the{" "}
          <Link to="/shop" className="link">
            shop
          </Link>
          , order with a few taps, and pay the delivery person in cash. Our team in {shop.address}{" "}
          answers calls and WhatsApp messages every day.
        </p>
      </div>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {PROMISES.map((p) => (
          <li key={p.title} className="rounded-box border border-base-300 bg-base-200/50 p-5">
            <h2 className="text-lg font-semibold">{p.title}</h2>
            <p className="mt-1 text-base-content/80">{p.text}</p>
          </li>
        ))}
      </ul>
      <p className="mt-8">
        <Link to="/contact-us" className="btn btn-primary">
          Get in touch
        </Link>
      </p>
    </main>
  );
}
