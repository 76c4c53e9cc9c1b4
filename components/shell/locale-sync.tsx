"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { LOCALE_COOKIE, normalizeLocale, type Locale } from "@/lib/i18n/config";
import { readCookie, readStoredLocale, rememberLocale } from "@/lib/client/locale";

/**
 * The client half of language detection: with no ?lng= and no cookie, a language kept in
 * local or session storage wins over Accept-Language. The resolved language is cached in
 * local storage (spec section 9).
 */
export function LocaleSync({ locale }: { locale: Locale }) {
  const router = useRouter();
  useEffect(() => {
    const hasQuery = new URLSearchParams(window.location.search).has("lng");
    const stored = normalizeLocale(readStoredLocale());
    const cookie = readCookie(LOCALE_COOKIE);
    if (!hasQuery && !cookie && stored && stored !== locale) {
      rememberLocale(stored);
      router.refresh();
      return;
    }
    // Without ?lng= the server follows the cookie, so a cookie that disagrees means a switch is
    // on its way (this effect may run twice, e.g. in Strict Mode): leave it alone.
    if (!hasQuery && cookie && normalizeLocale(cookie) && normalizeLocale(cookie) !== locale) return;
    rememberLocale(locale);
    document.documentElement.lang = locale;
  }, [locale, router]);
  return null;
}
