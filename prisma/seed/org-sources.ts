import { db } from "@/lib/db";

// Dealer types (system/orgSource). Created when missing; administrators' edits are kept.
export const orgSources = [
  { code: "4S", nameEn: "4S store", nameZh: "4S 店", sort: 10, remark: "Sales, service, spare parts and surveys under one roof." },
  { code: "SECONDARY", nameEn: "Secondary network", nameZh: "二级网点", sort: 20, remark: "Sells through a 4S store of its area." },
  { code: "SERVICE", nameEn: "Service station", nameZh: "服务站", sort: 30, remark: "After-sales service and parts only." },
  { code: "SHOWROOM", nameEn: "City showroom", nameZh: "城市展厅", sort: 40, remark: null },
] as const;

export async function seedOrgSources(): Promise<Map<string, number>> {
  for (const o of orgSources) await db().orgSource.upsert({ where: { code: o.code }, create: o, update: {} });
  const rows = await db().orgSource.findMany({ select: { id: true, code: true } });
  return new Map(rows.map((r) => [r.code, r.id]));
}
