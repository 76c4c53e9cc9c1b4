import { Tag } from "antd";
import "@/components/providers/antd-css";
import { useLocale } from "next-intl";
import { itemLabel, type DictItemView } from "@/lib/dict/items";

// A dictionary value as its label in the page's language, in the item's colour. The items come
// from the server (dict("order_status", { includeDisabled: true }) labels old records too).
export { dictOptions, itemLabel, type DictItemView } from "@/lib/dict/items";

export function DictTag({ items, value }: { items: readonly DictItemView[]; value: string | null | undefined }) {
  const locale = useLocale();
  if (value === null || value === undefined || value === "") return <span>—</span>;
  const color = items.find((i) => i.value === value)?.color;
  return (
    <Tag color={color ?? undefined} data-value={value}>
      {itemLabel(items, value, locale)}
    </Tag>
  );
}
