import { type Lang, parseLang, toBengaliDigits } from "~/core/locale";
import type { MailMessage } from "./mailer";

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** The words every account mail shares, in each language. */
const FRAME: Record<Lang, { hello: (name: string) => string; orOpen: string }> = {
  en: { hello: (name) => `Hello ${name},`, orOpen: "Or open this link:" },
  bn: { hello: (name) => `প্রিয় ${name},`, orOpen: "অথবা এই লিংকটি খুলুন:" },
};

function linkMail(options: {
  to: string;
  lang: Lang;
  shopName: string;
  subject: string;
  greetingName: string;
  lead: string;
  action: string;
  link: string;
  after: string;
}): MailMessage {
  const { lang, shopName, greetingName, lead, action, link, after } = options;
  const frame = FRAME[lang];
  const hello = frame.hello(greetingName);
  const text = `${hello}\n\n${lead}\n\n${action}: ${link}\n\n${after}\n\n— ${shopName}\n`;
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#15803d;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:14px">${escapeHtml(frame.orOpen)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="font-size:14px">${escapeHtml(after)}</p>
<p>— ${escapeHtml(shopName)}</p>
</body></html>`;
  return { to: options.to, subject: options.subject, text, html, link };
}

/**
 * The language of an account mail: the one of the page it was asked from. The shop's pages pass
 * it in the address Better Auth sends the visitor back to (`callbackURL` / `redirectTo` with
 * `?lang=bn`), which also brings them back to a page in that language; English otherwise.
 */
export function mailLangOf(callbackURL: string | null | undefined): Lang {
  if (!callbackURL) return "en";
  try {
    return parseLang(new URL(callbackURL, "http://localhost").searchParams.get("lang")) ?? "en";
  } catch {
    return "en";
  }
}

/** The `callbackURL` inside one of Better Auth's links (…/verify-email?token=…&callbackURL=…). */
export function callbackOf(authLink: string): string | null {
  try {
    return new URL(authLink).searchParams.get("callbackURL");
  } catch {
    return null;
  }
}

type AccountMail = { to: string; name: string; shopName: string; link: string; lang?: Lang };

export function passwordResetMail(o: AccountMail & { validMinutes: number }): MailMessage {
  const shop = o.shopName;
  const words =
    o.lang === "bn"
      ? {
          subject: `${shop}-এর পাসওয়ার্ড নতুন করে সেট করুন`,
          lead: `কেউ আপনার ${shop} অ্যাকাউন্টের পাসওয়ার্ড রিসেট করতে চেয়েছেন। লিংকটি একবারই কাজ করবে, ${toBengaliDigits(String(o.validMinutes))} মিনিটের জন্য।`,
          action: "নতুন পাসওয়ার্ড দিন",
          after: "আপনি এটি না চেয়ে থাকলে এই ইমেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে।",
        }
      : {
          subject: `Reset your ${shop} password`,
          lead: `Someone asked to reset the password of your ${shop} account. The link works once, for ${o.validMinutes} minutes.`,
          action: "Set a new password",
          after: "If you did not ask for this, ignore this email: your password stays as it is.",
        };
  return linkMail({ ...o, ...words, lang: o.lang ?? "en", greetingName: o.name });
}

export function verifyEmailMail(o: AccountMail): MailMessage {
  const shop = o.shopName;
  const words =
    o.lang === "bn"
      ? {
          subject: `${shop}-এর জন্য আপনার ইমেইল নিশ্চিত করুন`,
          lead: `${shop}-এ স্বাগতম! এটি যে আপনার ইমেইল ঠিকানা, তা নিশ্চিত করুন।`,
          action: "আমার ইমেইল নিশ্চিত করুন",
          after: "আপনি অ্যাকাউন্ট না খুলে থাকলে এই ইমেইলটি উপেক্ষা করুন।",
        }
      : {
          subject: `Confirm your email for ${shop}`,
          lead: `Welcome to ${shop}! Please confirm that this is your email address.`,
          action: "Confirm my email",
          after: "If you did not create an account, ignore this email.",
        };
  return linkMail({ ...o, ...words, lang: o.lang ?? "en", greetingName: o.name });
}

/** To the owner of an address someone tried to sign up with (sign-up answers the same either way). */
export function existingAccountMail(o: AccountMail): MailMessage {
  const shop = o.shopName;
  const words =
    o.lang === "bn"
      ? {
          subject: `আপনার ইতিমধ্যে একটি ${shop} অ্যাকাউন্ট আছে`,
          lead: `কেউ এই ইমেইল ঠিকানা দিয়ে ${shop}-এ নতুন অ্যাকাউন্ট খুলতে চেয়েছেন, কিন্তু এই ঠিকানায় আগে থেকেই একটি অ্যাকাউন্ট আছে। আপনি হলে সাইন ইন করুন (পাসওয়ার্ড বা Google দিয়ে), আর পাসওয়ার্ড ভুলে গেলে সাইন-ইন পেজ থেকে রিসেট করুন।`,
          action: "সাইন ইন করুন",
          after: "আপনি না হলে এই ইমেইলটি উপেক্ষা করুন: কিছুই বদলায়নি।",
        }
      : {
          subject: `You already have a ${shop} account`,
          lead: `Someone tried to create a ${shop} account with this email address, which already has one. If it was you, sign in (with your password or Google), or reset your password from the sign-in page if you forgot it.`,
          action: "Sign in",
          after: "If it was not you, ignore this email: nothing has changed.",
        };
  return linkMail({ ...o, ...words, lang: o.lang ?? "en", greetingName: o.name });
}
