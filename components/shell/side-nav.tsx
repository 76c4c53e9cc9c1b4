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

/** True when the menu is drawn as the icon rail (a container query in side-nav.module.css
 * decides it from the width the shell gives the menu, not from script). */
function inRail(el: Element): boolean {
  return (el.closest("nav")?.clientWidth ?? 999) < 120;
}

/**
 * The side menu built from the Menu table, limited to what the viewer's roles grant: links,
 * and directories as native <details> (open/close and keyboard handling without any script).
 * In the icon rail it shows the top level's icons, their names as tooltips and still read out;
 * a group clicked there asks the shell to open the menu (`onExpand`).
 */
export function SideNav({ menu, locale, onExpand }: { menu: MenuNode[]; locale: Locale; onExpand: () => void }) {
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
                title={depth === 0 ? name(n) : undefined}
                data-testid={`menu-group-${n.key}`}
                onClick={(e) => {
                  if (!inRail(e.currentTarget)) return;
                  e.preventDefault();
                  onExpand();
                }}
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
              title={depth === 0 ? name(n) : undefined}
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
    <nav className={styles.nav} aria-label={t("mainMenu")}>
      {render(menu, 0)}
    </nav>
  );
}
