"use client";

import { useTranslations } from "next-intl";
import { SchemaDrawer } from "@/components/admin/schema-drawer";
import { useFormAction } from "@/components/system/admin-kit";
import { saveOutletAction } from "@/lib/wms/pos/actions";
import { OUTLET_KINDS, ZOutletSave, type TOutletSave } from "@/lib/wms/pos/schemas";
import type { WarehouseOption } from "@/lib/wms/pos/queries";

// The outlet's create/edit drawer, loaded on its first opening (./pos-actions.tsx): the fields
// generated from the action's schema, the kind and the warehouse (the company's enabled ones) as
// selects.

type Props = { values: Partial<TOutletSave> | null; warehouses: WarehouseOption[]; onClose: () => void };

export function OutletDrawer({ values, warehouses, onClose }: Props) {
  const t = useTranslations("WmsPos");
  const tw = useTranslations("Wms.outletKinds");
  const submit = useFormAction("WmsPos.fields");
  return (
    <SchemaDrawer<TOutletSave>
      title={values?.id ? t("editTitle", { code: values.code ?? "" }) : t("createTitle")}
      open={!!values}
      values={values}
      onClose={onClose}
      testId="pos-drawer"
      onSubmit={async (v, form) => !!(await submit(form, ZOutletSave, saveOutletAction, { ...v, id: values?.id }, t("saved")))}
      schema={ZOutletSave}
      labels="WmsPos"
      order={["code", "name", "kind", "warehouseId", "address", "contact", "phone", "enabled"]}
      fields={{
        kind: { widget: "select", options: OUTLET_KINDS.map((k) => ({ value: k, label: tw(k) })) },
        warehouseId: { widget: "select", options: warehouses.map((w) => ({ value: w.id, label: `${w.code} ${w.name}` })) },
        address: { widget: "textarea" },
      }}
    />
  );
}
