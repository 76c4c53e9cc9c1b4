"use client";

import { useTranslations } from "next-intl";
import { AdminList } from "@/components/admin/admin-list";
import type { ListResult } from "@/lib/admin/resource";
import { deleteOrgSourcesAction, saveOrgSourceAction } from "@/lib/system/org-source-actions";
import type { TOrgSourceSave } from "@/lib/system/org-source-schemas";
import type { OrgSourceRow } from "@/lib/system/org-source";

/** system/orgSource — dealer types. */
export function OrgSourceAdmin({ data }: { data: ListResult<OrgSourceRow> }) {
  const t = useTranslations("OrgSourceAdmin");
  return (
    <AdminList<OrgSourceRow, TOrgSourceSave>
      labels="OrgSourceAdmin"
      resource="orgSource"
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
        { key: "companies", width: 90, align: "right" },
        { key: "remark", ellipsis: true, defaultHidden: true },
        { key: "updatedAt", kind: "dateTime", sortable: true, width: 180 },
      ]}
      form={{
        schema: () => import("@/lib/system/org-source-schemas").then((m) => m.ZOrgSourceSave),
        save: saveOrgSourceAction,
        defaults: { sort: 0, enabled: true },
        toValues: (r) => ({ id: r.id, code: r.code, nameEn: r.nameEn, nameZh: r.nameZh, sort: r.sort, enabled: r.enabled, remark: r.remark }),
      }}
      remove={{ action: deleteOrgSourcesAction, name: (r) => r.code, deletable: (r) => r.companies === 0 }}
    />
  );
}
