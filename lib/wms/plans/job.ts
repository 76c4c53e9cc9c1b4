import "server-only";
import type { AuditCtx } from "@/lib/core/audit";
import { audit } from "@/lib/core/audit";
import type { Tx } from "@/lib/core/tx";
import { db } from "@/lib/db";
import type { StocktakeCycle } from "@/lib/generated/prisma/enums";
import { errorFields, log } from "@/lib/log";
import { renderMessage } from "@/lib/messages/templates";
import { createStocktakeTx } from "../documents";
import { dateOf, dayOf, nextAfter, shanghaiDay } from "./cycle";
import { runExclusive } from "@/lib/cache/exclusive";

// The job that runs stocktake plans: every enabled plan due today or earlier (Asia/Shanghai)
// gets one draft stocktake (source PLAN) and moves on by its cycle, past today in one go, so a
// plan that missed several periods makes one stocktake, not one per period.
//
// Several app instances may run it at once (each runs it from its own timer and screen loads):
// each plan is claimed inside its transaction by a conditional update of nextDate from the value
// read; the second instance's update waits on the first's row lock, then finds nextDate changed
// and does nothing. A plan that cannot run (its warehouse disabled meanwhile) rolls back and stays
// due, so the list shows it overdue; the other plans go on.

/** Plans read per run; the rest are taken on the next run. */
const BATCH = 200;
const RUN_EVERY_MS = 10 * 60 * 1000;

type Due = {
  id: number;
  name: string;
  companyId: number;
  warehouseId: number;
  scopeLocationIds: number[];
  scopeGoodsIds: number[];
  cycle: StocktakeCycle;
  nextDate: Date;
  assigneeId: number | null;
  warehouse: { code: string };
};

/** Runs every due plan; answers how many stocktakes were made. */
export async function runDueStocktakePlans(now: Date = new Date()): Promise<{ created: number; failed: number }> {
  const today = shanghaiDay(now);
  const due = await db().stocktakePlan.findMany({
    where: { enabled: true, nextDate: { lte: dateOf(today) } },
    orderBy: [{ nextDate: "asc" }, { id: "asc" }],
    take: BATCH,
    select: {
      id: true,
      name: true,
      companyId: true,
      warehouseId: true,
      scopeLocationIds: true,
      scopeGoodsIds: true,
      cycle: true,
      nextDate: true,
      assigneeId: true,
      warehouse: { select: { code: true } },
    },
  });
  let created = 0;
  let failed = 0;
  for (const plan of due) {
    try {
      if (await runPlan(plan, today, now)) created++;
    } catch (err) {
      failed++;
      log.warn("stocktake plan not run", { planId: plan.id, ...errorFields(err) });
    }
  }
  return { created, failed };
}

/** One plan in one transaction: claim, stocktake, audit, notice. False when another run had it. */
async function runPlan(plan: Due, today: string, now: Date): Promise<boolean> {
  const old = dayOf(plan.nextDate);
  const next = nextAfter(old, plan.cycle, today);
  return db().$transaction(async (tx) => {
    const claimed = await tx.$queryRaw<{ id: number }[]>`
      UPDATE "StocktakePlan" SET "nextDate" = ${next}::date, "lastRunAt" = ${now}, "updatedAt" = ${now}
      WHERE "id" = ${plan.id} AND "nextDate" = ${old}::date AND "enabled" RETURNING "id"`;
    if (!claimed.length) return false;
    const actor = await actorOf(tx, plan);
    if (!actor) {
      // Nobody of the company to act as (audit rows need a user): leave the plan due.
      throw new Error(`company ${plan.companyId} has no user`);
    }
    const ctx: AuditCtx = { userId: actor.userId, companyId: plan.companyId, requestId: null };
    const doc = await createStocktakeTx(
      tx,
      ctx,
      plan.companyId,
      {
        warehouseId: plan.warehouseId,
        locationIds: plan.scopeLocationIds,
        goodsIds: plan.scopeGoodsIds,
        showBook: false,
        assigneeId: actor.assigneeId,
        remark: plan.name.slice(0, 500),
      },
      { id: plan.id },
    );
    await audit(tx, ctx, "StocktakePlan", plan.id, "run", { nextDate: old }, { nextDate: next, lastRunAt: now.toISOString(), docNo: doc.docNo });
    if (actor.assigneeId) await notifyAssignee(tx, actor.assigneeId, plan, doc);
    return true;
  });
}

/**
 * Who the stocktake is made as. Audit rows and the document's creator need a user, and the job
 * has none: the plan's assignee when still a user of the company (the person who will count),
 * else the company's first user by id (a stable choice that needs no new column; the plan has
 * no creator column in prisma/schema.prisma). An assignee who left the company is dropped from
 * the stocktake rather than failing it every run.
 */
async function actorOf(tx: Tx, plan: Due): Promise<{ userId: number; assigneeId: number | null } | null> {
  if (plan.assigneeId) {
    const member = await tx.userCompany.findFirst({ where: { userId: plan.assigneeId, companyId: plan.companyId }, select: { userId: true } });
    if (member) return { userId: member.userId, assigneeId: member.userId };
  }
  const first = await tx.userCompany.findFirst({ where: { companyId: plan.companyId }, orderBy: { userId: "asc" }, select: { userId: true } });
  return first ? { userId: first.userId, assigneeId: null } : null;
}

/** The in-app notice to the assignee (template stocktakePlan.due; switched off: no notice). The
 * row keeps the en-US text, as lib/mall/notifications/service.ts does. */
async function notifyAssignee(tx: Tx, userId: number, plan: Due, doc: { id: number; docNo: string }) {
  const text = await renderMessage("stocktakePlan.due", "IN_APP", "en-US", { plan: plan.name, docNo: doc.docNo, warehouse: plan.warehouse.code }, tx);
  if (!text) return;
  await tx.notification.create({
    data: {
      userId,
      companyId: plan.companyId,
      event: "stocktakePlan.due",
      title: (text.title ?? text.content).slice(0, 200),
      content: text.content.slice(0, 1000),
      link: `customerWms/storeCheck?id=${doc.id}`,
    },
  });
}

const holder = globalThis as unknown as { __stocktakePlansAt?: number };

/** Runs the due plans in the background at most once every ten minutes per process (called when
 * the plan screen, the stocktake screen or the workbench home loads). */
export function runPlansSoon(now = Date.now()): void {
  if (holder.__stocktakePlansAt && now - holder.__stocktakePlansAt < RUN_EVERY_MS) return;
  holder.__stocktakePlansAt = now;
  runExclusive("stocktake-plans", () => runDueStocktakePlans(new Date(now)))
    .then((r) => r.ran && r.result.created + r.result.failed && log.info("stocktake plans run", r.result))
    .catch((err: unknown) => log.error("stocktake plans run failed", errorFields(err)));
}
