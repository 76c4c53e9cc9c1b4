import { itemLabel, type DictItemView } from "@/lib/dict/items";
import styles from "./record-screen.module.css";

/** A status (any dictionary-backed state) as a coloured tag, server-rendered (no antd Tag in the first load). */
export function StatusBadge({ items, value, locale, testId }: { items: readonly DictItemView[]; value: string; locale: string; testId?: string }) {
  const color = items.find((i) => i.value === value)?.color ?? "default";
  return (
    <span className={styles.tag} data-color={color} data-value={value} data-testid={testId}>
      {itemLabel(items, value, locale)}
    </span>
  );
}
