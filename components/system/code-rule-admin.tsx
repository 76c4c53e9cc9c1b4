"use client";

import { loose } from "@/lib/i18n/loose";
import { Tag } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { AdminList } from "@/components/admin/admin-list";
import type { ListResult } from "@/lib/admin/resource";
import { deleteCodeRulesAction, saveCodeRuleAction } from "@/lib/system/code-rule-actions";
import { CODE_RESETS, DATE_PATTERNS } from "@/lib/system/code-rule-options";
import type { TCodeRuleSave } from "@/lib/system/code-rule-schemas";
import type { CodeRuleRow } from "@/lib/system/code-rules";

/** system/codeRule — document numbering rules with their next number. */
export function CodeRuleAdmin({ data }: { data: ListResult<CodeRuleRow> }) {
  const t = useTranslations("CodeRuleAdmin");
  const pattern = (p: string) => loose(t)(`options.datePattern.${p || "none"}`);
  return (
    <AdminList<CodeRuleRow, TCodeRuleSave>
      labels="CodeRuleAdmin"
      resource="codeRule"
      data={data}
      search={[
        { name: "keyword", type: "text", placeholder: t("keywordPlaceholder") },
        { name: "reset", type: "select", options: CODE_RESETS.map((r) => ({ value: r, label: t(`options.reset.${r}`) })) },
        { name: "enabled", type: "boolean" },
      ]}
      columns={[
        {
          key: "code",
          sortable: true,
          width: 110,
          render: (r) =>
            r.system ? (
              <>
                {r.code} <Tag>{t("system")}</Tag>
              </>
            ) : (
              r.code
            ),
        },
        { key: "name", kind: "localized", width: 160 },
        { key: "preview", width: 190, render: (r) => (r.exhausted ? <Tag color="red">{t("exhausted")}</Tag> : <code className="dp-code">{r.preview}</code>) },
        { key: "value", width: 90, align: "right" },
        { key: "period", width: 100 },
        { key: "enabled", kind: "bool", width: 80 },
        { key: "reset", width: 90, render: (r) => t(`options.reset.${r.reset}`) },
        { key: "prefix", width: 80 },
        { key: "datePattern", width: 130, render: (r) => pattern(r.datePattern) },
        { key: "seqLength", width: 100, align: "right" },
        { key: "updatedAt", kind: "dateTime", sortable: true, width: 180, defaultHidden: true },
      ]}
      scrollX={1400}
      form={{
        schema: () => import("@/lib/system/code-rule-schemas").then((m) => m.ZCodeRuleSave),
        save: saveCodeRuleAction,
        fields: { datePattern: { options: DATE_PATTERNS.map((p) => ({ value: p, label: pattern(p) })) }, reset: { hint: t("resetHint") } },
        defaults: { prefix: "", datePattern: "yyyyMMdd", seqLength: 6, reset: "DAILY", enabled: true },
        toValues: (r) => ({
          id: r.id,
          code: r.code,
          nameEn: r.nameEn,
          nameZh: r.nameZh,
          prefix: r.prefix,
          datePattern: r.datePattern as TCodeRuleSave["datePattern"],
          seqLength: r.seqLength,
          reset: r.reset,
          enabled: r.enabled,
        }),
      }}
      remove={{ action: deleteCodeRulesAction, name: (r) => r.code, deletable: (r) => !r.system }}
    />
  );
}
