"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import type { PrefetchOptions } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { useTranslations } from "next-intl";
import type { MenuNode } from "@/lib/access/menus";
import type { Locale } from "@/lib/i18n/config";
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

// Prefetch on intent: a mouse resting on a menu link for 80 ms (a pointer passing over the menu
// prefetches nothing), a touch, or keyboard focus resting there asks Next's router for the
// screen in full (PrefetchKind.FULL, what <Link prefetch={true}> fetches; the default gets none of
// a dynamic page without a loading.js, which no screen has): its server render, which the click
// then shows without a request of its own (e2e/route-prefetch.spec.ts). The links keep
// prefetch={false}, so nothing is prefetched as they come into view: every screen is a dynamic,
// per-user render that queries the database. A prefetched screen is shown for at most
// experimental.staleTimes.static (next.config.ts).
let intent: ReturnType<typeof setTimeout> | undefined;
// PrefetchKind.FULL's value: the enum is not exported by "next/navigation", only its type is used.
const FULL = { kind: "full" } as unknown as PrefetchOptions;
const INTENT_MS = 80;

/**
 * The side menu built from the Menu table, limited to what the viewer's roles grant: links,
 * and directories as native <details> (open/close and keyboard handling without any script).
 * In the icon rail it shows the top level's icons, their names as tooltips and still read out;
 * a group clicked there asks the shell to open the menu (`onExpand`).
 */
export function SideNav({ menu, locale, onExpand }: { menu: MenuNode[]; locale: Locale; onExpand: () => void }) {
  const pathname = usePathname();
  const router = useRouter();
  const t = useTranslations("Header");
  const warm = (href: string, wait: boolean) => {
    clearTimeout(intent);
    const go = () => router.prefetch(href, FULL);
    if (wait) intent = setTimeout(go, INTENT_MS);
    else go();
  };
  const cancel = () => clearTimeout(intent);
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
              onPointerEnter={(e) => warm("/" + n.path, e.pointerType === "mouse")}
              onPointerLeave={cancel}
              onFocus={(e) => e.currentTarget.matches(":focus-visible") && warm("/" + n.path, true)}
              onBlur={cancel}
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
