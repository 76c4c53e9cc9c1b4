"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/config";
import { LanguageSwitcher } from "@/components/shell/language-switcher";
import styles from "./auth-frame.module.css";

/** The frame of the sign-in screens: brand panel, form card, language switcher. Plain markup and
 * CSS here keep the anonymous pages light (≤ 250 KiB first-load JS, scripts/bench-bundle.ts). */
export function AuthFrame({ locale, children }: { locale: Locale; children: ReactNode }) {
  const t = useTranslations("App");
  return (
    <div className={styles.page}>
      <aside className={styles.brand}>
        <div className={styles.brandInner}>
          {/* eslint-disable-next-line @next/next/no-img-element -- a tiny static SVG, no optimisation needed */}
          <img src="/customerWeb/brand/logo.svg" alt="" width={56} height={56} />
          <h1 className={styles.brandTitle}>{t("title")}</h1>
          <p className={styles.brandText}>{t("description")}</p>
        </div>
      </aside>
      <main className={styles.main}>
        <div className={styles.topbar}>
          <LanguageSwitcher locale={locale} />
        </div>
        <div className={styles.card}>{children}</div>
      </main>
    </div>
  );
}
