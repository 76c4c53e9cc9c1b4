import { db } from "@/lib/db";
import { addMonths, monthDate, shanghaiMonth } from "@/lib/plans/deadline";
import { seedCode } from "./codes";

// Demo purchase plans (crm/customerPlan): D001 (dealer.sh's company) gets an APPROVED plan for the
// current month (Asia/Shanghai) — the month's target the achievement view measures orders against:
// vehicle lines for vehicle goods D001 has demo orders for (prisma/seed/orders.ts) and two parts
// category lines. Sales operations (staff.sales) cut one vehicle line below what the dealer asked
// for, so the screens show requested vs planned and who changed it. Next month gets nothing: its
// deadline may have passed, and the e2e specs make their own plans.
//
// Made once per month: skipped while D001 has a plan for the current month (whatever its state),
// so a restart changes nothing and a database seeded last month gets this month's plan too.
//
// The seed runs outside Next, where lib/plans/service.ts (`import "server-only"`) cannot be
// loaded; like the other seed files it writes what the services write, in one transaction: the
// plan (numbered by code rule PP, as nextCode would), its lines, the history of each move
// (StatusEvent) and the audit rows.

const VEHICLES: { code: string; quantity: number; approved?: number; remark?: string }[] = [
  { code: "V-AUR5-15T", quantity: 6, approved: 4, remark: "Showroom launch" },
  { code: "V-MET3-15L", quantity: 4 },
  { code: "V-AUR7-20T", quantity: 2 },
];
const PARTS: { category: string; quantity: number }[] = [
  { category: "BRAKES", quantity: 20 },
  { category: "FILTERS", quantity: 60 },
];
const HOUR = 3_600_000;

/** 10:00 in Shanghai on `day` ("YYYY-MM-DD") plus `hours`. */
const shanghai = (day: string, hours = 0) => new Date(Date.parse(`${day}T02:00:00Z`) + hours * HOUR);

export async function seedPlans(now = new Date()): Promise<void> {
  const prisma = db();
  const company = await prisma.company.findUnique({ where: { code: "D001" }, select: { id: true } });
  const [dealer, staff] = await Promise.all([
    prisma.user.findUnique({ where: { account: "dealer.sh" }, select: { id: true } }),
    prisma.user.findUnique({ where: { account: "staff.sales" }, select: { id: true } }),
  ]);
  if (!company || !dealer || !staff) return;
  const month = shanghaiMonth(now);
  if (await prisma.purchasePlan.findUnique({ where: { companyId_month: { companyId: company.id, month: monthDate(month) } }, select: { id: true } })) return;
  const goods = new Map(
    (await prisma.goods.findMany({ where: { code: { in: VEHICLES.map((v) => v.code) }, kind: "VEHICLE" }, select: { id: true, code: true } })).map((g) => [g.code, g.id]),
  );
  const vehicles = VEHICLES.filter((v) => goods.has(v.code));
  const categories = new Set((await prisma.dictItem.findMany({ where: { type: { code: "parts_category" }, enabled: true }, select: { value: true } })).map((i) => i.value));
  const parts = PARTS.filter((p) => categories.has(p.category));
  if (!vehicles.length && !parts.length) return;

  // Written last month before its deadline (day 25), reviewed after it.
  const prev = addMonths(month, -1);
  const createdAt = shanghai(`${prev}-18`);
  const submittedAt = shanghai(`${prev}-20`);
  const adjustedAt = shanghai(`${prev}-26`);
  const approvedAt = shanghai(`${prev}-26`, 1);
  const rule = await prisma.codeRule.findUnique({ where: { code: "PP" } });
  if (!rule) return;
  const remark = "Spring sales push";
  const comment = "Aurora 5 allocation is limited this month.";
  const approval = "Approved as this month's target.";

  await prisma.$transaction(async (tx) => {
    const planNo = await seedCode(tx, rule, createdAt);
    const plan = await tx.purchasePlan.create({
      data: {
        planNo,
        companyId: company.id,
        month: monthDate(month),
        status: "APPROVED",
        remark,
        reviewComment: approval,
        createdById: dealer.id,
        submittedAt,
        reviewedById: staff.id,
        reviewedAt: approvedAt,
        createdAt,
        lines: {
          create: [
            ...vehicles.map((v) => ({
              kind: "VEHICLE",
              goodsId: goods.get(v.code)!,
              requestedQty: v.quantity,
              quantity: v.approved ?? v.quantity,
              adjustedById: v.approved === undefined ? null : staff.id,
              adjustedAt: v.approved === undefined ? null : adjustedAt,
              remark: v.remark ?? null,
            })),
            ...parts.map((p) => ({ kind: "PARTS", partsCategory: p.category, requestedQty: p.quantity, quantity: p.quantity })),
          ],
        },
      },
      select: { id: true, lines: { orderBy: { id: "asc" }, select: { id: true, kind: true, goodsId: true, partsCategory: true, requestedQty: true, quantity: true } } },
    });
    const event = (fromStatus: string | null, toStatus: string, userId: number, at: Date, note: string | null = null) => ({
      entity: "PurchasePlan",
      entityId: plan.id,
      fromStatus,
      toStatus,
      note,
      userId,
      createdAt: at,
    });
    await tx.statusEvent.createMany({
      data: [
        event(null, "DRAFT", dealer.id, createdAt),
        event("DRAFT", "SUBMITTED", dealer.id, submittedAt),
        event("SUBMITTED", "SUBMITTED", staff.id, adjustedAt, comment),
        event("SUBMITTED", "APPROVED", staff.id, approvedAt, approval),
      ],
    });
    const adjusted = plan.lines.filter((l) => l.quantity !== l.requestedQty);
    const asked = plan.lines.map((l) => ({ kind: l.kind, goodsId: l.goodsId, partsCategory: l.partsCategory, quantity: l.requestedQty }));
    const audit = (userId: number, companyId: number | null, action: string, before: object | null, after: object, at: Date) => ({
      userId,
      companyId,
      entity: "PurchasePlan",
      entityId: String(plan.id),
      action,
      before: before ?? undefined,
      after,
      requestId: "seed",
      createdAt: at,
    });
    await tx.auditLog.createMany({
      data: [
        audit(dealer.id, company.id, "create", null, { planNo, month, remark, lines: asked }, createdAt),
        audit(dealer.id, company.id, "submit", { status: "DRAFT" }, { status: "SUBMITTED", submittedAt: submittedAt.toISOString() }, submittedAt),
        ...(adjusted.length
          ? [
              audit(
                staff.id,
                null,
                "adjust",
                adjusted.map((l) => ({ id: l.id, quantity: l.requestedQty })),
                adjusted.map((l) => ({ id: l.id, quantity: l.quantity })),
                adjustedAt,
              ),
            ]
          : []),
        audit(staff.id, null, "approve", { status: "SUBMITTED" }, { status: "APPROVED", reviewComment: approval, adjustedLines: 0 }, approvedAt),
      ],
    });
  });
}
