import { useEffect, useRef, useSyncExternalStore } from "react";
import { useI18n } from "~/app/i18n/use-i18n";

/**
 * The shop's notices and confirmations (the spec's alert dialogs): one at a time, rendered by
 * <DialogHost /> in the root layout, called from anywhere with `notify`, `toast` or `confirm`.
 */
export type DialogIcon = "success" | "error" | "warning" | "info";

type NoticeState = {
  kind: "notice";
  icon: DialogIcon;
  title: string;
  text?: string;
  timerMs: number;
};
type ToastState = { kind: "toast"; icon: DialogIcon; text: string; timerMs: number };
type ConfirmState = {
  kind: "confirm";
  icon: DialogIcon;
  title: string;
  text?: string;
  confirmText: string;
  cancelText: string;
  /** The confirming button deletes or ends something: it looks destructive (btn-error). */
  destructive: boolean;
  resolve: (ok: boolean) => void;
};
type DialogState = (NoticeState | ToastState | ConfirmState) & { key: number };

/** Spec §9: notices close by themselves after 3 seconds. */
export const NOTICE_TIMER_MS = 3000;

let current: DialogState | null = null;
let nextKey = 1;
const listeners = new Set<() => void>();

function show(state: DialogState | null) {
  if (current?.kind === "confirm" && state?.key !== current.key) current.resolve(false);
  current = state;
  for (const l of listeners) l();
}

/** A notice with a title and text that closes itself (spec: 3 s). */
export function notify(options: {
  icon: DialogIcon;
  title: string;
  text?: string;
  timerMs?: number;
}): void {
  show({ kind: "notice", timerMs: NOTICE_TIMER_MS, ...options, key: nextKey++ });
}

/** A small toast in the corner, e.g. the 1.5 s role-change message. */
export function toast(text: string, options: { icon?: DialogIcon; timerMs?: number } = {}): void {
  show({
    kind: "toast",
    text,
    icon: options.icon ?? "success",
    timerMs: options.timerMs ?? NOTICE_TIMER_MS,
    key: nextKey++,
  });
}

/**
 * "Are you sure?" with a confirm and a cancel button; resolves true only on confirm. Cancel
 * always looks neutral; `destructive` (delete, logout) makes the confirming button red.
 */
export function confirm(options: {
  title?: string;
  text?: string;
  confirmText: string;
  cancelText?: string;
  icon?: DialogIcon;
  destructive?: boolean;
}): Promise<boolean> {
  return new Promise((resolve) => {
    show({
      kind: "confirm",
      title: options.title ?? "Are you sure?",
      text: options.text,
      confirmText: options.confirmText,
      cancelText: options.cancelText ?? "Cancel",
      icon: options.icon ?? "warning",
      destructive: options.destructive ?? false,
      resolve,
      key: nextKey++,
    });
  });
}

/** The spec's confirmation before a deletion (§8): "Are you sure?" / "You won't be able to revert this!". */
export function confirmDelete(text = "You won't be able to revert this!"): Promise<boolean> {
  return confirm({
    title: "Are you sure?",
    text,
    confirmText: "Yes, delete it!",
    cancelText: "Cancel",
    destructive: true,
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const ICON_STYLE: Record<DialogIcon, { symbol: string; className: string; label: string }> = {
  success: { symbol: "✓", className: "text-success border-success", label: "Success" },
  error: { symbol: "✕", className: "text-error border-error", label: "Error" },
  warning: { symbol: "!", className: "text-warning border-warning", label: "Warning" },
  info: { symbol: "i", className: "text-info border-info", label: "Information" },
};

function DialogIconBadge({ icon }: { icon: DialogIcon }) {
  const style = ICON_STYLE[icon];
  const { t } = useI18n();
  const key = `dialog.icon.${icon}` as const;
  const label = t(key) === key ? style.label : t(key);
  return (
    <span
      role="img"
      aria-label={label}
      className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full border-4 text-2xl font-bold ${style.className}`}
    >
      {style.symbol}
    </span>
  );
}

export function DialogHost() {
  const { t } = useI18n();
  const state = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  const confirmButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!state || state.kind === "confirm") return;
    const key = state.key;
    const timer = setTimeout(() => {
      if (current?.key === key) show(null);
    }, state.timerMs);
    return () => clearTimeout(timer);
  }, [state]);

  useEffect(() => {
    if (state?.kind === "confirm") confirmButton.current?.focus();
    else if (state?.kind === "notice") closeButton.current?.focus();
    if (!state || state.kind === "toast") return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      if (state.kind === "confirm") {
        state.resolve(false);
        current = null;
        for (const l of listeners) l();
      } else show(null);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [state]);

  if (!state) return null;

  if (state.kind === "toast") {
    return (
      <div className="toast toast-top toast-end z-[100]" role="status" aria-live="polite">
        <div className={`alert ${state.icon === "error" ? "alert-error" : "alert-success"}`}>
          <span>{state.text}</span>
        </div>
      </div>
    );
  }

  const answer = (ok: boolean) => {
    if (state.kind !== "confirm") return;
    current = null;
    state.resolve(ok);
    for (const l of listeners) l();
  };

  return (
    <div className="fixed inset-0 z-[100] flex items-center justify-center bg-black/40 p-4">
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: both roles support aria-modal; the rule cannot read a conditional role */}
      <div
        role={state.kind === "confirm" ? "alertdialog" : "dialog"}
        aria-modal="true"
        aria-labelledby={`dialog-title-${state.key}`}
        aria-describedby={state.text ? `dialog-text-${state.key}` : undefined}
        className="w-full max-w-sm rounded-box bg-base-100 p-6 text-center shadow-xl"
      >
        <DialogIconBadge icon={state.icon} />
        <h2 id={`dialog-title-${state.key}`} className="mt-4 text-xl font-semibold">
          {state.title}
        </h2>
        {state.text ? (
          <p id={`dialog-text-${state.key}`} className="mt-2 text-base-content/80">
            {state.text}
          </p>
        ) : null}
        <div className="mt-6 flex justify-center gap-3">
          {state.kind === "confirm" ? (
            <>
              <button
                ref={confirmButton}
                type="button"
                className={`btn ${state.destructive ? "btn-error" : "btn-primary"}`}
                onClick={() => answer(true)}
              >
                {state.confirmText}
              </button>
              <button type="button" className="btn" onClick={() => answer(false)}>
                {state.cancelText}
              </button>
            </>
          ) : (
            <button
              ref={closeButton}
              type="button"
              className="btn btn-primary"
              onClick={() => show(null)}
            >
              {t("dialog.ok")}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
