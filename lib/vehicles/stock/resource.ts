import "server-only";
import { z } from "zod";
import { dayEnd, dayStart } from "@/lib/core/list-params";
import { defineResource, type ImportIssue } from "@/lib/admin/resource";
import { readKeysetPage } from "@/lib/list/prisma";
import { excelTime } from "@/lib/admin/excel";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { dict } from "@/lib/dict/dict";
import { DomainError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { VehicleStatus } from "@/lib/generated/prisma/enums";
import { fileUrl } from "@/lib/uploads/formats";
import { addFactoryVehicles } from "../factory";
import { vehicleScope } from "../sales/service";
import { minuteToDate, ZImportVehicle, type TImportVehicle } from "../schemas";
import { normalizeVin } from "../vin";

// car/stock's resource: the filters, export and import (the list itself is ./queries.ts). A dealer sees its own vehicles (received from completed
// orders: IN_STOCK, and SOLD until returned), staff every vehicle in their data scope, factory
// stock included (vehicleScope). Export for both; staff add vehicles to factory stock by form
// (stock-actions.ts) or by Excel import (all rows checked, then saved in one transaction or
// none). Two queries per page: the rows with their goods, model and holder, and the count.

export const DEALER_STATUSES = ["IN_STOCK", "SOLD"] as const satisfies readonly VehicleStatus[];
export const ALL_STATUSES = ["FACTORY_STOCK", "ALLOCATED", "IN_TRANSIT", "IN_STOCK", "SOLD"] as const satisfies readonly VehicleStatus[];
export const MAX_STOCK_PAGE = 100;
/** The holder filter's value for vehicles no dealer holds yet. */
export const FACTORY = "factory";

const NAMED = { nameEn: true, nameZh: true } as const;
export const STOCK_SELECT = {
  id: true,
  vin: true,
  status: true,
  colour: true,
  entryAt: true,
  sendOrderNo: true,
  goods: { select: { id: true, code: true, nameEn: true, nameZh: true, config: true, coverId: true } },
  vehicleModel: { select: { id: true, ...NAMED } },
  company: { select: { id: true, code: true, ...NAMED } },
} as const;
type Raw = Prisma.VehicleGetPayload<{ select: typeof STOCK_SELECT }>;

export type StockRow = {
  id: number;
  vin: string;
  status: VehicleStatus;
  colour: string | null;
  entryAt: string;
  sendOrderNo: string | null;
  goods: { id: number; code: string; nameEn: string; nameZh: string; config: string | null; thumbUrl: string | null };
  model: { id: number; nameEn: string; nameZh: string };
  /** null: the factory holds it. */
  holder: { id: number; code: string; nameEn: string; nameZh: string } | null;
  /** The status's dictionary labels (export only). */
  statusLabel?: { en: string; zh: string };
};

export function toStockRow({ goods: { coverId, ...goods }, vehicleModel, company, entryAt, ...v }: Raw): StockRow {
  return { ...v, entryAt: entryAt.toISOString(), goods: { ...goods, thumbUrl: coverId ? fileUrl(coverId, true) : null }, model: vehicleModel, holder: company };
}

const idOf = (v: unknown): number | null => (typeof v === "string" && /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : null);
const isStaff = (viewer: Viewer) => viewer.userType !== "DEALER";

/** The viewer's vehicles: a dealer's own in stock or sold, staff's whole scope. */
async function viewerVehicles(viewer: Viewer): Promise<Prisma.VehicleWhereInput> {
  if (!isStaff(viewer)) return { companyId: viewer.company?.id ?? -1, status: { in: [...DEALER_STATUSES] } };
  return vehicleScope(viewer);
}

export const vehicleStockResource = defineResource<StockRow, Prisma.VehicleWhereInput, TImportVehicle>({
  name: "vehicleStock",
  route: "car/stock",
  labels: "VehicleStock",
  spec: {
    filters: [
      { name: "vin", type: "text", max: 17 },
      { name: "model", type: "text", max: 10 },
      { name: "config", type: "text", max: 50 },
      { name: "status", type: "select", options: ALL_STATUSES },
      { name: "entryAt", type: "dateRange" },
      { name: "holder", type: "text", max: 10 },
    ],
    sorts: [],
    defaultSort: { field: "entryAt", order: "desc" },
  },
  permissions: { create: "vehicle:import", export: "vehicle:export", import: "vehicle:import" },
  where: async (viewer, f) => {
    const range = typeof f.entryAt === "object" ? f.entryAt : null;
    const from = dayStart(range?.from);
    const to = dayEnd(range?.to);
    const model = idOf(f.model);
    const holder = isStaff(viewer) && typeof f.holder === "string" ? (f.holder === FACTORY ? null : (idOf(f.holder) ?? undefined)) : undefined;
    return {
      AND: [
        await viewerVehicles(viewer),
        typeof f.vin === "string" ? { vin: { contains: normalizeVin(f.vin) } } : {},
        model ? { vehicleModelId: model } : {},
        typeof f.config === "string" ? { goods: { config: { contains: f.config, mode: "insensitive" as const } } } : {},
        typeof f.status === "string" ? { status: f.status as VehicleStatus } : {},
        from || to ? { entryAt: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } } : {},
        holder !== undefined ? { companyId: holder } : {},
      ],
    };
  },
  // Keyset pages on (entryAt desc, id desc): the Vehicle (companyId, status, entryAt, id) index
  // for a dealer, (entryAt, id) for staff (./queries.ts).
  keyset: async (where, q) => {
    const page = await readKeysetPage(
      q,
      "entryAt",
      where,
      (a) => db().vehicle.findMany({ ...a, select: STOCK_SELECT }),
      (a) => db().vehicle.count(a),
      { maxSize: MAX_STOCK_PAGE },
    );
    return { ...page, rows: page.rows.map(toStockRow) };
  },
  count: (where) => db().vehicle.count({ where }),
  batch: async (where, after, take) => {
    const [rows, statuses] = await Promise.all([
      db().vehicle.findMany({ where: after === null ? where : { AND: [where, { id: { gt: Number(after) } }] }, orderBy: { id: "asc" }, take, select: STOCK_SELECT }),
      dict("vehicle_status", { includeDisabled: true }),
    ]);
    const label = new Map(statuses.map((s) => [s.value, { en: s.labelEn, zh: s.labelZh }]));
    return rows.map((r) => ({ ...toStockRow(r), statusLabel: label.get(r.status) ?? { en: r.status, zh: r.status } }));
  },
  key: (r) => r.id,
  exportColumns: [
    { key: "model", width: 22, value: (r, c) => (c.zh ? r.model.nameZh : r.model.nameEn) },
    { key: "goods", width: 28, value: (r, c) => (c.zh ? r.goods.nameZh : r.goods.nameEn) },
    { key: "goodsCode", width: 18, value: (r) => r.goods.code },
    { key: "config", width: 28, value: (r) => r.goods.config },
    { key: "vin", width: 22, value: (r) => r.vin },
    { key: "entryAt", width: 18, numFmt: "yyyy-mm-dd hh:mm", value: (r) => excelTime(new Date(r.entryAt)) },
    { key: "status", width: 14, value: (r, c) => (r.statusLabel ? (c.zh ? r.statusLabel.zh : r.statusLabel.en) : r.status) },
    { key: "colour", width: 14, value: (r) => r.colour },
    { key: "holder", width: 28, value: (r, c) => (r.holder ? `${c.zh ? r.holder.nameZh : r.holder.nameEn} (${r.holder.code})` : c.t("VehicleStock.factory")) },
    { key: "sendOrderNo", width: 20, value: (r) => r.sendOrderNo },
  ],
  import: {
    schema: z.preprocess(excelMinutes, ZImportVehicle),
    columns: [{ key: "vin", required: true }, { key: "goodsCode", required: true }, { key: "colour" }, { key: "entryAt" }],
    check: checkImport,
    save: async (tx, rows, viewer, requestId) => {
      if (!isStaff(viewer)) throw new DomainError("Common.forbidden", {}, undefined, 403);
      const goods = await tx.goods.findMany({ where: { code: { in: [...new Set(rows.map((r) => r.goodsCode))] }, kind: "VEHICLE" }, select: { id: true, code: true } });
      const idOfCode = new Map(goods.map((g) => [g.code, g.id]));
      const created = await addFactoryVehicles(
        tx,
        rows.map((r) => {
          const goodsId = idOfCode.get(r.goodsCode);
          if (!goodsId) throw new DomainError("Vehicles.errors.goodsCodeUnknown", { code: r.goodsCode }, "goodsCode");
          return { vin: r.vin, goodsId, colour: r.colour || null, entryAt: r.entryAt ? minuteToDate(r.entryAt) : null };
        }),
        { userId: viewer.userId, companyId: viewer.company?.id ?? null, requestId },
      );
      return { created, updated: 0 };
    },
  },
});

/** A date cell of the sheet arrives as an ISO instant whose UTC wall clock is the Beijing time
 * typed into Excel (Excel has no time zones; exports write it the same way): back to
 * "YYYY-MM-DD HH:mm" for the row schema. */
function excelMinutes(input: unknown): unknown {
  if (!input || typeof input !== "object") return input;
  const row = input as Record<string, unknown>;
  const m = typeof row.entryAt === "string" ? /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):\d{2}(\.\d+)?Z$/.exec(row.entryAt) : null;
  const entryAt = m ? `${m[1]} ${m[2]}` : row.entryAt === "" ? null : row.entryAt;
  return { ...row, entryAt };
}

/** Row-numbered findings: a VIN twice in the file or already recorded, an unknown vehicle
 * goods code, an entry time in the future. Two queries whatever the file's length. */
export async function checkImport(rows: { row: number; value: TImportVehicle }[]): Promise<ImportIssue[]> {
  const issues: ImportIssue[] = [];
  const firstRow = new Map<string, number>();
  for (const { row, value } of rows) {
    if (firstRow.has(value.vin)) issues.push({ row, field: "vin", key: "Vehicles.errors.vinTwice", values: { vin: value.vin } });
    else firstRow.set(value.vin, row);
  }
  const [taken, goods] = await Promise.all([
    db().vehicle.findMany({ where: { vin: { in: [...firstRow.keys()] } }, select: { vin: true } }),
    db().goods.findMany({ where: { code: { in: [...new Set(rows.map((r) => r.value.goodsCode))] }, kind: "VEHICLE" }, select: { code: true } }),
  ]);
  const takenVins = new Set(taken.map((v) => v.vin));
  const codes = new Set(goods.map((g) => g.code));
  const latest = Date.now() + 5 * 60_000;
  for (const { row, value } of rows) {
    if (takenVins.has(value.vin) && firstRow.get(value.vin) === row) issues.push({ row, field: "vin", key: "Vehicles.errors.vinTaken", values: { vin: value.vin } });
    if (!codes.has(value.goodsCode)) issues.push({ row, field: "goodsCode", key: "Vehicles.errors.goodsCodeUnknown", values: { code: value.goodsCode } });
    if (value.entryAt && minuteToDate(value.entryAt).getTime() > latest) issues.push({ row, field: "entryAt", key: "Vehicles.errors.entryInFuture" });
  }
  return issues.sort((a, b) => a.row - b.row);
}
