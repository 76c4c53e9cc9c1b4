"use client";

import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { MenuNode } from "@/lib/access/menus";
import type { Locale } from "@/lib/i18n/config";
import type { ShellViewer } from "@/lib/shell/shell-viewer";
import { AppHeader } from "./app-header";
import { NavProgress } from "./nav-progress";
import { SideNav } from "./side-nav";
import { TabBar } from "./tab-bar";
import styles from "./app-shell.module.css";

export type RouteTitles = Record<string, string>;

function titlesOf(menu: MenuNode[], locale: Locale, out: RouteTitles = {}): RouteTitles {
  for (const m of menu) {
    if (m.path) out["/" + m.path] = locale === "zh-CN" ? m.nameZh : m.nameEn;
    titlesOf(m.children, locale, out);
  }
  return out;
}

export function AppShell({ locale, viewer, menu, children }: { locale: Locale; viewer: ShellViewer; menu: MenuNode[]; children: ReactNode }) {
  const t = useTranslations("App");
  const [collapsed, setCollapsed] = useState(false);
  const boot = useRef<HTMLDivElement>(null);
  const titles = useMemo(() => titlesOf(menu, locale), [menu, locale]);
  // Hydrated: fade out the start-up indicator (a DOM change, no re-render).
  useEffect(() => {
    boot.current?.setAttribute("data-done", "true");
    boot.current?.setAttribute("aria-hidden", "true");
  }, []);
  // Narrow screens start with the menu folded (antd Layout's "lg" breakpoint, without its code).
  useEffect(() => {
    const mq = window.matchMedia("(max-width: 991px)");
    const apply = () => setCollapsed(mq.matches);
    apply();
    mq.addEventListener("change", apply);
    return () => mq.removeEventListener("change", apply);
  }, []);

  return (
    <>
      <div ref={boot} className="app-boot" data-testid="app-boot">
        <div className="app-boot-spinner" />
        <span>{t("starting")}</span>
      </div>
      <NavProgress />
      <div className={styles.root}>
        <AppHeader locale={locale} viewer={viewer} collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
        <div className={styles.body}>
          <aside className={styles.sider} data-collapsed={collapsed}>
            <SideNav menu={menu} locale={locale} collapsed={collapsed} onExpand={() => setCollapsed(false)} />
          </aside>
          <main className={styles.content}>
            <TabBar titles={titles} />
            <div className={styles.page}>{children}</div>
          </main>
        </div>
      </div>
    </>
  );
}
