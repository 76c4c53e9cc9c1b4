import { db } from "@/lib/db";

// Numbering rules of the platform's documents (system/codeRule), e.g. SO20261121000001.
// Created when missing; administrators' edits are kept. They are the system rules
// (lib/system/code-rule-schemas.ts SYSTEM_CODE_RULES): editable, never deleted.
const rules: { code: string; nameEn: string; nameZh: string }[] = [
  { code: "SO", nameEn: "Sales orders", nameZh: "销售订单" },
  { code: "PO", nameEn: "Pre-orders", nameZh: "预订单" },
  { code: "CP", nameEn: "Complaints", nameZh: "投诉单" },
  { code: "SR", nameEn: "Sales returns", nameZh: "销售退货单" },
  { code: "RB", nameEn: "Return batches", nameZh: "退货批次" },
  { code: "WE", nameEn: "Warehouse entries", nameZh: "入库单" },
  { code: "WD", nameEn: "Warehouse deliveries", nameZh: "出库单" },
  { code: "WM", nameEn: "Stock moves", nameZh: "移库单" },
  { code: "WT", nameEn: "Transfers", nameZh: "调拨单" },
  { code: "WS", nameEn: "Stocktakes", nameZh: "盘点单" },
  { code: "PP", nameEn: "Purchase plans", nameZh: "采购计划" },
  { code: "MB", nameEn: "Members", nameZh: "会员编号" },
];

export async function seedCodeRules(): Promise<void> {
  await db().codeRule.createMany({
    data: rules.map((r) => ({ ...r, prefix: r.code, datePattern: "yyyyMMdd", seqLength: 6, reset: "DAILY" as const })),
    skipDuplicates: true,
  });
}
