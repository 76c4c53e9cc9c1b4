"use client";

import { CloseOutlined } from "@ant-design/icons";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { PopoverMenu, type PopoverMenuItem } from "@/components/ui/popover-menu";
import { subscribeRoute } from "@/lib/client/route-events";
import { refreshRoute } from "@/lib/client/server-loader";
import type { RouteTitles } from "./app-shell";
import { closeAll, closeLeft, closeOthers, closeRight, closeTab, fallbackAfterClose, HOME_PATH, isPinned, loadTabs, openTab, saveTabs, type Tab } from "./tab-store";
import styles from "./app-shell.module.css";

type Action = "refresh" | "close" | "closeOthers" | "closeLeft" | "closeRight" | "closeAll";

/** The tab bar of open pages (spec section 2) with its context menu. */
export function TabBar({ titles }: { titles: RouteTitles }) {
  const t = useTranslations("Tabs");
  const router = useRouter();
  const [tabs, setTabs] = useState<Tab[]>([]);
  const [active, setActive] = useState<string>("");
  const tabsRef = useRef<Tab[]>([]);
  const titlesRef = useRef(titles);

  const commit = useCallback((next: Tab[]) => {
    tabsRef.current = next;
    setTabs(next);
    saveTabs(next);
  }, []);

  // Titles follow the language: re-label the open tabs when it changes.
  useEffect(() => {
    titlesRef.current = titles;
    if (tabsRef.current.length) commit(tabsRef.current.map((tab) => ({ ...tab, title: titles[tab.path] ?? tab.title })));
  }, [titles, commit]);

  useEffect(() => {
    const restored = loadTabs();
    const withHome = restored.some((x) => x.path === HOME_PATH) ? restored : [{ path: HOME_PATH, href: HOME_PATH, title: titlesRef.current[HOME_PATH] ?? "" }, ...restored];
    commit(withHome);
    return subscribeRoute((ev) => {
      if (ev.type !== "change") return;
      setActive(ev.pathname);
      const title = titlesRef.current[ev.pathname] ?? document.title.split(" · ")[0];
      commit(openTab(tabsRef.current, { path: ev.pathname, href: ev.pathname + ev.search, title }));
    });
  }, [commit]);

  const apply = (action: Action, path: string) => {
    const before = tabsRef.current;
    if (action === "refresh") {
      void refreshRoute(path.slice(1)).catch(() => undefined);
      if (path === active) router.refresh();
      else router.push(before.find((x) => x.path === path)?.href ?? path);
      return;
    }
    const after =
      action === "close" ? closeTab(before, path)
      : action === "closeOthers" ? closeOthers(before, path)
      : action === "closeLeft" ? closeLeft(before, path)
      : action === "closeRight" ? closeRight(before, path)
      : closeAll(before);
    commit(after);
    // Closing around a tab makes it the active one; closing the active tab moves to a neighbour.
    const focus = action === "close" || action === "closeAll" ? fallbackAfterClose(before, after, active) : after.find((x) => x.path === path) ?? null;
    if (focus && focus.path !== active) router.push(focus.href);
  };

  const menuFor = (path: string): PopoverMenuItem[] => {
    const i = tabs.findIndex((x) => x.path === path);
    const closableLeft = tabs.slice(0, i).some((x) => !isPinned(x.path));
    const closableRight = tabs.slice(i + 1).some((x) => !isPinned(x.path));
    const others = tabs.some((x) => x.path !== path && !isPinned(x.path));
    const item = (key: Action, disabled = false): PopoverMenuItem => ({ key, label: t(key === "close" ? "close" : key), disabled, testId: `tab-action-${key}`, onClick: () => apply(key, path) });
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
      <div role="tablist" className={styles.tabList}>
        {tabs.map((tab) => {
          const selected = tab.path === active;
          return (
            <PopoverMenu key={tab.path} items={menuFor(tab.path)} trigger="contextMenu" label={tab.title}>
              <div className={styles.tab} data-active={selected} data-testid="tab" data-path={tab.path}>
                <button type="button" role="tab" aria-selected={selected} className={styles.tabButton} onClick={() => !selected && router.push(tab.href)}>
                  {tab.title || tab.path}
                </button>
                {!isPinned(tab.path) && (
                  <button type="button" className={styles.tabClose} aria-label={`${t("close")} ${tab.title}`} onClick={() => apply("close", tab.path)}>
                    <CloseOutlined />
                  </button>
                )}
              </div>
            </PopoverMenu>
          );
        })}
      </div>
    </nav>
  );
}
