import "server-only";
import type { Tx } from "@/lib/core/tx";
import { companyScopeWhere } from "@/lib/access/scope";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { variable } from "@/lib/config/variables";
import { sealSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { VehicleStatus } from "@/lib/generated/prisma/enums";
import { ageOn, maskIdNumber, residentIdFacts, residentIdProblem } from "@/lib/people/resident-id";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { createEntryForReturn, deliverSoldVehicle } from "@/lib/wms/documents";
import { enrollMember } from "@/lib/members/enroll";
import { earnPoints, pointsFor, takePoints } from "@/lib/members/ledger";
import { expiryFor, pointRule } from "@/lib/members/rules";
import { ID_CONTEXT } from "./sale-id";
import { minuteToDate, type TReturnVehicle, type TSellVehicle } from "../schemas";
import { warrantyEnd } from "../warranty";

// Retail sales and car returns: IN_STOCK → SOLD by a sale, SOLD → IN_STOCK
// by a return within the return window. Each is one transaction that locks the vehicle row
// (SELECT … FOR UPDATE), so of two concurrent sales of one VIN the second sees SOLD and is
// refused; a partial unique index (one unreturned sale per vehicle) backs that up. A VIN that
// is not the dealer's answers exactly like a missing one (404), so nothing about other
// dealers' vehicles leaks. Every change writes the vehicle's history and an audit row.

export { ID_CONTEXT } from "./sale-id";
export { ageOn };

/** Today's calendar day in Beijing time. */
export const beijingDay = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

function requireDealer(viewer: Viewer): number {
  if (viewer.userType !== "DEALER" || !viewer.company) throw new DomainError("Vehicles.errors.notDealer", {}, undefined, 403);
  return viewer.company.id;
}

/** `where` over the vehicles a viewer may look up: a dealer's, those it holds or sold; staff's,
 * factory stock and those held by companies in their data scope. */
export async function vehicleScope(viewer: Viewer): Promise<Prisma.VehicleWhereInput> {
  if (viewer.userType === "DEALER") {
    if (!viewer.company) return { id: { in: [] } };
    const companyId = viewer.company.id;
    return { OR: [{ companyId }, { sales: { some: { companyId } } }] };
  }
  const companies = await companyScopeWhere(viewer);
  return Object.keys(companies).length ? { OR: [{ companyId: null }, { company: companies }] } : {};
}

type Locked = { id: number; vin: string; status: VehicleStatus; companyId: number | null; entryAt: Date; vehicleModelId: number; goodsId: number };

async function lockVehicle(tx: Tx, vin: string): Promise<Locked | null> {
  const rows = await tx.$queryRaw<Locked[]>`
    SELECT "id", "vin", "status", "companyId", "entryAt", "vehicleModelId", "goodsId" FROM "Vehicle" WHERE "vin" = ${vin} FOR UPDATE`;
  return rows[0] ?? null;
}

const CAR_TYPE = {
  vin: true,
  status: true,
  entryAt: true,
  colour: true,
  goods: { select: { id: true, nameEn: true, nameZh: true, config: true, coverId: true } },
  vehicleModel: { select: { nameEn: true, nameZh: true, warrantyMonths: true } },
} as const;
export type CarType = Prisma.VehicleGetPayload<{ select: typeof CAR_TYPE }>;

/** The sale form's VIN query: the dealer's own vehicle in stock, with its car type. Another
 * dealer's VIN or an unknown one is not found; the dealer's own sold one says so. */
export async function vehicleForSale(viewer: Viewer, vin: string): Promise<CarType> {
  const companyId = requireDealer(viewer);
  const v = await db().vehicle.findFirst({ where: { vin, companyId }, select: CAR_TYPE });
  if (!v) throw new DomainError("Vehicles.errors.vinNotYours", { vin }, "vin", 404);
  if (v.status !== "IN_STOCK") throw new DomainError("Vehicles.errors.notInStock", { vin }, "vin", 409);
  return v;
}

/** The return form's VIN query: the dealer's own sold vehicle, its car type and open sale. */
export async function vehicleForReturn(viewer: Viewer, vin: string) {
  const companyId = requireDealer(viewer);
  const v = await db().vehicle.findFirst({
    where: { vin, companyId },
    select: { ...CAR_TYPE, sales: { where: { returnedAt: null, companyId }, select: { id: true, soldAt: true, ownerName: true }, take: 1 } },
  });
  if (!v) throw new DomainError("Vehicles.errors.vinNotYours", { vin }, "vin", 404);
  if (v.status !== "SOLD" || !v.sales[0]) throw new DomainError("Vehicles.errors.notSold", { vin }, "vin", 409);
  const windowDays = await variable("vehicle.returnWindowDays", companyId);
  const { sales, ...car } = v;
  const sale = sales[0];
  return { ...car, sale: { id: sale.id, soldAt: sale.soldAt, ownerName: sale.ownerName }, windowDays, returnBy: new Date(sale.soldAt.getTime() + windowDays * 86_400_000) };
}

/** The owner's ID: a PRC resident ID must pass GB 11643 and agree with the birthday and sex
 * entered (those may be left empty: they are filled from the ID). */
function checkOwnerId(input: TSellVehicle, today: string): { birthday: string | null; sex: string | null } {
  let birthday = input.birthday ?? null;
  let sex = input.sex ?? null;
  if (input.idType === "PRC_ID") {
    const problem = residentIdProblem(input.idNumber, today);
    if (problem) throw new DomainError(`Vehicles.errors.residentId_${problem}`, {}, "idNumber");
    const facts = residentIdFacts(input.idNumber);
    if (birthday && birthday !== facts.birthday) throw new DomainError("Vehicles.errors.birthdayMismatch", { birthday: facts.birthday }, "birthday");
    if (sex && sex !== facts.sex) throw new DomainError("Vehicles.errors.sexMismatch", {}, "sex");
    birthday = facts.birthday;
    sex = facts.sex;
  } else if (!/^[A-Z0-9-]{5,30}$/.test(input.idNumber)) {
    throw new DomainError("Vehicles.errors.idNumberFormat", {}, "idNumber");
  }
  if (birthday && birthday > today) throw new DomainError("Vehicles.errors.birthdayFuture", {}, "birthday");
  return { birthday, sex };
}

/** What a recorded sale answers; `member` when the owner agreed to join (the points it earned). */
export type SaleDone = {
  saleId: number;
  vin: string;
  warrantyStart: string;
  warrantyEnd: string;
  member: { memberNo: string; created: boolean; points: number; balance: number } | null;
};

/** A slack for clocks: a time up to this far ahead of the server's is still "now". */
const CLOCK_SLACK_MS = 5 * 60_000;

/** Records a retail sale: the vehicle becomes SOLD, its market date is the purchase time and
 * its warranty runs from that day for the model's months (the variable when the model has none). */
export async function sellVehicle(viewer: Viewer, ctx: AuditCtx, input: TSellVehicle): Promise<SaleDone> {
  const companyId = requireDealer(viewer);
  if (!hasPermission(viewer, "vehicle:sell")) throw new DomainError("Common.forbidden", {}, undefined, 403);
  const now = new Date();
  const soldAt = minuteToDate(input.soldAt);
  if (soldAt.getTime() > now.getTime() + CLOCK_SLACK_MS) throw new DomainError("Vehicles.errors.soldInFuture", {}, "soldAt");
  const saleDay = beijingDay(soldAt);
  const owner = checkOwnerId(input, beijingDay(now));
  const age = input.age ?? (owner.birthday ? ageOn(owner.birthday, saleDay) : null);
  if (owner.birthday && input.age != null && input.age !== ageOn(owner.birthday, saleDay)) {
    throw new DomainError("Vehicles.errors.ageMismatch", { age: ageOn(owner.birthday, saleDay) }, "age");
  }
  const defaultMonths = await variable("vehicle.warrantyMonths", companyId);

  return db().$transaction(async (tx) => {
    const v = await lockVehicle(tx, input.vin);
    if (!v || v.companyId !== companyId) throw new DomainError("Vehicles.errors.vinNotYours", { vin: input.vin }, "vin", 404);
    if (v.status !== "IN_STOCK") throw new DomainError("Vehicles.errors.notInStock", { vin: input.vin }, "vin", 409);
    if (soldAt.getTime() < v.entryAt.getTime() - 60_000) {
      throw new DomainError("Vehicles.errors.soldBeforeEntry", { entry: beijingDay(v.entryAt) }, "soldAt");
    }
    const model = await tx.vehicleModel.findUniqueOrThrow({ where: { id: v.vehicleModelId }, select: { warrantyMonths: true } });
    const months = model.warrantyMonths ?? defaultMonths;
    const end = warrantyEnd(saleDay, months);
    const sale = await tx.vehicleSale.create({
      data: {
        vehicleId: v.id,
        companyId,
        soldAt,
        ownerName: input.ownerName,
        phone: input.phone,
        age,
        sex: owner.sex,
        birthday: owner.birthday ? new Date(`${owner.birthday}T00:00:00Z`) : null,
        idType: input.idType,
        idNumberSealed: sealSecret(input.idNumber, ID_CONTEXT),
        idNumberMasked: maskIdNumber(input.idNumber),
        warrantyStart: new Date(`${saleDay}T00:00:00Z`),
        warrantyEnd: new Date(`${end}T00:00:00Z`),
        warrantyMonths: months,
        createdById: viewer.userId,
        amount: input.amount ?? null,
        memberConsent: input.memberConsent === true,
      },
      select: { id: true },
    });
    await tx.vehicle.update({
      where: { id: v.id },
      data: { status: "SOLD", marketDate: soldAt, warrantyStart: new Date(`${saleDay}T00:00:00Z`), warrantyEnd: new Date(`${end}T00:00:00Z`) },
    });
    await tx.vehicleEvent.create({ data: { vehicleId: v.id, fromStatus: "IN_STOCK", toStatus: "SOLD", companyId, userId: viewer.userId } });
    await audit(
      tx,
      ctx,
      "Vehicle",
      v.id,
      "sell",
      { status: "IN_STOCK" },
      { status: "SOLD", saleId: sale.id, marketDate: soldAt.toISOString(), warrantyStart: saleDay, warrantyEnd: end },
    );
    // The VIN leaves the customer warehouse with a posted delivery.
    await deliverSoldVehicle(tx, ctx, { id: sale.id, vehicleId: v.id, companyId });
    // Membership (issue 21): only with the owner's consent; then enrolled (or found by phone)
    // and credited with the sale's points, in this transaction, after the vehicle and stock locks.
    const member = input.memberConsent === true ? await joinAtSale(tx, ctx, { saleId: sale.id, companyId, soldAt, now, input }) : null;
    return { saleId: sale.id, vin: v.vin, warrantyStart: saleDay, warrantyEnd: end, member };
  });
}

/** Enrols the owner of a sale (or finds the member by phone), links the sale and earns its
 * points: pointsFor(amount, vehicleRate), expiring expiryMonths after the sale's time. */
async function joinAtSale(tx: Tx, ctx: AuditCtx, s: { saleId: number; companyId: number; soldAt: Date; now: Date; input: TSellVehicle }): Promise<NonNullable<SaleDone["member"]>> {
  const m = await enrollMember(tx, { phone: s.input.phone, name: s.input.ownerName, companyId: s.companyId, at: s.now });
  await tx.vehicleSale.update({ where: { id: s.saleId }, data: { memberId: m.id } });
  const rule = await pointRule(tx);
  const points = s.input.amount ? pointsFor(Number(s.input.amount), rule.vehicleRate) : 0;
  let balance: number;
  if (points > 0) {
    const earned = await earnPoints(
      tx,
      { companyId: s.companyId, userId: ctx.userId, at: s.now },
      { memberId: m.id, kind: "EARN_SALE", points, expiresAt: expiryFor(s.soldAt, rule.expiryMonths), vehicleSaleId: s.saleId },
    );
    balance = earned.balance;
  } else balance = (await tx.member.findUniqueOrThrow({ where: { id: m.id }, select: { balance: true } })).balance;
  await audit(tx, ctx, "VehicleSale", s.saleId, "joinMember", null, { memberId: m.id, memberNo: m.memberNo, created: m.created, amount: s.input.amount ?? null, points });
  return { memberNo: m.memberNo, created: m.created, points, balance };
}

/** On a car return, the points the sale earned go back as far as the member's balance allows
 * (what was already redeemed or expired stays gone; the member and the link stay). Answers the
 * points taken and those that could not be. */
async function reverseSalePoints(tx: Tx, ctx: AuditCtx, sale: { id: number; memberId: number | null }, companyId: number, at: Date) {
  if (!sale.memberId) return null;
  const sums = await tx.memberPointEntry.groupBy({ by: ["kind"], where: { vehicleSaleId: sale.id, kind: { in: ["EARN_SALE", "REVERSE"] } }, _sum: { points: true } });
  const sum = (k: string) => sums.find((r) => r.kind === k)?._sum.points ?? 0;
  const open = sum("EARN_SALE") + sum("REVERSE"); // REVERSE rows are negative
  if (open <= 0) return null;
  // The member row locked first, so the balance read is the one the reversal takes from.
  const [m] = await tx.$queryRaw<{ balance: number }[]>`SELECT "balance" FROM "Member" WHERE "id" = ${sale.memberId} FOR UPDATE`;
  const points = Math.min(open, m?.balance ?? 0);
  if (points > 0) {
    await takePoints(tx, { companyId, userId: ctx.userId, at }, { memberId: sale.memberId, kind: "REVERSE", points, vehicleSaleId: sale.id, reason: "return" });
  }
  return { memberId: sale.memberId, earned: open, reversed: points, notReversed: open - points };
}

/** Records a car return: within the window (days from the sale) the vehicle goes back to the
 * dealer's stock, its market date and warranty are cleared, the sale is kept marked returned. */
export async function returnVehicle(
  viewer: Viewer,
  ctx: AuditCtx,
  input: TReturnVehicle,
): Promise<{ saleId: number; vin: string; points: { memberId: number; earned: number; reversed: number; notReversed: number } | null }> {
  const companyId = requireDealer(viewer);
  if (!hasPermission(viewer, "vehicle:return")) throw new DomainError("Common.forbidden", {}, undefined, 403);
  const now = new Date();
  const returnedAt = minuteToDate(input.returnedAt);
  if (returnedAt.getTime() > now.getTime() + CLOCK_SLACK_MS) throw new DomainError("Vehicles.errors.returnedInFuture", {}, "returnedAt");
  const windowDays = await variable("vehicle.returnWindowDays", companyId);

  return db().$transaction(async (tx) => {
    const v = await lockVehicle(tx, input.vin);
    if (!v || v.companyId !== companyId) throw new DomainError("Vehicles.errors.vinNotYours", { vin: input.vin }, "vin", 404);
    if (v.status !== "SOLD") throw new DomainError("Vehicles.errors.notSold", { vin: input.vin }, "vin", 409);
    const sale = await tx.vehicleSale.findFirst({ where: { vehicleId: v.id, companyId, returnedAt: null }, select: { id: true, soldAt: true, memberId: true } });
    if (!sale) throw new DomainError("Vehicles.errors.notSold", { vin: input.vin }, "vin", 409);
    if (returnedAt.getTime() < sale.soldAt.getTime()) throw new DomainError("Vehicles.errors.returnBeforeSale", {}, "returnedAt");
    if (returnedAt.getTime() > sale.soldAt.getTime() + windowDays * 86_400_000) {
      throw new DomainError("Vehicles.errors.returnWindow", { days: windowDays }, "returnedAt");
    }
    await tx.vehicleSale.update({ where: { id: sale.id }, data: { returnedAt, returnReason: input.reason, returnedById: viewer.userId, returnRecordedAt: now } });
    await tx.vehicle.update({ where: { id: v.id }, data: { status: "IN_STOCK", marketDate: null, warrantyStart: null, warrantyEnd: null } });
    await tx.vehicleEvent.create({ data: { vehicleId: v.id, fromStatus: "SOLD", toStatus: "IN_STOCK", companyId, userId: viewer.userId, note: input.reason.slice(0, 300) } });
    await audit(tx, ctx, "Vehicle", v.id, "return", { status: "SOLD", saleId: sale.id }, { status: "IN_STOCK", returnedAt: returnedAt.toISOString(), reason: input.reason });
    // The vehicle comes back into the customer warehouse through a draft entry, at the cost it left with.
    const left = await tx.stockLedger.findFirst({ where: { vehicleId: v.id, quantity: { lt: 0 } }, orderBy: { id: "desc" }, select: { unitCost: true } });
    await createEntryForReturn(tx, ctx, { id: v.id, goodsId: v.goodsId, companyId }, left ? left.unitCost.toFixed(2) : "0.00");
    // The points the sale earned are taken back (issue 21), after the vehicle and stock locks as at a sale.
    const points = await reverseSalePoints(tx, ctx, sale, companyId, now);
    if (points) await audit(tx, ctx, "VehicleSale", sale.id, "reversePoints", { points: points.earned }, points);
    return { saleId: sale.id, vin: v.vin, points };
  });
}
