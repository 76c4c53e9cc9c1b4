"use client";

import { AntdRegistry } from "@ant-design/nextjs-registry";
import { App, ConfigProvider } from "antd";
import enUS from "antd/locale/en_US";
import zhCN from "antd/locale/zh_CN";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/config";
import { GlobalErrorHandler } from "@/components/shell/global-error-handler";
import { LocaleSync } from "@/components/shell/locale-sync";
import { RouteWatcher } from "@/components/shell/route-watcher";
import { appTheme } from "./theme";

/**
 * antd in zero-runtime mode: component styles come from the prebuilt antd.css (one cached file),
 * and only the theme's CSS variables are generated, so HTML responses stay small.
 */
export function AppProviders({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <AntdRegistry>
      <ConfigProvider locale={locale === "zh-CN" ? zhCN : enUS} theme={appTheme} componentSize="large">
        <App message={{ duration: 3, top: 8, maxCount: 3 }} className="app-root">
          <GlobalErrorHandler />
          <LocaleSync locale={locale} />
          <RouteWatcher />
          {children}
        </App>
      </ConfigProvider>
    </AntdRegistry>
  );
}
