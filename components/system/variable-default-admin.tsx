"use client";

import { antdDynamic } from "@/components/providers/antd-dynamic";
import { loose, useLooseTranslations } from "@/lib/i18n/loose";
import { Tag } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import { AdminList } from "@/components/admin/admin-list";
import type { ListResult } from "@/lib/admin/resource";
import { resetVariableDefaultAction, saveVariableDefaultAction } from "@/lib/config/variable-actions";
import type { VariableDefaultRow } from "@/lib/config/variable-admin";
import type { TVariableDefaultSave } from "@/lib/config/variable-schemas";
import { formValue, VARIABLE_TYPES, type VariableType } from "@/lib/config/variable-types";
import { translateIssues } from "@/lib/validation/translate";
import { useConfirmedAction } from "./admin-kit";

const VariableValueInput = antdDynamic(() => import("./variable-fields").then((m) => m.VariableValueInput));
const VariableValueHint = antdDynamic(() => import("./variable-fields").then((m) => m.VariableValueHint));

// ── Shared with system/systemVariable ───────────────────────────────────────────────────
// The drawer's value and key controls (antd inputs) are in ./variable-fields.tsx, loaded when a
// drawer opens; the list draws values as plain text.

type KeyField = "id" | "key";

/** The value's form rule: the typed check of lib/config/variable-schemas.ts, translated, naming the field. */
export function useValueRule(labels: string, keyField: KeyField) {
  const tv = useTranslations("Validation");
  const tl = useLooseTranslations(labels);
  return ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_: unknown, value: unknown) => {
      const type = getFieldValue("type") as VariableType | undefined;
      const key = getFieldValue(keyField) as string | undefined;
      if (!type || !key) return;
      // zod and the registry load with the drawer's first check, not with the list.
      const [{ valueSchema }, { variableDef }] = await Promise.all([import("@/lib/config/variable-schemas"), import("@/lib/config/variable-registry")]);
      const r = valueSchema(type, variableDef(key)).safeParse(value);
      if (!r.success)
        throw new Error(
          Object.values(
            translateIssues(
              r.error,
              (k, v) => loose(tv)(k, v),
              () => tl("fields.value"),
              value,
            ),
          )[0],
        );
    },
  });
}

/** A stored value as the list shows it. */
export function VariableValue({ type, value }: { type: VariableType; value: string | null }) {
  const ta = useTranslations("Admin");
  if (value === null) return <>—</>;
  if (type === "BOOLEAN") return value === "true" ? <Tag color="green">{ta("yes")}</Tag> : <Tag>{ta("no")}</Tag>;
  const text = value || "—";
  return (
    <span className={type === "JSON" ? "dp-code dp-ellipsis" : "dp-ellipsis"} title={value} style={{ maxWidth: 260 }}>
      {text}
    </span>
  );
}

/** system/systemVariableDefault — the platform value of every variable. */
export function VariableDefaultAdmin({ data }: { data: ListResult<VariableDefaultRow> }) {
  const t = useTranslations("VariableDefaultAdmin");
  const zh = useLocale() === "zh-CN";
  const run = useConfirmedAction();
  const valueRule = useValueRule("VariableDefaultAdmin", "id");
  const describe = (key: string) => {
    const r = data.rows.find((x) => x.key === key);
    return r && (zh ? r.descriptionZh : r.descriptionEn);
  };
  return (
    <AdminList<VariableDefaultRow, TVariableDefaultSave>
      labels="VariableDefaultAdmin"
      resource="systemVariableDefault"
      data={data}
      rowKey={(r) => r.key}
      search={[
        { name: "keyword", type: "text", placeholder: t("keywordPlaceholder"), width: 220 },
        { name: "type", type: "select", options: VARIABLE_TYPES.map((v) => ({ value: v, label: t(`options.type.${v}`) })) },
      ]}
      columns={[
        {
          key: "key",
          sortable: true,
          width: 240,
          render: (r) => (
            <>
              <code className="dp-code">{r.key}</code>
              {r.platformOnly && <Tag title={t("platformOnlyHint")}>{t("platformOnly")}</Tag>}
            </>
          ),
        },
        { key: "description", render: (r) => (zh ? r.descriptionZh : r.descriptionEn) },
        { key: "type", width: 90, render: (r) => t(`options.type.${r.type}`) },
        {
          key: "value",
          width: 180,
          render: (r) => (
            <>
              <VariableValue type={r.type} value={r.value} />
              {r.codedDefault !== null && r.codedDefault !== r.value && (
                <span className="dp-secondary" style={{ display: "block", fontSize: 12 }}>
                  {t("fields.codedDefault")}: {r.codedDefault}
                </span>
              )}
            </>
          ),
        },
        { key: "codedDefault", width: 160, defaultHidden: true, render: (r) => <VariableValue type={r.type} value={r.codedDefault} /> },
        { key: "overrides", width: 110, align: "right" },
        { key: "updatedAt", kind: "dateTime", sortable: true, width: 170, defaultHidden: true },
      ]}
      scrollX={1000}
      form={{
        schema: () => import("@/lib/config/variable-schemas").then((m) => m.ZVariableDefaultSave),
        save: saveVariableDefaultAction,
        defaults: {},
        toValues: (r) => ({ id: r.key, type: r.type, value: formValue(r.type, r.value) }),
        fields: {
          type: { disabled: true },
          value: { control: <VariableValueInput keyField="id" />, itemProps: { rules: [valueRule] }, hint: <VariableValueHint keyField="id" describe={describe} /> },
        },
      }}
      rowActions={(r) => [
        {
          key: "reset",
          label: t("reset"),
          hidden: !data.can.update || r.codedDefault === null || r.value === r.codedDefault,
          onClick: () => void run({ title: t("confirmReset", { key: r.key, value: r.codedDefault ?? "" }) }, resetVariableDefaultAction, { key: r.key }, t("resetDone")),
        },
      ]}
    />
  );
}
