"use client";

import { Form, Select, TreeSelect } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { Grantable, OrgNode } from "@/lib/system/admin-queries";
import { DATA_SCOPES } from "@/lib/system/options";
import { toTreeData } from "./admin-kit";

// A role's data scope and, for a custom scope, its organizations: the fields the role drawer and
// the data-scope drawer share (both load with their drawer). Only scopes and organizations within
// the editor's own are offered, besides what the role already has.

type Props = {
  /** The scope chosen in the form (Form.useWatch("dataScope")). */
  scope: string | undefined;
  /** The role as it is saved (its scope and organizations stay selectable). */
  current: { dataScope?: string; organizationIds?: number[] } | null;
  orgs: OrgNode[];
  grantable: Grantable;
  extra?: ReactNode;
};

export function DataScopeFields({ scope, current, orgs, grantable: g, extra }: Props) {
  const ts = useTranslations("System.dataScopes");
  const tf = useTranslations("RoleAdmin.fields");
  const zh = useLocale() === "zh-CN";
  return (
    <>
      <Form.Item name="dataScope" label={tf("dataScope")} required extra={extra}>
        <Select options={DATA_SCOPES.map((s) => ({ value: s, label: ts(s), disabled: !!g && !g.scopes.includes(s) && s !== current?.dataScope }))} />
      </Form.Item>
      {scope === "CUSTOM" && (
        <Form.Item name="organizationIds" label={tf("organizationIds")} required>
          <TreeSelect
            multiple
            treeDefaultExpandAll
            treeData={toTreeData(orgs, zh, { disabled: (n) => !!g && !g.organizationIds.includes(n.id) && !current?.organizationIds?.includes(n.id) })}
            showSearch
            treeNodeFilterProp="title"
          />
        </Form.Item>
      )}
    </>
  );
}
