import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { CartIcon, CloseIcon, LogoMark, MenuIcon } from "~/app/components/icons";
import { LangSwitch } from "~/app/i18n/lang-switch";
import { useI18n } from "~/app/i18n/use-i18n";
import { useRootData } from "~/app/lib/root-data";
import { UserMenu } from "../account/user-menu";
import { useCartCount } from "../cart/cart-store";
import { SearchBox } from "./search-box";
import { ThemeToggle } from "./theme-toggle";

export const NAV_LINKS = [
  { to: "/", label: "nav.home" },
  { to: "/shop", label: "nav.shops" },
  { to: "/about-us", label: "nav.about" },
  { to: "/contact-us", label: "nav.contact" },
] as const;

function navClass({ isActive }: { isActive: boolean }) {
  return `rounded-btn px-3 py-2 text-sm font-medium hover:bg-base-200 ${
    isActive ? "text-primary underline decoration-2 underline-offset-8" : ""
  }`;
}

export function Logo() {
  const { shop } = useRootData();
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-btn text-primary">
      <LogoMark className="h-8 w-8" />
      {/* On a small phone the mark alone: with the language link beside the cart, the name
          would push Register / Login off the screen. */}
      <span className="text-xl font-extrabold tracking-tight text-base-content max-[429px]:sr-only">
        {shop.name}
      </span>
    </Link>
  );
}

function CartLink() {
  const count = useCartCount();
  const { t, count: n } = useI18n();
  return (
    <Link
      to="/cart"
      className="btn btn-ghost btn-circle relative"
      aria-label={t(count === 1 ? "header.cart.one" : "header.cart.other", { count: n(count) })}
    >
      <CartIcon className="h-6 w-6" />
      <span
        aria-hidden="true"
        className="badge badge-sm badge-primary absolute -top-0.5 -right-0.5 min-w-5 px-1"
      >
        {n(count)}
      </span>
    </Link>
  );
}

/** The phone/tablet menu with the page links; closes on navigation, Escape or a click outside. */
function MobileNav() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const { t } = useI18n();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close on route change
  useEffect(() => setOpen(false), [location.pathname, location.hash]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the menu from anywhere inside it
    <div
      ref={ref}
      className="relative lg:hidden"
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          setOpen(false);
          ref.current?.querySelector("button")?.focus();
        }
      }}
    >
      <button
        type="button"
        className="btn btn-ghost btn-square btn-sm"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={t("nav.menu")}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
      </button>
      <nav
        id={`${id}-menu`}
        aria-label={t("nav.main")}
        className={`absolute top-full left-0 z-50 mt-2 w-56 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg ${open ? "" : "hidden"}`}
      >
        <ul className="nav-list w-full">
          {NAV_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} end>
                {t(l.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** Spec §2 sticky header; the mobile search row shows at 768px and narrower. */
export function Header() {
  const { t } = useI18n();
  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur supports-[backdrop-filter]:bg-base-100/85">
      <div className="mx-auto flex h-16 max-w-[1200px] items-center gap-2 px-3">
        <MobileNav />
        <Logo />
        <nav aria-label={t("nav.main")} className="ml-4 hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end className={navClass}>
                  {t(l.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <SearchBox className="mx-2 hidden flex-1 min-[769px]:block lg:max-w-md xl:ml-6" />
        <div className="ml-auto flex items-center gap-0.5">
          <LangSwitch />
          <ThemeToggle />
          <CartLink />
          <UserMenu />
        </div>
      </div>
      <div className="px-3 pb-2 min-[769px]:hidden">
        <SearchBox />
      </div>
    </header>
  );
}
