"use client";

import { Form, type FormInstance } from "antd";
import { useEffect } from "react";
import { FormDrawerPanel } from "@/components/system/form-drawer";
import type { FormDrawerProps } from "@/components/system/admin-kit";
import { SchemaFields, type FieldOverride } from "./schema-form";

// The admin list's create/edit drawer with the fields generated from the schema: one chunk,
// loaded when the drawer first opens (admin-list.tsx), so the form (antd Form and its field
// store), the controls (InputNumber, Switch, Select...) and the schema reading stay out of the
// list's first load. It owns the form: each new `values` (an opening) resets it to them.

type Props<V extends object> = Omit<FormDrawerProps<V>, "children" | "form" | "onSubmit" | "initialValues"> & {
  schema: Parameters<typeof SchemaFields>[0]["schema"];
  labels: string;
  fields?: Record<string, FieldOverride>;
  order?: string[];
  /** The record being edited (or a new record's defaults); a new object reopens the form. */
  values: Partial<V> | null;
  onSubmit: (values: V, form: FormInstance) => Promise<boolean>;
};

export function SchemaDrawer<V extends object>({ schema, labels, fields, order, values, onSubmit, ...drawer }: Props<V>) {
  const [form] = Form.useForm<V>();
  useEffect(() => {
    if (!values) return;
    form.resetFields();
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, values]);
  return (
    <FormDrawerPanel<V> {...drawer} form={form} onSubmit={(v) => onSubmit(v, form)}>
      <SchemaFields schema={schema} labels={labels} fields={fields} order={order} />
    </FormDrawerPanel>
  );
}
