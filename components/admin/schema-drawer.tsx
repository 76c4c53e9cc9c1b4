"use client";

import { Form, type FormInstance } from "antd";
import "@/components/providers/antd-css";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { FormDrawerPanel } from "@/components/system/form-drawer";
import type { FormDrawerProps } from "@/components/system/admin-kit";
import { SchemaFields, type FieldOverride } from "./schema-form";

// The admin list's create/edit drawer with the fields generated from the schema: one chunk,
// loaded when the drawer first opens (admin-list.tsx), so the form (antd Form and its field
// store), the controls (InputNumber, Switch, Select...) and the schema reading stay out of the
// list's first load. It owns the form: each new `values` (an opening) resets it to them.

/** The form's zod schema, or a loader of it: a screen that passes
 * `() => import("@/lib/<area>/schemas").then((m) => m.ZSave)` keeps zod out of its first load. */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);

type Props<V extends object> = Omit<FormDrawerProps<V>, "children" | "form" | "onSubmit" | "initialValues"> & {
  schema: SchemaSource;
  labels: string;
  fields?: Record<string, FieldOverride>;
  order?: string[];
  /** The record being edited (or a new record's defaults); a new object reopens the form. */
  values: Partial<V> | null;
  onSubmit: (values: V, form: FormInstance, schema: z.ZodType) => Promise<boolean>;
};

export function SchemaDrawer<V extends object>({ schema: source, labels, fields, order, values, onSubmit, ...drawer }: Props<V>) {
  const [form] = Form.useForm<V>();
  const [loaded, setLoaded] = useState<z.ZodType | null>(null);
  const schema = typeof source === "function" ? loaded : source;
  useEffect(() => {
    if (typeof source === "function") void source().then((s) => setLoaded(() => s));
  }, [source]);
  useEffect(() => {
    if (!values) return;
    form.resetFields();
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, values]);
  return (
    <FormDrawerPanel<V> {...drawer} form={form} onSubmit={async (v) => !!schema && onSubmit(v, form, schema)}>
      {schema && <SchemaFields schema={schema} labels={labels} fields={fields} order={order} />}
    </FormDrawerPanel>
  );
}
