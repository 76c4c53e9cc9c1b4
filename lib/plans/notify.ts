import "server-only";
import type { Tx } from "@/lib/core/tx";
import { staffRecipients } from "@/lib/mall/notifications/service";
import { renderMessage } from "@/lib/messages/templates";
import type { MessageEvent } from "@/lib/messages/template-schemas";

// In-app notices of purchase plans, written in the caller's transaction (a rolled-back move tells
// nobody). "purchasePlan.submitted" goes to the staff who review plans (plan:review) with the
// company in their data scope; every other event to the company's active dealer users who manage
// plans (plan:submit). The one who caused it is not told. The row keeps the en-US text, as
// lib/mall/notifications/service.ts does; the bell renders it again in the reader's language
// (lib/mall/notifications/feed.ts, planNoticeValues).

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
  if (!text) return 0;
  const users =
    e.event === "purchasePlan.submitted"
      ? await staffRecipients(tx, { id: e.plan.companyId, organizationId: e.plan.company.organizationId }, "plan:review")
      : (await planDealerUsers(tx, [e.plan.companyId])).map((u) => u.id);
  const to = users.filter((id) => id !== e.actorId);
  if (!to.length) return 0;
  const title = (text.title ?? text.content).slice(0, 200);
  const content = text.content.slice(0, 1000);
  await tx.notification.createMany({ data: to.map((userId) => ({ userId, companyId: e.plan.companyId, event: e.event, title, content, link: planLink(e.plan.id) })) });
  return to.length;
}
