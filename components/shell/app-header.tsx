"use client";

import { CloseOutlined, IdcardOutlined, LogoutOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, UserOutlined } from "@ant-design/icons";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Locale } from "@/lib/i18n/config";
import { signOut } from "@/lib/client/auth-client";
import { withBase } from "@/lib/client/base-path";
import type { ShellViewer } from "@/lib/shell/shell-viewer";
import { PopoverMenu } from "@/components/ui/popover-menu";
import { CompanySwitcher } from "./company-switcher";
import { LanguageSwitcher } from "./language-switcher";
import { NotificationBell } from "./notification-bell";
import { resetTabs } from "./tab-store";
import styles from "./app-shell.module.css";

type HeaderProps = {
  locale: Locale;
  viewer: ShellViewer;
  /** The side menu's element id (aria-controls). */
  menuId: string;
  folded: boolean;
  drawer: boolean;
  onFold: () => void;
  onDrawer: () => void;
};

/** Two menu buttons, one per layout (only one is displayed), so each states its own truth:
 * the wide screen's folds the menu, the narrow screen's opens it as a drawer. */
export function AppHeader({ locale, viewer, menuId, folded, drawer, onFold, onDrawer }: HeaderProps) {
  const t = useTranslations("Header");
  const tApp = useTranslations("App");
  const [leaving, setLeaving] = useState(false);
  const router = useRouter();

  const onSignOut = async () => {
    setLeaving(true);
    try {
      await signOut();
    } finally {
      resetTabs();
      window.location.assign(withBase("/system/login"));
    }
  };

  return (
    <header className={styles.header}>
      <button type="button" className={`${styles.iconButton} ${styles.wideOnly}`} aria-label={t("toggleMenu")} aria-expanded={!folded} aria-controls={menuId} onClick={onFold}>
        {folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      </button>
      <button
        type="button"
        id="menu-toggle-narrow"
        className={`${styles.iconButton} ${styles.narrowOnly}`}
        aria-label={t("toggleMenu")}
        aria-expanded={drawer}
        aria-controls={menuId}
        onClick={onDrawer}
        data-testid="menu-drawer-toggle"
      >
        {drawer ? <CloseOutlined /> : <MenuOutlined />}
      </button>
      <Link href="/system/workbench/home" className={styles.brand}>
        {/* eslint-disable-next-line @next/next/no-img-element -- a tiny static SVG */}
        <img src="/customerWeb/brand/logo.svg" alt="" width={44} height={44} />
        <span className={styles.title}>{tApp("title")}</span>
      </Link>
      <div className={styles.spacer} />
      {viewer.userType === "DEALER" && viewer.company && <CompanySwitcher locale={locale} current={viewer.company} companies={viewer.companies} />}
      <NotificationBell />
      <div className={styles.phoneHidden}>
        <LanguageSwitcher locale={locale} />
      </div>
      <PopoverMenu
        label={t("account")}
        items={[
          { key: "who", disabled: true, label: `${viewer.account} · ${t("userType", { type: viewer.userType })}`, onClick: () => undefined },
          { key: "d1", divider: true },
          { key: "account", icon: <IdcardOutlined />, label: t("myAccount"), onClick: () => router.push("/system/account"), testId: "my-account-link" },
          { key: "signOut", icon: <LogoutOutlined />, label: t("signOut"), onClick: onSignOut, disabled: leaving, testId: "sign-out" },
        ]}
      >
        <button type="button" className={styles.user} data-testid="user-menu" aria-label={t("accountOf", { name: viewer.name })} aria-haspopup="menu">
          <span className={styles.avatar} aria-hidden>
            <UserOutlined />
          </span>
          {/* The visible name begins the button's name ("{name}, account"); on a phone only the
              avatar shows. */}
          <span className={styles.userName}>{viewer.name}</span>
        </button>
      </PopoverMenu>
    </header>
  );
}
