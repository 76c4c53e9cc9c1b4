"use client";

import { useTranslations } from "next-intl";
import { SchemaDrawer } from "@/components/admin/schema-drawer";
import { useFormAction } from "@/components/system/admin-kit";
import { saveLocationAction, saveWarehouseAction } from "@/lib/wms/warehouses/actions";
import { WAREHOUSE_TYPES } from "@/lib/wms/warehouses/options";
import { ZLocationSave, ZWarehouseSave, type TLocationSave, type TWarehouseSave } from "@/lib/wms/warehouses/schemas";

// The warehouse screen's create/edit drawers, loaded on their first opening
// (./warehouse-actions.tsx): the fields generated from the actions' schemas, as the admin
// pattern draws them; the type's choices are labelled by Wms.warehouseTypes.

export type WarehouseValues = Partial<TWarehouseSave> & { id?: number };
export type LocationValues = Partial<TLocationSave> & { id?: number };

export function WarehouseDrawer({ values, onClose }: { values: WarehouseValues | null; onClose: () => void }) {
  const t = useTranslations("WmsWarehouses");
  const tw = useTranslations("Wms.warehouseTypes");
  const submit = useFormAction("WmsWarehouses.fields");
  return (
    <SchemaDrawer<TWarehouseSave>
      title={values?.id ? t("editTitle", { code: values.code ?? "" }) : t("createTitle")}
      open={!!values}
      values={values}
      onClose={onClose}
      testId="warehouse-drawer"
      onSubmit={async (v, form) => !!(await submit(form, ZWarehouseSave, saveWarehouseAction, { ...v, id: values?.id }))}
      schema={ZWarehouseSave}
      labels="WmsWarehouses"
      order={["code", "name", "type", "keeper", "phone", "address"]}
      fields={{ type: { options: WAREHOUSE_TYPES.map((v) => ({ value: v, label: tw(v) })) }, address: { widget: "textarea" } }}
    />
  );
}

export function LocationDrawer({ values, warehouse, onClose }: { values: LocationValues | null; warehouse: string; onClose: () => void }) {
  const t = useTranslations("WmsWarehouses");
  const submit = useFormAction("WmsWarehouses.fields");
  return (
    <SchemaDrawer<TLocationSave>
      title={values?.id ? t("locationEditTitle", { code: values.code ?? "" }) : t("locationCreateTitle", { warehouse })}
      open={!!values}
      values={values}
      onClose={onClose}
      testId="location-drawer"
      onSubmit={async (v, form) => !!(await submit(form, ZLocationSave, saveLocationAction, { ...v, id: values?.id, warehouseId: values?.warehouseId }))}
      schema={ZLocationSave}
      labels="WmsWarehouses"
      fields={{ warehouseId: { hidden: true } }}
    />
  );
}
