"use client";

import { useTranslations } from "next-intl";
import { SchemaDrawer } from "@/components/admin/schema-drawer";
import { useFormAction } from "@/components/system/admin-kit";
import { RegionCascader } from "@/components/ui/region-cascader";
import { saveAddressAction } from "@/lib/mall/addresses/actions";
import { ZAddressSave, type TAddressSave } from "@/lib/mall/addresses/schemas";
import type { AreaNode } from "@/lib/mall/addresses/service";

// The address book's create/edit drawer, loaded on its first opening (./address-actions.tsx):
// the fields generated from the action's schema, as the admin pattern draws them, with the
// region cascader for the area and a text area for the address.

type Props = { values: (Partial<TAddressSave> & { id?: number }) | null; known: AreaNode[]; onClose: () => void };

export function AddressDrawer({ values, known, onClose }: Props) {
  const t = useTranslations("AddressBook");
  const submit = useFormAction("AddressBook.fields");
  return (
    <SchemaDrawer<TAddressSave>
      title={values?.id ? t("editTitle") : t("createTitle")}
      open={!!values}
      values={values}
      onClose={onClose}
      testId="edit-drawer"
      onSubmit={async (v, form) => !!(await submit(form, ZAddressSave, saveAddressAction, { ...v, id: values?.id }))}
      schema={ZAddressSave}
      labels="AddressBook"
      fields={{ area: { control: <RegionCascader path={known} changeOnSelect={false} /> }, address: { widget: "textarea" } }}
    />
  );
}
