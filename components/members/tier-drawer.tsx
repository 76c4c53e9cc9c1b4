"use client";

import { useTranslations } from "next-intl";
import { SchemaDrawer } from "@/components/admin/schema-drawer";
import { useFormAction } from "@/components/system/admin-kit";
import { saveTierAction } from "@/lib/members/actions";
import type { TTierSave } from "@/lib/members/schemas";

// The tier's create/edit drawer, loaded on its first opening (./tier-actions.tsx): the fields
// generated from ZTierSave (loaded with the drawer), the discount with two decimals.

const loadSchema = () => import("@/lib/members/schemas").then((m) => m.ZTierSave);

type Props = { values: Partial<TTierSave> | null; onClose: () => void };

export function TierDrawer({ values, onClose }: Props) {
  const t = useTranslations("Members.tiers");
  const submit = useFormAction("Members.fields");
  return (
    <SchemaDrawer<TTierSave>
      title={values?.id ? t("editTitle", { code: values.code ?? "" }) : t("createTitle")}
      open={!!values}
      values={values}
      onClose={onClose}
      testId="tier-drawer"
      onSubmit={async (v, form, schema) => !!(await submit(form, schema, saveTierAction, { ...v, id: values?.id }, t("saved")))}
      schema={loadSchema}
      labels="Members"
      order={["code", "nameEn", "nameZh", "threshold", "discountPct", "benefitsEn", "benefitsZh", "enabled"]}
      fields={{
        threshold: { props: { precision: 0, step: 100 } },
        discountPct: { props: { precision: 2, step: 0.5 } },
        benefitsEn: { widget: "textarea" },
        benefitsZh: { widget: "textarea" },
      }}
    />
  );
}
