"use client";

import { AntdRegistry } from "@ant-design/nextjs-registry";
import { ConfigProvider } from "antd";
import type { Locale as AntdLocale } from "antd/es/locale";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/config";
import { GlobalErrorHandler } from "@/components/shell/global-error-handler";
import { LocaleSync } from "@/components/shell/locale-sync";
import { RouteWatcher } from "@/components/shell/route-watcher";
import { appTheme } from "./theme";

/**
 * antd in zero-runtime mode: component styles come from the prebuilt antd.css (one cached file),
 * which the modules that render antd components bring along (antd-css.ts), and only the theme's
 * CSS variables are generated, so HTML responses stay small. Toasts and
 * dialogs load on first use (components/ui/feedback.ts) rather than through antd's App.
 */
export function AppProviders({ locale, antdLocale, children }: { locale: Locale; antdLocale?: AntdLocale; children: ReactNode }) {
  return (
    <AntdRegistry>
      <ConfigProvider locale={antdLocale} theme={appTheme} componentSize="large">
        <GlobalErrorHandler />
        <LocaleSync locale={locale} />
        <RouteWatcher />
        {children}
      </ConfigProvider>
    </AntdRegistry>
  );
}
