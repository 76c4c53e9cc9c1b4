import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { seedCode } from "./codes";

// Membership (system/memberSystem): the reference tiers and the point rule (row id 1), created
// when missing so administrators' edits survive a restart; and, for the demo, the members of
// the demo retail sales whose owners agreed (prisma/seed/vehicle-sales.ts), with their points.
//
// The seed runs outside Next, where lib/members/{ledger,enroll,rules}.ts (`import "server-only"`)
// cannot be loaded; like prisma/seed/wms-stock.ts it writes what those write, in one
// transaction per sale: enrolMember (the member by phone, number from code rule MB), the sale
// linked, earnPoints (the EARN_SALE row with its remainder and expiry, the balance and the
// total earned) and syncTier. It mirrors lib/members/ledger.ts and must change with it.

const TIERS = [
  {
    code: "STANDARD",
    nameEn: "Standard",
    nameZh: "普通会员",
    threshold: 0,
    discountPct: "0",
    benefitsEn: "Earn points on every vehicle purchase and counter sale; redeem them at any dealer's counter.",
    benefitsZh: "购车及门店消费均可累计积分，可在任一经销商门店抵扣使用。",
  },
  {
    code: "SILVER",
    nameEn: "Silver",
    nameZh: "白银会员",
    threshold: 1000,
    discountPct: "2",
    benefitsEn: "2% off parts and accessories at the counter, plus Standard benefits.",
    benefitsZh: "门店配件及精品享 98 折，并享普通会员权益。",
  },
  {
    code: "GOLD",
    nameEn: "Gold",
    nameZh: "黄金会员",
    threshold: 5000,
    discountPct: "5",
    benefitsEn: "5% off at the counter, a free seasonal vehicle check, plus Silver benefits.",
    benefitsZh: "门店消费享 95 折，每季免费车辆检测一次，并享白银会员权益。",
  },
  {
    code: "PLATINUM",
    nameEn: "Platinum",
    nameZh: "铂金会员",
    threshold: 20000,
    discountPct: "8",
    benefitsEn: "8% off at the counter, priority service booking and a courtesy car, plus Gold benefits.",
    benefitsZh: "门店消费享 92 折，优先预约保养并提供代步车，并享黄金会员权益。",
  },
];

/** lib/members/rules.ts DEFAULT_RULE has the same values. */
const RULE = { vehicleRate: "0.01", counterRate: "1", redeemValue: "0.01", expiryMonths: 24 };

export async function seedMemberRules(): Promise<void> {
  const prisma = db();
  for (const t of TIERS) await prisma.memberTier.upsert({ where: { code: t.code }, create: t, update: {} });
  await prisma.memberPointRule.upsert({ where: { id: 1 }, create: { id: 1, ...RULE }, update: {} });
}

type Tx = Prisma.TransactionClient;

/** lib/members/ledger.ts syncTier. */
async function syncTier(tx: Tx, memberId: number) {
  await tx.$executeRaw`
    UPDATE "Member" m SET "tierId" = (
      SELECT t."id" FROM "MemberTier" t WHERE t."enabled" AND t."threshold" <= m."balance" ORDER BY t."threshold" DESC, t."id" LIMIT 1
    ) WHERE m."id" = ${memberId}`;
}

/** lib/members/rules.ts expiryFor: `months` calendar months later on the Beijing clock. */
function expiryFor(at: Date, months: number): Date | null {
  if (!(months > 0)) return null;
  const shifted = new Date(at.getTime() + 8 * 3_600_000);
  const [y, m, d] = shifted.toISOString().slice(0, 10).split("-").map(Number);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  const last = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  const day = `${String(ty).padStart(4, "0")}-${String(tm).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
  return new Date(`${day}T${shifted.toISOString().slice(11, 23)}+08:00`);
}

/** Members for the demo sales whose owners agreed and that no member is linked to yet. */
export async function seedDemoMembers(): Promise<void> {
  const prisma = db();
  const sales = await prisma.vehicleSale.findMany({
    where: { memberConsent: true, memberId: null, company: { code: { in: ["D001", "D002"] } } },
    orderBy: { soldAt: "asc" },
    select: { id: true, companyId: true, soldAt: true, ownerName: true, phone: true, amount: true, createdById: true, returnedAt: true },
  });
  if (!sales.length) return;
  const rule = (await prisma.memberPointRule.findUnique({ where: { id: 1 } })) ?? RULE;
  const codeRule = await prisma.codeRule.findUniqueOrThrow({ where: { code: "MB" } });
  for (const s of sales) {
    await prisma.$transaction(async (tx) => {
      // enrollMember: found by phone, or made with the next number.
      const member =
        (await tx.member.findUnique({ where: { phone: s.phone }, select: { id: true } })) ??
        (await tx.member.create({
          data: { memberNo: await seedCode(tx, codeRule, s.soldAt), phone: s.phone, name: s.ownerName, companyId: s.companyId, consentAt: s.soldAt, createdAt: s.soldAt },
          select: { id: true },
        }));
      await tx.vehicleSale.update({ where: { id: s.id }, data: { memberId: member.id } });
      // pointsFor(amount, vehicleRate), rounded down; a returned sale's points were reversed, so none stay.
      const points = s.amount && !s.returnedAt ? Math.floor(Math.round(Number(s.amount) * Number(rule.vehicleRate) * 10000) / 10000) : 0;
      if (points > 0) {
        const [m] = await tx.$queryRaw<{ balance: number }[]>`
          UPDATE "Member" SET "balance" = "balance" + ${points}, "earnedTotal" = "earnedTotal" + ${points}, "updatedAt" = ${s.soldAt}
          WHERE "id" = ${member.id} RETURNING "balance"`;
        await tx.memberPointEntry.create({
          data: {
            memberId: member.id,
            companyId: s.companyId,
            kind: "EARN_SALE",
            points,
            balanceAfter: m.balance,
            remaining: points,
            expiresAt: expiryFor(s.soldAt, rule.expiryMonths),
            vehicleSaleId: s.id,
            createdById: s.createdById,
            createdAt: s.soldAt,
          },
        });
      }
      await syncTier(tx, member.id);
      await tx.auditLog.create({
        data: {
          userId: s.createdById,
          companyId: s.companyId,
          entity: "VehicleSale",
          entityId: String(s.id),
          action: "joinMember",
          after: { memberId: member.id, amount: s.amount?.toFixed(2) ?? null, points },
          createdAt: s.soldAt,
        },
      });
    });
  }
}
