"use client";

import { antdDynamic } from "@/components/providers/antd-dynamic";
import { loose } from "@/lib/i18n/loose";
import { PlusOutlined } from "@ant-design/icons";
import { Button, Tag } from "antd";
import "@/components/providers/antd-css";
import { DataTable } from "@/components/list/data-table";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { AdminList } from "@/components/admin/admin-list";
import { RowActions, useConfirmedAction } from "@/components/system/admin-kit";
import { DictTag } from "@/components/ui/dict-tag";
import type { ListResult } from "@/lib/admin/resource";
import { deleteDictItemsAction, deleteDictTypesAction, saveDictTypeAction } from "@/lib/system/dict-actions";
import type { TDictItemSave, TDictTypeSave } from "@/lib/system/dict-schemas";
import type { DictItemEditing } from "./dict-fields";
import type { DictItemRow, DictTypeRow } from "@/lib/system/dictionaries";

type Can = ListResult<DictTypeRow>["can"];

// Drawer parts (antd's Form and inputs) load when a drawer opens.
const TypeCodeInput = antdDynamic(() => import("./dict-fields").then((m) => m.TypeCodeInput));
const loadItemDrawer = () => import("./dict-fields").then((m) => m.DictItemDrawer);
const DictItemDrawer = antdDynamic(loadItemDrawer);
const preloadItemDrawer = () => void loadItemDrawer();

/** system/systemCode — dictionary types; a row expands into its items. */
export function DictAdmin({ data }: { data: ListResult<DictTypeRow> }) {
  const t = useTranslations("DictAdmin");
  const systemIds = useMemo(() => new Set(data.rows.filter((r) => r.system).map((r) => r.id)), [data.rows]);
  return (
    <AdminList<DictTypeRow, TDictTypeSave>
      labels="DictAdmin"
      resource="dict"
      data={data}
      search={[
        { name: "keyword", type: "text", placeholder: t("keywordPlaceholder") },
        { name: "system", type: "boolean" },
      ]}
      columns={[
        { key: "code", sortable: true, width: 230 },
        { key: "name", kind: "localized", width: 220 },
        { key: "system", width: 100, render: (r) => (r.system ? <Tag color="blue">{t("systemTag")}</Tag> : <Tag>{t("customTag")}</Tag>) },
        { key: "items", width: 90, align: "right", render: (r) => r.items.length },
        { key: "remark", ellipsis: true, width: 240, defaultHidden: true },
        { key: "updatedAt", kind: "dateTime", sortable: true, width: 180 },
      ]}
      form={{
        schema: () => import("@/lib/system/dict-schemas").then((m) => m.ZDictTypeSave),
        save: saveDictTypeAction,
        defaults: {},
        toValues: (r) => ({ id: r.id, code: r.code, nameEn: r.nameEn, nameZh: r.nameZh, remark: r.remark }),
        fields: { code: { control: <TypeCodeInput systemIds={systemIds} hint={t("systemCodeHint")} /> } },
      }}
      remove={{ action: deleteDictTypesAction, name: (r) => r.code, deletable: (r) => !r.system }}
      expandedRow={(r) => <DictItems type={r} can={data.can} />}
    />
  );
}

/** The items of one type; the item drawer (./dict-fields.tsx) loads when it first opens. */
function DictItems({ type, can }: { type: DictTypeRow; can: Can }) {
  const t = useTranslations("DictAdmin");
  const ta = useTranslations("Admin");
  const zh = useLocale() === "zh-CN";
  const [editing, setEditing] = useState<DictItemEditing | null>(null);
  const [used, setUsed] = useState(false);
  const run = useConfirmedAction();
  const name = zh ? type.nameZh : type.nameEn;
  const label = (k: string) => loose(t)(`fields.${k}`);

  const open = (row: DictItemRow | null) => {
    const nextSort = Math.max(0, ...type.items.map((i) => i.sort)) + 10;
    const values: Partial<TDictItemSave> = row
      ? { typeId: type.id, value: row.value, labelEn: row.labelEn, labelZh: row.labelZh, sort: row.sort, enabled: row.enabled, color: row.color as TDictItemSave["color"] }
      : { typeId: type.id, sort: nextSort, enabled: true, color: null };
    setEditing({ row, values });
    setUsed(true);
  };
  const remove = (row: DictItemRow) =>
    run(
      { title: t("confirmDeleteItem", { name: row.value }), content: ta("cannotUndo"), danger: true, okText: ta("delete") },
      deleteDictItemsAction,
      { ids: [row.id] },
      t("itemDeleted"),
    );

  return (
    <div style={{ padding: "4px 0 4px 8px" }} data-testid="dict-items" data-type={type.code}>
      <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center", marginBottom: 8 }}>
        <span>
          <strong>{t("itemsTitle", { name })}</strong>
          {type.remark && <span style={{ marginLeft: 12, color: "rgba(0, 0, 0, 0.55)" }}>{type.remark}</span>}
        </span>
        {can.create && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => open(null)} onPointerEnter={preloadItemDrawer} data-testid="add-item">
            {t("addItem")}
          </Button>
        )}
      </div>
      <DataTable<DictItemRow>
        small
        rowKey="id"
        rows={type.items}
        empty={t("noItems")}
        columns={[
          { key: "value", dataIndex: "value", title: label("value"), width: 200 },
          { key: "labelEn", dataIndex: "labelEn", title: label("labelEn") },
          { key: "labelZh", dataIndex: "labelZh", title: label("labelZh") },
          { key: "color", title: label("color"), width: 140, render: (_, r) => <DictTag items={[r]} value={r.value} /> },
          { key: "sort", dataIndex: "sort", title: label("sort"), width: 80, align: "right" },
          { key: "enabled", title: label("enabled"), width: 90, render: (_, r) => (r.enabled ? <Tag color="green">{ta("yes")}</Tag> : <Tag>{ta("no")}</Tag>) },
          {
            key: "_actions",
            title: ta("actions"),
            width: 150,
            render: (_, r) => (
              <RowActions
                items={[
                  { key: "edit", label: ta("edit"), hidden: !can.update, onClick: () => open(r) },
                  { key: "delete", label: ta("delete"), danger: true, hidden: !can.delete || r.locked, onClick: () => void remove(r) },
                ]}
              />
            ),
          },
        ]}
      />
      {used && <DictItemDrawer type={type} editing={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
