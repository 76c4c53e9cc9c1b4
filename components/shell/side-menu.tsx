"use client";

import { Menu, type MenuProps } from "antd";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useMemo } from "react";
import type { MenuNode } from "@/lib/access/menus";
import type { Locale } from "@/lib/i18n/config";
import { prefetchRoute } from "@/lib/client/server-loader";
import { menuIcon } from "./menu-icon";

type Item = Required<MenuProps>["items"][number];

function toItems(nodes: MenuNode[], locale: Locale, depth = 0): Item[] {
  return nodes.map((n) => {
    const label = locale === "zh-CN" ? n.nameZh : n.nameEn;
    const icon = depth === 0 ? menuIcon(n.icon) : undefined;
    if (n.children.length) return { key: n.key, icon, label, children: toItems(n.children, locale, depth + 1) };
    return {
      key: "/" + n.path,
      icon,
      label: (
        <Link href={"/" + n.path} prefetch={false} onMouseEnter={() => prefetchRoute(n.path!)} data-testid={`menu-${n.key}`}>
          {label}
        </Link>
      ),
    };
  });
}

function openKeysFor(nodes: MenuNode[], path: string, trail: string[] = []): string[] {
  for (const n of nodes) {
    if ("/" + n.path === path) return trail;
    const found = openKeysFor(n.children, path, [...trail, n.key]);
    if (found.length) return found;
  }
  return [];
}

/** The side menu built from the Menu table, limited to what the viewer's roles grant. */
export function SideMenu({ menu, locale, collapsed }: { menu: MenuNode[]; locale: Locale; collapsed: boolean }) {
  const pathname = usePathname();
  const items = useMemo(() => toItems(menu, locale), [menu, locale]);
  const defaultOpen = useMemo(() => openKeysFor(menu, pathname), [menu, pathname]);
  return <Menu theme="dark" mode="inline" inlineCollapsed={collapsed} items={items} selectedKeys={[pathname]} defaultOpenKeys={defaultOpen} style={{ borderInlineEnd: 0, paddingTop: 8, background: "transparent" }} />;
}
