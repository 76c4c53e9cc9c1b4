"use client";

import { useTranslations } from "next-intl";
import { SchemaDrawer } from "@/components/admin/schema-drawer";
import { useFormAction } from "@/components/system/admin-kit";
import { saveRulesAction } from "@/lib/members/actions";
import type { TRuleSave } from "@/lib/members/schemas";

// The point rules' drawer, loaded on its first opening (./rules-actions.tsx): the fields
// generated from ZRuleSave (loaded with the drawer), rates with four decimals.

const loadSchema = () => import("@/lib/members/schemas").then((m) => m.ZRuleSave);
const rate = { props: { precision: 4, step: 0.01 } };

export function RulesDrawer({ values, onClose }: { values: Partial<TRuleSave> | null; onClose: () => void }) {
  const t = useTranslations("Members.rules");
  const submit = useFormAction("Members.fields");
  return (
    <SchemaDrawer<TRuleSave>
      title={t("editTitle")}
      open={!!values}
      values={values}
      onClose={onClose}
      testId="rules-drawer"
      onSubmit={async (v, form, schema) => !!(await submit(form, schema, saveRulesAction, { ...v }, t("saved")))}
      schema={loadSchema}
      labels="Members"
      order={["vehicleRate", "counterRate", "redeemValue", "expiryMonths"]}
      fields={{ vehicleRate: rate, counterRate: rate, redeemValue: rate, expiryMonths: { props: { precision: 0 } } }}
    />
  );
}
