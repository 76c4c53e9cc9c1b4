"use client";

import { Tag } from "antd";
import { useLocale, useTranslations } from "next-intl";
import { AdminList } from "@/components/admin/admin-list";
import type { ListResult } from "@/lib/admin/resource";
import type { DictItemView } from "@/lib/dict/items";
import type { VehicleSaleRow } from "@/lib/vehicles/sales/lists";
import { SaleRecorder } from "./sale-recorder";

/** car/vehicleSales — "Record a sale" (with the permission) above the company's sales. */
export function VehicleSalesScreen({ data, canSell, idTypes, sexes }: { data: ListResult<VehicleSaleRow>; canSell: boolean; idTypes: DictItemView[]; sexes: DictItemView[] }) {
  const t = useTranslations("VehicleSales");
  const zh = useLocale() === "zh-CN";
  return (
    <AdminList<VehicleSaleRow>
      labels="VehicleSales"
      resource="vehicleSales"
      data={data}
      header={canSell ? <SaleRecorder idTypes={idTypes} sexes={sexes} /> : undefined}
      search={[
        { name: "vin", type: "text" },
        { name: "ownerName", type: "text" },
        { name: "soldAt", type: "dateRange" },
        { name: "returned", type: "boolean" },
      ]}
      columns={[
        { key: "vin", width: 190, render: (r) => <span data-testid="sale-row-vin">{r.vin}</span> },
        { key: "carType", width: 200, render: (r) => [zh ? r.modelZh : r.modelEn, r.config].filter(Boolean).join(" · ") },
        { key: "soldAt", sortable: true, width: 160 },
        { key: "ownerName", width: 120 },
        { key: "phone", width: 130 },
        { key: "sex", width: 70, render: (r) => (r.sex ? (zh ? r.sex.zh : r.sex.en) : "—") },
        { key: "age", width: 70, align: "right" },
        { key: "idType", width: 130, render: (r) => (zh ? r.idType.zh : r.idType.en) },
        { key: "idNumber", width: 190, render: (r) => <span data-testid="sale-row-id">{r.idNumber}</span> },
        { key: "warrantyStart", width: 120 },
        { key: "warrantyEnd", width: 120 },
        { key: "createdBy", width: 120 },
        {
          key: "status",
          width: 100,
          render: (r) =>
            r.returned ? (
              <Tag color="orange" data-testid="sale-row-status">
                {t("status.returned")}
              </Tag>
            ) : (
              <Tag color="green" data-testid="sale-row-status">
                {t("status.sold")}
              </Tag>
            ),
        },
        { key: "returnedAt", width: 160, defaultHidden: true },
      ]}
      scrollX={1900}
    />
  );
}
