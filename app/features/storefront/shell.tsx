import { type ReactNode, Suspense } from "react";
import { ContentHydrated } from "~/app/components/use-name-limit";
import { useI18n } from "~/app/i18n/use-i18n";
import { ContactFab } from "./contact-fab";
import { Footer } from "./footer";
import { Header } from "./header";
import { ScrollToTop } from "./scroll-to-top";

/** Header, page, footer and the floating contact button: every storefront screen. */
export function StorefrontShell({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#content"
        className="btn btn-primary btn-sm fixed top-2 left-2 z-50 -translate-y-20 focus:translate-y-0"
      >
        {t("shell.skip")}
      </a>
      <ScrollToTop />
      <Header />
      <div id="content" tabIndex={-1} className="flex-1 outline-none">
        <Suspense>
          <ContentHydrated />
          {children}
        </Suspense>
      </div>
      <Suspense>
        <Footer />
      </Suspense>
      <ContactFab />
    </div>
  );
}
