"use client";

import { GlobalOutlined } from "@ant-design/icons";
import { Select } from "antd";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { locales, LOCALE_QUERY, type Locale } from "@/lib/i18n/config";
import { rememberLocale } from "@/lib/client/locale";

/** Switches the language and remembers it (cookie + storage); drops ?lng= so it cannot override. */
export function LanguageSwitcher({ locale }: { locale: Locale }) {
  const t = useTranslations("Language");
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const [pending, startTransition] = useTransition();

  const onChange = (next: Locale) => {
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
    <Select<Locale>
      aria-label={t("label")}
      value={locale}
      onChange={onChange}
      loading={pending}
      suffixIcon={<GlobalOutlined />}
      style={{ width: 140 }}
      size="middle"
      data-testid="language-switcher"
      options={locales.map((l) => ({ value: l, label: t(l) }))}
    />
  );
}
