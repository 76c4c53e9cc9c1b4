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
    if (!hasQuery && !readCookie(LOCALE_COOKIE) && stored && stored !== locale) {
      rememberLocale(stored);
      router.refresh();
      return;
    }
    rememberLocale(locale);
    document.documentElement.lang = locale;
  }, [locale, router]);
  return null;
}
