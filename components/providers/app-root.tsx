import "antd/dist/antd.css";
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/config";
import { AppProviders } from "./app-providers";

/** The antd side of the app (sign-in screens and the shell): messages, theme, locale. */
export async function AppRoot({ children }: { children: (locale: Locale) => ReactNode }) {
  const locale = (await getLocale()) as Locale;
  return (
    <NextIntlClientProvider>
      <AppProviders locale={locale}>{children(locale)}</AppProviders>
    </NextIntlClientProvider>
  );
}
