"use client";

import { Form, Input, InputNumber, Select, Switch } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import type { VariableOption } from "@/lib/config/variable-admin";
import { variableDef, type VariableType } from "@/lib/config/variable-registry";
import { formValue } from "@/lib/config/variable-types";

// The drawer controls of system/systemVariableDefault and system/systemVariable, loaded when a
// drawer opens (next/dynamic in the screens), so antd's inputs stay out of the lists' first load.
// The control follows the variable's type (kept in the form as `type`): a number box, a switch,
// a JSON text area or a text box; it is checked on change with the rules the server applies.

type KeyField = "id" | "key";
const useTyped = (keyField: KeyField) => {
  const form = Form.useFormInstance();
  const type = Form.useWatch("type", { form, preserve: true }) as VariableType | undefined;
  const key = Form.useWatch(keyField, { form, preserve: true }) as string | undefined;
  return { type, key, def: key ? variableDef(key) : null };
};

type InputProps = { id?: string; value?: unknown; onChange?: (v: unknown) => void; keyField: KeyField };

export function VariableValueInput({ id, value, onChange, keyField }: InputProps) {
  const { type, def } = useTyped(keyField);
  const text = typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);
  if (type === "BOOLEAN") return <Switch id={id} checked={value === true} onChange={(v) => onChange?.(v)} />;
  if (type === "NUMBER")
    return <InputNumber id={id} value={typeof value === "number" ? value : null} onChange={(v) => onChange?.(v)} precision={def?.decimal ? undefined : 0} style={{ width: 220 }} />;
  if (type === "JSON")
    return <Input.TextArea id={id} value={text} onChange={(e) => onChange?.(e.target.value)} autoSize={{ minRows: 3, maxRows: 12 }} style={{ fontFamily: "monospace" }} />;
  return <Input id={id} value={text} onChange={(e) => onChange?.(e.target.value)} maxLength={def?.maxLength ?? 2000} />;
}

/** Under the value: what the variable is for and its allowed range. */
export function VariableValueHint({ keyField, describe }: { keyField: KeyField; describe: (key: string) => string | undefined }) {
  const t = useTranslations("VariableDefaultAdmin");
  const { key, def } = useTyped(keyField);
  if (!key) return null;
  return (
    <>
      <code className="dp-code">{key}</code> {describe(key)}
      {def?.min !== undefined && def.max !== undefined && <div>{t("range", { min: def.min, max: def.max })}</div>}
    </>
  );
}

/** Choosing the variable sets the form's type and starts from the platform value. */
export function VariableKeySelect({ id, value, onChange, options }: { id?: string; value?: string; onChange?: (v: string) => void; options: VariableOption[] }) {
  const form = Form.useFormInstance();
  const zh = useLocale() === "zh-CN";
  return (
    <Select
      id={id}
      value={value}
      showSearch={{ optionFilterProp: "label" }}
      options={options.map((v) => ({ value: v.key, label: `${v.key} — ${zh ? v.descriptionZh : v.descriptionEn}` }))}
      onChange={(key: string) => {
        onChange?.(key);
        const v = options.find((o) => o.key === key);
        if (v) form.setFieldsValue({ type: v.type, value: formValue(v.type, v.value) });
      }}
    />
  );
}
