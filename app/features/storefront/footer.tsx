import { Link } from "react-router";
import {
  FacebookIcon,
  InstagramIcon,
  LinkedinIcon,
  LogoMark,
  MailIcon,
  PhoneIcon,
  PinIcon,
  TwitterIcon,
} from "~/app/components/icons";
import { useI18n } from "~/app/i18n/use-i18n";
import { useRootData } from "~/app/lib/root-data";

/** Spec §2 Follow Us: only Facebook has a link; the others are shown without one. */
const UNLINKED_SOCIALS = [
  { name: "Instagram", Icon: InstagramIcon },
  { name: "Linkedin", Icon: LinkedinIcon },
  { name: "Twitter", Icon: TwitterIcon },
] as const;

/** Brand badges drawn as text: light to ship, sharp at any size. Only Cash On Delivery is offered. */
const PAYMENT_BRANDS = [
  { name: "bKash", bg: "#C7155F", fg: "#fff" },
  { name: "Nagad", bg: "#B4161B", fg: "#fff" },
  { name: "Rocket", bg: "#6B2C91", fg: "#fff" },
  { name: "Upay", bg: "#0A4B9B", fg: "#fff" },
  { name: "VISA", bg: "#1A1F71", fg: "#fff" },
  { name: "Mastercard", bg: "#1F1F1F", fg: "#FFB547" },
  { name: "AMEX", bg: "#0B61A4", fg: "#fff" },
] as const;

const heading = "mb-3 text-sm font-bold uppercase tracking-wide";
const link = "link link-hover";

function FooterLinks({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: readonly { to: string; label: string }[];
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={heading}>
        {title}
      </h2>
      <ul className="space-y-2 text-sm">
        {links.map(({ to, label }) => (
          <li key={label}>
            <Link className={link} to={to}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { shop, user } = useRootData();
  const { t, digits } = useI18n();
  const year = new Date().getFullYear();
  return (
    <footer className="render-when-near mt-12 bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-[1200px] grid-cols-2 gap-8 px-4 py-10 lg:grid-cols-[1.4fr_1fr_1fr_1.4fr]">
        <div className="col-span-2 lg:col-span-1">
          <Link to="/" className="inline-flex items-center gap-2 rounded-btn">
            <LogoMark className="h-8 w-8 text-primary" />
            <span className="text-xl font-extrabold">{shop.name}</span>
          </Link>
          <p className="mt-3 max-w-xs text-sm">{t("footer.blurb")}</p>
          <ul className="mt-4 space-y-2 text-sm">
            <li className="flex items-start gap-2">
              <PinIcon className="mt-0.5 h-4 w-4 shrink-0" />
              <span>{shop.address}</span>
            </li>
            <li className="flex items-center gap-2">
              <PhoneIcon className="h-4 w-4 shrink-0" />
              <a className={link} href={`tel:${shop.phone}`}>
                {digits(shop.phone)}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <MailIcon className="h-4 w-4 shrink-0" />
              <a className={link} href={`mailto:${shop.email}`}>
                {shop.email}
              </a>
            </li>
          </ul>
        </div>

        <FooterLinks
          id="footer-getting-started"
          title={t("footer.gettingStarted")}
          links={[
            { to: user ? "/dashboard" : "/authentication/login", label: t("footer.accounts") },
            { to: "/cart", label: t("footer.myCart") },
            { to: "/track-order", label: t("footer.track") },
            { to: "/contact-us", label: t("footer.help") },
          ]}
        />
        <FooterLinks
          id="footer-explore"
          title={t("footer.explore")}
          links={[
            { to: "/#new_arrivals", label: t("footer.newArrivals") },
            { to: "/#most_popular_items", label: t("footer.mostPopular") },
            { to: "/#best_selling_products", label: t("footer.bestSelling") },
          ]}
        />

        <div className="col-span-2 space-y-6 sm:col-span-2 lg:col-span-1">
          <section aria-labelledby="footer-payment">
            <h2 id="footer-payment" className={heading}>
              {t("footer.payment")}
            </h2>
            <p className="mb-2 text-sm">
              {t("footer.payment.before")}
              <strong>{t("footer.cod")}</strong>
              {t("footer.payment.after")}
            </p>
            <ul className="flex flex-wrap gap-1.5" aria-label={t("footer.paymentBrands")}>
              <li className="badge h-7 border-0 bg-success font-bold text-success-content">
                {t("footer.cod")}
              </li>
              {PAYMENT_BRANDS.map((b) => (
                <li
                  key={b.name}
                  className="badge h-7 border-0 font-bold italic"
                  style={{ backgroundColor: b.bg, color: b.fg }}
                  title={t("footer.notYet", { brand: b.name })}
                >
                  {b.name}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="footer-follow">
            <h2 id="footer-follow" className={heading}>
              {t("footer.follow")}
            </h2>
            <ul className="flex items-center gap-2">
              <li>
                <a
                  href={shop.facebookUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="btn btn-circle btn-sm border-0 bg-[#1877F2] text-white hover:bg-[#0f5fc7]"
                  aria-label="Facebook"
                >
                  <FacebookIcon className="h-4 w-4" />
                </a>
              </li>
              {UNLINKED_SOCIALS.map(({ name, Icon }) => (
                <li key={name}>
                  <span
                    className="flex h-8 w-8 items-center justify-center rounded-full bg-neutral-content/15"
                    role="img"
                    aria-label={name}
                  >
                    <Icon className="h-4 w-4" />
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
      <div className="border-t border-neutral-content/20">
        <div className="mx-auto flex max-w-[1200px] flex-col items-center justify-between gap-1 px-4 py-4 text-xs sm:flex-row">
          <p>{t("footer.rights", { year: digits(String(year)), shop: shop.name })}</p>
          <p>{t("footer.developed", { shop: shop.name })}</p>
        </div>
      </div>
    </footer>
  );
}
