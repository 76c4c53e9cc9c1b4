import "server-only";
import { audit, type AuditCtx } from "@/lib/core/audit";
import type { Tx } from "@/lib/core/tx";
import { nextCode } from "@/lib/codes/next-code";
import type { Viewer } from "@/lib/auth/viewer";
import { variable } from "@/lib/config/variables";
import { db } from "@/lib/db";
import { dict } from "@/lib/dict/dict";
import { DomainError, NotFoundError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { PurchasePlanStatus } from "@/lib/generated/prisma/enums";
import { planDealer, planReviewer, planWhere } from "./access";
import { beforeDeadline, monthDate, monthOf, planDeadline, plannableMonths } from "./deadline";
import { notifyPlan, type PlanEvent, type PlanNotice } from "./notify";
import type { TAdjustPlan, TApprovePlan, TPlanId, TPlanLineInput, TReturnPlan, TSavePlan } from "./schemas";
import { planMove, type PlanMove } from "./states";

// Purchase plans (crm/customerPlan): a dealer creates, saves, submits and revises its company's
// plan for a coming month; sales operations in their data scope approve, return with a comment
// or adjust quantities. Every move is one transaction that locks the plan row, checks the move
// against ./states.ts, writes the history (StatusEvent, entity "PurchasePlan"), an audit row and
// the in-app notices (./notify.ts). An adjusted line keeps what the dealer asked for
// (requestedQty) and says who changed it and when.

const ENTITY = "PurchasePlan";
export const PLAN_RULE = "PP";

const HEAD = { id: true, planNo: true, companyId: true, month: true, status: true, remark: true, reviewComment: true } as const;
type Head = Prisma.PurchasePlanGetPayload<{ select: typeof HEAD }>;
type Result = { id: number; planNo: string; status: PurchasePlanStatus };

async function deadlineDay(): Promise<number> {
  return variable("plan.deadlineDay");
}

async function history(tx: Tx, ctx: AuditCtx, id: number, from: PurchasePlanStatus | null, to: PurchasePlanStatus, note: string | null = null) {
  await tx.statusEvent.create({ data: { entity: ENTITY, entityId: id, fromStatus: from, toStatus: to, note: note?.slice(0, 500) ?? null, userId: ctx.userId } });
}

const wrongState = (p: Head) => new DomainError("Plans.errors.wrongState", { planNo: p.planNo, status: p.status }, undefined, 409);

/** Locks the plan row, then reads it through the viewer's scope (outside it: 404). */
async function lockPlan(tx: Tx, viewer: Viewer, id: number): Promise<Head> {
  await tx.$queryRaw`SELECT "id" FROM "PurchasePlan" WHERE "id" = ${id} FOR UPDATE`;
  const plan = await tx.purchasePlan.findFirst({ where: { AND: [{ id }, await planWhere(viewer)] }, select: HEAD });
  if (!plan) throw new NotFoundError();
  return plan;
}

async function notice(tx: Tx, plan: Head): Promise<PlanNotice> {
  const company = await tx.company.findUniqueOrThrow({ where: { id: plan.companyId }, select: { nameEn: true, nameZh: true, organizationId: true } });
  return { id: plan.id, planNo: plan.planNo, month: monthOf(plan.month), companyId: plan.companyId, company };
}

async function notify(tx: Tx, ctx: AuditCtx, plan: Head, event: PlanEvent, extra: { comment?: string | null; count?: number } = {}) {
  const quantity = event === "purchasePlan.submitted" ? ((await tx.purchasePlanLine.aggregate({ where: { planId: plan.id }, _sum: { quantity: true } }))._sum.quantity ?? 0) : 0;
  await notifyPlan(tx, { event, plan: await notice(tx, plan), actorId: ctx.userId, quantity, ...extra });
}

/** The lines refer to vehicle goods of enabled models and to enabled parts categories. */
async function checkLines(tx: Tx, lines: TPlanLineInput[]) {
  const goodsIds = [...new Set(lines.filter((l) => l.kind === "VEHICLE").map((l) => l.goodsId!))];
  const goods = goodsIds.length ? await tx.goods.findMany({ where: { id: { in: goodsIds }, kind: "VEHICLE", vehicleModel: { enabled: true } }, select: { id: true } }) : [];
  const known = new Set(goods.map((g) => g.id));
  const categories = new Set((await dict("parts_category", { client: tx })).map((i) => i.value));
  lines.forEach((l, i) => {
    if (l.kind === "VEHICLE" && !known.has(l.goodsId!)) throw new DomainError("Plans.errors.goodsUnknown", { line: i + 1 }, `lines.${i}.goodsId`);
    if (l.kind === "PARTS" && !categories.has(l.partsCategory!)) throw new DomainError("Plans.errors.categoryUnknown", { line: i + 1 }, `lines.${i}.partsCategory`);
  });
}

const lineRows = (lines: TPlanLineInput[]) =>
  lines.map((l) => ({
    kind: l.kind,
    goodsId: l.kind === "VEHICLE" ? l.goodsId! : null,
    partsCategory: l.kind === "PARTS" ? l.partsCategory! : null,
    quantity: l.quantity,
    requestedQty: l.quantity,
    remark: l.remark ?? null,
  }));

const linesOf = (tx: Tx, planId: number) =>
  tx.purchasePlanLine.findMany({
    where: { planId },
    orderBy: { id: "asc" },
    select: { id: true, kind: true, goodsId: true, partsCategory: true, quantity: true, requestedQty: true },
  });

/** The dealer's move on its plan: the table, then the deadline (a RETURNED plan may be corrected after it). */
function dealerMove(plan: Head, move: PlanMove, now: Date, day: number): PurchasePlanStatus {
  const to = planMove(plan.status, move);
  if (!to) throw wrongState(plan);
  const month = monthOf(plan.month);
  if (plan.status !== "RETURNED" && !beforeDeadline(month, day, now))
    throw new DomainError("Plans.errors.pastDeadline", { month, deadline: planDeadline(month, day).day }, undefined, 409);
  return to;
}

async function submitInTx(tx: Tx, ctx: AuditCtx, plan: Head, now: Date, day: number): Promise<Result> {
  const to = dealerMove(plan, "submit", now, day);
  const lines = await linesOf(tx, plan.id);
  if (!lines.some((l) => l.quantity > 0)) throw new DomainError("Plans.errors.nothingPlanned", {}, "lines");
  await tx.purchasePlan.update({ where: { id: plan.id }, data: { status: to, submittedAt: now } });
  await history(tx, ctx, plan.id, plan.status, to);
  await audit(tx, ctx, ENTITY, plan.id, "submit", { status: plan.status }, { status: to, submittedAt: now.toISOString() });
  await notify(tx, ctx, plan, "purchasePlan.submitted");
  return { id: plan.id, planNo: plan.planNo, status: to };
}

/**
 * Creates the company's plan for a month, or edits one (`input.id`): a DRAFT or RETURNED plan is
 * saved as it is, a SUBMITTED one is revised (until the deadline; it stays SUBMITTED with a history
 * row). `input.submit` submits in the same transaction.
 */
export async function savePlan(viewer: Viewer, ctx: AuditCtx, input: TSavePlan, now = new Date()): Promise<Result> {
  const companyId = planDealer(viewer);
  // Read before the transaction: no second pooled connection from inside it.
  const day = await deadlineDay();
  try {
    return await db().$transaction(async (tx) => {
      if (input.id) {
        const plan = await lockPlan(tx, viewer, input.id);
        if (monthOf(plan.month) !== input.month) throw new DomainError("Plans.errors.monthLocked", { month: monthOf(plan.month) }, "month");
        const revise = plan.status === "SUBMITTED";
        dealerMove(plan, revise ? "revise" : "save", now, day);
        await checkLines(tx, input.lines);
        const before = { remark: plan.remark, lines: await linesOf(tx, plan.id) };
        await tx.purchasePlanLine.deleteMany({ where: { planId: plan.id } });
        await tx.purchasePlan.update({ where: { id: plan.id }, data: { remark: input.remark ?? null, lines: { create: lineRows(input.lines) } } });
        if (revise) {
          if (!input.lines.some((l) => l.quantity > 0)) throw new DomainError("Plans.errors.nothingPlanned", {}, "lines");
          await history(tx, ctx, plan.id, "SUBMITTED", "SUBMITTED", "revised");
        }
        await audit(tx, ctx, ENTITY, plan.id, revise ? "revise" : "update", before, { remark: input.remark ?? null, lines: input.lines });
        if (revise) {
          await notify(tx, ctx, plan, "purchasePlan.submitted");
          return { id: plan.id, planNo: plan.planNo, status: plan.status };
        }
        return input.submit ? submitInTx(tx, ctx, { ...plan, remark: input.remark ?? null }, now, day) : { id: plan.id, planNo: plan.planNo, status: plan.status };
      }
      if (!plannableMonths(now).includes(input.month)) throw new DomainError("Plans.errors.monthNotOpen", { month: input.month }, "month");
      if (!beforeDeadline(input.month, day, now))
        throw new DomainError("Plans.errors.pastDeadline", { month: input.month, deadline: planDeadline(input.month, day).day }, "month", 409);
      const taken = await tx.purchasePlan.findUnique({ where: { companyId_month: { companyId, month: monthDate(input.month) } }, select: { id: true } });
      if (taken) throw new DomainError("Plans.errors.monthTaken", { month: input.month }, "month", 409);
      await checkLines(tx, input.lines);
      const planNo = await nextCode(PLAN_RULE, { tx, now });
      const plan = await tx.purchasePlan.create({
        data: { planNo, companyId, month: monthDate(input.month), remark: input.remark ?? null, createdById: ctx.userId, lines: { create: lineRows(input.lines) } },
        select: HEAD,
      });
      await history(tx, ctx, plan.id, null, "DRAFT");
      await audit(tx, ctx, ENTITY, plan.id, "create", null, { planNo, month: input.month, remark: input.remark ?? null, lines: input.lines });
      return input.submit ? submitInTx(tx, ctx, plan, now, day) : { id: plan.id, planNo, status: plan.status };
    });
  } catch (err) {
    // Two creations of the same month at once: the unique (company, month) refuses the second.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") throw new DomainError("Plans.errors.monthTaken", { month: input.month }, "month", 409);
    throw err;
  }
}

/** Submits a DRAFT or RETURNED plan (at least one line above 0). */
export async function submitPlan(viewer: Viewer, ctx: AuditCtx, input: TPlanId, now = new Date()): Promise<Result> {
  planDealer(viewer);
  const day = await deadlineDay();
  return db().$transaction(async (tx) => submitInTx(tx, ctx, await lockPlan(tx, viewer, input.id), now, day));
}

/** Sets new quantities on lines of the plan; answers how many changed. */
async function adjustLines(tx: Tx, ctx: AuditCtx, plan: Head, lines: { id: number; quantity: number }[], now: Date): Promise<number> {
  if (!lines.length) return 0;
  const current = new Map((await linesOf(tx, plan.id)).map((l) => [l.id, l]));
  const seen = new Set<number>();
  const changes: { id: number; from: number; to: number }[] = [];
  lines.forEach((l, i) => {
    const line = current.get(l.id);
    if (!line || seen.has(l.id)) throw new DomainError("Plans.errors.lineUnknown", { line: i + 1 }, `lines.${i}.id`);
    seen.add(l.id);
    if (line.quantity !== l.quantity) changes.push({ id: l.id, from: line.quantity, to: l.quantity });
  });
  for (const c of changes) await tx.purchasePlanLine.update({ where: { id: c.id }, data: { quantity: c.to, adjustedById: ctx.userId, adjustedAt: now } });
  if (changes.length)
    await audit(
      tx,
      ctx,
      ENTITY,
      plan.id,
      "adjust",
      changes.map((c) => ({ id: c.id, quantity: c.from })),
      changes.map((c) => ({ id: c.id, quantity: c.to })),
    );
  return changes.length;
}

/** Sales operations change quantities of a SUBMITTED plan (it stays SUBMITTED); the dealer is told. */
export async function adjustPlan(viewer: Viewer, ctx: AuditCtx, input: TAdjustPlan, now = new Date()): Promise<Result & { changed: number }> {
  planReviewer(viewer);
  return db().$transaction(async (tx) => {
    const plan = await lockPlan(tx, viewer, input.id);
    const to = planMove(plan.status, "adjust");
    if (!to) throw wrongState(plan);
    const changed = await adjustLines(tx, ctx, plan, input.lines, now);
    if (changed) {
      await history(tx, ctx, plan.id, plan.status, to, input.comment ?? "adjusted");
      await notify(tx, ctx, plan, "purchasePlan.adjusted", { count: changed, comment: input.comment ?? null });
    }
    return { id: plan.id, planNo: plan.planNo, status: to, changed };
  });
}

/** Approves a SUBMITTED plan (adjusting lines in the same step when given): the month's target. */
export async function approvePlan(viewer: Viewer, ctx: AuditCtx, input: TApprovePlan, now = new Date()): Promise<Result & { changed: number }> {
  planReviewer(viewer);
  return db().$transaction(async (tx) => {
    const plan = await lockPlan(tx, viewer, input.id);
    const to = planMove(plan.status, "approve");
    if (!to) throw wrongState(plan);
    const changed = await adjustLines(tx, ctx, plan, input.lines, now);
    if (changed) await history(tx, ctx, plan.id, plan.status, plan.status, input.comment ?? "adjusted");
    const comment = input.comment ?? null;
    await tx.purchasePlan.update({ where: { id: plan.id }, data: { status: to, reviewedById: ctx.userId, reviewedAt: now, reviewComment: comment } });
    await history(tx, ctx, plan.id, plan.status, to, comment);
    await audit(tx, ctx, ENTITY, plan.id, "approve", { status: plan.status }, { status: to, reviewComment: comment, adjustedLines: changed });
    await notify(tx, ctx, plan, "purchasePlan.approved", { comment });
    return { id: plan.id, planNo: plan.planNo, status: to, changed };
  });
}

/** Returns a SUBMITTED plan to the dealer with a comment saying what to change. */
export async function returnPlan(viewer: Viewer, ctx: AuditCtx, input: TReturnPlan, now = new Date()): Promise<Result> {
  planReviewer(viewer);
  return db().$transaction(async (tx) => {
    const plan = await lockPlan(tx, viewer, input.id);
    const to = planMove(plan.status, "return");
    if (!to) throw wrongState(plan);
    await tx.purchasePlan.update({ where: { id: plan.id }, data: { status: to, reviewedById: ctx.userId, reviewedAt: now, reviewComment: input.comment } });
    await history(tx, ctx, plan.id, plan.status, to, input.comment);
    await audit(tx, ctx, ENTITY, plan.id, "return", { status: plan.status }, { status: to, reviewComment: input.comment });
    await notify(tx, ctx, plan, "purchasePlan.returned", { comment: input.comment });
    return { id: plan.id, planNo: plan.planNo, status: to };
  });
}
