"use client";

import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { MenuNode } from "@/lib/access/menus";
import type { Locale } from "@/lib/i18n/config";
import { BASE_PATH } from "@/lib/client/base-path";
import { menuCookie, NARROW_QUERY } from "@/lib/shell/menu-layout";
import type { ShellViewer } from "@/lib/shell/shell-viewer";
import { AppHeader } from "./app-header";
import { LanguageSwitcher } from "./language-switcher";
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

const MENU_ID = "app-menu";

/**
 * The signed-in frame: header, side menu, tab bar. Its layout comes from the server and CSS
 * (lib/shell/menu-layout.ts): `folded` is the wide screen's choice from a cookie, the rail and
 * the drawer of narrower screens are media queries, so hydration changes nothing on screen.
 * The only client state is the person's own: folding the menu, opening the drawer.
 */
export function AppShell({
  locale,
  viewer,
  menu,
  folded: foldedAtFirst,
  children,
}: {
  locale: Locale;
  viewer: ShellViewer;
  menu: MenuNode[];
  folded: boolean;
  children: ReactNode;
}) {
  const t = useTranslations("App");
  const tHeader = useTranslations("Header");
  const [folded, setFolded] = useState(foldedAtFirst);
  // The drawer is open on the page it was opened on: following a link closes it.
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  const boot = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const pathname = usePathname();
  const drawer = drawerAt === pathname;
  // My account is no menu row: its tab is named here.
  const titles = useMemo(() => ({ ...titlesOf(menu, locale), "/system/account": tHeader("myAccount") }), [menu, locale, tHeader]);

  // Hydrated: the start-up bar goes (a DOM change, no re-render).
  useEffect(() => {
    boot.current?.setAttribute("data-done", "true");
  }, []);

  const fold = useCallback((next: boolean) => {
    setFolded(next);
    document.cookie = menuCookie(next, BASE_PATH);
  }, []);

  const openDrawer = useCallback(() => {
    setDrawerAt(pathname);
    // Into the menu, so the keyboard and screen readers land where the person asked to go.
    requestAnimationFrame(() => panel.current?.querySelector<HTMLElement>("a, summary")?.focus());
  }, [pathname]);

  const closeDrawer = useCallback((focusToggle: boolean) => {
    setDrawerAt(null);
    if (focusToggle) document.getElementById("menu-toggle-narrow")?.focus();
  }, []);

  // Escape closes the drawer, and so does the screen growing past the drawer's width.
  useEffect(() => {
    if (!drawer) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && closeDrawer(true);
    const mq = window.matchMedia(NARROW_QUERY);
    const onMedia = () => !mq.matches && setDrawerAt(null);
    document.addEventListener("keydown", onKey);
    mq.addEventListener("change", onMedia);
    return () => {
      document.removeEventListener("keydown", onKey);
      mq.removeEventListener("change", onMedia);
    };
  }, [drawer, closeDrawer]);

  // A folded group clicked in the icon rail: open the menu where the rail is (wide: unfold; narrow: the drawer).
  const expand = useCallback(() => (window.matchMedia(NARROW_QUERY).matches ? openDrawer() : fold(false)), [fold, openDrawer]);

  return (
    <>
      <div ref={boot} className="app-boot" data-testid="app-boot" aria-hidden="true">
        <span className="dp-visually-hidden">{t("starting")}</span>
      </div>
      <NavProgress />
      <div className={styles.root} data-folded={folded} data-drawer={drawer}>
        <AppHeader
          locale={locale}
          viewer={viewer}
          menuId={MENU_ID}
          folded={folded}
          drawer={drawer}
          onFold={() => fold(!folded)}
          onDrawer={() => (drawer ? closeDrawer(false) : openDrawer())}
        />
        <div className={styles.body}>
          <aside className={styles.sider}>
            <div ref={panel} id={MENU_ID} className={styles.panel}>
              <SideNav menu={menu} locale={locale} onExpand={expand} />
              <div className={styles.menuExtras}>
                <LanguageSwitcher locale={locale} testId="menu-language-switcher" />
              </div>
            </div>
          </aside>
          <div className={styles.backdrop} onClick={() => closeDrawer(false)} aria-hidden="true" />
          <main className={styles.content}>
            <TabBar titles={titles} />
            <div className={styles.page}>{children}</div>
          </main>
        </div>
      </div>
    </>
  );
}
