"use client";

import { Popover } from "antd";
import { useState, type ReactNode } from "react";
import styles from "./popover-menu.module.css";

export type PopoverMenuItem =
  { key: string; label: ReactNode; icon?: ReactNode; disabled?: boolean; selected?: boolean; testId?: string; onClick: () => void } | { key: string; divider: true };

/**
 * A small menu in a popover, for the header and the tab bar. antd's Dropdown would bring
 * Dropdown.Button (Button, Space) into every signed-in page; Popover shares the Tooltip code
 * the side menu already loads.
 */
export function PopoverMenu({ items, trigger = "click", children, label }: { items: PopoverMenuItem[]; trigger?: "click" | "contextMenu"; children: ReactNode; label?: string }) {
  const [open, setOpen] = useState(false);
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
      onOpenChange={setOpen}
      placement={trigger === "contextMenu" ? "bottomLeft" : "bottomRight"}
      arrow={false}
      styles={{ container: { padding: 4 } }}
    >
      {children}
    </Popover>
  );
}
