"use client";

import { Button, Form, Input, InputNumber, Select, Table, Tag, TreeSelect, type TableColumnsType } from "antd";
import { PlusOutlined, SwapOutlined } from "@ant-design/icons";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { PageContainer } from "@/components/ui/page-container";
import { RegionCascader } from "@/components/ui/region-cascader";
import type { OrgAdminNode } from "@/lib/system/admin-queries";
import { deleteOrganizationAction, moveCompanyAction, saveOrganizationAction } from "@/lib/system/actions";
import { ORG_TYPES, ZCompanyRegion, ZOrganizationSave } from "@/lib/system/schemas";
import { FormDrawer, RowActions, toTreeData, useConfirmedAction, useFormAction } from "./admin-kit";

const TYPE_COLOR = { HEADQUARTERS: "purple", REGION: "blue", DEPARTMENT: "cyan" } as const;
type Values = { parentId: number | null; code: string; nameEn: string; nameZh: string; type: OrgAdminNode["type"]; sort: number };
type Company = OrgAdminNode["companies"][number];

type Placing = { organizationId: number; orgSourceId: number | null; area: number[] };

export function OrganizationAdmin({ data }: { data: { orgs: OrgAdminNode[]; orgSources: { id: number; code: string; nameEn: string; nameZh: string; enabled: boolean }[]; can: Record<string, boolean> } }) {
  const t = useTranslations("System.organization");
  const tc = useTranslations("System.common");
  const tf = useTranslations("OrgAdmin.fields");
  const to = useTranslations("OrgAdmin");
  const ta = useTranslations("Access");
  const zh = useLocale() === "zh-CN";
  const [form] = Form.useForm<Values>();
  const [moveForm] = Form.useForm<Placing>();
  const [editing, setEditing] = useState<(Partial<Values> & { id?: number }) | null>(null);
  const [moving, setMoving] = useState<Company | null>(null);
  const submit = useFormAction("OrgAdmin.fields");
  const confirmed = useConfirmedAction();
  const name = (r: { nameEn: string; nameZh: string }) => (zh ? r.nameZh : r.nameEn);
  const regions: OrgAdminNode[] = [];
  const collect = (nodes: OrgAdminNode[]) => nodes.forEach((n) => (n.type === "REGION" && regions.push(n), collect(n.children ?? [])));
  collect(data.orgs);

  const open = (v: Partial<Values> & { id?: number }) => {
    setEditing(v);
    form.resetFields();
    form.setFieldsValue(v as Values);
  };

  const columns: TableColumnsType<OrgAdminNode> = [
    { title: t("name"), key: "name", render: (_, r) => name(r) },
    { title: t("code"), dataIndex: "code", width: 130 },
    { title: t("type"), dataIndex: "type", width: 130, render: (v: OrgAdminNode["type"]) => <Tag color={TYPE_COLOR[v]}>{t(`types.${v}`)}</Tag> },
    {
      title: t("companies"), key: "companies",
      render: (_, r) =>
        r.companies.length
          ? r.companies.map((c) => (
              <Tag key={c.id} style={{ cursor: data.can.update ? "pointer" : undefined }} onClick={data.can.update ? () => (setMoving(c), moveForm.resetFields(), moveForm.setFieldsValue({ organizationId: c.organizationId, orgSourceId: c.orgSourceId, area: c.areaPath.map((a) => a.id) })) : undefined} data-testid={`company-${c.code}`}>
                {`${name(c)} (${c.code})`} {data.can.update && <SwapOutlined aria-label={to("moveCompany")} />}
              </Tag>
            ))
          : tc("none"),
    },
    { title: t("users"), dataIndex: "users", width: 80, align: "right" },
    {
      title: ta("actions"), key: "actions", width: 230, fixed: "right",
      render: (_, r) => (
        <RowActions
          items={[
            { key: "add-child", label: ta("addChild"), hidden: !data.can.create, onClick: () => open({ parentId: r.id, type: r.type === "HEADQUARTERS" ? "REGION" : "DEPARTMENT", sort: 0 }) },
            { key: "edit", label: ta("edit"), hidden: !data.can.update, onClick: () => open({ id: r.id, parentId: r.parentId, code: r.code, nameEn: r.nameEn, nameZh: r.nameZh, type: r.type, sort: r.sort }) },
            {
              key: "delete", label: ta("delete"), danger: true, hidden: !data.can.delete,
              onClick: () => void confirmed({ title: ta("confirmDelete", { name: name(r) }), content: ta("confirmDeleteHint"), danger: true }, deleteOrganizationAction, { id: r.id }, ta("deleted")),
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
      extra={data.can.create && <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ parentId: null, type: "HEADQUARTERS", sort: 0 })} data-testid="create">{ta("create")}</Button>}
    >
      <Table<OrgAdminNode> rowKey="id" columns={columns} dataSource={data.orgs} pagination={false} size="middle" expandable={{ defaultExpandAllRows: true }} scroll={{ x: 1000 }} />
      <FormDrawer<Values>
        title={editing?.id ? to("editTitle") : to("createTitle")}
        open={!!editing}
        form={form}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => !!(await submit(form, ZOrganizationSave, saveOrganizationAction, { ...v, id: editing?.id }))}
      >
        <Form.Item name="parentId" label={tf("parentId")}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={toTreeData(data.orgs, zh, { disabled: (n) => n.id === editing?.id })} placeholder={ta("topLevel")} />
        </Form.Item>
        <Form.Item name="type" label={tf("type")} required>
          <Select options={ORG_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
        </Form.Item>
        <Form.Item name="code" label={tf("code")} required><Input maxLength={32} /></Form.Item>
        <Form.Item name="nameEn" label={tf("nameEn")} required><Input maxLength={100} /></Form.Item>
        <Form.Item name="nameZh" label={tf("nameZh")} required><Input maxLength={100} /></Form.Item>
        <Form.Item name="sort" label={tf("sort")} required><InputNumber min={0} max={99999} precision={0} style={{ width: 160 }} /></Form.Item>
      </FormDrawer>
      <FormDrawer<Placing>
        title={moving ? to("moveTitle", { company: name(moving) }) : ""}
        open={!!moving}
        form={moveForm}
        size={480}
        testId="company-drawer"
        onClose={() => setMoving(null)}
        onSubmit={async (v) => !!(await submit(moveForm, ZCompanyRegion, moveCompanyAction, { companyId: moving?.id, organizationId: v.organizationId, orgSourceId: v.orgSourceId ?? null, regionAreaId: v.area?.length ? v.area[v.area.length - 1] : null }))}
      >
        <Form.Item name="organizationId" label={tf("organizationId")} required>
          <Select options={regions.map((r) => ({ value: r.id, label: `${name(r)} (${r.code})` }))} />
        </Form.Item>
        <Form.Item name="orgSourceId" label={tf("orgSourceId")} data-testid="field-orgSourceId">
          <Select allowClear options={data.orgSources.filter((o) => o.enabled || o.id === moving?.orgSourceId).map((o) => ({ value: o.id, label: `${name(o)} (${o.code})` }))} />
        </Form.Item>
        <Form.Item name="area" label={tf("regionAreaId")} data-testid="field-area">
          <RegionCascader path={moving?.areaPath ?? []} changeOnSelect allowClear />
        </Form.Item>
      </FormDrawer>
    </PageContainer>
  );
}
