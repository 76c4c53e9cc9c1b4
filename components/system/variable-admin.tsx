"use client";

import { useLocale, useTranslations } from "next-intl";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { AdminList } from "@/components/admin/admin-list";
import { deleteVariablesAction, saveVariableAction } from "@/lib/config/variable-actions";
import type { VariableAdminData, VariableRow } from "@/lib/config/variable-admin";
import type { TVariableSave } from "@/lib/config/variable-schemas";
import { formValue } from "@/lib/config/variable-types";
import { useValueRule, VariableValue } from "./variable-default-admin";

// The drawer's controls load when it opens.
const VariableKeySelect = antdDynamic(() => import("./variable-fields").then((m) => m.VariableKeySelect));
const VariableValueInput = antdDynamic(() => import("./variable-fields").then((m) => m.VariableValueInput));
const VariableValueHint = antdDynamic(() => import("./variable-fields").then((m) => m.VariableValueHint));

/** system/systemVariable — companies' own values, for the companies in the viewer's scope. */
export function VariableAdmin({ data }: { data: VariableAdminData }) {
  const t = useTranslations("VariableAdmin");
  const td = useTranslations("VariableDefaultAdmin");
  const zh = useLocale() === "zh-CN";
  const valueRule = useValueRule("VariableAdmin", "key");
  const name = (c: { nameEn: string; nameZh: string }) => (zh ? c.nameZh : c.nameEn);
  const describe = (key: string) => {
    const v = data.variables.find((x) => x.key === key);
    return v && (zh ? v.descriptionZh : v.descriptionEn);
  };
  return (
    <AdminList<VariableRow, TVariableSave>
      labels="VariableAdmin"
      resource="systemVariable"
      data={data.list}
      search={[
        { name: "company", type: "text", placeholder: t("companyPlaceholder"), width: 220 },
        { name: "key", type: "text", placeholder: t("keyPlaceholder"), width: 220 },
      ]}
      columns={[
        { key: "company", sortable: true, width: 200, render: (r) => `${name({ nameEn: r.companyNameEn, nameZh: r.companyNameZh })} (${r.companyCode})` },
        {
          key: "key",
          sortable: true,
          render: (r) => (
            <>
              <code className="dp-code">{r.key}</code>
              <span className="dp-secondary" style={{ display: "block", fontSize: 12 }}>
                {zh ? r.descriptionZh : r.descriptionEn}
              </span>
            </>
          ),
        },
        { key: "type", width: 90, defaultHidden: true, render: (r) => td(`options.type.${r.type}`) },
        { key: "value", width: 140, render: (r) => <VariableValue type={r.type} value={r.value} /> },
        { key: "platformValue", width: 140, render: (r) => <VariableValue type={r.type} value={r.platformValue} /> },
        { key: "updatedAt", kind: "dateTime", sortable: true, width: 170, defaultHidden: true },
      ]}
      scrollX={1000}
      form={{
        schema: () => import("@/lib/config/variable-schemas").then((m) => m.ZVariableSave),
        save: saveVariableAction,
        defaults: {},
        toValues: (r) => ({ id: r.id, key: r.key, companyId: r.companyId, type: r.type, value: formValue(r.type, r.value) }),
        order: ["companyId", "key", "value"],
        fields: {
          companyId: {
            widget: "select",
            options: data.companies.map((c) => ({ value: c.id, label: `${name(c)} (${c.code})` })),
            props: { showSearch: { optionFilterProp: "label" } },
          },
          key: { control: <VariableKeySelect options={data.variables} /> },
          value: { control: <VariableValueInput keyField="key" />, itemProps: { rules: [valueRule] }, hint: <VariableValueHint keyField="key" describe={describe} /> },
        },
      }}
      remove={{ action: deleteVariablesAction, name: (r) => `${r.companyCode} · ${r.key}` }}
    />
  );
}
