"use client";

import { Popover } from "antd";
import { useState, type ReactNode } from "react";
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
 */
export function PopoverMenu({ items, trigger = "click", children, label }: { items: PopoverMenuItem[]; trigger?: "click" | "contextMenu"; children: ReactNode; label?: string }) {
  const [open, setOpen] = useState(false);
  const onOpenChange = (next: boolean) => {
    if (!next) return setOpen(false);
    // A stylesheet that failed to load still opens the menu: plain beats none.
    void loadAntdCss()
      .catch(() => undefined)
      .then(() => setOpen(true));
  };
  const content = (
    <ul role="menu" aria-label={label} className={styles.menu}>
      {items.map((item) =>
        "divider" in item ? (
          <li key={item.key} role="separator" className={styles.divider} />
        ) : (
          <li key={item.key} role="none">
            <button
              type="button"
              role="menuitem"
              className={styles.item}
              data-selected={item.selected || undefined}
              disabled={item.disabled}
              data-testid={item.testId}
              onClick={(e) => {
                e.stopPropagation();
                setOpen(false);
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
      {children}
    </Popover>
  );
}
