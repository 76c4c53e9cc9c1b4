"use client";

import { Tag } from "antd";
import "@/components/providers/antd-css";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { DataTable, type DataColumn } from "@/components/list/data-table";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { PageContainer } from "@/components/ui/page-container";
import type { Grantable, OrgNode, RoleAdminRow } from "@/lib/system/admin-queries";
import { DATA_SCOPES } from "@/lib/system/options";
import { RowActions } from "./admin-kit";

export type Role = Omit<RoleAdminRow, "menuIds">;

// The drawer (antd's Form, Select and TreeSelect) loads when it first opens.
const ScopeDrawer = antdDynamic(() => import("./scope-drawer").then((m) => m.ScopeDrawer));
const COLOR = { ALL: "red", ORG_AND_CHILDREN: "orange", ORG: "gold", SELF: "green", CUSTOM: "blue" } as const;

export function ScopeAdmin({ data }: { data: { roles: Role[]; orgs: OrgNode[]; can: Record<string, boolean>; grantable: Grantable } }) {
  const t = useTranslations("ScopeAdmin");
  const ts = useTranslations("System.dataScopes");
  const tr = useTranslations("System.role");
  const ta = useTranslations("Access");
  const zh = useLocale() === "zh-CN";
  const [editing, setEditing] = useState<Role | null>(null);
  const [used, setUsed] = useState(false);
  const name = (r: { nameEn: string; nameZh: string }) => (zh ? r.nameZh : r.nameEn);
  // Only scopes within the editor's own are offered; roles the editor holds are not theirs to change.
  const g = data.grantable;
  const own = new Set(g?.ownRoleIds ?? []);
  const orgName = new Map<number, string>();
  const index = (nodes: OrgNode[]) => nodes.forEach((n) => (orgName.set(n.id, name(n)), index(n.children ?? [])));
  index(data.orgs);

  const open = (r: Role) => {
    setEditing({ ...r }); // a new object: the drawer resets its form to it
    setUsed(true);
  };

  const scopes: DataColumn<{ scope: (typeof DATA_SCOPES)[number] }>[] = [
    { title: t("scope"), key: "scope", width: 220, render: (_, r) => <Tag color={COLOR[r.scope]}>{ts(r.scope)}</Tag> },
    { title: t("meaning"), key: "meaning", render: (_, r) => t(`descriptions.${r.scope}`) },
    { title: t("roles"), key: "roles", render: (_, r) => data.roles.filter((x) => x.dataScope === r.scope).map((x) => <Tag key={x.id}>{name(x)}</Tag>) },
  ];
  const roles: DataColumn<Role>[] = [
    { title: tr("name"), key: "name", render: (_, r) => name(r) },
    { title: tr("code"), dataIndex: "code", width: 180 },
    {
      title: tr("dataScope"),
      key: "scope",
      render: (_, r) => (
        <span>
          <Tag color={COLOR[r.dataScope]}>{ts(r.dataScope)}</Tag>
          {r.dataScope === "CUSTOM" && r.organizationIds.map((id) => <Tag key={id}>{orgName.get(id)}</Tag>)}
        </span>
      ),
    },
    { title: tr("users"), dataIndex: "users", width: 90, align: "right" },
    {
      title: ta("actions"),
      key: "actions",
      width: 150,
      render: (_, r) => <RowActions items={[{ key: "scope", label: t("change"), hidden: !data.can.update || own.has(r.id), onClick: () => open(r) }]} />,
    },
  ];

  return (
    <PageContainer title={t("title")} description={t("description")}>
      <DataTable rowKey="scope" columns={scopes} rows={DATA_SCOPES.map((scope) => ({ scope }))} style={{ marginBottom: 24 }} />
      <h2 style={{ fontSize: 18, fontWeight: 600, margin: "0 0 12px" }}>{tr("title")}</h2>
      <DataTable<Role> rowKey="id" columns={roles} rows={data.roles} scrollX={800} />
      {used && <ScopeDrawer role={editing} orgs={data.orgs} grantable={g} onClose={() => setEditing(null)} />}
    </PageContainer>
  );
}
