import "server-only";
import { headers } from "next/headers";
import { BASE_PATH } from "@/lib/client/base-path";
import { locales, type Locale } from "@/lib/i18n/config";
import { newsPath } from "./slug";

// Absolute URLs for canonical links, Open Graph, hreflang, the sitemap and robots.txt.
// The origin is the configured public address (APP_URL, else next-auth's NEXTAUTH_URL, which a
// deployment sets to its public URL anyway); only without either is the request's Host used,
// so a forged Host header cannot put another site into canonical links.

export async function publicOrigin(): Promise<string> {
  for (const configured of [process.env.APP_URL, process.env.NEXTAUTH_URL]) {
    if (!configured) continue;
    try {
      return new URL(configured).origin;
    } catch {
      // not a URL: try the next one
    }
  }
  const h = await headers();
  const host = h.get("x-forwarded-host")?.split(",")[0]?.trim() || h.get("host") || "localhost";
  const proto = h.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https" ? "https" : "http";
  return `${proto}://${host}`;
}

/** "/customerWeb/news" or "/customerWeb/news/12-launch" (paths under the base path). */
export const newsListPath = (page = 1) => `${BASE_PATH}/news${page > 1 ? `?page=${page}` : ""}`;
export const newsArticlePath = (id: number, slug: string) => `${BASE_PATH}/${newsPath(id, slug)}`;
export const mediaPath = (id: string, thumb = false) => `${BASE_PATH}/media/${id}${thumb ? "?thumb=1" : ""}`;

/** The URL of a page in a language: `?lng=` picks it (proxy.ts honours and remembers it). */
export function withLocale(url: string, locale: Locale | null): string {
  if (!locale) return url;
  return `${url}${url.includes("?") ? "&" : "?"}lng=${locale}`;
}

/** hreflang alternates of a page (absolute `url` without `lng`): one per language, and the
 * bare URL as x-default (the language is then negotiated). */
export function languageAlternates(url: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of locales) out[l] = withLocale(url, l);
  out["x-default"] = url;
  return out;
}

/** The canonical URL of a page shown in `locale`: its own language version. */
export function canonicalFor(url: string, locale: Locale): string {
  return withLocale(url, locale);
}

// Where an anonymous visitor of the shell's news screen goes. It lives in ./slug (pure) because
// proxy.ts needs it too, and this module is server-only.
export { publicNewsPathFor } from "./slug";
