"use client";

import { useTranslations } from "next-intl";
import { AdminList } from "@/components/admin/admin-list";
import type { ListResult } from "@/lib/admin/resource";
import { countText } from "@/lib/list/keyset";
import { deleteCarGroupsAction, saveCarGroupAction } from "@/lib/mall/catalog/actions";
import type { TCarGroupSave } from "@/lib/mall/catalog/schemas";
import type { CarGroupRow } from "@/lib/mall/catalog/service";

/** onlineMall/car/carGroup — vehicle series. A group with models or goods cannot be deleted. */
export function CarGroupAdmin({ data }: { data: ListResult<CarGroupRow> }) {
  const t = useTranslations("CarGroupAdmin");
  return (
    <AdminList<CarGroupRow, TCarGroupSave>
      labels="CarGroupAdmin"
      data={data}
      search={[
        { name: "keyword", type: "text", placeholder: t("keywordPlaceholder") },
        { name: "enabled", type: "boolean" },
      ]}
      columns={[
        { key: "code", sortable: true, width: 140 },
        { key: "name", kind: "localized", width: 220 },
        { key: "sort", sortable: true, width: 90, align: "right" },
        { key: "enabled", kind: "bool", width: 90 },
        { key: "models", width: 90, align: "right" },
        { key: "goods", width: 90, align: "right", render: (r) => countText(r.goods) },
        { key: "updatedAt", kind: "dateTime", sortable: true, width: 180 },
      ]}
      form={{
        schema: () => import("@/lib/mall/catalog/schemas").then((m) => m.ZCarGroupSave),
        save: saveCarGroupAction,
        defaults: { sort: 0, enabled: true },
        toValues: (r) => ({ id: r.id, code: r.code, nameEn: r.nameEn, nameZh: r.nameZh, sort: r.sort, enabled: r.enabled }),
      }}
      remove={{ action: deleteCarGroupsAction, name: (r) => r.code }}
    />
  );
}
