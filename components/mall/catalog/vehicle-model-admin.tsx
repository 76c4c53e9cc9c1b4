"use client";

import { useLocale, useTranslations } from "next-intl";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import { AdminList } from "@/components/admin/admin-list";
import type { ListResult } from "@/lib/admin/resource";
import { countText } from "@/lib/list/keyset";
import { deleteVehicleModelsAction, saveVehicleModelAction } from "@/lib/mall/catalog/actions";
import type { TVehicleModelSave } from "@/lib/mall/catalog/schemas";
import type { CatalogOption, VehicleModelRow } from "@/lib/mall/catalog/service";

// The group picker is a drawer control: it loads when the drawer opens.
const GroupSelect = antdDynamic(() => import("./catalog-selects").then((m) => m.GroupSelect));

/** onlineMall/car/vehicleModel — car types of a group, with their warranty months. A model with
 * goods or vehicles cannot be deleted. */
export function VehicleModelAdmin({ data }: { data: ListResult<VehicleModelRow> & { groups: CatalogOption[] } }) {
  const t = useTranslations("VehicleModelAdmin");
  const zh = useLocale() === "zh-CN";
  return (
    <AdminList<VehicleModelRow, TVehicleModelSave>
      labels="VehicleModelAdmin"
      data={data}
      search={[
        { name: "keyword", type: "text", placeholder: t("keywordPlaceholder") },
        { name: "carGroupId", type: "select", options: data.groups.map((g) => ({ value: String(g.id), label: zh ? g.nameZh : g.nameEn })), width: 180 },
        { name: "enabled", type: "boolean" },
      ]}
      columns={[
        { key: "code", sortable: true, width: 140 },
        { key: "name", kind: "localized", width: 220 },
        { key: "carGroupId", width: 180, render: (r) => (zh ? r.carGroup.nameZh : r.carGroup.nameEn) },
        { key: "warrantyMonths", width: 130, align: "right", render: (r) => r.warrantyMonths ?? t("warrantyDefault") },
        { key: "sort", sortable: true, width: 90, align: "right" },
        { key: "enabled", kind: "bool", width: 90 },
        { key: "goods", width: 90, align: "right", render: (r) => countText(r.goods) },
        { key: "vehicles", width: 90, align: "right", render: (r) => countText(r.vehicles) },
        { key: "updatedAt", kind: "dateTime", sortable: true, width: 180, defaultHidden: true },
      ]}
      form={{
        schema: () => import("@/lib/mall/catalog/schemas").then((m) => m.ZVehicleModelSave),
        save: saveVehicleModelAction,
        defaults: { sort: 0, enabled: true, warrantyMonths: null },
        toValues: (r) => ({
          id: r.id,
          code: r.code,
          carGroupId: r.carGroupId,
          nameEn: r.nameEn,
          nameZh: r.nameZh,
          warrantyMonths: r.warrantyMonths,
          sort: r.sort,
          enabled: r.enabled,
        }),
        fields: { carGroupId: { control: <GroupSelect options={data.groups} allowClear={false} /> }, warrantyMonths: { hint: t("warrantyHint") } },
      }}
      remove={{ action: deleteVehicleModelsAction, name: (r) => r.code }}
      scrollX={1100}
    />
  );
}
