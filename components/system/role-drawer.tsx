"use client";

import { Alert, Form, Input, Tag, Tree, type FormInstance } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { Grantable, RoleMenuRow, OrgNode } from "@/lib/system/admin-queries";
import { saveRoleAction } from "@/lib/system/actions";
import { ZRoleSave } from "@/lib/system/schemas";
import { useFormAction } from "./admin-kit";
import { FormDrawerPanel } from "./form-drawer";
import { DataScopeFields } from "./scope-fields";
import type { RoleValues as Values, RoleEditing } from "./role-admin";

// The role drawer (the menu tree, the organization picker and the role schema), loaded when
// it first opens (role-admin.tsx): Tree, TreeSelect and zod stay out of the screen's first load.

/** Menus and buttons as a tree of checkboxes. Ticking a node ticks everything below it and the
 * nodes above it (a button is useless without its screen); unticking clears what is below.
 * `allowed` (null: all) is what the editor may grant: other nodes cannot be ticked. */
function MenuTreeField({
  menus,
  allowed,
  value = [],
  onChange,
}: {
  menus: RoleMenuRow[];
  allowed: ReadonlySet<number> | null;
  value?: number[];
  onChange?: (v: number[]) => void;
}) {
  const t = useTranslations("System.menu");
  const { parentOf, childrenOf, treeData } = useMemo(() => {
    const parentOf = new Map<number, number | null>();
    const childrenOf = new Map<number, number[]>();
    const walk = (nodes: RoleMenuRow[]) =>
      nodes.map((n): { key: number; disableCheckbox: boolean; title: React.ReactNode; children?: ReturnType<typeof walk> } => {
        parentOf.set(n.id, n.parentId);
        childrenOf.set(
          n.id,
          (n.children ?? []).map((c) => c.id),
        );
        return {
          key: n.id,
          disableCheckbox: allowed !== null && !allowed.has(n.id),
          title: (
            <span data-testid={`menu-node-${n.key}`}>
              {n.name}
              {n.type === "BUTTON" ? (
                <Tag style={{ marginInlineStart: 8 }} color="orange">
                  {n.permission}
                </Tag>
              ) : n.type === "DIRECTORY" ? (
                <Tag style={{ marginInlineStart: 8 }} color="blue">
                  {t("types.DIRECTORY")}
                </Tag>
              ) : null}
            </span>
          ),
          children: n.children?.length ? walk(n.children) : undefined,
        };
      });
    return { parentOf, childrenOf, treeData: walk(menus) };
  }, [menus, t, allowed]);
  const below = (id: number): number[] => (childrenOf.get(id) ?? []).flatMap((c) => [c, ...below(c)]);
  const above = (id: number): number[] => {
    const p = parentOf.get(id);
    return p ? [p, ...above(p)] : [];
  };
  return (
    <div style={{ border: "1px solid rgba(0,0,0,0.12)", borderRadius: 8, padding: 8, maxHeight: 420, overflow: "auto" }} data-testid="menu-tree">
      <Tree
        checkable
        checkStrictly
        selectable={false}
        defaultExpandedKeys={menus.filter((m) => m.key === "system").map((m) => m.id)}
        checkedKeys={{ checked: value, halfChecked: [] }}
        treeData={treeData}
        onCheck={(_, info) => {
          const id = Number(info.node.key);
          const next = new Set(value);
          if (info.checked) [id, ...below(id), ...above(id)].filter((x) => allowed === null || allowed.has(x)).forEach((x) => next.add(x));
          else [id, ...below(id)].forEach((x) => next.delete(x));
          onChange?.([...next]);
        }}
      />
    </div>
  );
}

export function RoleDrawer({
  open,
  editing,
  form,
  onClose,
  menus,
  orgs,
  grantable: g,
}: {
  open: boolean;
  editing: RoleEditing | null;
  form: FormInstance<Values>;
  onClose: () => void;
  menus: RoleMenuRow[];
  orgs: OrgNode[];
  grantable: Grantable;
}) {
  const tf = useTranslations("RoleAdmin.fields");
  const tr = useTranslations("RoleAdmin");
  const submit = useFormAction("RoleAdmin.fields");
  const scope = Form.useWatch("dataScope", form);
  // Only what the editor may grant is offered (the service refuses anything else); what the
  // role already has stays shown.
  const allowedMenus = useMemo(() => (g ? new Set(g.menuIds) : null), [g]);
  return (
    <FormDrawerPanel<Values>
      title={editing?.id ? tr("editTitle") : tr("createTitle")}
      open={open}
      form={form}
      size={680}
      testId="role-drawer"
      onClose={onClose}
      onSubmit={async (v) => !!(await submit(form, ZRoleSave, saveRoleAction, { ...v, id: editing?.id, organizationIds: v.dataScope === "CUSTOM" ? v.organizationIds : [] }))}
    >
      {editing?.code === "ADMIN" && <Alert type="info" showIcon title={tr("adminHint")} style={{ marginBottom: 16 }} />}
      <Form.Item name="code" label={tf("code")} required>
        <Input maxLength={50} disabled={!!editing?.system} />
      </Form.Item>
      <Form.Item name="nameEn" label={tf("nameEn")} required>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="nameZh" label={tf("nameZh")} required>
        <Input maxLength={100} />
      </Form.Item>
      <DataScopeFields scope={scope} current={editing} orgs={orgs} grantable={g} />
      <Form.Item name="menuIds" label={tf("menuIds")}>
        <MenuTreeField menus={menus} allowed={allowedMenus} />
      </Form.Item>
    </FormDrawerPanel>
  );
}
