import type { ReactNode } from "react";
import { Breadcrumb } from "~/app/features/catalogue/breadcrumb";
import { pageMeta, shopFromMatches } from "~/app/features/catalogue/seo";
import { useHydratedMark } from "~/app/features/catalogue/use-hydrated";
import { submitContactForm } from "~/app/features/contact/contact.server";
import { ContactForm } from "~/app/features/contact/contact-form";
import { routeMessages } from "~/app/i18n/catalog.server";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf } from "~/app/lib/context.server";
import { useRootData } from "~/app/lib/root-data";
import { whatsappLink } from "~/core/shop";
import { clientAddressContext } from "~/server/http/client-address";
import type { Route } from "./+types/contact-us";

export function loader({ context }: Route.LoaderArgs) {
  return { messages: routeMessages(context, "contact") };
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitContactForm(appOf(context), request, context.get(clientAddressContext));
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaTranslator(matches);
  return pageMeta({
    shop: shopFromMatches(matches),
    title: t("contact.title"),
    description: t("contact.description"),
    path: "/contact-us",
  });
}

function Card({ title, children, icon }: { title: string; children: ReactNode; icon: string }) {
  return (
    <li className="flex gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
      <svg
        viewBox="0 0 24 24"
        width="28"
        height="28"
        aria-hidden="true"
        className="shrink-0 text-primary"
      >
        <path
          d={icon}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div className="min-w-0">
        <h2 className="font-semibold">{title}</h2>
        <div className="break-words text-sm text-base-content/80">{children}</div>
      </div>
    </li>
  );
}

export default function ContactUs({ actionData }: Route.ComponentProps) {
  const { shop } = useRootData();
  const hydratedMark = useHydratedMark<HTMLElement>();
  const { t, digits } = useI18n();
  const tel = `tel:${shop.phone.replace(/[^\d+]/g, "")}`;
  return (
    <main className="mx-auto max-w-[1200px] px-3 pt-3 pb-12 md:px-4" ref={hydratedMark}>
      <Breadcrumb items={[{ label: t("contact.title") }]} />
      <h1 className="mt-2 text-2xl font-bold md:text-3xl">{t("contact.title")}</h1>
      <p className="mt-1 text-base-content/80">{t("contact.intro")}</p>

      <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Card title="WhatsApp" icon="M4 20l1.3-4A8 8 0 1112 20a8 8 0 01-3.9-1z">
          <a
            className="link"
            href={whatsappLink(shop.phone)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {digits(shop.phone)}
          </a>
        </Card>
        <Card title={t("contact.email")} icon="M3 6h18v12H3zM3 6l9 7 9-7">
          <a className="link" href={`mailto:${shop.email}`}>
            {shop.email}
          </a>
        </Card>
        <Card
          title={t("contact.phone")}
          icon="M5 3h4l2 5-2.5 1.5a11 11 0 006 6L16 13l5 2v4a2 2 0 01-2 2A17 17 0 013 5a2 2 0 012-2z"
        >
          <a className="link" href={tel}>
            {digits(shop.phone)}
          </a>
        </Card>
        <Card
          title={t("contact.address")}
          icon="M12 21s-7-6.2-7-11a7 7 0 1114 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z"
        >
          <address className="not-italic">{shop.address}</address>
        </Card>
      </ul>

      <section
        aria-labelledby="contact-form-heading"
        className="mt-8 rounded-box border border-base-300 bg-base-100 p-4 md:p-6"
      >
        <h2 id="contact-form-heading" className="mb-4 text-xl font-bold">
          {t("contact.send")}
        </h2>
        <ContactForm initial={actionData} />
      </section>
    </main>
  );
}
