"use client";

import { DownOutlined, LoadingOutlined, ShopOutlined } from "@ant-design/icons";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import type { Locale } from "@/lib/i18n/config";
import { updateSession } from "@/lib/client/auth-client";
import { toast } from "@/components/ui/feedback";
import type { ViewerCompany } from "@/lib/auth/viewer";
import { PopoverMenu } from "@/components/ui/popover-menu";
import styles from "./app-shell.module.css";

/** A dealer group's user changes company without signing out: the session is re-issued. */
export function CompanySwitcher({ locale, current, companies }: { locale: Locale; current: ViewerCompany; companies: ViewerCompany[] }) {
  const t = useTranslations("Header");
  const tc = useTranslations("Common");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const name = (c: ViewerCompany) => (locale === "zh-CN" ? c.nameZh : c.nameEn);

  const onPick = (code: string) =>
    startTransition(async () => {
      const target = companies.find((c) => c.code === code);
      if (!target || code === current.code) return;
      if (!(await updateSession({ companyCode: code }))) return toast("error", tc("networkError"));
      toast("success", t("companySwitched", { company: name(target) }));
      router.refresh();
    });

  const label = (
    <span data-testid="company-current">
      <ShopOutlined /> {name(current)}
    </span>
  );
  if (companies.length < 2)
    return (
      <span className={styles.pill} aria-label={t("company")}>
        {label}
      </span>
    );
  return (
    <PopoverMenu
      label={t("switchCompany")}
      items={companies.map((c) => ({
        key: c.code,
        label: `${name(c)} (${c.code})`,
        selected: c.code === current.code,
        testId: `company-option-${c.code}`,
        onClick: () => onPick(c.code),
      }))}
    >
      <button
        type="button"
        className={styles.pill}
        aria-label={t("switchCompanyFrom", { company: name(current) })}
        aria-haspopup="menu"
        aria-busy={pending}
        data-testid="company-switcher"
      >
        {label} {pending ? <LoadingOutlined /> : <DownOutlined />}
      </button>
    </PopoverMenu>
  );
}
