import "server-only";
import type { Tx } from "@/lib/core/tx";
import { combineScopes } from "@/lib/access/scope";
import { dictLabel } from "@/lib/dict/dict";
import { formatMoney } from "@/lib/format/money";
import type { DataScope, Prisma } from "@/lib/generated/prisma/client";
import type { Locale } from "@/lib/i18n/config";
import { renderMessage } from "@/lib/messages/templates";
import type { MessageEvent } from "@/lib/messages/template-schemas";
import { enqueueWechat, wechatEvent } from "@/lib/wechat/enqueue";

// In-app notifications (the header bell) for order and pre-order events, written inside the
// caller's transaction so a rolled-back transition notifies nobody.
//
// Recipients (docs/DECISIONS.md "Notifications"):
// - "*.submitted" goes to the manufacturer's staff who can act on it: ACTIVE users of type STAFF
//   whose roles grant order:confirm (pre-orders: preOrder:confirm) and whose data scope (the
//   union of all their roles, as lib/access/scope.ts resolves it) covers the dealer company.
//   Administrators are not included: they see everything but do not process orders.
// - every other event goes to the ACTIVE dealer users of the order's company.
// The person who caused the event is never told about it.
//
// Text: the notification row keeps the event, a link and the en-US text. The bell renders the
// title and content again in the reader's language from the template and the document
// (lib/mall/notifications/feed.ts), so the same row reads well in both languages; the stored en-US
// text is the fallback when the template was switched off later. A template that is switched
// off (or missing) when the event happens means no notification of that event.
//
// Every read of the write path goes through the caller's transaction (templates and dictionaries
// come from their caches, else through `tx`): under a burst of submissions each transaction
// already holds a pooled connection, and asking the pool for a second one could wait on the very
// transactions that wait here.

export type OrderEvent = "order.submitted" | "order.confirmed" | "order.rejected" | "order.shipped" | "order.completed" | "order.cancelled";
export type PreOrderEvent = "preOrder.submitted" | "preOrder.confirmed" | "preOrder.rejected" | "preOrder.converted" | "preOrder.cancelled";

export const ORDER_NOTICE_SELECT = {
  id: true,
  orderNo: true,
  type: true,
  status: true,
  amount: true,
  companyId: true,
  rejectReason: true,
  cancelReason: true,
  logisticsCompany: true,
  logisticsNo: true,
  company: { select: { nameEn: true, nameZh: true, organizationId: true } },
} as const;
export const PRE_ORDER_NOTICE_SELECT = {
  id: true,
  preOrderNo: true,
  status: true,
  amount: true,
  quantity: true,
  nameEn: true,
  nameZh: true,
  companyId: true,
  rejectReason: true,
  expectedDate: true,
  company: { select: { nameEn: true, nameZh: true, organizationId: true } },
  order: { select: { orderNo: true } },
} as const;
export type OrderNotice = Prisma.OrderGetPayload<{ select: typeof ORDER_NOTICE_SELECT }>;
export type PreOrderNotice = Prisma.PreOrderGetPayload<{ select: typeof PRE_ORDER_NOTICE_SELECT }>;

/** The status an event leaves the document in (the {status} placeholder). */
export const eventStatus = (event: string): string => event.slice(event.indexOf(".") + 1).toUpperCase();

const name = (r: { nameEn: string; nameZh: string }, locale: Locale) => (locale === "zh-CN" ? r.nameZh : r.nameEn);
const ymd = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : "");

/** The placeholders of an order event in a language. */
export async function orderValues(o: Omit<OrderNotice, "id">, event: string, locale: Locale, client?: Tx): Promise<Record<string, string>> {
  return {
    orderNo: o.orderNo,
    company: name(o.company, locale),
    amount: formatMoney(o.amount, locale),
    status: (await dictLabel("order_status", eventStatus(event), locale, client)) || eventStatus(event),
    reason: o.rejectReason ?? o.cancelReason ?? "",
    carrier: o.logisticsCompany ?? "",
    trackingNo: o.logisticsNo ?? "",
  };
}

/** The placeholders of a pre-order event in a language. */
export async function preOrderValues(p: PreOrderNotice, event: string, locale: Locale, client?: Tx): Promise<Record<string, string>> {
  return {
    preOrderNo: p.preOrderNo,
    company: name(p.company, locale),
    goods: name(p, locale),
    quantity: String(p.quantity),
    amount: formatMoney(p.amount, locale),
    status: (await dictLabel("pre_order_status", eventStatus(event), locale, client)) || eventStatus(event),
    reason: p.rejectReason ?? "",
    deliveryDate: ymd(p.expectedDate),
    orderNo: p.order?.orderNo ?? "",
  };
}

export const orderLink = (o: { id: number | string; type: string }) => `onlineMall/${o.type === "PARTS" ? "mountings" : "car"}/order?id=${o.id}`;
export const preOrderLink = (id: number) => `onlineMall/car/preOrder?id=${id}`;

/** A staff candidate for a document's notification: who they are and their roles' scopes. */
export type StaffCandidate = { id: number; organizationId: number | null; hasCompany: boolean; roles: { dataScope: DataScope; organizationIds: number[] }[] };
export type StaffCandidates = { users: StaffCandidate[] | null; tree: { id: number; parentId: number | null }[] | null };

/** The candidates whose data scope (the union of their roles, as lib/access/scope.ts resolves it)
 * covers the company. */
export function pickStaff({ users, tree }: StaffCandidates, company: { organizationId: number }): number[] {
  return (users ?? [])
    .filter((u) => {
      const scope = combineScopes({ userType: "STAFF", organizationId: u.organizationId, company: null }, u.roles, tree ?? []);
      if (scope.kind === "all") return true;
      if (scope.kind !== "orgs") return false;
      return scope.orgIds.includes(company.organizationId) || (scope.self && u.hasCompany);
    })
    .map((u) => u.id);
}

/** Staff who may process a new document of the company: STAFF, active, holding `permission`
 * through a role, with the company inside their data scope. One statement whatever the count:
 * the candidates from the database function staff_candidates (prisma/migrations/
 * 20261127140000_order_submit_function), picked by their scopes here. */
export async function staffRecipients(tx: Tx, company: { id: number; organizationId: number }, permission: string): Promise<number[]> {
  const [{ staff }] = await tx.$queryRaw<{ staff: StaffCandidates }[]>`SELECT staff_candidates(${company.id}::int, ${permission}) AS "staff"`;
  return pickStaff(staff, company);
}

/** The active dealer users of a company. */
export async function dealerRecipients(tx: Tx, companyId: number): Promise<number[]> {
  const rows = await tx.user.findMany({ where: { userType: "DEALER", status: "ACTIVE", service: false, companies: { some: { companyId } } }, select: { id: true } });
  return rows.map((r) => r.id);
}

async function deliver(
  tx: Tx,
  n: {
    event: MessageEvent;
    company: { id: number; organizationId: number };
    permission: string;
    link: string;
    values: Record<string, string>;
    /** The zh-CN values, for the WECHAT channel (computed only when a message is queued). */
    zhValues: () => Promise<Record<string, string>>;
    actorId: number;
  },
): Promise<void> {
  const text = await renderMessage(n.event, "IN_APP", "en-US", n.values, tx);
  if (!text && !wechatEvent(n.event)) return;
  const toStaff = n.event.endsWith(".submitted");
  const users = (toStaff ? await staffRecipients(tx, n.company, n.permission) : await dealerRecipients(tx, n.company.id)).filter((id) => id !== n.actorId);
  if (!users.length) return;
  if (text) {
    const { title, content } = bellText(text);
    await tx.notification.createMany({ data: users.map((userId) => ({ userId, companyId: n.company.id, event: n.event, title, content, link: n.link })) });
  }
  // The WECHAT channel beside the bell: the same people, the ones bound with the channel on.
  await enqueueWechat(tx, { event: n.event, userIds: users, values: n.zhValues, link: n.link });
}

/** The bell's rows of a submitted order for the staff picked (`pickStaff`), without the actor:
 * what `notifyOrderEvent` writes for "order.submitted", for a caller that writes them itself
 * (order submission's one statement). "order.submitted" goes out in-app only (a staff event). */
export async function orderSubmittedNotices(
  o: Omit<OrderNotice, "id">,
  link: string,
  staff: number[],
  actorId: number,
): Promise<{ userId: number; event: OrderEvent; title: string; content: string; link: string }[]> {
  const event = "order.submitted" as const;
  const text = await renderMessage(event, "IN_APP", "en-US", await orderValues(o, event, "en-US"));
  if (!text) return [];
  const { title, content } = bellText(text);
  return staff.filter((id) => id !== actorId).map((userId) => ({ userId, event, title, content, link }));
}

const bellText = (text: { title: string | null; content: string }) => ({ title: (text.title ?? text.content).slice(0, 200), content: text.content.slice(0, 1000) });

/** Notifies the people concerned of an order event (call it inside the transition's transaction).
 * `notice`: the order as ORDER_NOTICE_SELECT reads it, when the caller has just written it. */
export async function notifyOrderEvent(tx: Tx, e: { orderId: number; event: OrderEvent; actorId: number; notice?: OrderNotice }): Promise<void> {
  const o = e.notice ?? (await tx.order.findUnique({ where: { id: e.orderId }, select: ORDER_NOTICE_SELECT }));
  if (!o) return;
  await deliver(tx, {
    event: e.event,
    company: { id: o.companyId, organizationId: o.company.organizationId },
    permission: "order:confirm",
    link: orderLink(o),
    values: await orderValues(o, e.event, "en-US", tx),
    zhValues: () => orderValues(o, e.event, "zh-CN", tx),
    actorId: e.actorId,
  });
}

/** Notifies the people concerned of a pre-order event (call it inside the transition's transaction). */
export async function notifyPreOrderEvent(tx: Tx, e: { preOrderId: number; event: PreOrderEvent; actorId: number }): Promise<void> {
  const p = await tx.preOrder.findUnique({ where: { id: e.preOrderId }, select: PRE_ORDER_NOTICE_SELECT });
  if (!p) return;
  await deliver(tx, {
    event: e.event,
    company: { id: p.companyId, organizationId: p.company.organizationId },
    permission: "preOrder:confirm",
    link: preOrderLink(p.id),
    values: await preOrderValues(p, e.event, "en-US", tx),
    zhValues: () => preOrderValues(p, e.event, "zh-CN", tx),
    actorId: e.actorId,
  });
}
