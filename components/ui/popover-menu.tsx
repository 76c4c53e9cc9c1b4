"use client";

import { cloneElement, isValidElement, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactElement, type ReactNode } from "react";
import { createPortal } from "react-dom";
import styles from "./popover-menu.module.css";

export type PopoverMenuItem =
  { key: string; label: ReactNode; icon?: ReactNode; disabled?: boolean; selected?: boolean; testId?: string; onClick: () => void } | { key: string; divider: true };

type TriggerProps = {
  onClick?: (e: MouseEvent<HTMLElement>) => void;
  onContextMenu?: (e: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLElement>) => void;
  "aria-expanded"?: boolean;
};

/** Where the menu opens (under its trigger: right-aligned to a button, left-aligned to a tab),
 * what it opened from, and what gets focus back. */
type Anchor = { top: number; left: number; right: number; target: HTMLElement; opener: HTMLElement };

const GAP = 4;
const MARGIN = 8;

/**
 * A small menu under a button (the header's account and company menus) or a tab (the tab bar's
 * context menu). Plain markup in a portal, placed by the trigger's box: the header and the tab bar
 * are on every signed-in page, and antd's Popover brought its tooltip and popover code (~21 KiB
 * gzip) into every first load.
 *
 * Keyboard (WAI-ARIA menu pattern): opening puts focus on the first item; the arrow keys, Home
 * and End move between the items; Escape closes and gives focus back to what opened the menu;
 * Tab closes it and goes on from the opener. A context menu opens from the keyboard with Shift+F10
 * or the menu key. A press outside, scrolling or resizing closes it.
 */
export function PopoverMenu({ items, trigger = "click", children, label }: { items: PopoverMenuItem[]; trigger?: "click" | "contextMenu"; children: ReactNode; label?: string }) {
  const [anchor, setAnchor] = useState<Anchor | null>(null);
  const open = anchor !== null;
  const list = useRef<HTMLUListElement>(null);

  const show = (el: HTMLElement) => {
    // What has focus now opened the menu (the tab's link, the button): it gets focus back.
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : el;
    const box = el.getBoundingClientRect();
    setAnchor({ top: box.bottom + GAP, left: box.left, right: box.right, target: el, opener });
  };

  const close = (refocus: boolean) => {
    setAnchor(null);
    if (refocus) anchor?.opener.focus();
  };

  // Open: focus the first item; a press outside the menu and its trigger, a scroll or a resize closes it.
  const target = anchor?.target;
  useEffect(() => {
    if (!target) return;
    list.current?.querySelector<HTMLButtonElement>('[role="menuitem"]:not(:disabled)')?.focus({ preventScroll: true });
    const onPointer = (e: PointerEvent) => {
      const at = e.target as Node;
      if (list.current?.contains(at) || target.contains(at)) return;
      setAnchor(null);
    };
    const onMove = (e: Event) => {
      if (e.target instanceof Node && list.current?.contains(e.target)) return;
      setAnchor(null);
    };
    document.addEventListener("pointerdown", onPointer, true);
    window.addEventListener("scroll", onMove, true);
    window.addEventListener("resize", onMove);
    return () => {
      document.removeEventListener("pointerdown", onPointer, true);
      window.removeEventListener("scroll", onMove, true);
      window.removeEventListener("resize", onMove);
    };
  }, [target]);

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const all = Array.from(list.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? []);
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const move = (i: number) => {
      e.preventDefault();
      all[(i + all.length) % all.length]?.focus();
    };
    if (e.key === "ArrowDown") move(at + 1);
    else if (e.key === "ArrowUp") move(at < 0 ? all.length - 1 : at - 1);
    else if (e.key === "Home") move(0);
    else if (e.key === "End") move(all.length - 1);
    else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === "Tab") close(true); // back on the opener, so Tab goes on from there
  };

  if (!isValidElement<TriggerProps>(children)) return <>{children}</>;
  const own = children.props;
  const child =
    trigger === "contextMenu"
      ? cloneElement(children as ReactElement<TriggerProps>, {
          onContextMenu: (e: MouseEvent<HTMLElement>) => {
            own.onContextMenu?.(e);
            e.preventDefault();
            show(e.currentTarget);
          },
          // A context menu has no button to press: Shift+F10 and the menu key open it from the keyboard.
          onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
            own.onKeyDown?.(e);
            if (e.key === "ContextMenu" || (e.shiftKey && e.key === "F10")) {
              e.preventDefault();
              show(e.currentTarget);
            }
          },
        })
      : cloneElement(children as ReactElement<TriggerProps>, {
          "aria-expanded": open,
          onClick: (e: MouseEvent<HTMLElement>) => {
            own.onClick?.(e);
            if (open) close(false);
            else show(e.currentTarget);
          },
        });

  // Right-aligned to a button, left-aligned to a tab; kept on the screen either way.
  const place =
    anchor &&
    (trigger === "contextMenu"
      ? { top: anchor.top, left: Math.max(MARGIN, Math.min(anchor.left, window.innerWidth - 200 - MARGIN)) }
      : { top: anchor.top, right: Math.max(MARGIN, window.innerWidth - anchor.right) });

  return (
    <>
      {child}
      {place &&
        createPortal(
          <ul role="menu" aria-label={label} className={styles.menu} style={place} ref={list} onKeyDown={onMenuKey}>
            {items.map((item) =>
              "divider" in item ? (
                <li key={item.key} role="separator" className={styles.divider} />
              ) : (
                <li key={item.key} role="none">
                  <button
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className={styles.item}
                    data-selected={item.selected || undefined}
                    disabled={item.disabled}
                    data-testid={item.testId}
                    onClick={(e) => {
                      e.stopPropagation();
                      close(false);
                      item.onClick();
                    }}
                  >
                    {item.icon && <span className={styles.icon}>{item.icon}</span>}
                    {item.label}
                  </button>
                </li>
              ),
            )}
          </ul>,
          document.body,
        )}
    </>
  );
}
