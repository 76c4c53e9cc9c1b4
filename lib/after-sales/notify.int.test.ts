import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { notificationFeed } from "@/lib/mall/notifications/feed";
import { invalidateTemplates } from "@/lib/messages/templates";
import type { AuditCtx } from "@/lib/core/audit";
import { makeCompany, makeMenu, makeOrganization, makeRole, makeUser, nowSeconds, uid } from "@/lib/test/factories";
import { ZFileComplaint } from "./complaints/schemas";
import { addDealerNote, closeComplaint, fileComplaint, replyComplaint, takeComplaint } from "./complaints/service";
import { batchLink, complaintLink, notifyComplaintEvent, returnLink } from "./notify";
import { ZShipReturns, type TFileReturn } from "./returns/schemas";
import { approveReturn, completeReturn, fileReturn, receiveReturns, rejectReturn, shipReturns } from "./returns/service";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));

// After-sales in-app notifications against PostgreSQL, through the real moves: who receives each
// return, batch and complaint event (the dealer company's active users but not the actor nor
// another company; the staff who may act with the company in their scope, not admins; a
// complaint's handler), the text in both languages through the bell's feed, a switched-off
// template, refused and rolled-back moves writing nothing, and the feed's bounded queries.

const VIN = "1HGCM82633A004352";
const ctxOf = (v: Viewer): AuditCtx => ({ userId: v.userId, companyId: v.company?.id ?? null, requestId: null });
const u: Record<string, number> = {};
let company: number;
let otherCompany: number;
/** Staff with every after-sales permission and an ALL scope: makes the staff moves. */
let actor: Viewer;
let dealer: Viewer; // dealerA1 acting for the company
const viewerOf = async (id: number, companyId: number | null = null) => (await loadViewer(id, companyId, nowSeconds()))!;

const recipients = async (link: string, event: string) =>
  (await db().notification.findMany({ where: { link, event }, select: { userId: true }, orderBy: { userId: "asc" } })).map((n) => n.userId);
const sorted = (...ids: number[]) => [...ids].sort((x, y) => x - y);
const latest = (userId: number, link: string, event: string) => db().notification.findFirstOrThrow({ where: { userId, link, event }, orderBy: { id: "desc" } });

/** The rendered feed item of a notification, in a language, as its recipient reads it. */
async function feedItem(userId: number, companyId: number | null, link: string, event: string, locale: "en-US" | "zh-CN") {
  const n = await latest(userId, link, event);
  const feed = await notificationFeed(await viewerOf(userId, companyId), locale, { limit: 50 });
  const item = feed.items.find((i) => i.id === n.id);
  if (!item) throw new Error(`notification ${n.id} not on the first page`);
  return item;
}

/** Staff recipients include other tests' and the demo's ALL-scope staff: check ours only. */
function expectStaff(got: number[], yes: string[], no: string[]) {
  expect(got).toEqual(expect.arrayContaining(yes.map((k) => u[k])));
  for (const k of no) expect(got, k).not.toContain(u[k]);
}

async function makePart() {
  const code = uid("GP");
  return db().goods.create({ data: { kind: "PART", code, nameEn: `Brake pad ${code}`, nameZh: `刹车片${code}`, price: "120.00", stock: 10, minOrderQty: 1, onSale: true } });
}
const returnForm = (over: Partial<TFileReturn> = {}): TFileReturn => ({
  returnType: "QUALITY",
  materialName: "Wiper blade",
  materialCode: "WB-01",
  quantity: 3,
  faultQuantity: 2,
  dealType: "REPLACE",
  vin: VIN,
  buyer: null,
  buyDate: null,
  saleDate: null,
  description: "Streaks.",
  partImg: [],
  ...over,
});
const fileR = (over: Partial<TFileReturn> = {}, as: Viewer = dealer) => fileReturn(as, ctxOf(as), returnForm(over));
const approvedR = async (over: Partial<TFileReturn> = {}) => {
  const r = await fileR(over);
  await approveReturn(actor, ctxOf(actor), r.id);
  return r;
};
const ship = (ids: number[], over: Record<string, unknown> = {}) =>
  shipReturns(
    dealer,
    ctxOf(dealer),
    ZShipReturns.parse({
      returnIds: ids,
      shippingAddress: "88 Factory Road",
      deliveryWay: "LOGISTICS",
      contactPhone: "13912345678",
      logisticsCompany: "SF Express",
      logisticsNo: "SF1234567890",
      ...over,
    }),
  );
const fileC = (over: Record<string, unknown> = {}) => fileComplaint(dealer, ctxOf(dealer), ZFileComplaint.parse({ vin: VIN, description: "Rattles at 80 km/h.", ...over }));

beforeAll(async () => {
  invalidateTemplates();
  const hq = await makeOrganization();
  const region = (await makeOrganization(hq.id)).id;
  const otherRegion = (await makeOrganization(hq.id)).id;
  company = (await makeCompany(region)).id;
  otherCompany = (await makeCompany(otherRegion)).id;
  const btn = async (permission: string) => (await makeMenu({ type: "BUTTON", permission })).id;
  const [approve, receive, reply, other] = [await btn("salesReturn:approve"), await btn("salesReturn:receive"), await btn("complaint:reply"), await btn("order:confirm")];
  const staff = async (dataScope: "ALL" | "ORG", menus: number[], organizationId: number | null = null, status: "ACTIVE" | "DISABLED" = "ACTIVE") =>
    (await makeUser({ userType: "STAFF", status, organizationId, roleIds: [(await makeRole({ dataScope, menuIds: menus })).id] })).id;
  u.actor = await staff("ALL", [approve, receive, reply]);
  u.approver = await staff("ORG", [approve], region);
  u.receiver = await staff("ORG", [receive], region);
  u.replier = await staff("ORG", [reply], region);
  u.otherRegion = await staff("ORG", [approve, receive, reply], otherRegion);
  u.noPermission = await staff("ALL", [other]);
  u.disabled = await staff("ALL", [approve, receive, reply], null, "DISABLED");
  u.admin = (await makeUser({ userType: "ADMIN" })).id;
  const dealerRole = (await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } })).id;
  u.dealerA1 = (await makeUser({ userType: "DEALER", companyIds: [company], roleIds: [dealerRole] })).id;
  u.dealerA2 = (await makeUser({ userType: "DEALER", companyIds: [company, otherCompany], roleIds: [dealerRole] })).id;
  u.dealerLocked = (await makeUser({ userType: "DEALER", status: "LOCKED", companyIds: [company], roleIds: [dealerRole] })).id;
  u.dealerB = (await makeUser({ userType: "DEALER", companyIds: [otherCompany], roleIds: [dealerRole] })).id;
  actor = await viewerOf(u.actor);
  dealer = await viewerOf(u.dealerA1, company);
});

const NOT_STAFF = ["admin", "disabled", "noPermission", "otherRegion", "dealerA1", "dealerA2", "dealerLocked", "dealerB"];

describe("parts returns", () => {
  it("a filed return goes to the staff who may approve it, in their data scope", async () => {
    const part = await makePart();
    const r = await fileR({ goodsId: part.id, materialName: null, materialCode: null, dealType: "REFUND" });
    expectStaff(await recipients(returnLink(r.id), "salesReturn.submitted"), ["actor", "approver"], ["receiver", "replier", ...NOT_STAFF]);
    const en = await feedItem(u.approver, null, returnLink(r.id), "salesReturn.submitted", "en-US");
    expect(en).toMatchObject({ title: `New sales return ${r.returnNo}`, link: `afterSale/salesReturn?id=${r.id}` });
    expect(en.content).toContain(`Company `);
    expect(en.content).toContain(`3 × ${part.nameEn}, asking for Refund`);
    const zh = await feedItem(u.approver, null, returnLink(r.id), "salesReturn.submitted", "zh-CN");
    expect(zh.title).toBe(`新销售退货 ${r.returnNo}`);
    expect(zh.content).toContain(`${part.nameZh} × 3，申请退款`);
    expect(zh.content).toContain("质量问题");
  });

  it("approval, rejection and completion go to the company's active dealer users, not the actor, not another company", async () => {
    const a = await approvedR();
    expect(await recipients(returnLink(a.id), "salesReturn.approved")).toEqual(sorted(u.dealerA1, u.dealerA2));
    expect(await feedItem(u.dealerA1, company, returnLink(a.id), "salesReturn.approved", "en-US")).toMatchObject({
      title: `Sales return ${a.returnNo} approved`,
      content: `Your return ${a.returnNo} of 3 × Wiper blade was approved (Replace). Please ship it with a delivery batch.`,
    });
    expect(await feedItem(u.dealerA2, company, returnLink(a.id), "salesReturn.approved", "zh-CN")).toMatchObject({ title: `销售退货 ${a.returnNo} 已批准` });
    // Dealer A2 signed in for the other company does not see it.
    const asB = await notificationFeed(await viewerOf(u.dealerA2, otherCompany), "en-US", { limit: 50 });
    expect(asB.items.map((i) => i.link)).not.toContain(returnLink(a.id));

    const r = await fileR();
    await rejectReturn(actor, ctxOf(actor), r.id, "No fault found");
    expect(await recipients(returnLink(r.id), "salesReturn.rejected")).toEqual(sorted(u.dealerA1, u.dealerA2));
    expect((await feedItem(u.dealerA1, company, returnLink(r.id), "salesReturn.rejected", "zh-CN")).content).toBe(
      `您的销售退货 ${r.returnNo}（Wiper blade × 3）已被驳回：No fault found`,
    );

    const { id: batch } = await ship([a.id]);
    await receiveReturns(actor, ctxOf(actor), batch);
    await completeReturn(actor, ctxOf(actor), a.id, "REPAIR");
    expect(await recipients(returnLink(a.id), "salesReturn.completed")).toEqual(sorted(u.dealerA1, u.dealerA2));
    // The deal type carried out, not the one asked for.
    expect((await feedItem(u.dealerA1, company, returnLink(a.id), "salesReturn.completed", "en-US")).content).toBe(
      `Your return ${a.returnNo} of 3 × Wiper blade is completed: Repair.`,
    );
    expect((await feedItem(u.dealerA1, company, returnLink(a.id), "salesReturn.completed", "zh-CN")).content).toContain("已处理完成：维修");
    // Nothing for dealer B, the locked user, or staff.
    for (const k of ["dealerB", "dealerLocked", "actor", "approver"])
      expect(await db().notification.count({ where: { userId: u[k], link: returnLink(a.id), event: { not: "salesReturn.submitted" } } }), k).toBe(0);
  });

  it("a shipped batch goes to the staff who may receive it; each receipt tells the dealer once, counting the arrived returns", async () => {
    const [x, y, z] = [await approvedR(), await approvedR(), await approvedR()];
    const batch = await ship([x.id, y.id, z.id]);
    const link = batchLink(batch.id);
    expectStaff(await recipients(link, "returnBatch.shipped"), ["actor", "receiver"], ["approver", "replier", ...NOT_STAFF]);
    const en = await feedItem(u.receiver, null, link, "returnBatch.shipped", "en-US");
    expect(en).toMatchObject({ title: `Return batch ${batch.batchNo} shipped`, link: `afterSale/salesReturnLogs?id=${batch.id}` });
    expect(en.content).toContain(`(Logistics SF Express SF1234567890). Returns in the batch: 3.`);
    expect((await feedItem(u.receiver, null, link, "returnBatch.shipped", "zh-CN")).content).toContain(
      `已发出退货批次 ${batch.batchNo}（物流 SF Express SF1234567890），共 3 件退货`,
    );

    await receiveReturns(actor, ctxOf(actor), batch.id, [x.id]);
    expect(await recipients(link, "returnBatch.received")).toEqual(sorted(u.dealerA1, u.dealerA2));
    const first = await latest(u.dealerA1, link, "returnBatch.received");
    expect(first.content).toBe(`After-sales has received the returns of batch ${batch.batchNo}: 1 of 3 arrived.`);
    await receiveReturns(actor, ctxOf(actor), batch.id);
    // Two receipts → two notifications per dealer user (not one per item).
    expect(await recipients(link, "returnBatch.received")).toEqual(sorted(u.dealerA1, u.dealerA1, u.dealerA2, u.dealerA2));
    const feed = await notificationFeed(await viewerOf(u.dealerA1, company), "zh-CN", { limit: 50 });
    const receipts = feed.items.filter((i) => i.link === link && i.event === "returnBatch.received");
    // Newest first; the earlier partial receipt still reads as it did.
    expect(receipts.map((i) => i.content)).toEqual([`售后已签收退货批次 ${batch.batchNo}：已收到 3 件，共 3 件。`, `售后已签收退货批次 ${batch.batchNo}：已收到 1 件，共 3 件。`]);
    expect(receipts[0].title).toBe(`退货批次 ${batch.batchNo} 已签收`);
    // Self pickup: no carrier in the text.
    const w = await approvedR();
    const pickup = await ship([w.id], { deliveryWay: "SELF_PICKUP", logisticsCompany: null, logisticsNo: null });
    expect((await latest(u.receiver, batchLink(pickup.id), "returnBatch.shipped")).content).toContain(`(Self pickup). Returns in the batch: 1.`);
  });

  it("a switched-off template, a refused move and a rolled-back transaction notify nobody", async () => {
    await db().messageTemplate.update({ where: { event_channel: { event: "salesReturn.approved", channel: "IN_APP" } }, data: { enabled: false } });
    invalidateTemplates();
    try {
      const r = await approvedR();
      expect((await db().salesReturn.findUniqueOrThrow({ where: { id: r.id } })).status).toBe("APPROVED");
      expect(await db().notification.count({ where: { link: returnLink(r.id), event: "salesReturn.approved" } })).toBe(0);
    } finally {
      await db().messageTemplate.update({ where: { event_channel: { event: "salesReturn.approved", channel: "IN_APP" } }, data: { enabled: true } });
      invalidateTemplates();
    }
    // Approving twice: the second is refused (409) and adds nothing.
    const r = await approvedR();
    await expect(approveReturn(actor, ctxOf(actor), r.id)).rejects.toMatchObject({ status: 409 });
    await expect(rejectReturn(actor, ctxOf(actor), r.id, "late")).rejects.toMatchObject({ status: 409 });
    expect(await db().notification.count({ where: { link: returnLink(r.id), event: { in: ["salesReturn.approved", "salesReturn.rejected"] } } })).toBe(2);
    // A batch refused whole (one return not approved) notifies no staff.
    const pending = await fileR();
    const before = await db().notification.count({ where: { companyId: company, event: "returnBatch.shipped" } });
    await expect(ship([r.id, pending.id])).rejects.toMatchObject({ status: 409 });
    expect(await db().notification.count({ where: { companyId: company, event: "returnBatch.shipped" } })).toBe(before);
    // A transaction rolled back after the notification was written leaves none.
    const c = await fileC();
    await expect(
      db().$transaction(async (tx) => {
        await notifyComplaintEvent(tx, { complaintId: c.id, event: "complaint.replied", actorId: u.actor });
        expect(await tx.notification.count({ where: { link: complaintLink(c.id), event: "complaint.replied" } })).toBe(2);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await db().notification.count({ where: { link: complaintLink(c.id), event: "complaint.replied" } })).toBe(0);
  });
});

describe("complaints", () => {
  it("filed → staff who may reply; taken and replied → the dealer users; a note and the close → the handler", async () => {
    const c = await fileC({ vin: "" });
    const link = complaintLink(c.id);
    expectStaff(await recipients(link, "complaint.submitted"), ["actor", "replier"], ["approver", "receiver", ...NOT_STAFF]);
    const en = await feedItem(u.replier, null, link, "complaint.submitted", "en-US");
    expect(en.title).toBe(`New complaint ${c.complaintNo}`);
    expect(en.content).toContain(`filed complaint ${c.complaintNo} (VIN —). Please take it and reply.`);

    const replier = await viewerOf(u.replier);
    await takeComplaint(replier, ctxOf(replier), c.id);
    expect(await recipients(link, "complaint.processing")).toEqual(sorted(u.dealerA1, u.dealerA2));
    expect(await feedItem(u.dealerA1, company, link, "complaint.processing", "zh-CN")).toMatchObject({
      title: `投诉 ${c.complaintNo} 已受理`,
      content: `售后正在处理您的投诉 ${c.complaintNo}（VIN —）。`,
    });
    await replyComplaint(replier, ctxOf(replier), c.id, "Tighten the door seal.");
    expect(await recipients(link, "complaint.replied")).toEqual(sorted(u.dealerA1, u.dealerA2));
    expect((await feedItem(u.dealerA2, company, link, "complaint.replied", "en-US")).title).toBe(`Complaint ${c.complaintNo} replied`);

    // The dealer's note reopens it: only the handler hears of it.
    await addDealerNote(dealer, ctxOf(dealer), c.id, "Still rattles.");
    expect(await recipients(link, "complaint.noted")).toEqual([u.replier]);
    expect(await feedItem(u.replier, null, link, "complaint.noted", "zh-CN")).toMatchObject({ title: `投诉 ${c.complaintNo} 重新打开` });
    await replyComplaint(replier, ctxOf(replier), c.id, "Replace the seal.");
    await closeComplaint(dealer, ctxOf(dealer), c.id);
    expect(await recipients(link, "complaint.closed")).toEqual([u.replier]);
    expect((await feedItem(u.replier, null, link, "complaint.closed", "en-US")).content).toMatch(/^Company .+ accepted your reply and closed complaint /);
    // Dealer B and the other company's users hear nothing of it.
    expect(await db().notification.count({ where: { link, userId: { in: [u.dealerB, u.dealerLocked, u.otherRegion] } } })).toBe(0);
  });

  it("a handler who may no longer reply is replaced by the staff who may (note) or nobody (close); an administrator handler is told", async () => {
    const handlerRole = await makeRole({ dataScope: "ALL", menuIds: [(await makeMenu({ type: "BUTTON", permission: "complaint:reply" })).id] });
    const handler = (await makeUser({ userType: "STAFF", roleIds: [handlerRole.id] })).id;
    const h = await viewerOf(handler);
    const c = await fileC();
    const link = complaintLink(c.id);
    await takeComplaint(h, ctxOf(h), c.id);
    await replyComplaint(h, ctxOf(h), c.id, "Advice one.");
    await db().user.update({ where: { id: handler }, data: { status: "DISABLED" } });
    await addDealerNote(dealer, ctxOf(dealer), c.id, "Not fixed.");
    const noted = await recipients(link, "complaint.noted");
    expect(noted).not.toContain(handler);
    expectStaff(noted, ["actor", "replier"], ["approver", "receiver", ...NOT_STAFF]);
    // Active again, the handler replies (and stays the handler), then loses the permission:
    // closing tells nobody.
    await db().user.update({ where: { id: handler }, data: { status: "ACTIVE" } });
    await replyComplaint(h, ctxOf(h), c.id, "Advice two.");
    await db().role.update({ where: { id: handlerRole.id }, data: { menus: { deleteMany: {} } } });
    await closeComplaint(dealer, ctxOf(dealer), c.id);
    expect(await recipients(link, "complaint.closed")).toEqual([]);

    const admin = await viewerOf(u.admin);
    const d = await fileC();
    await takeComplaint(admin, ctxOf(admin), d.id);
    await replyComplaint(admin, ctxOf(admin), d.id, "Advice.");
    await addDealerNote(dealer, ctxOf(dealer), d.id, "Thanks, but…");
    expect(await recipients(complaintLink(d.id), "complaint.noted")).toEqual([u.admin]);
  });
});

/** Runs `f` with db() on an instrumented pool and answers how many SQL statements it sent. */
async function countQueries(f: () => Promise<unknown>): Promise<number> {
  const holder = globalThis as unknown as { __dealerPrisma?: PrismaClient };
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  let n = 0;
  const query = pool.query.bind(pool) as (...a: unknown[]) => unknown;
  (pool as unknown as { query: (...a: unknown[]) => unknown }).query = (...a: unknown[]) => (n++, query(...a));
  const counting = new PrismaClient({ adapter: new PrismaPg(pool) });
  const saved = holder.__dealerPrisma;
  holder.__dealerPrisma = counting;
  try {
    await f();
  } finally {
    holder.__dealerPrisma = saved;
    await counting.$disconnect();
    await pool.end().catch(() => undefined);
  }
  return n;
}

describe("the bell", () => {
  it("renders a page of after-sales notifications in a bounded number of queries, whatever their number", async () => {
    const v = await viewerOf(u.dealerA1, company);
    const page = async () => {
      let items = 0;
      const queries = await countQueries(async () => (items = (await notificationFeed(v, "zh-CN", { limit: 50 })).items.length));
      return { queries, items };
    };
    await page(); // templates and dictionaries cached
    const before = await page();
    // More of every kind: returns (approved, completed), batch receipts, complaints.
    for (let i = 0; i < 3; i++) {
      const r = await approvedR();
      const b = await ship([r.id]);
      await receiveReturns(actor, ctxOf(actor), b.id);
      await completeReturn(actor, ctxOf(actor), r.id, "REFUND");
      const c = await fileC();
      await takeComplaint(actor, ctxOf(actor), c.id);
    }
    const after = await page();
    expect(after.items).toBeGreaterThan(before.items);
    expect(after.items).toBeLessThanOrEqual(50);
    // Six reads (page, unread count, returns, batches, receipt times, complaints; no orders
    // here); Prisma sends each relation (goods, company, handler) as its own statement: 11.
    expect(after.queries).toBeLessThanOrEqual(11);
    expect(after.queries).toBe(before.queries);
    const kinds = new Set((await notificationFeed(v, "en-US", { limit: 50 })).items.map((i) => i.event));
    for (const e of ["salesReturn.approved", "salesReturn.completed", "returnBatch.received", "complaint.processing"]) expect(kinds).toContain(e);
  });
});
