import { itemLabel, type DictItemView } from "@/lib/dict/items";
import styles from "./orders.module.css";

// A dictionary value as a coloured tag, rendered on the server (antd's Tag stays out of the
// order pages' first load).
export function DictBadge({ items, value, locale, testId }: { items: readonly DictItemView[]; value: string | null | undefined; locale: string; testId?: string }) {
  if (value === null || value === undefined || value === "") return <span className={styles.muted}>—</span>;
  const color = items.find((i) => i.value === value)?.color ?? "default";
  return (
    <span className={styles.tag} data-color={color} data-value={value} data-testid={testId}>
      {itemLabel(items, value, locale)}
    </span>
  );
}
