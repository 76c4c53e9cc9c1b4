"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import type { MenuNode } from "@/lib/access/menus";
import type { Locale } from "@/lib/i18n/config";
import { prefetchRoute } from "@/lib/client/server-loader";
import { menuIcon } from "./menu-icon";
import styles from "./side-nav.module.css";

function contains(node: MenuNode, path: string): boolean {
  return "/" + node.path === path || node.children.some((c) => contains(c, path));
}

/**
 * The side menu built from the Menu table, limited to what the viewer's roles grant: links,
 * and directories as native <details> (open/close and keyboard handling without any script).
 * Folded, it shows the top level's icons with their names as tooltips.
 */
export function SideNav({ menu, locale, collapsed, onExpand }: { menu: MenuNode[]; locale: Locale; collapsed: boolean; onExpand: () => void }) {
  const pathname = usePathname();
  const t = useTranslations("Header");
  const name = (n: MenuNode) => (locale === "zh-CN" ? n.nameZh : n.nameEn);

  const render = (nodes: MenuNode[], depth: number) => (
    <ul className={styles.list}>
      {nodes.map((n) =>
        n.children.length ? (
          <li key={n.key}>
            <details className={styles.group} open={contains(n, pathname) || undefined}>
              <summary
                className={styles.item}
                style={{ paddingInlineStart: 16 + depth * 16 }}
                title={collapsed ? name(n) : undefined}
                data-testid={`menu-group-${n.key}`}
                onClick={collapsed ? (e) => (e.preventDefault(), onExpand()) : undefined}
              >
                {depth === 0 && <span className={styles.icon}>{menuIcon(n.icon)}</span>}
                <span className={styles.label}>{name(n)}</span>
                <span className={styles.caret} aria-hidden />
              </summary>
              {render(n.children, depth + 1)}
            </details>
          </li>
        ) : (
          <li key={n.key}>
            <Link
              href={"/" + n.path}
              prefetch={false}
              className={styles.item}
              style={{ paddingInlineStart: 16 + depth * 16 }}
              aria-current={"/" + n.path === pathname ? "page" : undefined}
              title={collapsed ? name(n) : undefined}
              onMouseEnter={() => prefetchRoute(n.path!)}
              data-testid={`menu-${n.key}`}
            >
              {depth === 0 && <span className={styles.icon}>{menuIcon(n.icon)}</span>}
              <span className={styles.label}>{name(n)}</span>
            </Link>
          </li>
        ),
      )}
    </ul>
  );

  return (
    <nav className={styles.nav} data-collapsed={collapsed} aria-label={t("mainMenu")}>
      {render(menu, 0)}
    </nav>
  );
}
