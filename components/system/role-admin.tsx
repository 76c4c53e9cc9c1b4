"use client";

import { loose } from "@/lib/i18n/loose";
import { Alert, Button, Form, Input, Select, Table, Tag, Tree, TreeSelect, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { PageContainer } from "@/components/ui/page-container";
import type { Grantable, MenuAdminRow, OrgNode, RoleAdminRow } from "@/lib/system/admin-queries";
import { deleteRoleAction, saveRoleAction } from "@/lib/system/actions";
import { DATA_SCOPES, ZRoleSave } from "@/lib/system/schemas";
import { FormDrawer, RowActions, toTreeData, useConfirmedAction, useFormAction } from "./admin-kit";

type Values = { code: string; nameEn: string; nameZh: string; dataScope: RoleAdminRow["dataScope"]; menuIds: number[]; organizationIds: number[] };
type Data = { roles: RoleAdminRow[]; menus: MenuAdminRow[]; orgs: OrgNode[]; can: Record<string, boolean>; grantable: Grantable };

/** Menus and buttons as a tree of checkboxes. Ticking a node ticks everything below it and the
 * nodes above it (a button is useless without its screen); unticking clears what is below.
 * `allowed` (null: all) is what the editor may grant: other nodes cannot be ticked. */
function MenuTreeField({ menus, allowed, value = [], onChange }: { menus: MenuAdminRow[]; allowed: ReadonlySet<number> | null; value?: number[]; onChange?: (v: number[]) => void }) {
  const t = useTranslations("System.menu");
  const zh = useLocale() === "zh-CN";
  const { parentOf, childrenOf, treeData } = useMemo(() => {
    const parentOf = new Map<number, number | null>();
    const childrenOf = new Map<number, number[]>();
    const walk = (nodes: MenuAdminRow[]) =>
      nodes.map((n): { key: number; disableCheckbox: boolean; title: React.ReactNode; children?: ReturnType<typeof walk> } => {
        parentOf.set(n.id, n.parentId);
        childrenOf.set(n.id, (n.children ?? []).map((c) => c.id));
        return {
          key: n.id,
          disableCheckbox: allowed !== null && !allowed.has(n.id),
          title: (
            <span data-testid={`menu-node-${n.key}`}>
              {zh ? n.nameZh : n.nameEn}
              {n.type === "BUTTON" ? <Tag style={{ marginInlineStart: 8 }} color="orange">{n.permission}</Tag> : n.type === "DIRECTORY" ? <Tag style={{ marginInlineStart: 8 }} color="blue">{t("types.DIRECTORY")}</Tag> : null}
            </span>
          ),
          children: n.children?.length ? walk(n.children) : undefined,
        };
      });
    return { parentOf, childrenOf, treeData: walk(menus) };
  }, [menus, zh, t, allowed]);
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

export function RoleAdmin({ data }: { data: Data }) {
  const t = useTranslations("System.role");
  const ts = useTranslations("System.dataScopes");
  const tf = useTranslations("RoleAdmin.fields");
  const tr = useTranslations("RoleAdmin");
  const ta = useTranslations("Access");
  const zh = useLocale() === "zh-CN";
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<(Partial<Values> & { id?: number; system?: boolean }) | null>(null);
  const submit = useFormAction("RoleAdmin.fields");
  const confirmed = useConfirmedAction();
  const scope = Form.useWatch("dataScope", form);
  const name = (r: { nameEn: string; nameZh: string }) => (zh ? r.nameZh : r.nameEn);
  // Only what the editor may grant is offered (the service refuses anything else); what the
  // role already has stays shown. Roles the editor holds cannot be edited by them.
  const g = data.grantable;
  const allowedMenus = useMemo(() => (g ? new Set(g.menuIds) : null), [g]);
  const own = new Set(g?.ownRoleIds ?? []);

  const open = (v: Partial<Values> & { id?: number; system?: boolean }) => {
    setEditing(v);
    form.resetFields();
    form.setFieldsValue(v as Values);
  };

  const columns: TableColumnsType<RoleAdminRow> = [
    { title: t("name"), key: "name", render: (_, r) => (<span>{name(r)}{r.system && <Tag style={{ marginInlineStart: 8 }}>{tr("system")}</Tag>}</span>) },
    { title: t("code"), dataIndex: "code", width: 180 },
    { title: t("dataScope"), dataIndex: "dataScope", width: 200, render: (v: string) => <Tag color="green">{loose(ts)(v)}</Tag> },
    { title: t("menus"), key: "menus", width: 120, align: "right", render: (_, r) => r.menuIds.length },
    { title: t("users"), dataIndex: "users", width: 90, align: "right" },
    {
      title: ta("actions"), key: "actions", width: 160, fixed: "right",
      render: (_, r) => (
        <RowActions
          items={[
            { key: "edit", label: ta("edit"), hidden: !data.can.update || own.has(r.id), onClick: () => open({ id: r.id, system: r.system, code: r.code, nameEn: r.nameEn, nameZh: r.nameZh, dataScope: r.dataScope, menuIds: r.menuIds, organizationIds: r.organizationIds }) },
            {
              key: "delete", label: ta("delete"), danger: true, hidden: !data.can.delete || (r.system && r.users > 0),
              onClick: () => void confirmed({ title: ta("confirmDelete", { name: name(r) }), content: tr("deleteHint"), danger: true }, deleteRoleAction, { id: r.id }, ta("deleted")),
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
      extra={data.can.create && <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ dataScope: "SELF", menuIds: [], organizationIds: [] })} data-testid="create">{ta("create")}</Button>}
    >
      <Table<RoleAdminRow> rowKey="id" columns={columns} dataSource={data.roles} pagination={false} size="middle" scroll={{ x: 900 }} />
      <FormDrawer<Values>
        title={editing?.id ? tr("editTitle") : tr("createTitle")}
        open={!!editing}
        form={form}
        size={680}
        testId="role-drawer"
        onClose={() => setEditing(null)}
        onSubmit={async (v) => !!(await submit(form, ZRoleSave, saveRoleAction, { ...v, id: editing?.id, organizationIds: v.dataScope === "CUSTOM" ? v.organizationIds : [] }))}
      >
        {editing?.code === "ADMIN" && <Alert type="info" showIcon title={tr("adminHint")} style={{ marginBottom: 16 }} />}
        <Form.Item name="code" label={tf("code")} required><Input maxLength={50} disabled={!!editing?.system} /></Form.Item>
        <Form.Item name="nameEn" label={tf("nameEn")} required><Input maxLength={100} /></Form.Item>
        <Form.Item name="nameZh" label={tf("nameZh")} required><Input maxLength={100} /></Form.Item>
        <Form.Item name="dataScope" label={tf("dataScope")} required>
          <Select options={DATA_SCOPES.map((s) => ({ value: s, label: ts(s), disabled: !!g && !g.scopes.includes(s) && s !== editing?.dataScope }))} />
        </Form.Item>
        {scope === "CUSTOM" && (
          <Form.Item name="organizationIds" label={tf("organizationIds")} required>
            <TreeSelect multiple treeDefaultExpandAll treeData={toTreeData(data.orgs, zh, { disabled: (n) => !!g && !g.organizationIds.includes(n.id) && !editing?.organizationIds?.includes(n.id) })} showSearch treeNodeFilterProp="title" />
          </Form.Item>
        )}
        <Form.Item name="menuIds" label={tf("menuIds")}>
          <MenuTreeField menus={data.menus} allowed={allowedMenus} />
        </Form.Item>
      </FormDrawer>
    </PageContainer>
  );
}
