// Rows for the home and Records integration tests (imported by *.int.test.ts only): dealers,
// staff, and each kind of record a dealer makes, with the times and statuses a test needs.
import { PrismaPg } from "@prisma/adapter-pg";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { PrismaClient } from "@/lib/generated/prisma/client";
import type { ComplaintStatus, DataScope, OrderStatus, OrderType, SalesReturnStatus, VehicleStatus } from "@/lib/generated/prisma/enums";
import { makeCompany, makeRole, makeUser, nowSeconds, uid } from "@/lib/test/factories";
import { withCheckDigit } from "@/lib/vehicles/vin";

export type Dealer = { company: number; user: number; viewer: Viewer };
export type Catalog = { vehicleGoods: number; partGoods: number; derivativeGoods: number; model: number };

export async function makeDealer(organizationId?: number): Promise<Dealer> {
  const role = (await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } })).id;
  const company = (await makeCompany(organizationId)).id;
  const user = (await makeUser({ userType: "DEALER", companyIds: [company], roleIds: [role] })).id;
  return { company, user, viewer: (await loadViewer(user, company, nowSeconds()))! };
}

/** A staff member with a role of this scope granted these screens and buttons (by menu path and permission). */
export async function makeStaff(opts: { dataScope: DataScope; organizationId?: number; paths?: string[]; permissions?: string[]; role?: string }): Promise<Viewer> {
  let roleId: number;
  if (opts.role) roleId = (await db().role.findUniqueOrThrow({ where: { code: opts.role }, select: { id: true } })).id;
  else {
    const menus = await db().menu.findMany({ where: { OR: [{ path: { in: opts.paths ?? [] } }, { permission: { in: opts.permissions ?? [] } }] }, select: { id: true } });
    roleId = (await makeRole({ dataScope: opts.dataScope, menuIds: menus.map((m) => m.id) })).id;
  }
  const user = await makeUser({ userType: "STAFF", roleIds: [roleId], organizationId: opts.organizationId ?? null });
  return (await loadViewer(user.id, null, nowSeconds()))!;
}

export async function makeCatalog(): Promise<Catalog> {
  const group = await db().carGroup.create({ data: { code: uid("CG"), nameEn: "Test group", nameZh: "测试车系" } });
  const model = await db().vehicleModel.create({ data: { code: uid("VM"), carGroupId: group.id, nameEn: "Testa 5", nameZh: "测试5" } });
  const goods = (kind: "VEHICLE" | "PART" | "DERIVATIVE", nameEn: string, nameZh: string) =>
    db().goods.create({
      data: { kind, code: uid("G"), nameEn, nameZh, price: "10.00", stock: 100, onSale: true, ...(kind === "VEHICLE" ? { carGroupId: group.id, vehicleModelId: model.id } : {}) },
      select: { id: true },
    });
  return {
    vehicleGoods: (await goods("VEHICLE", "Testa 5 Comfort", "测试5 舒适版")).id,
    partGoods: (await goods("PART", "Brake pad", "刹车片")).id,
    derivativeGoods: (await goods("DERIVATIVE", "Key ring", "钥匙扣")).id,
    model: model.id,
  };
}

export function cartLine(d: Dealer, goodsId: number) {
  return db().cartLine.create({ data: { companyId: d.company, userId: d.user, goodsId, quantity: 1 } });
}

export function makeOrder(d: Dealer, c: Catalog, over: { type?: OrderType; status?: OrderStatus; createdAt?: Date; dealerDeleted?: boolean; lines?: number } = {}) {
  const type = over.type ?? "PARTS";
  const lines = Array.from({ length: over.lines ?? 1 }, (_, i) => ({
    goodsId: type === "VEHICLE" ? c.vehicleGoods : c.partGoods,
    kind: type === "VEHICLE" ? ("VEHICLE" as const) : ("PART" as const),
    nameEn: i === 0 ? (type === "VEHICLE" ? "Testa 5 Comfort" : "Brake pad") : `Line ${i + 1}`,
    nameZh: i === 0 ? (type === "VEHICLE" ? "测试5 舒适版" : "刹车片") : `行 ${i + 1}`,
    price: "50.00",
    quantity: 2,
    subtotal: "100.00",
  }));
  return db().order.create({
    data: {
      orderNo: uid("SO").toUpperCase(),
      type,
      companyId: d.company,
      creatorId: d.user,
      status: over.status ?? "SUBMITTED",
      quantity: lines.length * 2,
      amount: `${lines.length * 100}.00`,
      phone: "13912345678",
      deliveryWay: "LOGISTICS",
      receiver: "Wang Fang",
      receiverPhone: "13912345678",
      address: "Shanghai No. 1 Test Road",
      dealerDeleted: over.dealerDeleted ?? false,
      ...(over.createdAt ? { createdAt: over.createdAt } : {}),
      lines: { create: lines },
    },
    select: { id: true, orderNo: true },
  });
}

let serial = 0;
/** A vehicle held by the dealer (VIN valid and unique). */
export function makeVehicle(d: Dealer | null, c: Catalog, status: VehicleStatus = "IN_STOCK") {
  serial += 1;
  const stem = uid("")
    .slice(1, 7)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "0");
  const vin = withCheckDigit(`LHM${stem}0${String(serial).padStart(7, "0")}`);
  return db().vehicle.create({
    data: { vin, goodsId: c.vehicleGoods, vehicleModelId: c.model, colour: "Pearl White", status, companyId: d?.company ?? null },
    select: { id: true, vin: true },
  });
}

/** A retail sale of a new vehicle of the dealer's (returned when `returnedAt` is given). */
export async function makeSale(d: Dealer, c: Catalog, soldAt: Date, returnedAt: Date | null = null) {
  const v = await makeVehicle(d, c, returnedAt ? "IN_STOCK" : "SOLD");
  const sale = await db().vehicleSale.create({
    data: {
      vehicleId: v.id,
      companyId: d.company,
      soldAt,
      ownerName: "Li Lei",
      phone: "13812345678",
      idType: "OTHER",
      idNumberSealed: "sealed",
      idNumberMasked: "AB1***7890",
      warrantyStart: soldAt,
      warrantyEnd: new Date(soldAt.getTime() + 1000 * 86_400_000),
      warrantyMonths: 36,
      createdById: d.user,
      ...(returnedAt ? { returnedAt, returnReason: "The customer changed their mind.", returnedById: d.user, returnRecordedAt: returnedAt } : {}),
    },
    select: { id: true },
  });
  return { id: sale.id, vin: v.vin };
}

export function makeReturn(d: Dealer, c: Catalog, over: { status?: SalesReturnStatus; createdAt?: Date } = {}) {
  return db().salesReturn.create({
    data: {
      returnNo: uid("SR").toUpperCase(),
      companyId: d.company,
      status: over.status ?? "SUBMITTED",
      returnType: "QUALITY",
      goodsId: c.partGoods,
      materialName: "Brake pad",
      quantity: 3,
      faultQuantity: 1,
      dealType: "REPLACE",
      description: "Squeals when braking.",
      creatorId: d.user,
      ...(over.createdAt ? { createdAt: over.createdAt } : {}),
    },
    select: { id: true, returnNo: true },
  });
}

export function makeComplaint(d: Dealer, over: { status?: ComplaintStatus; createdAt?: Date; description?: string } = {}) {
  return db().complaint.create({
    data: {
      complaintNo: uid("CP").toUpperCase(),
      companyId: d.company,
      creatorId: d.user,
      status: over.status ?? "SUBMITTED",
      category: "SERVICE",
      description: over.description ?? "The door seal whistles at speed.",
      ...(over.createdAt ? { createdAt: over.createdAt } : {}),
    },
    select: { id: true, complaintNo: true },
  });
}

/** Runs `fn` against a client that counts the SQL statements it sends. */
export async function countQueries(fn: () => Promise<unknown>): Promise<number> {
  const holder = globalThis as unknown as { __dealerPrisma?: PrismaClient };
  const original = holder.__dealerPrisma;
  const counting = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }), log: [{ emit: "event", level: "query" }] });
  let n = 0;
  counting.$on("query", () => n++);
  holder.__dealerPrisma = counting;
  try {
    await fn();
  } finally {
    holder.__dealerPrisma = original;
    await counting.$disconnect();
  }
  return n;
}
