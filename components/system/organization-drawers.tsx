"use client";

import { Form, Input, InputNumber, Select, TreeSelect, type FormInstance } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import { RegionCascader } from "@/components/ui/region-cascader";
import type { OrgAdminNode } from "@/lib/system/admin-queries";
import { moveCompanyAction, saveOrganizationAction } from "@/lib/system/actions";
import { ORG_TYPES, ZCompanyRegion, ZOrganizationSave } from "@/lib/system/schemas";
import { toTreeData, useFormAction } from "./admin-kit";
import { FormDrawerPanel } from "./form-drawer";
import type { OrgCompany as Company, OrgEditing, OrgPlacing as Placing, OrgSourceOption, OrgValues as Values } from "./organization-admin";

// The organization screen's drawers with their schemas (the organization form, and the
// company's placing with the region cascader), loaded when one first opens (organization-admin.tsx).

export function OrgDrawer({
  open,
  editing,
  form,
  onClose,
  orgs,
}: {
  open: boolean;
  editing: OrgEditing | null;
  form: FormInstance<Values>;
  onClose: () => void;
  orgs: OrgAdminNode[];
}) {
  const t = useTranslations("System.organization");
  const tf = useTranslations("OrgAdmin.fields");
  const to = useTranslations("OrgAdmin");
  const ta = useTranslations("Access");
  const zh = useLocale() === "zh-CN";
  const submit = useFormAction("OrgAdmin.fields");
  return (
    <FormDrawerPanel<Values>
      title={editing?.id ? to("editTitle") : to("createTitle")}
      open={open}
      form={form}
      onClose={onClose}
      onSubmit={async (v) => !!(await submit(form, ZOrganizationSave, saveOrganizationAction, { ...v, id: editing?.id }))}
    >
      <Form.Item name="parentId" label={tf("parentId")}>
        <TreeSelect allowClear treeDefaultExpandAll treeData={toTreeData(orgs, zh, { disabled: (n) => n.id === editing?.id })} placeholder={ta("topLevel")} />
      </Form.Item>
      <Form.Item name="type" label={tf("type")} required>
        <Select options={ORG_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
      </Form.Item>
      <Form.Item name="code" label={tf("code")} required>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="nameEn" label={tf("nameEn")} required>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="nameZh" label={tf("nameZh")} required>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="sort" label={tf("sort")} required>
        <InputNumber min={0} max={99999} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </FormDrawerPanel>
  );
}

export function CompanyDrawer({
  open,
  moving,
  form,
  onClose,
  regions,
  orgSources,
}: {
  open: boolean;
  moving: Company | null;
  form: FormInstance<Placing>;
  onClose: () => void;
  regions: OrgAdminNode[];
  orgSources: OrgSourceOption[];
}) {
  const tf = useTranslations("OrgAdmin.fields");
  const to = useTranslations("OrgAdmin");
  const zh = useLocale() === "zh-CN";
  const name = (r: { nameEn: string; nameZh: string }) => (zh ? r.nameZh : r.nameEn);
  const submit = useFormAction("OrgAdmin.fields");
  return (
    <FormDrawerPanel<Placing>
      title={moving ? to("moveTitle", { company: name(moving) }) : ""}
      open={open}
      form={form}
      size={480}
      testId="company-drawer"
      onClose={onClose}
      onSubmit={async (v) =>
        !!(await submit(form, ZCompanyRegion, moveCompanyAction, {
          companyId: moving?.id,
          organizationId: v.organizationId,
          orgSourceId: v.orgSourceId ?? null,
          regionAreaId: v.area?.length ? v.area[v.area.length - 1] : null,
        }))
      }
    >
      <Form.Item name="organizationId" label={tf("organizationId")} required>
        <Select options={regions.map((r) => ({ value: r.id, label: `${name(r)} (${r.code})` }))} />
      </Form.Item>
      <Form.Item name="orgSourceId" label={tf("orgSourceId")} data-testid="field-orgSourceId">
        <Select allowClear options={orgSources.filter((o) => o.enabled || o.id === moving?.orgSourceId).map((o) => ({ value: o.id, label: `${name(o)} (${o.code})` }))} />
      </Form.Item>
      <Form.Item name="area" label={tf("regionAreaId")} data-testid="field-area">
        <RegionCascader path={moving?.areaPath ?? []} changeOnSelect allowClear />
      </Form.Item>
    </FormDrawerPanel>
  );
}
