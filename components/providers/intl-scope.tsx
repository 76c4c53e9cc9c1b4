import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { adminNamespaces, GLOBAL_NAMESPACES, pickNamespaces, ROUTE_NAMESPACES } from "@/lib/i18n/scopes";

/**
 * The messages a screen's client components need: the shell's namespaces plus the route's
 * (lib/i18n/scopes.ts), or every namespace but the dealer areas' (`admin`, the administration
 * screens). Put it in the
 * route's layout.tsx; providers do not merge, so it repeats the shell's namespaces.
 */
export async function IntlScope({ route, admin, children }: { route?: string; admin?: boolean; children: ReactNode }) {
  const messages = await getMessages();
  if (admin) return <NextIntlClientProvider messages={adminNamespaces(messages)}>{children}</NextIntlClientProvider>;
  const namespaces = [...GLOBAL_NAMESPACES, ...(route ? (ROUTE_NAMESPACES[route] ?? []) : [])];
  return <NextIntlClientProvider messages={pickNamespaces(messages, namespaces)}>{children}</NextIntlClientProvider>;
}
