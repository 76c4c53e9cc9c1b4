"use client";

import { Button, Form, Tag } from "antd";
import "@/components/providers/antd-css";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { DataTable, type DataColumn } from "@/components/list/data-table";
import { PlusOutlined, SwapOutlined } from "@ant-design/icons";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { PageContainer } from "@/components/ui/page-container";
import type { OrgAdminNode } from "@/lib/system/admin-queries";
import { deleteOrganizationAction } from "@/lib/system/actions";
import { RowActions, useConfirmedAction } from "./admin-kit";

const TYPE_COLOR = { HEADQUARTERS: "purple", REGION: "blue", DEPARTMENT: "cyan" } as const;
export type OrgValues = { parentId: number | null; code: string; nameEn: string; nameZh: string; type: OrgAdminNode["type"]; sort: number };
type Values = OrgValues;
export type OrgEditing = Partial<Values> & { id?: number };
export type OrgCompany = OrgAdminNode["companies"][number];
type Company = OrgCompany;
export type OrgSourceOption = { id: number; code: string; nameEn: string; nameZh: string; enabled: boolean };

export type OrgPlacing = { organizationId: number; orgSourceId: number | null; area: number[] };
type Placing = OrgPlacing;

// The drawers (TreeSelect, the region cascader, the schemas and zod) load when one first opens;
// pointing at "Create" fetches them early.
const loadDrawers = () => import("./organization-drawers");
const OrgDrawer = antdDynamic(() => loadDrawers().then((m) => m.OrgDrawer));
const CompanyDrawer = antdDynamic(() => loadDrawers().then((m) => m.CompanyDrawer));
const preloadDrawers = () => void loadDrawers();

export function OrganizationAdmin({ data }: { data: { orgs: OrgAdminNode[]; orgSources: OrgSourceOption[]; can: Record<string, boolean> } }) {
  const t = useTranslations("System.organization");
  const tc = useTranslations("System.common");
  const to = useTranslations("OrgAdmin");
  const ta = useTranslations("Access");
  const zh = useLocale() === "zh-CN";
  const [form] = Form.useForm<Values>();
  const [moveForm] = Form.useForm<Placing>();
  const [editing, setEditing] = useState<OrgEditing | null>(null);
  const [moving, setMoving] = useState<Company | null>(null);
  // Mounted from the first opening on, so they can animate closed.
  const [used, setUsed] = useState({ org: false, company: false });
  if ((editing && !used.org) || (moving && !used.company)) setUsed({ org: used.org || !!editing, company: used.company || !!moving });
  const confirmed = useConfirmedAction();
  // A company tag opens its drawer in one click with nothing to point at first: fetch the
  // drawers once the screen has hydrated, off its first load.
  useEffect(preloadDrawers, []);
  const name = (r: { nameEn: string; nameZh: string }) => (zh ? r.nameZh : r.nameEn);
  const regions: OrgAdminNode[] = [];
  const collect = (nodes: OrgAdminNode[]) => nodes.forEach((n) => (n.type === "REGION" && regions.push(n), collect(n.children ?? [])));
  collect(data.orgs);

  const open = (v: OrgEditing) => {
    setEditing(v);
    form.resetFields();
    form.setFieldsValue(v as Values);
  };

  const columns: DataColumn<OrgAdminNode>[] = [
    { title: t("name"), key: "name", render: (_, r) => name(r) },
    { title: t("code"), dataIndex: "code", width: 130 },
    { title: t("type"), dataIndex: "type", width: 130, render: (v: OrgAdminNode["type"]) => <Tag color={TYPE_COLOR[v]}>{t(`types.${v}`)}</Tag> },
    {
      title: t("companies"),
      key: "companies",
      render: (_, r) =>
        r.companies.length
          ? r.companies.map((c) => (
              <Tag
                key={c.id}
                style={{ cursor: data.can.update ? "pointer" : undefined }}
                onClick={
                  data.can.update
                    ? () => (
                        setMoving(c),
                        moveForm.resetFields(),
                        moveForm.setFieldsValue({ organizationId: c.organizationId, orgSourceId: c.orgSourceId, area: c.areaPath.map((a) => a.id) })
                      )
                    : undefined
                }
                data-testid={`company-${c.code}`}
              >
                {`${name(c)} (${c.code})`} {data.can.update && <SwapOutlined aria-label={to("moveCompany")} />}
              </Tag>
            ))
          : tc("none"),
    },
    { title: t("users"), dataIndex: "users", width: 80, align: "right" },
    {
      title: ta("actions"),
      key: "actions",
      width: 230,
      fixedRight: true,
      render: (_, r) => (
        <RowActions
          items={[
            {
              key: "add-child",
              label: ta("addChild"),
              hidden: !data.can.create,
              onClick: () => open({ parentId: r.id, type: r.type === "HEADQUARTERS" ? "REGION" : "DEPARTMENT", sort: 0 }),
            },
            {
              key: "edit",
              label: ta("edit"),
              hidden: !data.can.update,
              onClick: () => open({ id: r.id, parentId: r.parentId, code: r.code, nameEn: r.nameEn, nameZh: r.nameZh, type: r.type, sort: r.sort }),
            },
            {
              key: "delete",
              label: ta("delete"),
              danger: true,
              hidden: !data.can.delete,
              onClick: () =>
                void confirmed(
                  { title: ta("confirmDelete", { name: name(r) }), content: ta("confirmDeleteHint"), danger: true },
                  deleteOrganizationAction,
                  { id: r.id },
                  ta("deleted"),
                ),
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
            onClick={() => open({ parentId: null, type: "HEADQUARTERS", sort: 0 })}
            onPointerEnter={preloadDrawers}
            onFocus={preloadDrawers}
            data-testid="create"
          >
            {ta("create")}
          </Button>
        )
      }
    >
      <DataTable<OrgAdminNode> rowKey="id" columns={columns} rows={data.orgs} tree={{ children: (r) => r.children, defaultExpandAll: true }} scrollX={1000} />
      {used.org && <OrgDrawer open={!!editing} editing={editing} form={form} onClose={() => setEditing(null)} orgs={data.orgs} />}
      {used.company && <CompanyDrawer open={!!moving} moving={moving} form={moveForm} onClose={() => setMoving(null)} regions={regions} orgSources={data.orgSources} />}
    </PageContainer>
  );
}
