"use client";

import { FormDrawerPanel } from "@/components/system/form-drawer";
import type { FormDrawerProps } from "@/components/system/admin-kit";
import { SchemaFields, type FieldOverride } from "./schema-form";

// The admin list's create/edit drawer with the fields generated from the schema: one chunk,
// loaded when the drawer first opens (admin-list.tsx), so the form controls (InputNumber,
// Switch, Select...) and the schema reading stay out of the list's first load.

export function SchemaDrawer<V extends object>({
  schema,
  labels,
  fields,
  order,
  ...drawer
}: Omit<FormDrawerProps<V>, "children"> & { schema: Parameters<typeof SchemaFields>[0]["schema"]; labels: string; fields?: Record<string, FieldOverride>; order?: string[] }) {
  return (
    <FormDrawerPanel<V> {...drawer}>
      <SchemaFields schema={schema} labels={labels} fields={fields} order={order} />
    </FormDrawerPanel>
  );
}
