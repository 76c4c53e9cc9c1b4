"use client";

import { Button, Form, Input, InputNumber, Radio, Select, Switch, Table, Tag, TreeSelect, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { MENU_ICON_NAMES, menuIcon } from "@/components/shell/menu-icon";
import { PageContainer } from "@/components/ui/page-container";
import type { MenuAdminRow } from "@/lib/system/admin-queries";
import { deleteMenuAction, saveMenuAction } from "@/lib/system/actions";
import { MENU_TYPES, ZMenuSave } from "@/lib/system/schemas";
import { FormDrawer, RowActions, toTreeData, useConfirmedAction, useFormAction } from "./admin-kit";

const TYPE_COLOR = { DIRECTORY: "blue", MENU: "green", BUTTON: "orange" } as const;
type Values = { id?: number; parentId: number | null; type: MenuAdminRow["type"]; nameEn: string; nameZh: string; path: string | null; icon: string | null; permission: string | null; sort: number; visible: boolean };

export function MenuAdmin({ data }: { data: { menus: MenuAdminRow[]; can: Record<string, boolean> } }) {
  const t = useTranslations("System.menu");
  const tc = useTranslations("System.common");
  const tf = useTranslations("MenuAdmin.fields");
  const tm = useTranslations("MenuAdmin");
  const ta = useTranslations("Access");
  const zh = useLocale() === "zh-CN";
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<Partial<Values> | null>(null);
  const submit = useFormAction("MenuAdmin.fields");
  const confirmed = useConfirmedAction();
  const type = Form.useWatch("type", form) ?? editing?.type;
  const name = (r: { nameEn: string; nameZh: string }) => (zh ? r.nameZh : r.nameEn);

  const open = (v: Partial<Values>) => {
    setEditing(v);
    form.resetFields();
    form.setFieldsValue(v as Values);
  };
  const childType = (r: MenuAdminRow): Values["type"] => (r.type === "DIRECTORY" ? "MENU" : "BUTTON");

  const columns: TableColumnsType<MenuAdminRow> = [
    { title: t("name"), key: "name", render: (_, r) => (<span>{r.type !== "BUTTON" && <span style={{ marginInlineEnd: 8 }}>{menuIcon(r.icon)}</span>}{name(r)}</span>) },
    { title: t("type"), dataIndex: "type", width: 110, render: (v: MenuAdminRow["type"]) => <Tag color={TYPE_COLOR[v]}>{t(`types.${v}`)}</Tag> },
    { title: t("path"), dataIndex: "path", render: (v: string | null) => v ?? tc("none") },
    { title: t("permission"), dataIndex: "permission", render: (v: string | null) => v ?? tc("none") },
    { title: t("sort"), dataIndex: "sort", width: 80, align: "right" },
    { title: t("visible"), dataIndex: "visible", width: 90, render: (v: boolean) => (v ? <Tag color="green">{tc("yes")}</Tag> : <Tag>{tc("no")}</Tag>) },
    {
      title: ta("actions"), key: "actions", width: 230, fixed: "right",
      render: (_, r) => (
        <RowActions
          items={[
            r.type !== "BUTTON" && { key: "add-child", label: ta("addChild"), hidden: !data.can.create, onClick: () => open({ parentId: r.id, type: childType(r), sort: 0, visible: true }) },
            { key: "edit", label: ta("edit"), hidden: !data.can.update, onClick: () => open({ id: r.id, parentId: r.parentId, type: r.type, nameEn: r.nameEn, nameZh: r.nameZh, path: r.path, icon: r.icon, permission: r.permission, sort: r.sort, visible: r.visible }) },
            {
              key: "delete", label: ta("delete"), danger: true, hidden: !data.can.delete,
              onClick: () => void confirmed({ title: ta("confirmDelete", { name: name(r) }), content: ta("confirmDeleteHint"), danger: true }, deleteMenuAction, { id: r.id }, ta("deleted")),
            },
          ]}
        />
      ),
    },
  ];

  const parents = toTreeData(data.menus, zh, {
    keep: (n) => n.type !== "BUTTON",
    disabled: (n) => (type === "BUTTON" ? n.type !== "MENU" : n.type !== "DIRECTORY") || n.id === editing?.id,
  });

  return (
    <PageContainer
      title={t("title")}
      description={t("description")}
      extra={data.can.create && <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ parentId: null, type: "DIRECTORY", sort: 0, visible: true })} data-testid="create">{ta("create")}</Button>}
    >
      <Table<MenuAdminRow> rowKey="id" columns={columns} dataSource={data.menus} pagination={false} size="middle" scroll={{ x: 1100 }} data-testid="menu-table" />
      <FormDrawer<Values>
        title={editing?.id ? tm("editTitle") : tm("createTitle")}
        open={!!editing}
        form={form}
        onClose={() => setEditing(null)}
        testId="menu-drawer"
        onSubmit={async (v) => !!(await submit(form, ZMenuSave, saveMenuAction, { ...v, id: editing?.id }))}
      >
        <Form.Item name="type" label={tf("type")} required>
          <Radio.Group optionType="button" options={MENU_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
        </Form.Item>
        <Form.Item name="parentId" label={tf("parentId")} required={type === "BUTTON"}>
          <TreeSelect allowClear treeData={parents} placeholder={ta("topLevel")} treeDefaultExpandAll={false} showSearch treeNodeFilterProp="title" />
        </Form.Item>
        <Form.Item name="nameEn" label={tf("nameEn")} required><Input maxLength={100} /></Form.Item>
        <Form.Item name="nameZh" label={tf("nameZh")} required><Input maxLength={100} /></Form.Item>
        {type === "MENU" && (
          <Form.Item name="path" label={tf("path")} required extra={tm("hints.path")}><Input maxLength={200} /></Form.Item>
        )}
        {type !== "BUTTON" && (
          <Form.Item name="icon" label={tf("icon")}>
            <Select allowClear options={MENU_ICON_NAMES.map((n) => ({ value: n, label: <span>{menuIcon(n)} <span style={{ marginInlineStart: 6 }}>{n}</span></span> }))} />
          </Form.Item>
        )}
        {type === "BUTTON" && (
          <Form.Item name="permission" label={tf("permission")} required extra={tm("hints.permission")}><Input maxLength={100} /></Form.Item>
        )}
        <Form.Item name="sort" label={tf("sort")} required><InputNumber min={0} max={99999} precision={0} style={{ width: 160 }} /></Form.Item>
        <Form.Item name="visible" label={tf("visible")} valuePropName="checked"><Switch /></Form.Item>
      </FormDrawer>
    </PageContainer>
  );
}
