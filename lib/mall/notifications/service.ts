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
export async function orderValues(o: OrderNotice, event: string, locale: Locale, client?: Tx): Promise<Record<string, string>> {
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

export const orderLink = (o: { id: number; type: string }) => `onlineMall/${o.type === "PARTS" ? "mountings" : "car"}/order?id=${o.id}`;
export const preOrderLink = (id: number) => `onlineMall/car/preOrder?id=${id}`;

/** Staff who may process a new document of the company: STAFF, active, holding `permission`
 * through a role, with the company inside their data scope. One statement whatever the count
 * (it runs in every submission's transaction): the candidates with their roles' scopes, and the
 * organization tree the scopes are resolved against. */
export async function staffRecipients(tx: Tx, company: { id: number; organizationId: number }, permission: string): Promise<number[]> {
  type Candidate = { id: number; organizationId: number | null; hasCompany: boolean; roles: { dataScope: DataScope; organizationIds: number[] }[] };
  const [{ users, tree }] = await tx.$queryRaw<{ users: Candidate[] | null; tree: { id: number; parentId: number | null }[] | null }[]>`
    SELECT
      (SELECT json_agg(json_build_object(
          'id', u."id",
          'organizationId', u."organizationId",
          'hasCompany', EXISTS (SELECT 1 FROM "UserCompany" uc WHERE uc."userId" = u."id" AND uc."companyId" = ${company.id}),
          'roles', (SELECT coalesce(json_agg(json_build_object(
                        'dataScope', r."dataScope",
                        'organizationIds', (SELECT coalesce(json_agg(ro."organizationId"), '[]'::json) FROM "RoleOrganization" ro WHERE ro."roleId" = r."id"))), '[]'::json)
                    FROM "UserRole" ur JOIN "Role" r ON r."id" = ur."roleId" WHERE ur."userId" = u."id")))
       FROM "User" u
       WHERE u."userType" = 'STAFF' AND u."status" = 'ACTIVE' AND NOT u."service"
         AND EXISTS (SELECT 1 FROM "UserRole" ur JOIN "RoleMenu" rm ON rm."roleId" = ur."roleId" JOIN "Menu" m ON m."id" = rm."menuId"
                     WHERE ur."userId" = u."id" AND m."permission" = ${permission})) AS "users",
      (SELECT json_agg(json_build_object('id', o."id", 'parentId', o."parentId")) FROM "Organization" o) AS "tree"`;
  return (users ?? [])
    .filter((u) => {
      const scope = combineScopes({ userType: "STAFF", organizationId: u.organizationId, company: null }, u.roles, tree ?? []);
      if (scope.kind === "all") return true;
      if (scope.kind !== "orgs") return false;
      return scope.orgIds.includes(company.organizationId) || (scope.self && u.hasCompany);
    })
    .map((u) => u.id);
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
    const title = (text.title ?? text.content).slice(0, 200);
    const content = text.content.slice(0, 1000);
    await tx.notification.createMany({ data: users.map((userId) => ({ userId, companyId: n.company.id, event: n.event, title, content, link: n.link })) });
  }
  // The WECHAT channel beside the bell: the same people, the ones bound with the channel on.
  await enqueueWechat(tx, { event: n.event, userIds: users, values: n.zhValues, link: n.link });
}

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
