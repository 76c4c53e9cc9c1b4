"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { locales, LOCALE_QUERY, type Locale } from "@/lib/i18n/config";
import { rememberLocale } from "@/lib/client/locale";
import styles from "./language-switcher.module.css";

/** Switches the language and remembers it (cookie + storage); drops ?lng= so it cannot override.
 * Two plain buttons: the switcher is on every page, so it carries no component library code. */
export function LanguageSwitcher({ locale, testId = "language-switcher" }: { locale: Locale; testId?: string }) {
  const t = useTranslations("Language");
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const [pending, startTransition] = useTransition();

  const choose = (next: Locale) => {
    if (next === locale) return;
    rememberLocale(next);
    const params = new URLSearchParams(search.toString());
    params.delete(LOCALE_QUERY);
    const q = params.toString();
    startTransition(() => {
      router.replace(q ? `${pathname}?${q}` : pathname, { scroll: false });
      router.refresh();
    });
  };

  return (
    <div role="group" aria-label={t("label")} className={styles.switcher} data-testid={testId} aria-busy={pending}>
      {locales.map((l) => (
        <button key={l} type="button" lang={l} className={styles.option} aria-pressed={l === locale} onClick={() => choose(l)} disabled={pending}>
          {t(l)}
        </button>
      ))}
    </div>
  );
}
