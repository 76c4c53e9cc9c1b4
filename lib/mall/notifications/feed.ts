import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Locale } from "@/lib/i18n/config";
import { renderMessage } from "@/lib/messages/templates";
import { eventDef, type MessageEvent } from "@/lib/messages/template-schemas";
import { afterSalesKind, afterSalesValues, loadAfterSalesNotices } from "@/lib/after-sales/notify";
import { isPlanEvent, loadPlanNotices, planNoticeValues } from "@/lib/plans/notify";
import { ORDER_NOTICE_SELECT, orderValues, PRE_ORDER_NOTICE_SELECT, preOrderValues } from "./service";

// The reader's side of the bell: a user's own notifications, newest first, rendered in the
// reader's language from the template and the document they link to (lib/mall/notifications/service.ts says
// why). A dealer sees the notifications of the company chosen at sign-in only. Someone else's
// notification answers 404, like a missing one. A page costs at most eight queries whatever its
// size: the page, the unread count, and one each for the orders, pre-orders, parts returns,
// delivery batches (plus their receipt times) and complaints it links to
// (lib/after-sales/notify.ts loads the after-sales ones), plus, when purchase plan notices are on
// the page, their plans, history and audit rows and the deadline day (lib/plans/notify.ts).

export type NotificationItem = { id: number; event: string; title: string; content: string; link: string | null; read: boolean; createdAt: string };
export type NotificationFeed = { unread: number; items: NotificationItem[]; nextCursor: number | null };

/** Unread counts beyond this show as "99+"; counting stops there. */
export const UNREAD_CAP = 100;

function own(viewer: Viewer): Prisma.NotificationWhereInput {
  return viewer.company ? { userId: viewer.userId, companyId: viewer.company.id } : { userId: viewer.userId };
}

const idIn = (link: string | null) => {
  const m = link ? /[?&]id=(\d{1,9})(?:&|$)/.exec(link) : null;
  return m ? Number(m[1]) : null;
};

export async function notificationFeed(viewer: Viewer, locale: Locale, opts: { limit?: number; cursor?: number | null } = {}): Promise<NotificationFeed> {
  const limit = Math.min(Math.max(opts.limit ?? 10, 0), 50);
  const where = own(viewer);
  const [rows, unread] = await Promise.all([
    limit === 0
      ? Promise.resolve([])
      : db().notification.findMany({
          where: { ...where, ...(opts.cursor ? { id: { lt: opts.cursor } } : {}) },
          orderBy: { id: "desc" },
          take: limit + 1,
          select: { id: true, event: true, title: true, content: true, link: true, readAt: true, createdAt: true },
        }),
    db().notification.count({ where: { ...where, readAt: null }, take: UNREAD_CAP }),
  ]);
  const page = rows.slice(0, limit);
  const orderIds = new Set<number>();
  const preOrderIds = new Set<number>();
  const afterSalesRefs: { event: string; id: number }[] = [];
  const planRefs: { event: string; id: number | null }[] = [];
  for (const r of page) {
    const id = idIn(r.link);
    if (isPlanEvent(r.event)) planRefs.push({ event: r.event, id });
    if (id === null) continue;
    if (r.event.startsWith("order.")) orderIds.add(id);
    else if (r.event.startsWith("preOrder.")) preOrderIds.add(id);
    else if (afterSalesKind(r.event)) afterSalesRefs.push({ event: r.event, id });
  }
  const [orders, preOrders, afterSales, plans] = await Promise.all([
    orderIds.size ? db().order.findMany({ where: { id: { in: [...orderIds] } }, select: ORDER_NOTICE_SELECT }) : [],
    preOrderIds.size ? db().preOrder.findMany({ where: { id: { in: [...preOrderIds] } }, select: PRE_ORDER_NOTICE_SELECT }) : [],
    loadAfterSalesNotices(afterSalesRefs),
    planRefs.length ? loadPlanNotices(planRefs) : null,
  ]);
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const preOrderById = new Map(preOrders.map((p) => [p.id, p]));

  const items = await Promise.all(
    page.map(async (r): Promise<NotificationItem> => {
      const base = { id: r.id, event: r.event, title: r.title, content: r.content, link: r.link, read: r.readAt !== null, createdAt: r.createdAt.toISOString() };
      if (!eventDef(r.event)) return base;
      const id = idIn(r.link);
      const order = r.event.startsWith("order.") && id !== null ? orderById.get(id) : undefined;
      const pre = r.event.startsWith("preOrder.") && id !== null ? preOrderById.get(id) : undefined;
      const values = order
        ? await orderValues(order, r.event, locale)
        : pre
          ? await preOrderValues(pre, r.event, locale)
          : id !== null && afterSalesKind(r.event)
            ? await afterSalesValues(afterSales, { event: r.event, id, createdAt: r.createdAt }, locale)
            : plans && isPlanEvent(r.event)
              ? planNoticeValues(plans, { event: r.event, id, link: r.link, createdAt: r.createdAt }, locale)
              : null;
      if (!values) return base;
      const text = await renderMessage(r.event as MessageEvent, "IN_APP", locale, values);
      return text ? { ...base, title: text.title ?? base.title, content: text.content } : base;
    }),
  );
  return { unread: unread, items, nextCursor: rows.length > limit ? page[page.length - 1].id : null };
}

/** Marks one of the viewer's notifications read (idempotent); anyone else's is 404. */
export async function markNotificationRead(viewer: Viewer, id: number): Promise<{ id: number; read: true }> {
  const row = await db().notification.findFirst({ where: { ...own(viewer), id }, select: { id: true, readAt: true } });
  if (!row) throw new NotFoundError();
  if (!row.readAt) await db().notification.updateMany({ where: { id, readAt: null }, data: { readAt: new Date() } });
  return { id, read: true };
}

/** Marks all the viewer's notifications read. */
export async function markAllNotificationsRead(viewer: Viewer): Promise<{ updated: number }> {
  const { count } = await db().notification.updateMany({ where: { ...own(viewer), readAt: null }, data: { readAt: new Date() } });
  return { updated: count };
}
