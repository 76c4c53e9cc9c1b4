"use client";

import { Form, Select } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import type { CatalogOption, ModelOption } from "@/lib/mall/catalog/service";

// Car group and vehicle model pickers of the goods and model drawers (bound by Form.Item).
// Switched-off entries stay selectable only when already chosen, marked as off.

type Props<T> = { value?: number | null; onChange?: (v: number | null) => void; options: T[]; id?: string; allowClear?: boolean };

function useLabel() {
  const zh = useLocale() === "zh-CN";
  const t = useTranslations("GoodsAdmin");
  return (o: CatalogOption) => `${zh ? o.nameZh : o.nameEn} (${o.code})${o.enabled ? "" : ` · ${t("disabled")}`}`;
}

/** With `models`, a chosen model of another group is cleared when the group changes. */
export function GroupSelect({ value, onChange, options, id, allowClear = true, models }: Props<CatalogOption> & { models?: ModelOption[] }) {
  const label = useLabel();
  const t = useTranslations("Admin");
  const form = Form.useFormInstance();
  const change = (v: number | undefined) => {
    onChange?.(v ?? null);
    if (!models || !v) return;
    const model = models.find((m) => m.id === form.getFieldValue("vehicleModelId"));
    if (model && model.carGroupId !== v) form.setFieldValue("vehicleModelId", null);
  };
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={change}
      allowClear={allowClear}
      placeholder={t("all")}
      showSearch={{ optionFilterProp: "label" }}
      options={options.filter((o) => o.enabled || o.id === value).map((o) => ({ value: o.id, label: label(o) }))}
    />
  );
}

/** Models of the group chosen in the same form; choosing a model fills in its group. */
export function ModelSelect({ value, onChange, options, id, allowClear = true }: Props<ModelOption>) {
  const label = useLabel();
  const t = useTranslations("Admin");
  const form = Form.useFormInstance();
  const group = Form.useWatch("carGroupId", form) as number | null | undefined;
  const shown = options.filter((o) => (o.enabled || o.id === value) && (!group || o.carGroupId === group));
  return (
    <Select
      id={id}
      value={value ?? undefined}
      allowClear={allowClear}
      placeholder={t("all")}
      showSearch={{ optionFilterProp: "label" }}
      options={shown.map((o) => ({ value: o.id, label: label(o) }))}
      onChange={(v: number | undefined) => {
        onChange?.(v ?? null);
        const model = options.find((o) => o.id === v);
        if (model && model.carGroupId !== group) form.setFieldValue("carGroupId", model.carGroupId);
      }}
    />
  );
}
