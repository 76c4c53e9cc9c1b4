"use client";

import { Cascader } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useState, type CSSProperties } from "react";
import { withBase } from "@/lib/client/base-path";
import { toast } from "@/components/ui/feedback";
import type { RegionNode } from "@/lib/system/region-schemas";

// Province / city / district picker for address forms: the levels load lazily from
// GET /api/v1/regions?parent=<id> (cached by the browser), labels follow the language.
// The value is the path of ids (province first), so it works as the child of an antd Form.Item.
// Pass the chain of the initial value (regionPath on the server) as `path`: it shows at once,
// also when an area on it has since been disabled.

type Option = { value: number; label: string; isLeaf: boolean; disabled?: boolean; children?: Option[] };
const ROOT = "root";
const keyOf = (parent: number | null) => (parent === null ? ROOT : String(parent));

// One request per list for every picker on the page, kept as long as the browser's HTTP cache.
const TTL = 300_000;
const fetched = new Map<string, { at: number; items: Promise<RegionNode[]> }>();
function childrenOf(parent: number | null): Promise<RegionNode[]> {
  const key = keyOf(parent);
  const hit = fetched.get(key);
  if (hit && Date.now() - hit.at < TTL) return hit.items;
  const items = fetch(withBase(`/api/v1/regions${parent === null ? "" : `?parent=${parent}`}`), { credentials: "same-origin" }).then(async (res) => {
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return ((await res.json()) as { items: RegionNode[] }).items;
  });
  items.catch(() => fetched.delete(key));
  fetched.set(key, { at: Date.now(), items });
  return items;
}

export function RegionCascader(props: {
  value?: number[] | null;
  onChange?: (value: number[]) => void;
  /** Known nodes of the value's path (extra nodes do no harm). */
  path?: RegionNode[];
  /** The deepest level offered: 1 province, 2 city, 3 district. */
  maxLevel?: number;
  /** Any level may be chosen, not only the last. */
  changeOnSelect?: boolean;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  id?: string;
  style?: CSSProperties;
}) {
  const { value, onChange, path = [], maxLevel = 3 } = props;
  const zh = useLocale() === "zh-CN";
  const t = useTranslations("RegionAdmin.cascader");
  const tc = useTranslations("Common");
  const [lists, setLists] = useState<Record<string, RegionNode[]>>({});

  const load = useCallback(
    (parent: number | null) =>
      childrenOf(parent).then(
        (items) => setLists((l) => (l[keyOf(parent)] === items ? l : { ...l, [keyOf(parent)]: items })),
        () => toast("error", tc("networkError")),
      ),
    [tc],
  );

  // The lists that hold the value's nodes: the provinces and each ancestor's sub-areas.
  const valueKey = (value ?? []).join(",");
  useEffect(() => {
    const ids = valueKey ? valueKey.split(",").map(Number) : [];
    for (const parent of [null, ...ids.slice(0, -1)]) void load(parent);
  }, [load, valueKey]);

  const ids = value ?? [];
  const known = new Map(path.map((n) => [n.id, n]));
  const build = (parent: number | null, depth: number): Option[] => {
    const want = ids[depth] !== undefined && (depth === 0 || ids[depth - 1] === parent) ? known.get(ids[depth]) : undefined;
    const loaded = lists[keyOf(parent)];
    const nodes = loaded ? [...loaded, ...(want && !loaded.some((n) => n.id === want.id) ? [{ ...want, disabled: true }] : [])] : want ? [want] : [];
    return nodes.map((n) => {
      const children = lists[String(n.id)];
      const isLeaf = n.level >= maxLevel || n.leaf === true || children?.length === 0;
      return {
        value: n.id,
        label: zh ? n.nameZh : n.nameEn,
        isLeaf,
        disabled: "disabled" in n ? true : undefined,
        children: !isLeaf && (children || (ids[depth] === n.id && ids.length > depth + 1)) ? build(n.id, depth + 1) : undefined,
      };
    });
  };

  return (
    <Cascader<Option>
      id={props.id}
      style={props.style ?? { width: "100%" }}
      options={build(null, 0)}
      value={ids}
      onChange={(v) => onChange?.((v ?? []).map(Number))}
      loadData={(selected) => {
        const last = selected.at(-1);
        if (last) void load(last.value);
      }}
      changeOnSelect={props.changeOnSelect}
      placeholder={props.placeholder ?? t("placeholder")}
      notFoundContent={t("empty")}
      disabled={props.disabled}
      allowClear={props.allowClear ?? true}
      data-testid="region-cascader"
    />
  );
}
