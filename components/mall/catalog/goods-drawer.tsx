"use client";

import { useLooseTranslations } from "@/lib/i18n/loose";
import { useTranslations } from "next-intl";
import { SchemaDrawer } from "@/components/admin/schema-drawer";
import { useFormAction } from "@/components/system/admin-kit";
import { LazyUploadField } from "@/components/uploads/lazy-upload-field";
import { savePartsGoodsAction, saveVehicleGoodsAction } from "@/lib/mall/goods/actions";
import { MAX_PICTURES, ZGoodsSave, type TGoodsSave } from "@/lib/mall/goods/schemas";
import { GroupSelect, ModelSelect } from "./catalog-selects";
import type { GoodsFormSetup } from "./goods-actions";

// The goods create/edit drawer of the goods_bak screens, loaded on its first opening
// (./goods-actions.tsx): the fields generated from the action's schema with the car group and
// model pickers and the pictures' upload field.

const ORDER = [
  "kind",
  "code",
  "nameEn",
  "nameZh",
  "carGroupId",
  "vehicleModelId",
  "config",
  "specification",
  "partsCategory",
  "price",
  "stock",
  "minOrderQty",
  "onSale",
  "sort",
  "remark",
  "pictures",
];

type Props = { which: "vehicle" | "parts"; setup: GoodsFormSetup; values: (Partial<TGoodsSave> & { id?: number }) | null; onClose: () => void };

export function GoodsDrawer({ which, setup, values, onClose }: Props) {
  const labels = which === "vehicle" ? "VehicleGoodsAdmin" : "PartsGoodsAdmin";
  const t = useTranslations("GoodsAdmin");
  const tl = useLooseTranslations(labels);
  const submit = useFormAction(`${labels}.fields`);
  const vehicle = which === "vehicle";
  return (
    <SchemaDrawer<TGoodsSave>
      title={values?.id ? tl("editTitle") : tl("createTitle")}
      open={!!values}
      values={values}
      onClose={onClose}
      size={640}
      testId="edit-drawer"
      onSubmit={async (v, form) => !!(await submit(form, ZGoodsSave, vehicle ? saveVehicleGoodsAction : savePartsGoodsAction, { ...v, id: values?.id }))}
      schema={ZGoodsSave}
      labels={labels}
      order={ORDER}
      fields={{
        kind: vehicle ? { hidden: true } : { options: setup.kinds.map((k) => ({ value: k, label: t(`options.kind.${k}`) })) },
        carGroupId: { control: <GroupSelect options={setup.groups} models={setup.models} /> },
        vehicleModelId: { control: <ModelSelect options={setup.models} />, hint: vehicle ? undefined : t("modelOptional"), itemProps: vehicle ? { required: true } : undefined },
        // Parts and derivative goods only: the enabled parts categories (a category disabled since
        // still shows as its value until changed).
        partsCategory: vehicle ? { hidden: true } : { widget: "select", options: setup.categories, hint: t("categoryHint") },
        price: { placeholder: "0.00", hint: t("priceHint") },
        stock: { hint: vehicle ? t("vehicleStockHint") : undefined },
        remark: { widget: "textarea" },
        stockSeen: { hidden: true },
        pictures: { control: <LazyUploadField kind="IMAGE" rule={setup.imageRule} max={MAX_PICTURES} />, hint: t("picturesHint") },
      }}
    />
  );
}
