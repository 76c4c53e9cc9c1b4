"use client";

import { Button, Form, Tag } from "antd";
import "@/components/providers/antd-css";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { DataTable, type DataColumn } from "@/components/list/data-table";
import { PlusOutlined } from "@ant-design/icons";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { menuIcon } from "@/components/shell/menu-icon";
import { PageContainer } from "@/components/ui/page-container";
import type { MenuAdminRow } from "@/lib/system/admin-queries";
import { deleteMenuAction } from "@/lib/system/actions";
import { RowActions, useConfirmedAction } from "./admin-kit";

const TYPE_COLOR = { DIRECTORY: "blue", MENU: "green", BUTTON: "orange" } as const;

// The drawer (and the schema, zod) loads when it first opens; pointing at "Create" fetches it early.
const loadDrawer = () => import("./menu-drawer").then((m) => m.MenuDrawer);
const MenuDrawer = antdDynamic(loadDrawer);
const preloadDrawer = () => void loadDrawer();

export type MenuValues = {
  id?: number;
  parentId: number | null;
  type: MenuAdminRow["type"];
  nameEn: string;
  nameZh: string;
  path: string | null;
  icon: string | null;
  permission: string | null;
  sort: number;
  visible: boolean;
};
type Values = MenuValues;

export function MenuAdmin({ data }: { data: { menus: MenuAdminRow[]; can: Record<string, boolean> } }) {
  const t = useTranslations("System.menu");
  const tc = useTranslations("System.common");
  const ta = useTranslations("Access");
  const zh = useLocale() === "zh-CN";
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<Partial<Values> | null>(null);
  // Mounted from the first opening on, so it can animate closed.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (editing && !drawerUsed) setDrawerUsed(true);
  const confirmed = useConfirmedAction();
  const name = (r: { nameEn: string; nameZh: string }) => (zh ? r.nameZh : r.nameEn);

  const open = (v: Partial<Values>) => {
    setEditing(v);
    form.resetFields();
    form.setFieldsValue(v as Values);
  };
  const childType = (r: MenuAdminRow): Values["type"] => (r.type === "DIRECTORY" ? "MENU" : "BUTTON");

  const columns: DataColumn<MenuAdminRow>[] = [
    {
      title: t("name"),
      key: "name",
      render: (_, r) => (
        <span>
          {r.type !== "BUTTON" && <span style={{ marginInlineEnd: 8 }}>{menuIcon(r.icon)}</span>}
          {name(r)}
        </span>
      ),
    },
    { title: t("type"), dataIndex: "type", width: 110, render: (v: MenuAdminRow["type"]) => <Tag color={TYPE_COLOR[v]}>{t(`types.${v}`)}</Tag> },
    { title: t("path"), dataIndex: "path", render: (v: string | null) => v ?? tc("none") },
    { title: t("permission"), dataIndex: "permission", render: (v: string | null) => v ?? tc("none") },
    { title: t("sort"), dataIndex: "sort", width: 80, align: "right" },
    { title: t("visible"), dataIndex: "visible", width: 90, render: (v: boolean) => (v ? <Tag color="green">{tc("yes")}</Tag> : <Tag>{tc("no")}</Tag>) },
    {
      title: ta("actions"),
      key: "actions",
      width: 230,
      fixedRight: true,
      render: (_, r) => (
        <RowActions
          items={[
            r.type !== "BUTTON" && {
              key: "add-child",
              label: ta("addChild"),
              hidden: !data.can.create,
              onClick: () => open({ parentId: r.id, type: childType(r), sort: 0, visible: true }),
            },
            {
              key: "edit",
              label: ta("edit"),
              hidden: !data.can.update,
              onClick: () =>
                open({
                  id: r.id,
                  parentId: r.parentId,
                  type: r.type,
                  nameEn: r.nameEn,
                  nameZh: r.nameZh,
                  path: r.path,
                  icon: r.icon,
                  permission: r.permission,
                  sort: r.sort,
                  visible: r.visible,
                }),
            },
            {
              key: "delete",
              label: ta("delete"),
              danger: true,
              hidden: !data.can.delete,
              onClick: () =>
                void confirmed({ title: ta("confirmDelete", { name: name(r) }), content: ta("confirmDeleteHint"), danger: true }, deleteMenuAction, { id: r.id }, ta("deleted")),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <PageContainer
      title={t("title")}
      description={t("description")}
      extra={
        data.can.create && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => open({ parentId: null, type: "DIRECTORY", sort: 0, visible: true })}
            onPointerEnter={preloadDrawer}
            onFocus={preloadDrawer}
            data-testid="create"
          >
            {ta("create")}
          </Button>
        )
      }
    >
      <DataTable<MenuAdminRow> rowKey="id" columns={columns} rows={data.menus} tree={{ children: (r) => r.children }} scrollX={1100} testId="menu-table" />
      {drawerUsed && <MenuDrawer open={!!editing} editing={editing} form={form} onClose={() => setEditing(null)} menus={data.menus} />}
    </PageContainer>
  );
}
