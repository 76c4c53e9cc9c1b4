"use client";

import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from "@ant-design/icons";
import { Avatar, Button, Dropdown, Layout } from "antd";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Locale } from "@/lib/i18n/config";
import { signOut } from "@/lib/client/auth-client";
import { withBase } from "@/lib/client/base-path";
import type { ShellViewer } from "@/lib/shell/shell-viewer";
import { CompanySwitcher } from "./company-switcher";
import { LanguageSwitcher } from "./language-switcher";
import { clearTabs } from "./tab-store";
import styles from "./app-shell.module.css";

export function AppHeader({ locale, viewer, collapsed, onToggle }: { locale: Locale; viewer: ShellViewer; collapsed: boolean; onToggle: () => void }) {
  const t = useTranslations("Header");
  const tApp = useTranslations("App");
  const [leaving, setLeaving] = useState(false);

  const onSignOut = async () => {
    setLeaving(true);
    try {
      await signOut();
    } finally {
      clearTabs();
      window.location.assign(withBase("/system/login"));
    }
  };

  return (
    <Layout.Header className={styles.header}>
      <Button type="text" aria-label={t("toggleMenu")} icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={onToggle} />
      <Link href="/system/workbench/home" className={styles.brand}>
        {/* eslint-disable-next-line @next/next/no-img-element -- a tiny static SVG */}
        <img src="/customerWeb/brand/logo.svg" alt="" width={44} height={44} />
        <span className={styles.title}>{tApp("title")}</span>
      </Link>
      <div className={styles.spacer} />
      {viewer.userType === "DEALER" && viewer.company && <CompanySwitcher locale={locale} current={viewer.company} companies={viewer.companies} />}
      <LanguageSwitcher locale={locale} />
      <Dropdown
        trigger={["click"]}
        menu={{
          items: [
            { key: "who", disabled: true, label: `${viewer.account} · ${t("userType", { type: viewer.userType })}` },
            { type: "divider" },
            { key: "signOut", icon: <LogoutOutlined />, label: t("signOut"), onClick: onSignOut, disabled: leaving },
          ],
        }}
      >
        <button type="button" className={styles.user} style={{ background: "none", border: 0, padding: 4 }} data-testid="user-menu" aria-label={t("account")}>
          <Avatar style={{ background: "#237804" }} icon={<UserOutlined />} />
          <span className={styles.userName}>{viewer.name}</span>
        </button>
      </Dropdown>
    </Layout.Header>
  );
}
