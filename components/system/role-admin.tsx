"use client";

import { antdDynamic } from "@/components/providers/antd-dynamic";
import { loose } from "@/lib/i18n/loose";
import { Button, Form, Tag } from "antd";
import "@/components/providers/antd-css";
import { DataTable, type DataColumn } from "@/components/list/data-table";
import { PlusOutlined } from "@ant-design/icons";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { PageContainer } from "@/components/ui/page-container";
import type { Grantable, RoleMenuRow, OrgNode, RoleAdminRow } from "@/lib/system/admin-queries";
import { deleteRoleAction } from "@/lib/system/actions";
import { RowActions, useConfirmedAction } from "./admin-kit";

export type RoleValues = { code: string; nameEn: string; nameZh: string; dataScope: RoleAdminRow["dataScope"]; menuIds: number[]; organizationIds: number[] };
type Values = RoleValues;
export type RoleEditing = Partial<Values> & { id?: number; system?: boolean };
type Data = { roles: RoleAdminRow[]; menus: RoleMenuRow[]; orgs: OrgNode[]; can: Record<string, boolean>; grantable: Grantable };

// The drawer (menu tree, organization picker, the schema) loads when it first opens; pointing
// at "Create" fetches it early.
const loadDrawer = () => import("./role-drawer").then((m) => m.RoleDrawer);
const RoleDrawer = antdDynamic(loadDrawer);
const preloadDrawer = () => void loadDrawer();

export function RoleAdmin({ data }: { data: Data }) {
  const t = useTranslations("System.role");
  const ts = useTranslations("System.dataScopes");
  const tr = useTranslations("RoleAdmin");
  const ta = useTranslations("Access");
  const zh = useLocale() === "zh-CN";
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<RoleEditing | null>(null);
  // Mounted from the first opening on, so it can animate closed.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (editing && !drawerUsed) setDrawerUsed(true);
  const confirmed = useConfirmedAction();
  const name = (r: { nameEn: string; nameZh: string }) => (zh ? r.nameZh : r.nameEn);
  // Roles the editor holds cannot be edited by them.
  const g = data.grantable;
  const own = new Set(g?.ownRoleIds ?? []);

  const open = (v: RoleEditing) => {
    setEditing(v);
    form.resetFields();
    form.setFieldsValue(v as Values);
  };

  const columns: DataColumn<RoleAdminRow>[] = [
    {
      title: t("name"),
      key: "name",
      render: (_, r) => (
        <span>
          {name(r)}
          {r.system && <Tag style={{ marginInlineStart: 8 }}>{tr("system")}</Tag>}
        </span>
      ),
    },
    { title: t("code"), dataIndex: "code", width: 180 },
    { title: t("dataScope"), dataIndex: "dataScope", width: 200, render: (v: string) => <Tag color="green">{loose(ts)(v)}</Tag> },
    { title: t("menus"), key: "menus", width: 120, align: "right", render: (_, r) => r.menuIds.length },
    { title: t("users"), dataIndex: "users", width: 90, align: "right" },
    {
      title: ta("actions"),
      key: "actions",
      width: 160,
      fixedRight: true,
      render: (_, r) => (
        <RowActions
          items={[
            {
              key: "edit",
              label: ta("edit"),
              hidden: !data.can.update || own.has(r.id),
              onClick: () =>
                open({
                  id: r.id,
                  system: r.system,
                  code: r.code,
                  nameEn: r.nameEn,
                  nameZh: r.nameZh,
                  dataScope: r.dataScope,
                  menuIds: r.menuIds,
                  organizationIds: r.organizationIds,
                }),
            },
            {
              key: "delete",
              label: ta("delete"),
              danger: true,
              hidden: !data.can.delete || (r.system && r.users > 0),
              onClick: () =>
                void confirmed({ title: ta("confirmDelete", { name: name(r) }), content: tr("deleteHint"), danger: true }, deleteRoleAction, { id: r.id }, ta("deleted")),
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
            onClick={() => open({ dataScope: "SELF", menuIds: [], organizationIds: [] })}
            onPointerEnter={preloadDrawer}
            onFocus={preloadDrawer}
            data-testid="create"
          >
            {ta("create")}
          </Button>
        )
      }
    >
      <DataTable<RoleAdminRow> rowKey="id" columns={columns} rows={data.roles} scrollX={900} />
      {drawerUsed && <RoleDrawer open={!!editing} editing={editing} form={form} onClose={() => setEditing(null)} menus={data.menus} orgs={data.orgs} grantable={data.grantable} />}
    </PageContainer>
  );
}
