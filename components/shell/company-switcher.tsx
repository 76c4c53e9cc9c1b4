"use client";

import { ShopOutlined } from "@ant-design/icons";
import { App, Select } from "antd";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import type { Locale } from "@/lib/i18n/config";
import { updateSession } from "@/lib/client/auth-client";
import type { ViewerCompany } from "@/lib/auth/viewer";

/** A dealer group's user changes company without signing out: the session is re-issued. */
export function CompanySwitcher({ locale, current, companies }: { locale: Locale; current: ViewerCompany; companies: ViewerCompany[] }) {
  const t = useTranslations("Header");
  const tc = useTranslations("Common");
  const { message } = App.useApp();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const name = (c: ViewerCompany) => (locale === "zh-CN" ? c.nameZh : c.nameEn);

  const onChange = (code: string) =>
    startTransition(async () => {
      const target = companies.find((c) => c.code === code);
      if (!target || !(await updateSession({ companyCode: code }))) {
        message.error(tc("networkError"));
        return;
      }
      message.success(t("companySwitched", { company: name(target) }));
      router.refresh();
    });

  return (
    <Select
      aria-label={t("switchCompany")}
      value={current.code}
      onChange={onChange}
      loading={pending}
      disabled={companies.length < 2}
      suffixIcon={<ShopOutlined />}
      style={{ minWidth: 220 }}
      size="middle"
      data-testid="company-switcher"
      options={companies.map((c) => ({ value: c.code, label: name(c) }))}
    />
  );
}
