import { type PointerEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { ChatIcon, CloseIcon, FacebookIcon, PhoneIcon, WhatsappIcon } from "~/app/components/icons";
import { useI18n } from "~/app/i18n/use-i18n";
import { useRootData } from "~/app/lib/root-data";
import { whatsappLink } from "~/core/shop";

/**
 * Pages where a phone's screen has no room to spare for the button: the cart's and checkout's
 * lines, prices and buttons reach the right edge, and a button floating over them hides what the
 * customer is about to pay for. There, on phones, the button is left out.
 */
const NO_BUTTON_ON_PHONES = new Set(["/cart", "/product-checkout"]);

/**
 * Spec §2 floating contact button: a mouse opens it by hovering and closes it by leaving; touch
 * and keyboard open it with a tap or Enter, and close it with another tap, Escape or by moving on.
 */
export function ContactFab() {
  const { shop } = useRootData();
  const { t, digits } = useI18n();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const isMouse = (e: PointerEvent) => e.pointerType === "mouse";
  const lastPointer = useRef("");

  useEffect(() => {
    if (!open) return;
    const onDown = (e: globalThis.PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);

  const item =
    "flex items-center gap-2 rounded-full py-2 pr-4 pl-2 text-sm font-semibold shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2";
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover, focus-leave and Escape for the whole widget; the button is the control
    <div
      ref={ref}
      className={`fixed right-4 bottom-4 z-40 flex flex-col items-end gap-2 ${NO_BUTTON_ON_PHONES.has(pathname) ? "max-md:hidden" : ""}`}
      onPointerEnter={(e) => isMouse(e) && setOpen(true)}
      onPointerLeave={(e) => isMouse(e) && setOpen(false)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          setOpen(false);
          ref.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(`${id}-button`)}`)?.focus();
        }
      }}
    >
      <ul
        id={`${id}-menu`}
        aria-label={t("fab.contact")}
        className={`flex flex-col items-end gap-2 ${open ? "" : "hidden"}`}
      >
        <li>
          <a
            className={`${item} bg-[#0B7A3E] text-white`}
            href={whatsappLink(shop.phone)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <WhatsappIcon className="h-6 w-6" /> WhatsApp
          </a>
        </li>
        <li>
          <a className={`${item} bg-info text-info-content`} href={`tel:${shop.phone}`}>
            <PhoneIcon className="h-5 w-5" /> {t("fab.call", { phone: digits(shop.phone) })}
          </a>
        </li>
        <li>
          <a
            className={`${item} bg-[#1565D8] text-white`}
            href={shop.facebookUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            <FacebookIcon className="h-5 w-5" /> {t("fab.facebook")}
          </a>
        </li>
      </ul>
      <button
        id={`${id}-button`}
        type="button"
        className="btn btn-circle btn-primary btn-lg shadow-xl"
        aria-label={t("fab.contact")}
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onPointerDown={(e) => {
          lastPointer.current = e.pointerType;
        }}
        onClick={() => {
          // A mouse already opened it by hovering; it closes when the mouse leaves.
          if (lastPointer.current === "mouse") setOpen(true);
          else setOpen((o) => !o);
          lastPointer.current = "";
        }}
      >
        {open ? <CloseIcon className="h-6 w-6" /> : <ChatIcon className="h-6 w-6" />}
      </button>
    </div>
  );
}
