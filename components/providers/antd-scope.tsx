"use client";

import { ConfigProvider } from "antd";
import enUS from "antd/locale/en_US";
import zhCN from "antd/locale/zh_CN";
import { useLocale } from "next-intl";
import { createContext, useContext, type ReactNode } from "react";
import { appTheme } from "./theme";

const InScope = createContext(false);

/**
 * antd's theme, locale and size for what renders inside: the app's root carries no antd, so a
 * screen whose first paint has none (every dealer screen) does not load ConfigProvider and its
 * style registry. Components loaded with antdDynamic() (antd-dynamic.tsx) and the screens that
 * render antd on the server (AntdRoot, antd-root.tsx) are wrapped in it; inside another scope it
 * adds nothing. The theme's fixed cssVar key makes every scope share one generated style.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const nested = useContext(InScope);
  if (nested) return children;
  return (
    <InScope.Provider value>
      <ConfigProvider locale={locale === "zh-CN" ? zhCN : enUS} theme={appTheme} componentSize="large">
        {children}
      </ConfigProvider>
    </InScope.Provider>
  );
}
