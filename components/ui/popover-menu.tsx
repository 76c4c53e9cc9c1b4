"use client";

import { Popover } from "antd";
import { cloneElement, isValidElement, useEffect, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from "react";
import styles from "./popover-menu.module.css";

export type PopoverMenuItem =
  { key: string; label: ReactNode; icon?: ReactNode; disabled?: boolean; selected?: boolean; testId?: string; onClick: () => void } | { key: string; divider: true };

/** antd's stylesheet, fetched on the first open: the header and the tab bar, which hold these
 * menus, are on every signed-in page, whose first paint must not wait for it (antd-css.ts). */
const loadAntdCss = () => import("@/components/providers/antd-css");

/**
 * A small menu in a popover, for the header and the tab bar. antd's Dropdown would bring
 * Dropdown.Button (Button, Space) into every signed-in page; Popover shares the Tooltip code
 * the side menu already loads. It opens once antd's stylesheet is in (at once after the first
 * time), so the popover never shows unstyled.
 *
 * Keyboard (WAI-ARIA menu pattern): opening puts focus on the first item; the arrow keys, Home
 * and End move between the items; Escape closes and gives focus back to what opened the menu;
 * Tab closes it and goes on from the opener. A context menu opens from the keyboard with Shift+F10 or the menu key.
 */
export function PopoverMenu({ items, trigger = "click", children, label }: { items: PopoverMenuItem[]; trigger?: "click" | "contextMenu"; children: ReactNode; label?: string }) {
  const [open, setOpen] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  const onOpenChange = (next: boolean) => {
    if (!next) return setOpen(false);
    // A stylesheet that failed to load still opens the menu: plain beats none.
    void loadAntdCss()
      .catch(() => undefined)
      .then(() => setOpen(true));
  };

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) opener.current?.focus();
  };

  // The popover mounts its content on first open: focus the first item once it is there.
  useEffect(() => {
    if (!open) return;
    // Focus has not moved yet: what has it now opened the menu.
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let frame = 0;
    let tries = 0;
    const focusFirst = () => {
      const first = list.current?.querySelector<HTMLButtonElement>('[role="menuitem"]:not(:disabled)');
      if (first) first.focus({ preventScroll: true });
      else if (tries++ < 30) frame = requestAnimationFrame(focusFirst);
    };
    frame = requestAnimationFrame(focusFirst);
    return () => cancelAnimationFrame(frame);
  }, [open]);

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

  const content = (
    <ul role="menu" aria-label={label} className={styles.menu} ref={list} onKeyDown={onMenuKey}>
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
    </ul>
  );

  // A context menu has no button to press: Shift+F10 and the menu key open it from the keyboard.
  const child =
    trigger === "contextMenu" && isValidElement<{ onKeyDown?: (e: KeyboardEvent<HTMLElement>) => void }>(children)
      ? cloneElement(children as ReactElement<{ onKeyDown?: (e: KeyboardEvent<HTMLElement>) => void }>, {
          onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
            children.props.onKeyDown?.(e);
            if (e.key === "ContextMenu" || (e.shiftKey && e.key === "F10")) {
              e.preventDefault();
              onOpenChange(true);
            }
          },
        })
      : children;

  return (
    <Popover
      content={content}
      trigger={trigger}
      open={open}
      onOpenChange={onOpenChange}
      placement={trigger === "contextMenu" ? "bottomLeft" : "bottomRight"}
      arrow={false}
      styles={{ container: { padding: 4 } }}
    >
      {child}
    </Popover>
  );
}
