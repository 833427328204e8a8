import { useI18n } from "~/app/i18n/use-i18n";
import { BENGALI_FONT_SCRIPT } from "~/shared/page-shell";

/**
 * Spec §2 home: the scrolling Bengali welcome with the helpline (still text for reduced motion).
 * Its number is written in the page's digits, as the footer's is.
 */
export function WelcomeBanner({ shopName, phone }: { shopName: string; phone: string }) {
  const { digits } = useI18n();
  const text = `${shopName === "Haat" ? "হাট" : shopName}-এ আপনাকে স্বাগতম! সারা বাংলাদেশে ক্যাশ অন ডেলিভারিতে পণ্য পৌঁছে দিই। যেকোনো প্রয়োজনে কল করুন আমাদের হেল্পলাইনে: ${digits(phone)}`;
  return (
    <div className="overflow-hidden bg-primary py-1.5 text-sm text-primary-content">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant font script, no user data */}
      <script dangerouslySetInnerHTML={{ __html: BENGALI_FONT_SCRIPT }} />
      <p lang="bn" className="marquee mx-auto max-w-[1200px] overflow-hidden px-3 text-center">
        <span className="marquee-track">{text}</span>
      </p>
    </div>
  );
}
