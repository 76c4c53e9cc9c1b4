"use client";

import { Form, Input, InputNumber, Radio, Select, Switch, TreeSelect, type FormInstance } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import { MENU_ICON_NAMES, menuIcon } from "@/components/shell/menu-icon";
import type { MenuAdminRow } from "@/lib/system/admin-queries";
import { saveMenuAction } from "@/lib/system/actions";
import { MENU_TYPES, ZMenuSave } from "@/lib/system/schemas";
import { toTreeData, useFormAction } from "./admin-kit";
import { FormDrawerPanel } from "./form-drawer";
import type { MenuValues as Values } from "./menu-admin";

// The menu drawer with its schema, loaded when it first opens (menu-admin.tsx).
export function MenuDrawer({
  open,
  editing,
  form,
  onClose,
  menus,
}: {
  open: boolean;
  editing: Partial<Values> | null;
  form: FormInstance<Values>;
  onClose: () => void;
  menus: MenuAdminRow[];
}) {
  const t = useTranslations("System.menu");
  const tf = useTranslations("MenuAdmin.fields");
  const tm = useTranslations("MenuAdmin");
  const ta = useTranslations("Access");
  const zh = useLocale() === "zh-CN";
  const submit = useFormAction("MenuAdmin.fields");
  const type = Form.useWatch("type", form) ?? editing?.type;
  const parents = toTreeData(menus, zh, {
    keep: (n) => n.type !== "BUTTON",
    disabled: (n) => (type === "BUTTON" ? n.type !== "MENU" : n.type !== "DIRECTORY") || n.id === editing?.id,
  });
  return (
    <FormDrawerPanel<Values>
      title={editing?.id ? tm("editTitle") : tm("createTitle")}
      open={open}
      form={form}
      onClose={onClose}
      testId="menu-drawer"
      onSubmit={async (v) => !!(await submit(form, ZMenuSave, saveMenuAction, { ...v, id: editing?.id }))}
    >
      <Form.Item name="type" label={tf("type")} required>
        <Radio.Group optionType="button" options={MENU_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
      </Form.Item>
      <Form.Item name="parentId" label={tf("parentId")} required={type === "BUTTON"}>
        <TreeSelect allowClear treeData={parents} placeholder={ta("topLevel")} treeDefaultExpandAll={false} showSearch treeNodeFilterProp="title" />
      </Form.Item>
      <Form.Item name="nameEn" label={tf("nameEn")} required>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="nameZh" label={tf("nameZh")} required>
        <Input maxLength={100} />
      </Form.Item>
      {type === "MENU" && (
        <Form.Item name="path" label={tf("path")} required extra={tm("hints.path")}>
          <Input maxLength={200} />
        </Form.Item>
      )}
      {type !== "BUTTON" && (
        <Form.Item name="icon" label={tf("icon")}>
          <Select
            allowClear
            options={MENU_ICON_NAMES.map((n) => ({
              value: n,
              label: (
                <span>
                  {menuIcon(n)} <span style={{ marginInlineStart: 6 }}>{n}</span>
                </span>
              ),
            }))}
          />
        </Form.Item>
      )}
      {type === "BUTTON" && (
        <Form.Item name="permission" label={tf("permission")} required extra={tm("hints.permission")}>
          <Input maxLength={100} />
        </Form.Item>
      )}
      <Form.Item name="sort" label={tf("sort")} required>
        <InputNumber min={0} max={99999} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="visible" label={tf("visible")} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDrawerPanel>
  );
}
