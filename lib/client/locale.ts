import { LOCALE_COOKIE, LOCALE_STORAGE_KEY, type Locale } from "@/lib/i18n/config";

/** Remembers the language where the detector looks: cookie (path /, SameSite Strict), then
 * local and session storage. */
export function rememberLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; SameSite=Strict`;
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    sessionStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage may be disabled (private mode); the cookie still carries the choice.
  }
}

export function readCookie(name: string): string | null {
  const m = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1]) : null;
}

export function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY) ?? sessionStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}
