"use client";

import { Form } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import type { Grantable, OrgNode } from "@/lib/system/admin-queries";
import { changeRoleScopeAction } from "@/lib/system/actions";
import { ZRoleScope } from "@/lib/system/schemas";
import { useFormAction } from "./admin-kit";
import { FormDrawerPanel } from "./form-drawer";
import { DataScopeFields } from "./scope-fields";
import type { Role } from "./scope-admin";

// system/ruleScopes' drawer: a role's data scope and, for a custom scope, its organizations.
// Loaded when it first opens (scope-admin.tsx); each new `role` resets the form to it.

type Values = { dataScope: Role["dataScope"]; organizationIds: number[] };

export function ScopeDrawer({ role: editing, orgs, grantable: g, onClose }: { role: Role | null; orgs: OrgNode[]; grantable: Grantable; onClose: () => void }) {
  const t = useTranslations("ScopeAdmin");
  const zh = useLocale() === "zh-CN";
  const [form] = Form.useForm<Values>();
  const submit = useFormAction("RoleAdmin.fields");
  const scope = Form.useWatch("dataScope", form);
  const name = (r: { nameEn: string; nameZh: string }) => (zh ? r.nameZh : r.nameEn);
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue({ dataScope: editing.dataScope, organizationIds: editing.organizationIds });
  }, [editing, form]);
  return (
    <FormDrawerPanel<Values>
      title={editing ? t("changeTitle", { role: name(editing) }) : ""}
      open={!!editing}
      form={form}
      onClose={onClose}
      onSubmit={async (v) =>
        !!(await submit(form, ZRoleScope, changeRoleScopeAction, {
          id: editing?.id,
          dataScope: v.dataScope,
          organizationIds: v.dataScope === "CUSTOM" ? (v.organizationIds ?? []) : [],
        }))
      }
    >
      <DataScopeFields scope={scope} current={editing} orgs={orgs} grantable={g} extra={scope ? t(`descriptions.${scope}`) : undefined} />
    </FormDrawerPanel>
  );
}
