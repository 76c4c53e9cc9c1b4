import "server-only";
import type { Tx } from "@/lib/core/tx";
import { db } from "@/lib/db";
import { dicts } from "@/lib/dict/dict";
import { itemLabel } from "@/lib/dict/items";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Locale } from "@/lib/i18n/config";
import { dealerRecipients, staffRecipients } from "@/lib/mall/notifications/service";
import { renderMessage } from "@/lib/messages/templates";
import type { MessageEvent } from "@/lib/messages/template-schemas";
import { enqueueWechat, wechatEvent } from "@/lib/wechat/enqueue";

// In-app notifications (the header bell) for parts returns, delivery batches and complaints,
// written inside the move's transaction so a refused or rolled-back move notifies nobody. Same
// rules as orders (lib/mall/notifications/service.ts): the row keeps the event, a link and the en-US text; the
// bell renders it again in the reader's language (loadAfterSalesNotices / afterSalesValues,
// used by lib/mall/notifications/feed.ts); a switched-off template means no notification; the actor is
// never told; every read of the write path goes through the caller's transaction.
//
// Recipients:
// - status changes of a return or complaint go to the ACTIVE dealer users of its company:
//   salesReturn.approved|rejected|completed, complaint.processing|replied, and returnBatch.received.
//   Receiving is done per batch (several items at once), so the dealer gets one notification per
//   receipt naming the batch and how many of its returns have arrived, not one per item.
// - new work goes to the staff who can act on it (ACTIVE STAFF holding the permission, the
//   company in their data scope; admins excluded): salesReturn.submitted (salesReturn:approve),
//   returnBatch.shipped (salesReturn:receive), complaint.submitted (complaint:reply).
// - complaint.noted (a dealer note reopened it) goes to the complaint's handler while they may
//   still reply to it (an active administrator, or staff as above), else to all who may;
//   complaint.closed goes to that handler only (nobody else has anything left to do).

export type SalesReturnEvent = "salesReturn.submitted" | "salesReturn.approved" | "salesReturn.rejected" | "salesReturn.completed";
export type ReturnBatchEvent = "returnBatch.shipped" | "returnBatch.received";
export type ComplaintEvent = "complaint.submitted" | "complaint.processing" | "complaint.replied" | "complaint.noted" | "complaint.closed";

const COMPANY = { select: { nameEn: true, nameZh: true, organizationId: true } } as const;
export const RETURN_NOTICE_SELECT = {
  id: true,
  returnNo: true,
  companyId: true,
  returnType: true,
  materialName: true,
  quantity: true,
  dealType: true,
  dealTypeDone: true,
  rejectReason: true,
  goods: { select: { nameEn: true, nameZh: true } },
  company: COMPANY,
} as const;
export const BATCH_NOTICE_SELECT = {
  id: true,
  batchNo: true,
  companyId: true,
  deliveryWay: true,
  logisticsCompany: true,
  logisticsNo: true,
  company: COMPANY,
  _count: { select: { returns: true } },
} as const;
export const COMPLAINT_NOTICE_SELECT = {
  id: true,
  complaintNo: true,
  companyId: true,
  vin: true,
  company: COMPANY,
  handler: { select: { id: true, userType: true, status: true } },
} as const;
export type ReturnNotice = Prisma.SalesReturnGetPayload<{ select: typeof RETURN_NOTICE_SELECT }>;
export type BatchNotice = Prisma.ReturnBatchGetPayload<{ select: typeof BATCH_NOTICE_SELECT }>;
export type ComplaintNotice = Prisma.ComplaintGetPayload<{ select: typeof COMPLAINT_NOTICE_SELECT }>;

export const returnLink = (id: number) => `afterSale/salesReturn?id=${id}`;
export const batchLink = (id: number) => `afterSale/salesReturnLogs?id=${id}`;
export const complaintLink = (id: number) => `afterSale/complaint?id=${id}`;

const name = (r: { nameEn: string; nameZh: string }, locale: Locale) => (locale === "zh-CN" ? r.nameZh : r.nameEn);
const labels = (client?: Tx) => dicts(["deal_type", "return_type", "delivery_way"] as const, { includeDisabled: true, client });

/** The placeholders of a return event in a language. The part is the catalogue goods' name in
 * that language when it came from the catalogue, else the material name as filed. */
export async function returnValues(r: ReturnNotice, event: string, locale: Locale, client?: Tx): Promise<Record<string, string>> {
  const d = await labels(client);
  const deal = event === "salesReturn.completed" ? (r.dealTypeDone ?? r.dealType) : r.dealType;
  return {
    returnNo: r.returnNo,
    company: name(r.company, locale),
    material: r.goods ? name(r.goods, locale) : r.materialName,
    quantity: String(r.quantity),
    dealType: itemLabel(d.deal_type, deal, locale),
    returnType: itemLabel(d.return_type, r.returnType, locale),
    reason: r.rejectReason ?? "",
  };
}

/** The placeholders of a batch event in a language. {count}: the returns it carries or, for a
 * receipt (`received` given), how many of them had arrived when it happened; {total}: all. */
export async function batchValues(b: BatchNotice, locale: Locale, received: number | null, client?: Tx): Promise<Record<string, string>> {
  const way = itemLabel((await labels(client)).delivery_way, b.deliveryWay, locale);
  return {
    batchNo: b.batchNo,
    company: name(b.company, locale),
    count: String(received ?? b._count.returns),
    total: String(b._count.returns),
    delivery: [way, b.logisticsCompany, b.logisticsNo].filter(Boolean).join(" "),
    deliveryWay: way,
    carrier: b.logisticsCompany ?? "",
    trackingNo: b.logisticsNo ?? "",
  };
}

/** The placeholders of a complaint event in a language (the VIN is optional: "—" without one). */
export function complaintValues(c: ComplaintNotice, locale: Locale): Record<string, string> {
  return { complaintNo: c.complaintNo, company: name(c.company, locale), vin: c.vin ?? "—" };
}

async function deliver(
  tx: Tx,
  n: {
    event: MessageEvent;
    companyId: number;
    link: string;
    values: Record<string, string>;
    /** The zh-CN values, for the WECHAT channel (computed only when a message is queued). */
    zhValues: () => Promise<Record<string, string>>;
    actorId: number;
    recipients: () => Promise<number[]>;
  },
): Promise<void> {
  const text = await renderMessage(n.event, "IN_APP", "en-US", n.values, tx);
  if (!text && !wechatEvent(n.event)) return;
  const users = [...new Set(await n.recipients())].filter((id) => id !== n.actorId);
  if (!users.length) return;
  if (text) {
    const title = (text.title ?? text.content).slice(0, 200);
    const content = text.content.slice(0, 1000);
    await tx.notification.createMany({ data: users.map((userId) => ({ userId, companyId: n.companyId, event: n.event, title, content, link: n.link })) });
  }
  // The WECHAT channel beside the bell: the same people, the ones bound with the channel on.
  await enqueueWechat(tx, { event: n.event, userIds: users, values: n.zhValues, link: n.link });
}

const company = (r: { companyId: number; company: { organizationId: number } }) => ({ id: r.companyId, organizationId: r.company.organizationId });

/** Notifies the people concerned of a return event (inside the move's transaction). */
export async function notifyReturnEvent(tx: Tx, e: { returnId: number; event: SalesReturnEvent; actorId: number }): Promise<void> {
  const r = await tx.salesReturn.findUnique({ where: { id: e.returnId }, select: RETURN_NOTICE_SELECT });
  if (!r) return;
  await deliver(tx, {
    event: e.event,
    companyId: r.companyId,
    link: returnLink(r.id),
    values: await returnValues(r, e.event, "en-US", tx),
    zhValues: () => returnValues(r, e.event, "zh-CN", tx),
    actorId: e.actorId,
    recipients: () => (e.event === "salesReturn.submitted" ? staffRecipients(tx, company(r), "salesReturn:approve") : dealerRecipients(tx, r.companyId)),
  });
}

/** Notifies the people concerned of a delivery batch event (inside the move's transaction,
 * after the items' update: a receipt counts the returns that have arrived by then). */
export async function notifyBatchEvent(tx: Tx, e: { batchId: number; event: ReturnBatchEvent; actorId: number }): Promise<void> {
  const b = await tx.returnBatch.findUnique({ where: { id: e.batchId }, select: BATCH_NOTICE_SELECT });
  if (!b) return;
  const received = e.event === "returnBatch.received" ? await tx.salesReturn.count({ where: { batchId: b.id, status: { in: ["RECEIVED", "COMPLETED"] } } }) : null;
  await deliver(tx, {
    event: e.event,
    companyId: b.companyId,
    link: batchLink(b.id),
    values: await batchValues(b, "en-US", received, tx),
    zhValues: () => batchValues(b, "zh-CN", received, tx),
    actorId: e.actorId,
    recipients: () => (e.event === "returnBatch.shipped" ? staffRecipients(tx, company(b), "salesReturn:receive") : dealerRecipients(tx, b.companyId)),
  });
}

/** Notifies the people concerned of a complaint event (inside the move's transaction, after
 * the update: the handler is the one who took or replied to it). */
export async function notifyComplaintEvent(tx: Tx, e: { complaintId: number; event: ComplaintEvent; actorId: number }): Promise<void> {
  const c = await tx.complaint.findUnique({ where: { id: e.complaintId }, select: COMPLAINT_NOTICE_SELECT });
  if (!c) return;
  const staff = () => staffRecipients(tx, company(c), "complaint:reply");
  const recipients = async (): Promise<number[]> => {
    if (e.event === "complaint.submitted") return staff();
    if (e.event !== "complaint.noted" && e.event !== "complaint.closed") return dealerRecipients(tx, c.companyId);
    const all = await staff();
    const h = c.handler;
    const handlerMay = !!h && h.status === "ACTIVE" && (h.userType === "ADMIN" || all.includes(h.id));
    if (handlerMay) return [h.id];
    return e.event === "complaint.noted" ? all : [];
  };
  await deliver(tx, {
    event: e.event,
    companyId: c.companyId,
    link: complaintLink(c.id),
    values: complaintValues(c, "en-US"),
    zhValues: async () => complaintValues(c, "zh-CN"),
    actorId: e.actorId,
    recipients,
  });
}

// ── The reader's side (lib/mall/notifications/feed.ts) ────────────────────────────────────────────

export type AfterSalesKind = "salesReturn" | "returnBatch" | "complaint";

/** Which after-sales document an event's link points at, by the event's prefix. */
export function afterSalesKind(event: string): AfterSalesKind | null {
  const prefix = event.slice(0, event.indexOf("."));
  return prefix === "salesReturn" || prefix === "returnBatch" || prefix === "complaint" ? prefix : null;
}

export type AfterSalesNotices = {
  returns: Map<number, ReturnNotice>;
  batches: Map<number, BatchNotice>;
  /** Per batch, when each of its returns was received (their RECEIVED status events). */
  receipts: Map<number, Date[]>;
  complaints: Map<number, ComplaintNotice>;
};

/**
 * The documents a page of notifications links to: one query per kind present (returns,
 * batches, complaints) plus one for the receipt times of batches named by returnBatch.received,
 * all at once, whatever the page size.
 */
export async function loadAfterSalesNotices(refs: { event: string; id: number }[]): Promise<AfterSalesNotices> {
  const ids: Record<AfterSalesKind, Set<number>> = { salesReturn: new Set(), returnBatch: new Set(), complaint: new Set() };
  const receivedBatches = new Set<number>();
  for (const { event, id } of refs) {
    const kind = afterSalesKind(event);
    if (!kind) continue;
    ids[kind].add(id);
    if (event === "returnBatch.received") receivedBatches.add(id);
  }
  const list = (s: Set<number>) => [...s];
  const [returns, batches, receipts, complaints] = await Promise.all([
    ids.salesReturn.size ? db().salesReturn.findMany({ where: { id: { in: list(ids.salesReturn) } }, select: RETURN_NOTICE_SELECT }) : [],
    ids.returnBatch.size ? db().returnBatch.findMany({ where: { id: { in: list(ids.returnBatch) } }, select: BATCH_NOTICE_SELECT }) : [],
    receivedBatches.size
      ? db().$queryRaw<{ batchId: number; at: Date }[]>`
          SELECT r."batchId" AS "batchId", e."createdAt" AS "at"
          FROM "SalesReturn" r JOIN "StatusEvent" e ON e."entity" = 'SalesReturn' AND e."entityId" = r."id" AND e."toStatus" = 'RECEIVED'
          WHERE r."batchId" = ANY(${list(receivedBatches)})`
      : [],
    ids.complaint.size ? db().complaint.findMany({ where: { id: { in: list(ids.complaint) } }, select: COMPLAINT_NOTICE_SELECT }) : [],
  ]);
  const byBatch = new Map<number, Date[]>();
  for (const r of receipts) byBatch.set(r.batchId, [...(byBatch.get(r.batchId) ?? []), r.at]);
  return {
    returns: new Map(returns.map((r) => [r.id, r])),
    batches: new Map(batches.map((b) => [b.id, b])),
    receipts: byBatch,
    complaints: new Map(complaints.map((c) => [c.id, c])),
  };
}

/**
 * The placeholders of an after-sales notification in the reader's language, or null when its
 * document is gone (the stored text is shown then). A receipt counts the returns received up to
 * the notification's own time, so an earlier partial receipt keeps reading as it did.
 */
export async function afterSalesValues(n: AfterSalesNotices, row: { event: string; id: number; createdAt: Date }, locale: Locale): Promise<Record<string, string> | null> {
  switch (afterSalesKind(row.event)) {
    case "salesReturn": {
      const r = n.returns.get(row.id);
      return r ? returnValues(r, row.event, locale) : null;
    }
    case "returnBatch": {
      const b = n.batches.get(row.id);
      if (!b) return null;
      const received = row.event === "returnBatch.received" ? (n.receipts.get(b.id) ?? []).filter((at) => at <= row.createdAt).length : null;
      return batchValues(b, locale, received);
    }
    case "complaint": {
      const c = n.complaints.get(row.id);
      return c ? complaintValues(c, locale) : null;
    }
    default:
      return null;
  }
}
