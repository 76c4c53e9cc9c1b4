"use client";

import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/config";
import { GlobalErrorHandler } from "@/components/shell/global-error-handler";
import { LocaleSync } from "@/components/shell/locale-sync";
import { RouteWatcher } from "@/components/shell/route-watcher";

/**
 * What every signed-in and sign-in screen runs in the browser. No antd here: antd in zero-runtime
 * mode takes its component styles from the prebuilt antd.css, which the modules that render antd
 * components bring along (antd-css.ts), and its theme, locale and size from AntdScope
 * (antd-scope.tsx), which wraps only what renders antd (antdDynamic, AntdRoot). Toasts and dialogs
 * load on first use (components/ui/feedback.ts).
 */
export function AppProviders({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <>
      <GlobalErrorHandler />
      <LocaleSync locale={locale} />
      <RouteWatcher />
      {children}
    </>
  );
}
