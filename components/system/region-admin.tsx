"use client";

import { antdDynamic } from "@/components/providers/antd-dynamic";
import { loose } from "@/lib/i18n/loose";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { AdminList } from "@/components/admin/admin-list";
import { deleteRegionsAction, saveRegionAction } from "@/lib/system/region-actions";
import { REGION_LEVELS } from "@/lib/system/region-levels";
import type { RegionNode, TRegionSave } from "@/lib/system/region-schemas";
import type { RegionAdminData, RegionRow } from "@/lib/system/regions";

// The parent picker is a drawer control: it loads when the drawer opens.
const RegionCascader = antdDynamic(() => import("@/components/ui/region-cascader").then((m) => m.RegionCascader));

/** system/regionArea — provinces, cities and districts, one level at a time. */
export function RegionAdmin({ data: { list, chain } }: { data: RegionAdminData }) {
  const t = useTranslations("RegionAdmin");
  const zh = useLocale() === "zh-CN";
  const router = useRouter();
  const pathname = usePathname();
  const name = (n: RegionNode) => (zh ? n.nameZh : n.nameEn);
  const levels = REGION_LEVELS.map((l) => ({ value: l, label: t(`levels.${l}`) }));
  const parent = chain.at(-1);
  const href = (id?: number) => (id ? `/system/regionArea?parent=${id}` : "/system/regionArea");
  return (
    <AdminList<RegionRow, TRegionSave>
      labels="RegionAdmin"
      resource="regionArea"
      data={list}
      header={
        chain.length > 0 && (
          <nav aria-label={t("breadcrumb")} style={{ marginBottom: 16 }} data-testid="region-breadcrumb">
            <ol className="dp-breadcrumb">
              <li>
                <Link href={href()}>{t("allProvinces")}</Link>
              </li>
              {chain.map((n, i) => (
                <li key={n.id} aria-current={i === chain.length - 1 ? "page" : undefined}>
                  {i < chain.length - 1 ? <Link href={href(n.id)}>{name(n)}</Link> : name(n)}
                </li>
              ))}
            </ol>
          </nav>
        )
      }
      search={[
        { name: "keyword", type: "text", placeholder: t("keywordPlaceholder") },
        { name: "level", type: "select", options: levels.map((l) => ({ value: String(l.value), label: l.label })) },
        { name: "enabled", type: "boolean" },
      ]}
      columns={[
        { key: "code", sortable: true, width: 100 },
        { key: "name", kind: "localized", width: 180 },
        { key: "level", width: 90, render: (r) => loose(t)(`levels.${r.level}`) },
        { key: "parent", width: 200, render: (r) => r.path.map(name).join(" / ") || "—" },
        { key: "subAreas", width: 90, align: "right" },
        { key: "companies", width: 80, align: "right" },
        { key: "sort", sortable: true, width: 80, align: "right" },
        { key: "enabled", kind: "bool", width: 80 },
        { key: "updatedAt", kind: "dateTime", sortable: true, width: 180, defaultHidden: true },
      ]}
      form={{
        schema: () => import("@/lib/system/region-schemas").then((m) => m.ZRegionSave),
        save: saveRegionAction,
        order: ["code", "level", "parentPath", "nameEn", "nameZh", "sort", "enabled"],
        fields: {
          level: { widget: "select", options: levels },
          parentPath: {
            control: <RegionCascader path={[...chain, ...list.rows.flatMap((r) => r.path)]} maxLevel={2} changeOnSelect placeholder={t("noParent")} />,
            hint: t("parentHint"),
          },
        },
        defaults: { level: Math.min((parent?.level ?? 0) + 1, 3), parentPath: chain.map((n) => n.id), sort: 0, enabled: true },
        toValues: (r) => ({ id: r.id, code: r.code, level: r.level, parentPath: r.path.map((n) => n.id), nameEn: r.nameEn, nameZh: r.nameZh, sort: r.sort, enabled: r.enabled }),
      }}
      remove={{ action: deleteRegionsAction, name: (r) => `${r.code} ${name(r)}`, deletable: (r) => r.subAreas === 0 && r.companies === 0 }}
      rowActions={(r) => [{ key: "children", label: t("subAreas"), hidden: r.level >= 3, onClick: () => router.push(`${pathname}?parent=${r.id}`) }]}
    />
  );
}
