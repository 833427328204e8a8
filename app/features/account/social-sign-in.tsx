import { useEffect, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { notify } from "~/app/components/dialogs";
import { issueText } from "~/app/i18n/issues";
import { useI18n } from "~/app/i18n/use-i18n";

export type SocialProvider = "google" | "oidc";

const MESSAGE_TYPE = "haat:social-sign-in";
const POPUP_NAME = "haat-google-sign-in";

type PopupMessage = { type: typeof MESSAGE_TYPE; ok: boolean; error?: string };

/** The address that starts the provider's sign-in, in the popup or in this window. */
export function socialStartHref(
  provider: SocialProvider,
  options: { popup: boolean; returnTo: string },
) {
  const q = new URLSearchParams({ oauth: "start", provider });
  if (options.popup) q.set("popup", "1");
  else q.set("redirectTo", options.returnTo);
  return `/authentication/login?${q}`;
}

function popupFeatures(width = 500, height = 600) {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * The Google button (spec: 500x600 popup sign-in). Opens the popup synchronously on click so
 * popup blockers allow it; a blocked popup falls back to a full-page redirect. When no provider
 * is configured the button is disabled and says so.
 */
export function SocialSignInButton({
  provider,
  label,
  returnTo,
}: {
  provider: SocialProvider | null;
  label: string;
  returnTo: string;
}) {
  const [busy, setBusy] = useState(false);
  const tr = useI18n();
  const { t } = tr;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const cleanup = useRef<() => void>(() => {});

  useEffect(() => () => cleanup.current(), []);

  if (!provider) {
    return (
      <div>
        <button
          type="button"
          className="btn btn-outline w-full"
          disabled
          aria-describedby="google-not-set-up"
        >
          <GoogleMark /> {label}
        </button>
        <p id="google-not-set-up" className="mt-2 text-center text-sm text-base-content/80">
          {t("social.notSetUp")}
        </p>
      </div>
    );
  }

  function start() {
    if (!provider) return;
    const popup = window.open(
      socialStartHref(provider, { popup: true, returnTo }),
      POPUP_NAME,
      popupFeatures(),
    );
    if (!popup) {
      window.location.assign(socialStartHref(provider, { popup: false, returnTo }));
      return;
    }
    setBusy(true);
    let finished = false;
    const succeed = async () => {
      const session = await fetch("/api/auth/get-session", { credentials: "same-origin" })
        .then((r) => (r.ok ? r.json() : null))
        .catch(() => null);
      if (!session?.user) return false;
      // The root data brings the API token for the new session (useApiTokenSync keeps it).
      await revalidator.revalidate();
      setBusy(false);
      navigate(returnTo, { replace: true });
      notify({
        icon: "success",
        title: t("social.success.title"),
        text: t("social.success.text", { name: session.user.name ?? "" }),
      });
      return true;
    };
    const onMessage = async (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const data = event.data as PopupMessage | null;
      if (!data || data.type !== MESSAGE_TYPE || finished) return;
      finished = true;
      cleanup.current();
      if (data.ok && (await succeed())) return;
      setBusy(false);
      notify({
        icon: "warning",
        title: t("social.failed"),
        text: issueText(tr, data.error || "Google sign-in did not complete. Please try again."),
      });
    };
    // The popup posts its answer and closes itself; the browser may run this timer before it
    // delivers the message. So a closed popup gets a moment for its message, then the session
    // decides: a popup that signed the visitor in but whose message was lost still counts.
    let grace: number | undefined;
    const timer = window.setInterval(() => {
      if (!popup.closed || finished || grace !== undefined) return;
      grace = window.setTimeout(async () => {
        if (finished) return;
        finished = true;
        cleanup.current();
        if (!(await succeed())) setBusy(false);
      }, 1000);
    }, 500);
    window.addEventListener("message", onMessage);
    cleanup.current = () => {
      window.removeEventListener("message", onMessage);
      window.clearInterval(timer);
      window.clearTimeout(grace);
    };
  }

  return (
    <button type="button" className="btn btn-outline w-full" onClick={start} disabled={busy}>
      <GoogleMark /> {busy ? t("social.waiting") : label}
    </button>
  );
}

/**
 * What the login page shows when it is a step of the provider sign-in (`?oauth=...`): it starts
 * the flow, or it is where the provider sends the popup back to, which tells the opening window
 * and closes itself.
 */
export function SocialSignInStep({ step }: { step: "done" | "error" }) {
  const tr = useI18n();
  const { t } = tr;
  const [message, setMessage] = useState(t("social.finishing"));
  const navigate = useNavigate();

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const inPopup = params.get("popup") === "1" && window.opener && window.opener !== window;
    const tellOpener = (msg: PopupMessage) => {
      try {
        (window.opener as Window).postMessage(msg, window.location.origin);
      } catch {
        // opener gone
      }
      window.close();
    };

    if (step === "done") {
      if (inPopup) tellOpener({ type: MESSAGE_TYPE, ok: true });
      else navigate("/", { replace: true });
      return;
    }
    if (step === "error") {
      const error = describeError(params.get("error"));
      if (inPopup) tellOpener({ type: MESSAGE_TYPE, ok: false, error });
      else {
        setMessage(issueText(tr, error));
        notify({ icon: "warning", title: t("social.failed"), text: issueText(tr, error) });
      }
      return;
    }
  }, [step, navigate, t, tr]);

  return (
    <main className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4 py-10 text-center">
      {step === "error" ? null : <span className="spinner size-7" aria-hidden="true" />}
      <p role="status" className="text-lg">
        {message}
      </p>
      {step === "error" ? (
        <a className="link font-medium" href="/authentication/login">
          {t("social.back")}
        </a>
      ) : null}
    </main>
  );
}

function describeError(code: string | null): string {
  if (!code) return "Google sign-in did not complete. Please try again.";
  if (code === "access_denied") return "Google sign-in was cancelled.";
  if (code === "start_failed") return "Google sign-in could not start.";
  return `Google sign-in did not complete (${code.replace(/_/g, " ")}). Please try again.`;
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="h-5 w-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}
