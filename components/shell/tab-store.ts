// The tab bar's state: pure functions over a list, and a small external store (for
// useSyncExternalStore) kept in session storage, so the open pages survive navigation and
// reloads in the same browser tab (and not across tabs).
import { subscribeRoute } from "@/lib/client/route-events";
import { withoutBase } from "@/lib/client/base-path";

export type Tab = { path: string; href: string; title: string };

export const HOME_PATH = "/system/workbench/home";
const STORAGE_KEY = "dp.tabs";

/** Home stays open: it is where "close all" lands. */
export const isPinned = (path: string) => path === HOME_PATH;

export function openTab(tabs: Tab[], tab: Tab): Tab[] {
  const i = tabs.findIndex((t) => t.path === tab.path);
  if (i === -1) return [...tabs, tab];
  const copy = tabs.slice();
  copy[i] = { ...copy[i], href: tab.href, title: tab.title || copy[i].title };
  return copy;
}

export function closeTab(tabs: Tab[], path: string): Tab[] {
  return isPinned(path) ? tabs : tabs.filter((t) => t.path !== path);
}

export function closeOthers(tabs: Tab[], path: string): Tab[] {
  return tabs.filter((t) => t.path === path || isPinned(t.path));
}

export function closeLeft(tabs: Tab[], path: string): Tab[] {
  const i = tabs.findIndex((t) => t.path === path);
  return i === -1 ? tabs : tabs.filter((t, j) => j >= i || isPinned(t.path));
}

export function closeRight(tabs: Tab[], path: string): Tab[] {
  const i = tabs.findIndex((t) => t.path === path);
  return i === -1 ? tabs : tabs.filter((t, j) => j <= i || isPinned(t.path));
}

export function closeAll(tabs: Tab[]): Tab[] {
  return tabs.filter((t) => isPinned(t.path));
}

/** Where to go when the active tab was closed: its right neighbour, else its left, else home. */
export function fallbackAfterClose(before: Tab[], after: Tab[], activePath: string): Tab | null {
  if (after.some((t) => t.path === activePath)) return null;
  const i = before.findIndex((t) => t.path === activePath);
  const right = before.slice(i + 1).find((t) => after.some((a) => a.path === t.path));
  const left = before
    .slice(0, Math.max(i, 0))
    .reverse()
    .find((t) => after.some((a) => a.path === t.path));
  return right ?? left ?? after[0] ?? { path: HOME_PATH, href: HOME_PATH, title: "" };
}

export function loadTabs(): Tab[] {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(parsed) ? parsed.filter((t): t is Tab => !!t && typeof t.path === "string" && typeof t.href === "string" && typeof t.title === "string") : [];
  } catch {
    return [];
  }
}

export function saveTabs(tabs: Tab[]): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tabs));
  } catch {
    // Storage full or disabled: tabs then last for this page view only.
  }
}

export function clearTabs(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing to clear
  }
}

// ---- the store -------------------------------------------------------------------------------

type State = { tabs: Tab[]; active: string };
const EMPTY: State = { tabs: [], active: "" };
let state: State | null = null;
const listeners = new Set<() => void>();
let unsubscribeRoutes: (() => void) | null = null;

function here(): Tab {
  const path = withoutBase(window.location.pathname);
  return { path, href: path + window.location.search, title: "" };
}

function init(): State {
  const restored = loadTabs();
  const tabs = restored.some((t) => t.path === HOME_PATH) ? restored : [{ path: HOME_PATH, href: HOME_PATH, title: "" }, ...restored];
  const current = here();
  return { tabs: openTab(tabs, current), active: current.path };
}

function set(next: State): void {
  state = next;
  saveTabs(next.tabs);
  for (const l of [...listeners]) l();
}

export function tabsSnapshot(): State {
  return (state ??= init());
}

export function serverTabsSnapshot(): State {
  return EMPTY;
}

/** Subscribes a component; the first subscriber starts following route changes. */
export function subscribeTabs(listener: () => void): () => void {
  listeners.add(listener);
  unsubscribeRoutes ??= subscribeRoute((ev) => {
    if (ev.type !== "change") return;
    const tab = { path: ev.pathname, href: ev.pathname + ev.search, title: "" };
    set({ tabs: openTab(tabsSnapshot().tabs, tab), active: tab.path });
  });
  return () => {
    listeners.delete(listener);
    if (!listeners.size && unsubscribeRoutes) {
      unsubscribeRoutes();
      unsubscribeRoutes = null;
    }
  };
}

export function replaceTabs(tabs: Tab[]): void {
  set({ ...tabsSnapshot(), tabs });
}

/** Forgets the open pages (sign-out). */
export function resetTabs(): void {
  state = null;
  clearTabs();
}
