import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import type { VehicleStatus } from "@/lib/generated/prisma/enums";
import { beijingDay, vehicleScope } from "./sales/service";
import { warrantyState, type WarrantyState } from "./warranty";

// Vehicle information and warranty (car/vehicleInformation): one vehicle by VIN with its
// shipping, sale and warranty facts and its whole history. Dealers find vehicles they hold or
// sold, staff those in their data scope (vehicleScope); anything else is not found. Three
// indexed queries whatever the history's length.

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export type VehicleInfo = {
  id: number;
  vin: string;
  status: VehicleStatus;
  colour: string | null;
  goods: { id: number; nameEn: string; nameZh: string; config: string | null; coverId: string | null };
  model: { nameEn: string; nameZh: string };
  /** The holder: null = the factory. Dealers see their own only. */
  holder: { id: number; code: string; nameEn: string; nameZh: string } | null;
  entryAt: string;
  sendDate: string | null;
  sendOrderNo: string | null;
  marketDate: string | null;
  /** Who recorded the current (unreturned) sale. */
  saleCreator: string | null;
  warrantyStart: string | null;
  warrantyEnd: string | null;
  warrantyState: WarrantyState;
  history: {
    id: number;
    at: string;
    from: VehicleStatus | null;
    to: VehicleStatus;
    note: string | null;
    user: string | null;
    company: { nameEn: string; nameZh: string } | null;
    orderNo: string | null;
  }[];
  sales: {
    id: number;
    soldAt: string;
    ownerName: string;
    idNumberMasked: string;
    warrantyStart: string;
    warrantyEnd: string;
    createdBy: string;
    returnedAt: string | null;
    returnReason: string | null;
  }[];
};

/** The vehicle at `vin` as the viewer may see it, or null (missing or outside the scope). */
export async function vehicleInformation(viewer: Viewer, vin: string, today = beijingDay(new Date())): Promise<VehicleInfo | null> {
  const scope = await vehicleScope(viewer);
  const v = await db().vehicle.findFirst({
    where: { AND: [{ vin }, scope] },
    select: {
      id: true,
      vin: true,
      status: true,
      colour: true,
      entryAt: true,
      sendDate: true,
      sendOrderNo: true,
      marketDate: true,
      warrantyStart: true,
      warrantyEnd: true,
      companyId: true,
      goods: { select: { id: true, nameEn: true, nameZh: true, config: true, coverId: true } },
      vehicleModel: { select: { nameEn: true, nameZh: true } },
      company: { select: { id: true, code: true, nameEn: true, nameZh: true } },
    },
  });
  if (!v) return null;
  const dealerId = viewer.userType === "DEALER" ? (viewer.company?.id ?? -1) : null;
  const [events, sales] = await Promise.all([
    db().vehicleEvent.findMany({
      where: { vehicleId: v.id },
      orderBy: { id: "asc" },
      take: 500,
      select: { id: true, createdAt: true, fromStatus: true, toStatus: true, note: true, companyId: true, orderId: true, userId: true },
    }),
    db().vehicleSale.findMany({
      where: { vehicleId: v.id, ...(dealerId !== null ? { companyId: dealerId } : {}) },
      orderBy: { id: "desc" },
      select: {
        id: true,
        soldAt: true,
        ownerName: true,
        idNumberMasked: true,
        warrantyStart: true,
        warrantyEnd: true,
        returnedAt: true,
        returnReason: true,
        createdBy: { select: { name: true } },
      },
    }),
  ]);
  // Names for the history in one query each (no N+1).
  const ids = (k: "userId" | "companyId" | "orderId") => [...new Set(events.map((e) => e[k]).filter((x): x is number => x !== null))];
  const [users, companies, orders] = await Promise.all([
    db().user.findMany({ where: { id: { in: ids("userId") } }, select: { id: true, name: true } }),
    db().company.findMany({ where: { id: { in: ids("companyId") } }, select: { id: true, nameEn: true, nameZh: true } }),
    db().order.findMany({ where: { id: { in: ids("orderId") } }, select: { id: true, orderNo: true, companyId: true } }),
  ]);
  const userName = new Map(users.map((u) => [u.id, u.name]));
  const companyOf = new Map(companies.map((c) => [c.id, c]));
  const orderOf = new Map(orders.map((o) => [o.id, o]));
  // A dealer sees other companies' part of the history without their names or order numbers.
  const visibleCompany = (id: number | null) => (id !== null && (dealerId === null || id === dealerId) ? (companyOf.get(id) ?? null) : null);
  const openSale = sales.find((s) => !s.returnedAt) ?? null;
  return {
    id: v.id,
    vin: v.vin,
    status: v.status,
    colour: v.colour,
    goods: v.goods,
    model: v.vehicleModel,
    holder: dealerId !== null && v.companyId !== dealerId ? null : v.company,
    entryAt: v.entryAt.toISOString(),
    sendDate: v.sendDate?.toISOString() ?? null,
    sendOrderNo: dealerId === null || v.companyId === dealerId ? v.sendOrderNo : null,
    marketDate: v.marketDate?.toISOString() ?? null,
    saleCreator: v.status === "SOLD" ? (openSale?.createdBy.name ?? null) : null,
    warrantyStart: day(v.warrantyStart),
    warrantyEnd: day(v.warrantyEnd),
    warrantyState: warrantyState(day(v.warrantyStart), day(v.warrantyEnd), today),
    history: events.map((e) => {
      const company = visibleCompany(e.companyId);
      const order = e.orderId !== null ? orderOf.get(e.orderId) : undefined;
      return {
        id: e.id,
        at: e.createdAt.toISOString(),
        from: e.fromStatus,
        to: e.toStatus,
        note: dealerId === null || e.companyId === dealerId ? e.note : null,
        user: dealerId === null || e.companyId === dealerId ? (e.userId !== null ? (userName.get(e.userId) ?? null) : null) : null,
        company: company ? { nameEn: company.nameEn, nameZh: company.nameZh } : null,
        orderNo: order && (dealerId === null || order.companyId === dealerId) ? order.orderNo : null,
      };
    }),
    sales: sales.map((s) => ({
      id: s.id,
      soldAt: s.soldAt.toISOString(),
      ownerName: s.ownerName,
      idNumberMasked: s.idNumberMasked,
      warrantyStart: day(s.warrantyStart)!,
      warrantyEnd: day(s.warrantyEnd)!,
      createdBy: s.createdBy.name,
      returnedAt: s.returnedAt?.toISOString() ?? null,
      returnReason: s.returnReason,
    })),
  };
}
