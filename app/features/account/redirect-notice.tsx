import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { type DialogIcon, notify } from "~/app/components/dialogs";
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
  | "logged-out";

const PARAM = "notice";

/** `path` with the notice for the page to show once. */
export function noticeHref(path: string, kind: NoticeKind): string {
  const url = new URL(path, "http://shop.invalid");
  url.searchParams.set(PARAM, kind);
  return url.pathname + url.search + url.hash;
}

type Notice = { icon: DialogIcon; title: string; text: string };

type RootData = ReturnType<typeof useRootData>;

function noticeFor(kind: string | null, root: RootData): Notice | null {
  switch (kind) {
    case "welcome":
      // Only for the new account itself: the words name the signed-in user.
      return root.user
        ? {
            icon: "success",
            title: "Signup Successful",
            text: `Welcome to ${root.shop.name}, ${root.user.name}! We sent a link to ${root.user.email} to confirm your email.`,
          }
        : null;
    case "sign-in-instead":
      return {
        icon: "info",
        title: "Please Sign In",
        text: "We could not create a new account for this email. If you already have one, sign in or reset your password.",
      };
    case "reset-sent":
      return {
        icon: "success",
        title: "Password Reset Email Sent",
        text: "Please check your email for password reset instructions.",
      };
    case "password-changed":
      return {
        icon: "success",
        title: "Password Changed",
        text: "Your new password is set. Please sign in with it.",
      };
    case "logged-out":
      return root.user
        ? null
        : {
            icon: "success",
            title: "Logout Successful",
            text: "You have been successfully logged out.",
          };
    default:
      return null;
  }
}

export function RedirectNotice() {
  const location = useLocation();
  const root = useRootData();
  // Not useHydrated(): this sits beside every page, and the in-page words are only for a page
  // without scripts, so it needs no more than "this component has mounted".
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const notice = noticeFor(new URLSearchParams(location.search).get(PARAM), root);

  // Once per arrival at an address: the effect also runs again when the root data changes.
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(PARAM) || shownFor.current === location.key) return;
    shownFor.current = location.key;
    const shown = noticeFor(params.get(PARAM), root);
    if (shown) notify(shown);
    // The address loses the parameter without a navigation (no loader runs again), so a reload
    // or a shared link does not repeat the notice.
    params.delete(PARAM);
    const search = params.toString();
    window.history.replaceState(
      window.history.state,
      "",
      location.pathname + (search ? `?${search}` : "") + location.hash,
    );
  }, [location, root]);

  if (!notice || mounted) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 top-3 z-50 mx-auto max-w-md rounded-box border border-base-300 bg-base-100 p-4 shadow-lg"
    >
      <h2 className="font-bold text-lg">{notice.title}</h2>
      <p>{notice.text}</p>
    </div>
  );
}
