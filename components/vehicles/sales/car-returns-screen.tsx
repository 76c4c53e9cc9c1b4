"use client";

import { useLocale } from "next-intl";
import { AdminList } from "@/components/admin/admin-list";
import type { ListResult } from "@/lib/admin/resource";
import type { CarReturnRow } from "@/lib/vehicles/sales/lists";
import { ReturnRecorder } from "./return-recorder";

/** car/carReturn — "Record a return" (with the permission) above the company's returns. */
export function CarReturnsScreen({ data, canReturn }: { data: ListResult<CarReturnRow>; canReturn: boolean }) {
  const zh = useLocale() === "zh-CN";
  return (
    <AdminList<CarReturnRow>
      labels="CarReturns"
      resource="carReturns"
      data={data}
      header={canReturn ? <ReturnRecorder /> : undefined}
      search={[
        { name: "vin", type: "text" },
        { name: "returnedAt", type: "dateRange" },
      ]}
      columns={[
        { key: "vin", width: 190, render: (r) => <span data-testid="return-row-vin">{r.vin}</span> },
        { key: "carType", width: 200, render: (r) => [zh ? r.modelZh : r.modelEn, r.config].filter(Boolean).join(" · ") },
        { key: "soldAt", width: 160 },
        { key: "returnedAt", sortable: true, width: 160 },
        { key: "reason", width: 260, ellipsis: true },
        { key: "returnedBy", width: 120 },
        { key: "recordedAt", width: 160, defaultHidden: true },
      ]}
      scrollX={1200}
    />
  );
}
