// Demo orders: vehicle and parts orders of the demo dealers in every
// state, with status histories, payments, and vehicles shipped and received by VIN — written
// the way the order service would have left them (stock reserved for open orders, released for
// cancelled and rejected ones; shipped vehicles out of factory stock). Created once, when the
// demo dealer D001 has no orders yet; the numbers come from the SO code rule's counter.
import { db } from "@/lib/db";
import { seedCode } from "./codes";
import { Prisma } from "@/lib/generated/prisma/client";
import type { OrderStatus, OrderType } from "@/lib/generated/prisma/enums";

type Line = { code: string; quantity: number };
type Demo = {
  company: string;
  type: OrderType;
  status: OrderStatus;
  daysAgo: number;
  lines: Line[];
  paid?: "part" | "all";
  reason?: string;
  deliveryWay: string;
  carrierType?: string;
};

const DEMOS: Demo[] = [
  { company: "D001", type: "VEHICLE", status: "SUBMITTED", daysAgo: 1, lines: [{ code: "V-AUR5-15T", quantity: 1 }], deliveryWay: "LOGISTICS", carrierType: "CAR_CARRIER" },
  {
    company: "D001",
    type: "VEHICLE",
    status: "CONFIRMED",
    daysAgo: 3,
    lines: [{ code: "V-MET3-15L", quantity: 2 }],
    paid: "part",
    deliveryWay: "LOGISTICS",
    carrierType: "CAR_CARRIER",
  },
  {
    company: "D001",
    type: "VEHICLE",
    status: "SHIPPED",
    daysAgo: 6,
    lines: [{ code: "V-AUR7-20T", quantity: 1 }],
    paid: "all",
    deliveryWay: "FACTORY_DELIVERY",
    carrierType: "CAR_CARRIER",
  },
  {
    company: "D001",
    type: "VEHICLE",
    status: "COMPLETED",
    daysAgo: 50,
    lines: [{ code: "V-AUR5-15T", quantity: 3 }],
    paid: "all",
    deliveryWay: "LOGISTICS",
    carrierType: "CAR_CARRIER",
  },
  { company: "D001", type: "VEHICLE", status: "COMPLETED", daysAgo: 20, lines: [{ code: "V-MET5-15T", quantity: 2 }], paid: "all", deliveryWay: "LOGISTICS", carrierType: "RAIL" },
  {
    company: "D001",
    type: "VEHICLE",
    status: "CANCELLED",
    daysAgo: 9,
    lines: [{ code: "V-VLT1-SR", quantity: 1 }],
    reason: "Customer changed to the long-range version.",
    deliveryWay: "LOGISTICS",
  },
  {
    company: "D001",
    type: "PARTS",
    status: "SUBMITTED",
    daysAgo: 0,
    lines: [
      { code: "P-BP-AUR-F", quantity: 4 },
      { code: "P-OF-15T", quantity: 20 },
    ],
    deliveryWay: "EXPRESS",
  },
  { company: "D001", type: "PARTS", status: "CONFIRMED", daysAgo: 2, lines: [{ code: "P-BP-AUR-R", quantity: 2 }], deliveryWay: "EXPRESS" },
  { company: "D001", type: "PARTS", status: "SHIPPED", daysAgo: 4, lines: [{ code: "P-BD-MET-F", quantity: 2 }], paid: "part", deliveryWay: "LOGISTICS" },
  { company: "D001", type: "PARTS", status: "COMPLETED", daysAgo: 15, lines: [{ code: "P-OF-15T", quantity: 30 }], paid: "all", deliveryWay: "EXPRESS" },
  {
    company: "D001",
    type: "PARTS",
    status: "REJECTED",
    daysAgo: 8,
    lines: [{ code: "P-BP-AUR-F", quantity: 2 }],
    reason: "Duplicate of an earlier order.",
    deliveryWay: "EXPRESS",
  },
  { company: "D002", type: "VEHICLE", status: "SUBMITTED", daysAgo: 1, lines: [{ code: "V-TRL2-24T", quantity: 1 }], deliveryWay: "LOGISTICS", carrierType: "CAR_CARRIER" },
  {
    company: "D002",
    type: "VEHICLE",
    status: "COMPLETED",
    daysAgo: 12,
    lines: [{ code: "V-AUR5-20T", quantity: 1 }],
    paid: "all",
    deliveryWay: "LOGISTICS",
    carrierType: "CAR_CARRIER",
  },
  { company: "D002", type: "PARTS", status: "SUBMITTED", daysAgo: 0, lines: [{ code: "P-OF-15T", quantity: 10 }], deliveryWay: "EXPRESS" },
];

/** Demo pre-orders (reservations) of D001: waiting, confirmed with a date, rejected. */
const PRE_ORDERS: { code: string; quantity: number; status: "SUBMITTED" | "CONFIRMED" | "REJECTED"; daysAgo: number; reason?: string; expectedInDays?: number }[] = [
  { code: "V-VLTX-PERF", quantity: 2, status: "SUBMITTED", daysAgo: 1 },
  { code: "V-AUR7-FLG", quantity: 1, status: "CONFIRMED", daysAgo: 5, expectedInDays: 20 },
  { code: "V-TRL2-24T", quantity: 3, status: "REJECTED", daysAgo: 10, reason: "The 2026 batch is sold out; please order the 2027 model." },
];

/** The path of statuses an order took to reach `status`. */
const PATH: Record<OrderStatus, OrderStatus[]> = {
  SUBMITTED: ["SUBMITTED"],
  CONFIRMED: ["SUBMITTED", "CONFIRMED"],
  SHIPPED: ["SUBMITTED", "CONFIRMED", "SHIPPED"],
  COMPLETED: ["SUBMITTED", "CONFIRMED", "SHIPPED", "COMPLETED"],
  CANCELLED: ["SUBMITTED", "CANCELLED"],
  REJECTED: ["SUBMITTED", "REJECTED"],
};
const HOUR = 3_600_000;

export async function seedOrders(): Promise<void> {
  const prisma = db();
  const companies = new Map((await prisma.company.findMany({ where: { code: { in: ["D001", "D002"] } }, select: { id: true, code: true } })).map((c) => [c.code, c.id]));
  const d001 = companies.get("D001");
  if (!d001 || (await prisma.order.count({ where: { companyId: d001 } })) > 0) return;
  const goods = new Map((await prisma.goods.findMany({ where: { code: { in: DEMOS.flatMap((d) => d.lines.map((l) => l.code)) } } })).map((g) => [g.code, g]));
  const staff = await prisma.user.findUnique({ where: { account: "staff.sales" }, select: { id: true } });
  const rule = await prisma.codeRule.findUnique({ where: { code: "SO" } });
  const preRule = await prisma.codeRule.findUnique({ where: { code: "PO" } });
  if (!staff || !rule || !preRule) return;

  for (const d of DEMOS) {
    const companyId = companies.get(d.company);
    const lines = d.lines.map((l) => ({ ...l, g: goods.get(l.code) }));
    if (!companyId || lines.some((l) => !l.g)) continue;
    const buyer = await prisma.userCompany.findFirst({ where: { companyId, user: { userType: "DEALER" } }, orderBy: { userId: "asc" }, select: { userId: true } });
    const address = await prisma.address.findFirst({
      where: { companyId },
      orderBy: [{ isDefault: "desc" }, { id: "asc" }],
      include: { regionArea: { include: { parent: { include: { parent: true } } } } },
    });
    if (!buyer || !address) continue;
    const created = new Date(Date.now() - d.daysAgo * 24 * HOUR - 3 * HOUR);
    const amount = lines.reduce((s, l) => s.add(new Prisma.Decimal(l.g!.price).mul(l.quantity)), new Prisma.Decimal(0));
    const paid = d.paid === "all" ? amount : d.paid === "part" ? amount.mul("0.3").toDecimalPlaces(2) : new Prisma.Decimal(0);
    const path = PATH[d.status];
    const at = (i: number) => new Date(created.getTime() + i * 6 * HOUR);
    const area = address.regionArea;
    const areaText = [area.parent?.parent?.nameZh, area.parent?.nameZh, area.nameZh].filter(Boolean).join("");

    await prisma.$transaction(async (tx) => {
      const orderNo = await seedCode(tx, rule, created);
      const shipped = path.includes("SHIPPED");
      const order = await tx.order.create({
        data: {
          orderNo,
          type: d.type,
          companyId,
          status: d.status,
          quantity: lines.reduce((n, l) => n + l.quantity, 0),
          amount,
          paidAmount: paid,
          phone: address.phone,
          deliveryWay: d.deliveryWay,
          carrierType: d.carrierType ?? null,
          addressId: address.id,
          receiver: address.receiver,
          receiverPhone: address.phone,
          regionAreaId: address.regionAreaId,
          address: `${areaText} ${address.address}`,
          creatorId: buyer.userId,
          rejectReason: d.status === "REJECTED" ? d.reason : null,
          cancelReason: d.status === "CANCELLED" ? d.reason : null,
          factoryName: shipped ? "Green Motors Ningbo Plant" : null,
          logisticsCompany: shipped ? "Anji Logistics" : null,
          logisticsNo: shipped ? `AJ${orderNo.slice(2)}` : null,
          confirmedAt: path.includes("CONFIRMED") ? at(1) : null,
          shippedAt: shipped ? at(2) : null,
          completedAt: d.status === "COMPLETED" ? at(3) : null,
          closedAt: d.status === "CANCELLED" || d.status === "REJECTED" ? at(1) : null,
          createdAt: created,
          lines: {
            create: lines.map((l) => ({
              goodsId: l.g!.id,
              kind: l.g!.kind,
              nameEn: l.g!.nameEn,
              nameZh: l.g!.nameZh,
              config: l.g!.config,
              specification: l.g!.specification,
              coverId: l.g!.coverId,
              price: l.g!.price,
              quantity: l.quantity,
              subtotal: new Prisma.Decimal(l.g!.price).mul(l.quantity),
            })),
          },
        },
      });
      await tx.statusEvent.createMany({
        data: path.map((s, i) => ({
          entity: "Order",
          entityId: order.id,
          fromStatus: i ? path[i - 1] : null,
          toStatus: s,
          userId: s === "SUBMITTED" || s === "COMPLETED" || s === "CANCELLED" ? buyer.userId : staff.id,
          note: s === "REJECTED" || s === "CANCELLED" ? d.reason : null,
          createdAt: at(i),
        })),
      });
      // Open and fulfilled orders hold their stock; cancelled and rejected ones gave it back.
      if (d.status !== "CANCELLED" && d.status !== "REJECTED") {
        for (const l of lines) await tx.goods.update({ where: { id: l.g!.id }, data: { stock: { decrement: l.quantity } } });
      }
      if (d.type === "VEHICLE" && shipped) {
        for (const l of lines) {
          const vehicles = await tx.vehicle.findMany({ where: { goodsId: l.g!.id, status: "FACTORY_STOCK" }, orderBy: { id: "asc" }, take: l.quantity, select: { id: true } });
          const done = d.status === "COMPLETED";
          await tx.vehicle.updateMany({
            where: { id: { in: vehicles.map((v) => v.id) } },
            data: { status: done ? "IN_STOCK" : "IN_TRANSIT", orderId: order.id, sendDate: at(2), sendOrderNo: orderNo, ...(done ? { companyId, entryAt: at(3) } : {}) },
          });
          await tx.vehicleEvent.createMany({
            data: vehicles.flatMap((v) => [
              { vehicleId: v.id, fromStatus: "FACTORY_STOCK" as const, toStatus: "ALLOCATED" as const, companyId, orderId: order.id, userId: staff.id, createdAt: at(2) },
              { vehicleId: v.id, fromStatus: "ALLOCATED" as const, toStatus: "IN_TRANSIT" as const, companyId, orderId: order.id, userId: staff.id, createdAt: at(2) },
              ...(done
                ? [{ vehicleId: v.id, fromStatus: "IN_TRANSIT" as const, toStatus: "IN_STOCK" as const, companyId, orderId: order.id, userId: buyer.userId, createdAt: at(3) }]
                : []),
            ]),
          });
        }
      }
      if (paid.gt(0)) {
        await tx.payment.create({
          data: {
            orderId: order.id,
            amount: paid,
            paidOn: new Date(at(1).toISOString().slice(0, 10)),
            method: "BANK_TRANSFER",
            reference: `BT${orderNo.slice(2)}`,
            recordedById: staff.id,
            createdAt: at(1),
          },
        });
      }
    });
  }

  // A few lines waiting in dealer.sh's carts, so the carts show something on first sign-in.
  const cartUser = await prisma.user.findUnique({ where: { account: "dealer.sh" }, select: { id: true } });
  if (cartUser) {
    const cartGoods = await prisma.goods.findMany({ where: { code: { in: ["V-MET3-15L", "P-BP-AUR-F", "P-OF-15T"] } }, select: { id: true, code: true, minOrderQty: true } });
    await prisma.cartLine.createMany({
      data: cartGoods.map((g) => ({ companyId: d001, userId: cartUser.id, goodsId: g.id, quantity: Math.max(g.minOrderQty, g.code.startsWith("V-") ? 1 : 2) })),
      skipDuplicates: true,
    });
  }
  const preGoods = new Map((await prisma.goods.findMany({ where: { code: { in: PRE_ORDERS.map((p) => p.code) } } })).map((g) => [g.code, g]));
  const buyer = await prisma.userCompany.findFirst({ where: { companyId: d001, user: { userType: "DEALER" } }, orderBy: { userId: "asc" }, select: { userId: true } });
  const address = await prisma.address.findFirst({
    where: { companyId: d001 },
    orderBy: [{ isDefault: "desc" }, { id: "asc" }],
    include: { regionArea: { include: { parent: { include: { parent: true } } } } },
  });
  if (!buyer || !address) return;
  const area = address.regionArea;
  const areaText = [area.parent?.parent?.nameZh, area.parent?.nameZh, area.nameZh].filter(Boolean).join("");
  for (const p of PRE_ORDERS) {
    const g = preGoods.get(p.code);
    if (!g) continue;
    const created = new Date(Date.now() - p.daysAgo * 24 * HOUR - 2 * HOUR);
    await prisma.$transaction(async (tx) => {
      const preOrderNo = await seedCode(tx, preRule, created);
      const row = await tx.preOrder.create({
        data: {
          preOrderNo,
          companyId: d001,
          goodsId: g.id,
          nameEn: g.nameEn,
          nameZh: g.nameZh,
          config: g.config,
          coverId: g.coverId,
          price: g.price,
          quantity: p.quantity,
          amount: new Prisma.Decimal(g.price).mul(p.quantity),
          status: p.status,
          phone: address.phone,
          deliveryWay: "LOGISTICS",
          carrierType: "CAR_CARRIER",
          addressId: address.id,
          receiver: address.receiver,
          receiverPhone: address.phone,
          regionAreaId: address.regionAreaId,
          address: `${areaText} ${address.address}`,
          creatorId: buyer.userId,
          rejectReason: p.reason ?? null,
          createdAt: created,
          expectedDate: p.expectedInDays ? new Date(new Date(Date.now() + p.expectedInDays * 24 * HOUR).toISOString().slice(0, 10)) : null,
        },
      });
      const path = p.status === "SUBMITTED" ? ["SUBMITTED"] : ["SUBMITTED", p.status];
      await tx.statusEvent.createMany({
        data: path.map((s, i) => ({
          entity: "PreOrder",
          entityId: row.id,
          fromStatus: i ? path[i - 1] : null,
          toStatus: s,
          userId: i ? staff.id : buyer.userId,
          note: s === "REJECTED" ? p.reason : null,
          createdAt: new Date(created.getTime() + i * 8 * HOUR),
        })),
      });
    });
  }
}
