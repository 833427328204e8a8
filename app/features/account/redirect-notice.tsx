import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { type DialogIcon, notify } from "~/app/components/dialogs";
import type { Translator } from "~/app/i18n/translator";
import { useI18n } from "~/app/i18n/use-i18n";
import { useRootData } from "~/app/lib/root-data";

/**
 * The notice an account action leaves for the page it redirects to (spec §4/§8: sign-up goes home
 * with its notice, the reset mail and logout say so). The action adds `?notice=<kind>` to the
 * address; with JavaScript the page shows the spec's dialog and drops the parameter, without it
 * the server renders the same words in the page.
 */
export type NoticeKind =
  | "welcome"
  | "sign-in-instead"
  | "reset-sent"
  | "password-changed"
  | "logged-out"
  | "email-confirmed"
  | "link-invalid"
  | "session-ended";

const PARAM = "notice";

/**
 * What Better Auth adds as `?error=` to the address an email-confirmation link comes back to
 * when the link cannot be used (a wrong or used token, an expired one, a deleted account).
 */
const LINK_ERROR_PARAM = "error";
const LINK_ERRORS = new Set(["INVALID_TOKEN", "TOKEN_EXPIRED", "USER_NOT_FOUND"]);

/** The notice of an address: its own, or "link-invalid" for a confirmation link's refusal. */
export function noticeOf(params: URLSearchParams): string | null {
  const error = params.get(LINK_ERROR_PARAM);
  return error !== null && LINK_ERRORS.has(error) ? "link-invalid" : params.get(PARAM);
}

/** `params` without the notice and a confirmation link's refusal, once shown. */
export function withoutNotice(params: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(params);
  rest.delete(PARAM);
  if (LINK_ERRORS.has(rest.get(LINK_ERROR_PARAM) ?? "")) rest.delete(LINK_ERROR_PARAM);
  return rest;
}

/** `path` with the notice for the page to show once. */
export function noticeHref(path: string, kind: NoticeKind): string {
  const url = new URL(path, "http://shop.invalid");
  url.searchParams.set(PARAM, kind);
  return url.pathname + url.search + url.hash;
}

type Notice = { icon: DialogIcon; title: string; text: string };

type RootData = ReturnType<typeof useRootData>;

function noticeFor(kind: string | null, root: RootData, { t }: Translator): Notice | null {
  switch (kind) {
    case "welcome":
      // Only for the new account itself: the words name the signed-in user.
      return root.user
        ? {
            icon: "success",
            title: t("notice.welcome.title"),
            text: t("notice.welcome.text", {
              shop: root.shop.name,
              name: root.user.name,
              email: root.user.email,
            }),
          }
        : null;
    case "sign-in-instead":
      return {
        icon: "info",
        title: t("notice.signIn.title"),
        text: t("notice.signIn.text"),
      };
    case "reset-sent":
      return {
        icon: "success",
        title: t("notice.resetSent.title"),
        text: t("notice.resetSent.text"),
      };
    case "password-changed":
      return {
        icon: "success",
        title: t("notice.changed.title"),
        text: t("notice.changed.text"),
      };
    case "email-confirmed":
      return {
        icon: "success",
        title: t("notice.emailConfirmed.title"),
        text: t("notice.emailConfirmed.text"),
      };
    case "link-invalid":
      return {
        icon: "error",
        title: t("notice.linkInvalid.title"),
        text: t("notice.linkInvalid.text"),
      };
    case "session-ended":
      // A page that needed a sign-in found the browser's sign-in ended: expired, or ended by a
      // change to the account (a role or password change ends every sign-in of its user).
      return root.user
        ? null
        : {
            icon: "info",
            title: t("notice.sessionEnded.title"),
            text: t("notice.sessionEnded.text"),
          };
    case "logged-out":
      return root.user
        ? null
        : {
            icon: "success",
            title: t("notice.loggedOut.title"),
            text: t("notice.loggedOut.text"),
          };
    default:
      return null;
  }
}

export function RedirectNotice() {
  const location = useLocation();
  const root = useRootData();
  const tr = useI18n();
  // Not useHydrated(): this sits beside every page, and the in-page words are only for a page
  // without scripts, so it needs no more than "this component has mounted".
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const notice = noticeFor(noticeOf(new URLSearchParams(location.search)), root, tr);

  // Once per arrival at an address: the effect also runs again when the root data changes.
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const kind = noticeOf(params);
    if (kind === null || shownFor.current === location.key) return;
    shownFor.current = location.key;
    const shown = noticeFor(kind, root, tr);
    if (shown) notify(shown);
    // The address loses the parameter without a navigation (no loader runs again), so a reload
    // or a shared link does not repeat the notice.
    const search = withoutNotice(params).toString();
    window.history.replaceState(
      window.history.state,
      "",
      location.pathname + (search ? `?${search}` : "") + location.hash,
    );
  }, [location, root, tr]);

  if (!notice || mounted) return null;
  return (
    <div
      role="status"
      className="notice-closes fixed inset-x-3 top-3 z-50 mx-auto max-w-md rounded-box border border-base-300 bg-base-100 p-4 shadow-lg"
    >
      <h2 className="font-bold text-lg">{notice.title}</h2>
      <p>{notice.text}</p>
    </div>
  );
}
