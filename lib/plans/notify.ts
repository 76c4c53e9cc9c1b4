import "server-only";
import { variable } from "@/lib/config/variables";
import type { Tx } from "@/lib/core/tx";
import { db } from "@/lib/db";
import type { Locale } from "@/lib/i18n/config";
import { staffRecipients } from "@/lib/mall/notifications/service";
import { renderMessage } from "@/lib/messages/templates";
import type { MessageEvent } from "@/lib/messages/template-schemas";
import { enqueueWechat, wechatEvent } from "@/lib/wechat/enqueue";
import { addMonths, MONTH_RE, monthOf, planDeadline, shanghaiMonth } from "./deadline";

// In-app notices of purchase plans, written in the caller's transaction (a rolled-back move tells
// nobody). "purchasePlan.submitted" goes to the staff who review plans (plan:review) with the
// company in their data scope; every other event to the company's active dealer users who manage
// plans (plan:submit). The one who caused it is not told. The row keeps the en-US text, as
// lib/mall/notifications/service.ts does; the bell renders it again in the reader's language
// (lib/mall/notifications/feed.ts with loadPlanNotices and planNoticeValues below): the plan's
// number, month and company come from the plan the link names, and what belongs to the one move
// (the review comment, how many lines were adjusted, the quantity handed in) from the rows that
// move wrote in the same transaction — its history row (StatusEvent) and its audit row — the
// latest of their kind at or before the notice's time. A reminder names its month in the link.

export type PlanEvent = "purchasePlan.submitted" | "purchasePlan.approved" | "purchasePlan.returned" | "purchasePlan.adjusted";

export const planLink = (id: number) => `crm/customerPlan?id=${id}`;

/** Active dealer users of the company whose roles grant plan:submit. */
export async function planDealerUsers(tx: Tx, companyIds: number[]): Promise<{ id: number; companyId: number }[]> {
  if (!companyIds.length) return [];
  const rows = await tx.userCompany.findMany({
    where: {
      companyId: { in: companyIds },
      user: { userType: "DEALER", status: "ACTIVE", roles: { some: { role: { menus: { some: { menu: { permission: "plan:submit" } } } } } } },
    },
    select: { userId: true, companyId: true },
    orderBy: [{ companyId: "asc" }, { userId: "asc" }],
  });
  return rows.map((r) => ({ id: r.userId, companyId: r.companyId }));
}

export type PlanNotice = { id: number; planNo: string; month: string; companyId: number; company: { nameEn: string; nameZh: string; organizationId: number } };

export function planValues(p: PlanNotice, extra: { comment?: string | null; count?: number; quantity?: number }, locale: "en-US" | "zh-CN"): Record<string, string> {
  return {
    planNo: p.planNo,
    month: p.month,
    company: locale === "zh-CN" ? p.company.nameZh : p.company.nameEn,
    comment: extra.comment ?? "",
    count: String(extra.count ?? 0),
    quantity: String(extra.quantity ?? 0),
  };
}

export async function notifyPlan(tx: Tx, e: { event: PlanEvent; plan: PlanNotice; actorId: number; comment?: string | null; count?: number; quantity?: number }): Promise<number> {
  const text = await renderMessage(e.event as MessageEvent, "IN_APP", "en-US", planValues(e.plan, e, "en-US"), tx);
  if (!text && !wechatEvent(e.event)) return 0;
  const users =
    e.event === "purchasePlan.submitted"
      ? await staffRecipients(tx, { id: e.plan.companyId, organizationId: e.plan.company.organizationId }, "plan:review")
      : (await planDealerUsers(tx, [e.plan.companyId])).map((u) => u.id);
  const to = users.filter((id) => id !== e.actorId);
  if (!to.length) return 0;
  // The WECHAT channel beside the bell: the same people, the ones bound with the channel on.
  await enqueueWechat(tx, { event: e.event, userIds: to, values: planValues(e.plan, e, "zh-CN"), link: planLink(e.plan.id) });
  if (!text) return 0;
  const title = (text.title ?? text.content).slice(0, 200);
  const content = text.content.slice(0, 1000);
  await tx.notification.createMany({ data: to.map((userId) => ({ userId, companyId: e.plan.companyId, event: e.event, title, content, link: planLink(e.plan.id) })) });
  return to.length;
}

// ── The reader's side (the bell, lib/mall/notifications/feed.ts) ──

export const PLAN_NOTICE_SELECT = {
  id: true,
  planNo: true,
  month: true,
  companyId: true,
  company: { select: { nameEn: true, nameZh: true, organizationId: true } },
} as const;

type Dated = { createdAt: Date };
type PlanEventRow = Dated & { fromStatus: string | null; toStatus: string; note: string | null };
type PlanAuditRow = Dated & { action: string; after: unknown };

export type PlanNotices = {
  plans: Map<number, PlanNotice>;
  events: Map<number, PlanEventRow[]>;
  audits: Map<number, PlanAuditRow[]>;
  deadlineDay: number | null;
};

/** Whether an event is a purchase plan's. */
export const isPlanEvent = (event: string): boolean => event.startsWith("purchasePlan.");

/** The link of a reminder (the plan list of its month). */
export const reminderLink = (month: string) => `crm/customerPlan?month=${month}`;

/**
 * What a page of plan notifications needs, in at most four queries whatever its size, all at
 * once: the plans the links name, their history and their audit rows (the moves' own values), and
 * the deadline day when a reminder is on the page. `refs`: each notice's event and the plan id of
 * its link (null for a reminder).
 */
export async function loadPlanNotices(refs: { event: string; id: number | null }[]): Promise<PlanNotices> {
  const ids = [...new Set(refs.filter((r) => isPlanEvent(r.event) && r.id !== null).map((r) => r.id!))];
  const reminders = refs.some((r) => r.event === "purchasePlan.reminder");
  const [plans, events, audits, deadlineDay] = await Promise.all([
    ids.length ? db().purchasePlan.findMany({ where: { id: { in: ids } }, select: PLAN_NOTICE_SELECT }) : [],
    ids.length
      ? db().statusEvent.findMany({
          where: { entity: "PurchasePlan", entityId: { in: ids }, toStatus: { in: ["SUBMITTED", "APPROVED", "RETURNED"] } },
          orderBy: { id: "asc" },
          select: { entityId: true, fromStatus: true, toStatus: true, note: true, createdAt: true },
        })
      : [],
    ids.length
      ? db().auditLog.findMany({
          where: { entity: "PurchasePlan", entityId: { in: ids.map(String) }, action: { in: ["create", "update", "revise", "adjust"] } },
          orderBy: { id: "asc" },
          select: { entityId: true, action: true, after: true, createdAt: true },
        })
      : [],
    reminders ? variable("plan.deadlineDay") : null,
  ]);
  const group = <T, K>(rows: T[], key: (r: T) => K) => {
    const m = new Map<K, T[]>();
    for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
    return m;
  };
  return {
    plans: new Map(plans.map((p) => [p.id, { id: p.id, planNo: p.planNo, month: monthOf(p.month), companyId: p.companyId, company: p.company }])),
    events: group(events, (e) => e.entityId),
    audits: group(
      audits.map((a) => ({ ...a, id: Number(a.entityId) })),
      (a) => a.id,
    ),
    deadlineDay,
  };
}

/** The latest row at or before `at` that passes `ok`. */
function lastBefore<T extends Dated>(rows: T[] | undefined, at: Date, ok: (r: T) => boolean): T | undefined {
  let found: T | undefined;
  for (const r of rows ?? []) if (r.createdAt.getTime() <= at.getTime() && ok(r)) found = r;
  return found;
}

const linesOf = (after: unknown): { quantity?: unknown }[] => {
  const lines = (after as { lines?: unknown } | null)?.lines;
  return Array.isArray(lines) ? (lines as { quantity?: unknown }[]) : [];
};

/**
 * The placeholders of a plan notification in the reader's language, or null when they cannot be
 * told (the plan is gone, or the move's rows are): the stored en-US text is shown then.
 */
export function planNoticeValues(n: PlanNotices, row: { event: string; id: number | null; link: string | null; createdAt: Date }, locale: Locale): Record<string, string> | null {
  if (row.event === "purchasePlan.reminder") {
    if (n.deadlineDay === null) return null;
    // The month is in the link; reminders are always about the month after the one they were sent in.
    const linked = row.link ? /[?&]month=([^&]+)/.exec(row.link)?.[1] : undefined;
    const month = linked && MONTH_RE.test(linked) ? linked : addMonths(shanghaiMonth(row.createdAt), 1);
    return { month, deadline: planDeadline(month, n.deadlineDay).day };
  }
  const plan = row.id === null ? undefined : n.plans.get(row.id);
  if (!plan) return null;
  const events = n.events.get(plan.id);
  const audits = n.audits.get(plan.id);
  const at = row.createdAt;
  switch (row.event) {
    case "purchasePlan.submitted": {
      // The lines as handed in: the last save (create, edit or revision) before the notice.
      const saved = lastBefore(audits, at, (a) => a.action !== "adjust");
      if (!saved) return null;
      const quantity = linesOf(saved.after).reduce((sum, l) => sum + (typeof l.quantity === "number" ? l.quantity : 0), 0);
      return planValues(plan, { quantity }, locale);
    }
    case "purchasePlan.approved":
    case "purchasePlan.returned": {
      const to = row.event === "purchasePlan.approved" ? "APPROVED" : "RETURNED";
      const move = lastBefore(events, at, (e) => e.toStatus === to);
      return move ? planValues(plan, { comment: move.note }, locale) : null;
    }
    case "purchasePlan.adjusted": {
      const move = lastBefore(events, at, (e) => e.fromStatus === "SUBMITTED" && e.toStatus === "SUBMITTED" && e.note !== "revised");
      const audit = lastBefore(audits, at, (a) => a.action === "adjust");
      if (!move || !audit || !Array.isArray(audit.after)) return null;
      return planValues(plan, { comment: move.note === "adjusted" ? null : move.note, count: audit.after.length }, locale);
    }
    default:
      return null;
  }
}
