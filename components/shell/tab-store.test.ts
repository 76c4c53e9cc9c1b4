import { describe, expect, it } from "vitest";
import { closeAll, closeLeft, closeOthers, closeRight, closeTab, fallbackAfterClose, HOME_PATH, openTab, type Tab } from "./tab-store";

const tab = (path: string): Tab => ({ path, href: path, title: path.slice(1) });
const paths = (tabs: Tab[]) => tabs.map((t) => t.path);
const open = [HOME_PATH, "/a", "/b", "/c", "/d"].map(tab);

describe("tab store", () => {
  it("opens a tab once and refreshes its href", () => {
    const once = openTab(open, { path: "/b", href: "/b?page=2", title: "B" });
    expect(paths(once)).toEqual(paths(open));
    expect(once[2].href).toBe("/b?page=2");
    expect(paths(openTab(open, tab("/e")))).toEqual([...paths(open), "/e"]);
  });
  it("closes one tab but never home", () => {
    expect(paths(closeTab(open, "/b"))).toEqual([HOME_PATH, "/a", "/c", "/d"]);
    expect(paths(closeTab(open, HOME_PATH))).toEqual(paths(open));
  });
  it("closes the other pages", () => expect(paths(closeOthers(open, "/c"))).toEqual([HOME_PATH, "/c"]));
  it("closes the pages to the left", () => expect(paths(closeLeft(open, "/c"))).toEqual([HOME_PATH, "/c", "/d"]));
  it("closes the pages to the right", () => expect(paths(closeRight(open, "/b"))).toEqual([HOME_PATH, "/a", "/b"]));
  it("closes all pages but home", () => expect(paths(closeAll(open))).toEqual([HOME_PATH]));
  it("moves to a neighbour when the active tab closes", () => {
    expect(fallbackAfterClose(open, closeTab(open, "/b"), "/b")?.path).toBe("/c");
    expect(fallbackAfterClose(open, closeTab(open, "/d"), "/d")?.path).toBe("/c");
    expect(fallbackAfterClose(open, closeAll(open), "/c")?.path).toBe(HOME_PATH);
    expect(fallbackAfterClose(open, closeTab(open, "/b"), "/a")).toBeNull();
  });
});
