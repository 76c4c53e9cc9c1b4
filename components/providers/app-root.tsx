import "antd/dist/antd.css";
import "./antd-contrast.css";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import enUS from "antd/locale/en_US";
import zhCN from "antd/locale/zh_CN";
import type { Locale } from "@/lib/i18n/config";
import { GLOBAL_NAMESPACES, pickNamespaces } from "@/lib/i18n/scopes";
import { AppProviders } from "./app-providers";

/** The antd side of the app (sign-in screens and the shell): messages, theme, locale. */
export async function AppRoot({ children, namespaces = [] }: { children: (locale: Locale) => ReactNode; namespaces?: readonly string[] }) {
  const locale = (await getLocale()) as Locale;
  // Only the shell's namespaces (and the caller's) travel to the browser; each screen's
  // layout adds its own (components/providers/intl-scope.tsx).
  const messages = pickNamespaces(await getMessages(), [...GLOBAL_NAMESPACES, ...namespaces]);
  return (
    <NextIntlClientProvider messages={messages}>
      {/* antd's texts travel as data from the server, so no locale code is bundled for the
          browser. Always pass one: ConfigProvider adds a wrapper only when it has a locale, and
          a changing tree would remount the whole shell on a language switch. */}
      <AppProviders locale={locale} antdLocale={locale === "zh-CN" ? zhCN : enUS}>
        {children(locale)}
      </AppProviders>
    </NextIntlClientProvider>
  );
}
