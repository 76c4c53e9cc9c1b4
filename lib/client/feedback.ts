// Toasts and error dialogs, loaded on first use: antd's message, Modal and notification code
// (about 20 KiB gzip) stays out of every page's first load.
import type { ReactNode } from "react";

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
