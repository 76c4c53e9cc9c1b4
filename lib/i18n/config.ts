// Language detection constants from the specification (section 9).
export const locales = ["en-US", "zh-CN"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en-US";
/** Where a message missing in the chosen language comes from (the specification: fallback zh-CN). */
export const fallbackLocale: Locale = "zh-CN";
export const LOCALE_COOKIE = "i18next";
export const LOCALE_QUERY = "lng";
export const LOCALE_STORAGE_KEY = "i18nextLng";
export const LOCALE_HEADER = "x-locale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** Maps loose tags ("zh", "zh-Hans-CN", "en_GB", "EN") onto a supported locale, or null. */
export function normalizeLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const t = tag.trim().replace("_", "-").toLowerCase();
  if (!t) return null;
  if (t === "zh" || t.startsWith("zh-")) return "zh-CN";
  if (t === "en" || t.startsWith("en-") || t === "dev") return "en-US";
  return null;
}

/** Accept-Language in order of q weight; the first supported language wins. */
export function fromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = normalizeLocale(tag);
    if (locale) return locale;
  }
  return null;
}

/**
 * Server-side detection order: ?lng=, cookie i18next, Accept-Language, default.
 * (Local and session storage are read on the client by LocaleSync, which then sets the cookie.)
 */
export function resolveLocale(input: { query?: string | null; cookie?: string | null; acceptLanguage?: string | null }): Locale {
  return normalizeLocale(input.query) ?? normalizeLocale(input.cookie) ?? fromAcceptLanguage(input.acceptLanguage) ?? defaultLocale;
}
