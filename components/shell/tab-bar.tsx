"use client";

import { CloseOutlined } from "@ant-design/icons";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { PopoverMenu, type PopoverMenuItem } from "@/components/ui/popover-menu";
import { refreshRoute } from "@/lib/client/server-loader";
import type { RouteTitles } from "./app-shell";
import {
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  fallbackAfterClose,
  isPinned,
  replaceTabs,
  serverTabsSnapshot,
  subscribeTabs,
  tabsSnapshot,
  type Tab,
} from "./tab-store";
import styles from "./tab-bar.module.css";

type Action = "refresh" | "close" | "closeOthers" | "closeLeft" | "closeRight" | "closeAll";

/**
 * The tab bar of open pages (spec section 2) with its context menu. Each tab goes to a page's
 * address, so it is a list of links in a navigation landmark (the open one marked
 * aria-current="page"), not an ARIA tablist: there is no tab panel, and a link can be opened in a
 * new window or read out as a link. Tab moves through the links and their close buttons; the
 * context menu opens with Shift+F10 or the menu key (components/ui/popover-menu.tsx).
 */
export function TabBar({ titles }: { titles: RouteTitles }) {
  const t = useTranslations("Tabs");
  const router = useRouter();
  const { tabs, active } = useSyncExternalStore(subscribeTabs, tabsSnapshot, serverTabsSnapshot);
  // Titles come from the menu in the current language, so they follow a language switch.
  const titleOf = (tab: Tab) => titles[tab.path] ?? tab.path.split("/").pop() ?? tab.path;

  const apply = (action: Action, path: string) => {
    if (action === "refresh") {
      void refreshRoute(path.slice(1)).catch(() => undefined);
      if (path === active) router.refresh();
      else router.push(tabs.find((x) => x.path === path)?.href ?? path);
      return;
    }
    const after =
      action === "close"
        ? closeTab(tabs, path)
        : action === "closeOthers"
          ? closeOthers(tabs, path)
          : action === "closeLeft"
            ? closeLeft(tabs, path)
            : action === "closeRight"
              ? closeRight(tabs, path)
              : closeAll(tabs);
    replaceTabs(after);
    // Closing around a tab makes it the active one; closing the active tab moves to a neighbour.
    const focus = action === "close" || action === "closeAll" ? fallbackAfterClose(tabs, after, active) : (after.find((x) => x.path === path) ?? null);
    if (focus && focus.path !== active) router.push(focus.href);
  };

  const menuFor = (path: string): PopoverMenuItem[] => {
    const i = tabs.findIndex((x) => x.path === path);
    const closableLeft = tabs.slice(0, i).some((x) => !isPinned(x.path));
    const closableRight = tabs.slice(i + 1).some((x) => !isPinned(x.path));
    const others = tabs.some((x) => x.path !== path && !isPinned(x.path));
    const item = (key: Action, disabled = false): PopoverMenuItem => ({
      key,
      label: t(key === "close" ? "close" : key),
      disabled,
      testId: `tab-action-${key}`,
      onClick: () => apply(key, path),
    });
    return [
      item("refresh"),
      item("close", isPinned(path)),
      { key: "d1", divider: true },
      item("closeOthers", !others),
      item("closeLeft", !closableLeft),
      item("closeRight", !closableRight),
      item("closeAll", !tabs.some((x) => !isPinned(x.path))),
    ];
  };

  return (
    <nav className={styles.tabs} data-testid="tab-bar" aria-label={t("label")}>
      <ul className={styles.tabList}>
        {tabs.map((tab) => {
          const selected = tab.path === active;
          return (
            <PopoverMenu key={tab.path} items={menuFor(tab.path)} trigger="contextMenu" label={titleOf(tab)}>
              <li className={styles.tab} data-active={selected} data-testid="tab" data-path={tab.path}>
                <Link href={tab.href} prefetch={false} className={styles.tabLink} aria-current={selected ? "page" : undefined} onClick={(e) => selected && e.preventDefault()}>
                  {titleOf(tab)}
                </Link>
                {!isPinned(tab.path) && (
                  <button type="button" className={styles.tabClose} aria-label={`${t("close")} ${titleOf(tab)}`} onClick={() => apply("close", tab.path)}>
                    <CloseOutlined aria-hidden />
                  </button>
                )}
              </li>
            </PopoverMenu>
          );
        })}
      </ul>
    </nav>
  );
}
