// Toasts and error dialogs, loaded on first use: antd's message, Modal and notification code
// (about 20 KiB gzip) stays out of every page's first load.
import type { ReactNode } from "react";
import { LOGIN_ROUTE } from "@/lib/routes";
import { withBase, withoutBase } from "../../lib/client/base-path";

type Impl = typeof import("@/components/shell/feedback-impl");
let impl: Promise<Impl> | null = null;
const load = () => (impl ??= import("@/components/shell/feedback-impl"));

export function toast(kind: "success" | "error" | "info" | "warning", content: ReactNode): void {
  void load().then((m) => m.toast(kind, content));
}

export function errorDialog(opts: { title: string; content: ReactNode; okText?: string; onOk?: () => void; afterClose?: () => void }): void {
  void load().then((m) => m.errorDialog(opts));
}

export function confirmDialog(opts: { title: ReactNode; content?: ReactNode; okText?: string; cancelText?: string; danger?: boolean }): Promise<boolean> {
  return load().then((m) => m.confirmDialog(opts));
}

/** Where an ended session sends the person: sign-in, coming back to this page afterwards (the
 * callbackUrl form of the shell layout and proxy.ts). */
export function signInAgainHref(): string {
  const here = withoutBase(window.location.pathname) + window.location.search;
  return withBase(`/${LOGIN_ROUTE}?callbackUrl=${encodeURIComponent(here)}`);
}

/** Shows a server action's refusal ({ code, message }, lib/actions/action.ts): an ended session
 * (UNAUTHENTICATED) goes to sign-in and back, anything else is an error toast. */
export function actionFailed(res: { code?: string; message: string }): void {
  if (res.code === "UNAUTHENTICATED") {
    toast("info", res.message);
    window.location.assign(signInAgainHref());
    return;
  }
  toast("error", res.message);
}
