import { db } from "@/lib/db";
import type { WarehouseType } from "@/lib/generated/prisma/client";

// Demo warehouses (customerWms/warehouse): D001 keeps parts and cars apart, D002 one mixed
// warehouse. Upserted by code, so a second seed changes nothing; a warehouse becomes the default
// only while its company has none (one default per company: a partial unique index). No stock:
// stock arrives through documents (lib/wms/documents.ts), seeded elsewhere.

const demo: Record<string, { code: string; name: string; type: WarehouseType; isDefault: boolean; keeper: string; phone: string; address: string; locations: string[] }[]> = {
  D001: [
    {
      code: "SH-PARTS",
      name: "Shanghai parts warehouse",
      type: "PARTS",
      isDefault: true,
      keeper: "Li Wei",
      phone: "13800000001",
      address: "No. 88 Zhangjiang Road, Building 3",
      locations: ["A-01", "A-02", "B-01"],
    },
    {
      code: "SH-CARS",
      name: "Shanghai vehicle yard",
      type: "VEHICLE",
      isDefault: false,
      keeper: "Li Wei",
      phone: "13800000001",
      address: "No. 1200 Caoxi North Road",
      locations: ["P-01", "P-02", "P-03", "P-04"],
    },
  ],
  D002: [
    {
      code: "BJ-MAIN",
      name: "Beijing main warehouse",
      type: "MIXED",
      isDefault: true,
      keeper: "Zhang Min",
      phone: "13800000002",
      address: "No. 6 Jiuxianqiao Road",
      locations: ["A-01", "A-02"],
    },
  ],
};

export async function seedWarehouses(): Promise<void> {
  const prisma = db();
  const companies = await prisma.company.findMany({ where: { code: { in: Object.keys(demo) } }, select: { id: true, code: true } });
  for (const c of companies) {
    for (const w of demo[c.code] ?? []) {
      const hasDefault = w.isDefault && (await prisma.warehouse.count({ where: { companyId: c.id, isDefault: true } })) > 0;
      const { locations, ...fields } = w;
      const row = await prisma.warehouse.upsert({
        where: { companyId_code: { companyId: c.id, code: w.code } },
        create: { ...fields, isDefault: w.isDefault && !hasDefault, companyId: c.id },
        update: {},
      });
      for (const code of locations)
        await prisma.warehouseLocation.upsert({ where: { warehouseId_code: { warehouseId: row.id, code } }, create: { warehouseId: row.id, code }, update: {} });
    }
  }
}
