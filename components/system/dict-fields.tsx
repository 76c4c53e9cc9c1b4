"use client";

import { Form, Input, Tag, type InputProps } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import { SchemaFields } from "@/components/admin/schema-form";
import { useFormAction } from "@/components/system/admin-kit";
import { FormDrawerPanel } from "@/components/system/form-drawer";
import { saveDictItemAction } from "@/lib/system/dict-actions";
import { DICT_COLORS, ZDictItemSave, type TDictItemSave } from "@/lib/system/dict-schemas";
import type { DictItemRow, DictTypeRow } from "@/lib/system/dictionaries";

// system/systemCode's drawer parts, loaded when a drawer first opens (dict-admin.tsx): the
// type's code field and the item drawer with its form.

/** The code field: fixed (and saying so) while a system type is edited. */
export function TypeCodeInput({ systemIds, hint, ...props }: InputProps & { systemIds: ReadonlySet<number>; hint: string }) {
  const id = Form.useWatch<number | undefined>("id", { preserve: true });
  const locked = id !== undefined && systemIds.has(id);
  return (
    <>
      <Input maxLength={64} {...props} disabled={locked} />
      {locked && <div className="ant-form-item-extra">{hint}</div>}
    </>
  );
}

/** The item being edited (null: a new one) and the form's starting values. */
export type DictItemEditing = { row: DictItemRow | null; values: Partial<TDictItemSave> };

/** Adds or edits an item of `type`; each new `editing` resets the form to that item. */
export function DictItemDrawer({ type, editing, onClose }: { type: DictTypeRow; editing: DictItemEditing | null; onClose: () => void }) {
  const t = useTranslations("DictAdmin");
  const zh = useLocale() === "zh-CN";
  const [form] = Form.useForm<TDictItemSave>();
  const submit = useFormAction("DictAdmin.fields");
  const name = zh ? type.nameZh : type.nameEn;
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(editing.values);
  }, [editing, form]);
  const locked = !!editing?.row?.locked;
  return (
    <FormDrawerPanel<TDictItemSave>
      title={t(editing?.row ? "itemEditTitle" : "itemCreateTitle", { name })}
      open={!!editing}
      form={form}
      onClose={onClose}
      testId="item-drawer"
      onSubmit={async (v) => !!(await submit(form, ZDictItemSave, saveDictItemAction, { ...v, id: editing?.row?.id, typeId: type.id }))}
    >
      <SchemaFields
        schema={ZDictItemSave}
        labels="DictAdmin"
        exclude={["id", "typeId"]}
        fields={{
          value: { disabled: locked, hint: locked ? t("lockedHint") : undefined },
          color: { options: DICT_COLORS.map((c) => ({ value: c, label: <Tag color={c}>{t(`options.color.${c}`)}</Tag> })), props: { virtual: false, listHeight: 320 } },
        }}
      />
    </FormDrawerPanel>
  );
}
