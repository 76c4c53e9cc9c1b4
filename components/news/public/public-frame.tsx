import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { BASE_PATH } from "@/lib/client/base-path";
import { LOCALE_QUERY, locales, type Locale } from "@/lib/i18n/config";
import styles from "./public.module.css";

// The light frame of the public news pages: brand, a language switch made of plain links
// (`?lng=` is honoured and remembered by proxy.ts), a sign-in link. Server-rendered HTML with
// plain anchors: no client component, no antd, no session.

/** The current page (under the base path) in another language. */
function inLanguage(here: string, locale: Locale): string {
  const url = new URL(here, "http://x");
  url.searchParams.delete(LOCALE_QUERY);
  url.searchParams.set(LOCALE_QUERY, locale);
  return `${BASE_PATH}${url.pathname}${url.search}`;
}

export async function PublicFrame({ children }: { children: ReactNode }) {
  const [t, tl, locale, h] = await Promise.all([getTranslations("NewsPublic"), getTranslations("Language"), getLocale() as Promise<Locale>, headers()]);
  const here = h.get("x-pathname") ?? "/news";
  const onList = here === "/news" || here.startsWith("/news?");
  return (
    <div className={styles.frame}>
      <a className={styles.skip} href="#content">{t("skipToContent")}</a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <a className={styles.brand} href={`${BASE_PATH}/news`} aria-label={t("home")}>
            {/* eslint-disable-next-line @next/next/no-img-element -- a tiny static SVG, no optimisation needed */}
            <img src={`${BASE_PATH}/brand/logo.svg`} alt="" width={36} height={36} />
            <span>{t("brand")}</span>
          </a>
          <nav className={styles.nav} aria-label={t("brand")}>
            <a className={styles.navLink} href={`${BASE_PATH}/news`} aria-current={onList ? "page" : undefined}>{t("navNews")}</a>
            <span className={styles.langs} role="group" aria-label={tl("label")} data-testid="public-language">
              {locales.map((l) => (
                <a key={l} className={styles.lang} href={inLanguage(here, l)} hrefLang={l} lang={l} aria-current={l === locale ? "true" : undefined} data-testid={`public-lang-${l}`}>
                  {tl(l)}
                </a>
              ))}
            </span>
            <a className={styles.signIn} href={`${BASE_PATH}/system/login`} data-testid="public-sign-in">{t("signIn")}</a>
          </nav>
        </div>
      </header>
      <main id="content" className={styles.main}>{children}</main>
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <span>{t("footer", { year: new Date().getFullYear() })}</span>
          <a href={`${BASE_PATH}/system/login`}>{t("dealerLink")}</a>
        </div>
      </footer>
    </div>
  );
}
