"use client";

import { Dropdown, Tabs, type MenuProps } from "antd";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
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

  const menuFor = (path: string): MenuProps => {
    const i = tabs.findIndex((x) => x.path === path);
    const closableLeft = tabs.slice(0, i).some((x) => !isPinned(x.path));
    const closableRight = tabs.slice(i + 1).some((x) => !isPinned(x.path));
    const others = tabs.some((x) => x.path !== path && !isPinned(x.path));
    return {
      items: [
        { key: "refresh", label: t("refresh") },
        { key: "close", label: t("close"), disabled: isPinned(path) },
        { type: "divider" },
        { key: "closeOthers", label: t("closeOthers"), disabled: !others },
        { key: "closeLeft", label: t("closeLeft"), disabled: !closableLeft },
        { key: "closeRight", label: t("closeRight"), disabled: !closableRight },
        { key: "closeAll", label: t("closeAll"), disabled: !tabs.some((x) => !isPinned(x.path)) },
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        apply(key as Action, path);
      },
    };
  };

  return (
    <div className={styles.tabs} data-testid="tab-bar">
      <Tabs
        type="editable-card"
        hideAdd
        size="middle"
        activeKey={active}
        onChange={(key) => router.push(tabs.find((x) => x.path === key)?.href ?? key)}
        onEdit={(key, action) => action === "remove" && typeof key === "string" && apply("close", key)}
        items={tabs.map((tab) => ({
          key: tab.path,
          closable: !isPinned(tab.path),
          label: (
            <Dropdown menu={menuFor(tab.path)} trigger={["contextMenu"]}>
              <span className={styles.tabLabel} data-testid="tab" data-path={tab.path}>
                {tab.title || tab.path}
              </span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  );
}
