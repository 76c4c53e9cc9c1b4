import { itemLabel, type DictItemView } from "@/lib/dict/items";
import styles from "./inventory.module.css";

/** A vehicle status as a coloured tag from the vehicle_status dictionary (no antd Tag). */
export function StatusTag({ items, value, locale, testId }: { items: readonly DictItemView[]; value: string; locale: string; testId?: string }) {
  const color = items.find((i) => i.value === value)?.color ?? "default";
  return (
    <span className={styles.tag} data-color={color} data-value={value} data-testid={testId}>
      {itemLabel(items, value, locale)}
    </span>
  );
}
