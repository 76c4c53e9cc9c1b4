import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/config";
import { GLOBAL_NAMESPACES, pickNamespaces } from "@/lib/i18n/scopes";
import { AppProviders } from "./app-providers";

/** The root of the sign-in screens and the shell: messages and the client-side watchers (no antd). */
export async function AppRoot({ children, namespaces = [] }: { children: (locale: Locale) => ReactNode; namespaces?: readonly string[] }) {
  const locale = (await getLocale()) as Locale;
  // Only the shell's namespaces (and the caller's) travel to the browser; each screen's
  // layout adds its own (components/providers/intl-scope.tsx).
  const messages = pickNamespaces(await getMessages(), [...GLOBAL_NAMESPACES, ...namespaces]);
  return (
    <NextIntlClientProvider messages={messages}>
      <AppProviders locale={locale}>{children(locale)}</AppProviders>
    </NextIntlClientProvider>
  );
}
