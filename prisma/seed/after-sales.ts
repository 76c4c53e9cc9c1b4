import { db } from "@/lib/db";
import type { ComplaintStatus, SalesReturnStatus } from "@/lib/generated/prisma/enums";
import { batchStatusOf } from "@/lib/after-sales/returns/states";
import { goodsSvg, localStorageDir, storePictures, type PictureJob, type Shape } from "./catalog-pictures";
import { seedCode } from "./codes";

// Demo after-sales (afterSale/salesReturn, salesReturnLogs, complaint): D001's parts returns in
// every state — waiting for approval, approved and waiting to ship, rejected, on the way in a
// delivery batch, completed in another — and complaints waiting, replied and closed after a
// dealer note and a second reply; D002 has one of each, so tenancy shows in the demo. Written
// the way the services leave them (numbers from the code rules' counters, status history,
// audit rows, part images drawn like the catalogue's). Only on a database without returns.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ymd = (d: Date) => new Date(d.getTime() + 8 * HOUR).toISOString().slice(0, 10);
const RETURN_CENTRE = "Green Motors Parts Return Centre, No. 500 Anting Road, Jiading District, Shanghai";

type ReturnDemo = {
  company: "D001" | "D002";
  status: SalesReturnStatus;
  daysAgo: number;
  returnType: string;
  part: string | { name: string; code?: string };
  fromOrder?: boolean;
  quantity: number;
  faultQuantity: number;
  dealType: string;
  vin?: string;
  buyer?: string;
  saleDaysAgo?: number;
  description: string;
  reason?: string;
  batch?: "B1" | "B2";
  picture?: { shape: Shape; colour: string };
};

const RETURNS: ReturnDemo[] = [
  {
    company: "D001",
    status: "SUBMITTED",
    daysAgo: 1,
    returnType: "QUALITY",
    part: "P-BP-AUR-F",
    quantity: 2,
    faultQuantity: 2,
    dealType: "REPLACE",
    vin: "LGWAUR517TA000100",
    buyer: "张伟",
    saleDaysAgo: 30,
    description: "Pads squeal and the friction layer cracked after about 800 km. Customer car in the workshop.",
    picture: { shape: "disc", colour: "#cf1322" },
  },
  {
    company: "D001",
    status: "APPROVED",
    daysAgo: 3,
    returnType: "SURPLUS",
    part: "P-OF-15T",
    fromOrder: true,
    quantity: 10,
    faultQuantity: 0,
    dealType: "REFUND",
    description: "Over-ordered for the spring service campaign; boxes unopened.",
  },
  {
    company: "D001",
    status: "REJECTED",
    daysAgo: 6,
    returnType: "TRANSPORT_DAMAGE",
    part: { name: "Wiper blade 24 in", code: "WB-24" },
    quantity: 1,
    faultQuantity: 1,
    dealType: "REPLACE",
    description: "Blade bent in the delivery carton.",
    reason: "Bought from a third-party supplier, not a Green Motors part; please claim with that supplier.",
  },
  {
    company: "D001",
    status: "SHIPPED",
    daysAgo: 7,
    returnType: "QUALITY",
    part: "P-BD-MET-F",
    quantity: 1,
    faultQuantity: 1,
    dealType: "REPAIR",
    vin: "LGWAUR519TA000101",
    buyer: "Li Na",
    saleDaysAgo: 2,
    description: "Disc runout above tolerance found at the pre-delivery inspection.",
    batch: "B1",
    picture: { shape: "disc", colour: "#8c8c8c" },
  },
  {
    company: "D001",
    status: "COMPLETED",
    daysAgo: 24,
    returnType: "WRONG_DELIVERY",
    part: "P-BP-AUR-R",
    quantity: 2,
    faultQuantity: 0,
    dealType: "REPLACE",
    description: "Rear pads delivered instead of front pads.",
    batch: "B2",
  },
  {
    company: "D001",
    status: "COMPLETED",
    daysAgo: 23,
    returnType: "QUALITY",
    part: "P-OF-15T",
    fromOrder: true,
    quantity: 3,
    faultQuantity: 3,
    dealType: "REFUND",
    description: "Gasket missing on three filters of the same lot.",
    batch: "B2",
    picture: { shape: "filter", colour: "#d46b08" },
  },
  {
    company: "D002",
    status: "SUBMITTED",
    daysAgo: 2,
    returnType: "QUALITY",
    part: "P-OF-15T",
    quantity: 1,
    faultQuantity: 1,
    dealType: "REPLACE",
    description: "Thread damaged out of the box.",
  },
];

const BATCHES = {
  B1: { daysAgo: 5, deliveryWay: "EXPRESS", carNo: null, contactPhone: "13800000001", logisticsCompany: "SF Express", logisticsNo: "SF1402236618802" },
  B2: { daysAgo: 20, deliveryWay: "LOGISTICS", carNo: "沪A·3K821", contactPhone: "13800000001", logisticsCompany: "Deppon Logistics", logisticsNo: "DPK880127734" },
} as const;

const PATH: Record<SalesReturnStatus, SalesReturnStatus[]> = {
  SUBMITTED: ["SUBMITTED"],
  APPROVED: ["SUBMITTED", "APPROVED"],
  REJECTED: ["SUBMITTED", "REJECTED"],
  SHIPPED: ["SUBMITTED", "APPROVED", "SHIPPED"],
  RECEIVED: ["SUBMITTED", "APPROVED", "SHIPPED", "RECEIVED"],
  COMPLETED: ["SUBMITTED", "APPROVED", "SHIPPED", "RECEIVED", "COMPLETED"],
};

type Turn = { side: "DEALER" | "STAFF"; body: string };
type ComplaintDemo = {
  company: "D001" | "D002";
  status: ComplaintStatus;
  daysAgo: number;
  vin?: string;
  category: string;
  description: string;
  questionNote?: string;
  turns: Turn[];
  picture?: { shape: Shape; colour: string };
};

const COMPLAINTS: ComplaintDemo[] = [
  {
    company: "D001",
    status: "SUBMITTED",
    daysAgo: 1,
    vin: "LGWAUR519TA000101",
    category: "PRODUCT_QUALITY",
    description: "The customer hears a rattle from the dashboard between 60 and 80 km/h, two days after delivery.",
    questionNote: "Customer is upset; please advise quickly.",
    turns: [],
    picture: { shape: "ev", colour: "#237804" },
  },
  {
    company: "D001",
    status: "REPLIED",
    daysAgo: 4,
    category: "PARTS_SUPPLY",
    description: "Rear brake pads for the Aurora 5 have been back-ordered for three weeks; two customer cars are waiting.",
    turns: [{ side: "STAFF", body: "The next batch leaves the Anting warehouse on Friday; your order is first in line. We will confirm the tracking number when it ships." }],
  },
  {
    company: "D001",
    status: "CLOSED",
    daysAgo: 12,
    vin: "LGWAUR517TA000100",
    category: "WARRANTY",
    description: "Warranty claim for a replaced window regulator was refused without a reason.",
    turns: [
      { side: "STAFF", body: "The claim was missing the workshop order. Please attach it to the claim and submit again." },
      { side: "DEALER", body: "The workshop order was attached as page 2 of the PDF. Please check again." },
      { side: "STAFF", body: "Found it, thank you. The claim is approved and will be paid with this month's settlement." },
    ],
  },
  { company: "D002", status: "PROCESSING", daysAgo: 3, category: "DELIVERY", description: "The vehicle arrived with a scratched rear bumper.", turns: [] },
];

/** The statuses a complaint passed through, given its conversation (each reply → REPLIED, each
 * dealer note → PROCESSING again). */
function complaintPath(c: ComplaintDemo): { to: ComplaintStatus; turn: Turn | null }[] {
  const path: { to: ComplaintStatus; turn: Turn | null }[] = [{ to: "SUBMITTED", turn: null }];
  if (c.status === "SUBMITTED") return path;
  path.push({ to: "PROCESSING", turn: null });
  for (const t of c.turns) path.push({ to: t.side === "STAFF" ? "REPLIED" : "PROCESSING", turn: t });
  if (c.status === "CLOSED") path.push({ to: "CLOSED", turn: null });
  return path;
}

export async function seedAfterSales(): Promise<void> {
  const prisma = db();
  const companies = new Map((await prisma.company.findMany({ where: { code: { in: ["D001", "D002"] } }, select: { id: true, code: true } })).map((c) => [c.code, c.id]));
  const d001 = companies.get("D001");
  if (!d001 || (await prisma.salesReturn.count({ where: { companyId: d001 } })) > 0) return;
  const [staff, rules, goods] = await Promise.all([
    prisma.user.findUnique({ where: { account: "staff.sales" }, select: { id: true } }),
    prisma.codeRule.findMany({ where: { code: { in: ["SR", "RB", "CP"] } } }),
    prisma.goods.findMany({
      where: { kind: "PART", code: { in: RETURNS.flatMap((r) => (typeof r.part === "string" ? [r.part] : [])) } },
      select: { id: true, code: true, nameEn: true },
    }),
  ]);
  const rule = new Map(rules.map((r) => [r.code, r]));
  const sr = rule.get("SR");
  const rb = rule.get("RB");
  const cp = rule.get("CP");
  if (!staff || !sr || !rb || !cp) return;
  const part = new Map(goods.map((g) => [g.code, g]));
  const dealerOf = new Map<number, number>();
  for (const companyId of companies.values()) {
    const u = await prisma.userCompany.findFirst({ where: { companyId, user: { userType: "DEALER" } }, orderBy: { userId: "asc" }, select: { userId: true } });
    if (u) dealerOf.set(companyId, u.userId);
  }
  const pictures: PictureJob[] = [];

  // Delivery batches first (the returns point at them); their status follows their items.
  const batchIds = new Map<string, number>();
  for (const [key, b] of Object.entries(BATCHES)) {
    const items = RETURNS.filter((r) => r.batch === key);
    const dealer = dealerOf.get(d001);
    if (!dealer) return;
    const at = new Date(Date.now() - b.daysAgo * DAY - 2 * HOUR);
    const status = batchStatusOf(items.map((i) => i.status));
    await prisma.$transaction(async (tx) => {
      const batchNo = await seedCode(tx, rb, at);
      const row = await tx.returnBatch.create({
        data: {
          batchNo,
          companyId: d001,
          status,
          shippingAddress: RETURN_CENTRE,
          deliveryWay: b.deliveryWay,
          carNo: b.carNo,
          contactPhone: b.contactPhone,
          logisticsCompany: b.logisticsCompany,
          logisticsNo: b.logisticsNo,
          creatorId: dealer,
          createdAt: at,
        },
        select: { id: true },
      });
      const events = [{ to: "SHIPPED", at, userId: dealer }];
      if (status !== "SHIPPED") events.push({ to: "RECEIVED", at: new Date(at.getTime() + 2 * DAY), userId: staff.id });
      if (status === "COMPLETED") events.push({ to: "COMPLETED", at: new Date(at.getTime() + 4 * DAY), userId: staff.id });
      await tx.statusEvent.createMany({
        data: events.map((e, i) => ({ entity: "ReturnBatch", entityId: row.id, fromStatus: i ? events[i - 1].to : null, toStatus: e.to, userId: e.userId, createdAt: e.at })),
      });
      await tx.auditLog.create({
        data: { userId: dealer, companyId: d001, entity: "ReturnBatch", entityId: String(row.id), action: "ship", after: { batchNo, status: "SHIPPED" }, createdAt: at },
      });
      batchIds.set(key, row.id);
    });
  }

  const partsOrder = await prisma.order.findFirst({
    where: { companyId: d001, type: "PARTS", status: "COMPLETED", lines: { some: { goods: { code: "P-OF-15T" } } } },
    select: { id: true },
  });
  for (const r of RETURNS) {
    const companyId = companies.get(r.company);
    const dealer = companyId ? dealerOf.get(companyId) : undefined;
    if (!companyId || !dealer) continue;
    const g = typeof r.part === "string" ? part.get(r.part) : null;
    if (typeof r.part === "string" && !g) continue;
    const created = new Date(Date.now() - r.daysAgo * DAY - 3 * HOUR);
    const path = PATH[r.status];
    const batch = r.batch ? BATCHES[r.batch] : null;
    // Approved a day after filing; shipped with its batch; received and completed with it.
    const when = (s: SalesReturnStatus): Date => {
      if (s === "SUBMITTED") return created;
      if (s === "APPROVED" || s === "REJECTED") return new Date(created.getTime() + DAY / 2);
      const shipped = new Date(Date.now() - (batch?.daysAgo ?? 0) * DAY - 2 * HOUR);
      return new Date(shipped.getTime() + (s === "SHIPPED" ? 0 : s === "RECEIVED" ? 2 * DAY : 4 * DAY));
    };
    await prisma.$transaction(async (tx) => {
      const returnNo = await seedCode(tx, sr, created);
      const row = await tx.salesReturn.create({
        data: {
          returnNo,
          companyId,
          creatorId: dealer,
          status: r.status,
          returnType: r.returnType,
          goodsId: g?.id ?? null,
          orderId: r.fromOrder && g && r.company === "D001" ? (partsOrder?.id ?? null) : null,
          materialCode: g ? g.code : typeof r.part === "string" ? null : (r.part.code ?? null),
          materialName: g ? g.nameEn : typeof r.part === "string" ? r.part : r.part.name,
          quantity: r.quantity,
          faultQuantity: r.faultQuantity,
          dealType: r.dealType,
          dealTypeDone: r.status === "COMPLETED" ? r.dealType : null,
          vin: r.vin ?? null,
          buyer: r.buyer ?? null,
          saleDate: r.saleDaysAgo !== undefined ? new Date(`${ymd(new Date(Date.now() - r.saleDaysAgo * DAY))}T00:00:00Z`) : null,
          description: r.description,
          rejectReason: r.reason ?? null,
          batchId: r.batch ? (batchIds.get(r.batch) ?? null) : null,
          createdAt: created,
          updatedAt: when(r.status),
        },
        select: { id: true },
      });
      await tx.statusEvent.createMany({
        data: path.map((s, i) => ({
          entity: "SalesReturn",
          entityId: row.id,
          fromStatus: i ? path[i - 1] : null,
          toStatus: s,
          createdAt: when(s),
          userId: s === "SUBMITTED" || s === "SHIPPED" ? dealer : staff.id,
          note: s === "REJECTED" ? (r.reason ?? null) : s === "COMPLETED" ? r.dealType : null,
        })),
      });
      await tx.auditLog.create({
        data: { userId: dealer, companyId, entity: "SalesReturn", entityId: String(row.id), action: "create", after: { returnNo, status: "SUBMITTED" }, createdAt: created },
      });
      if (r.picture)
        pictures.push({
          goodsId: g?.id ?? 0,
          code: returnNo,
          index: 0,
          svg: goodsSvg(r.picture.shape, r.picture.colour, g?.nameEn ?? "Part", returnNo),
          owner: { type: "salesReturn", id: row.id, field: "partImg" },
        });
    });
  }

  for (const c of COMPLAINTS) {
    const companyId = companies.get(c.company);
    const dealer = companyId ? dealerOf.get(companyId) : undefined;
    if (!companyId || !dealer) continue;
    const created = new Date(Date.now() - c.daysAgo * DAY - 4 * HOUR);
    const steps = complaintPath(c);
    const at = (i: number) => new Date(created.getTime() + i * 7 * HOUR);
    const replies = c.turns.filter((t) => t.side === "STAFF");
    await prisma.$transaction(async (tx) => {
      const complaintNo = await seedCode(tx, cp, created);
      const row = await tx.complaint.create({
        data: {
          complaintNo,
          companyId,
          creatorId: dealer,
          status: c.status,
          vin: c.vin ?? null,
          category: c.category,
          description: c.description,
          questionNote: c.questionNote ?? null,
          appealNote: replies.length ? replies[replies.length - 1].body : null,
          handlerId: c.status === "SUBMITTED" ? null : staff.id,
          closedAt: c.status === "CLOSED" ? at(steps.length - 1) : null,
          createdAt: created,
          updatedAt: at(steps.length - 1),
        },
        select: { id: true },
      });
      await tx.complaintMessage.createMany({
        data: steps.flatMap((s, i) =>
          s.turn ? [{ complaintId: row.id, side: s.turn.side, body: s.turn.body, authorId: s.turn.side === "STAFF" ? staff.id : dealer, createdAt: at(i) }] : [],
        ),
      });
      await tx.statusEvent.createMany({
        data: steps.map((s, i) => ({
          entity: "Complaint",
          entityId: row.id,
          fromStatus: i ? steps[i - 1].to : null,
          toStatus: s.to,
          createdAt: at(i),
          userId: s.to === "SUBMITTED" || s.to === "CLOSED" || s.turn?.side === "DEALER" ? dealer : staff.id,
          note: s.turn ? s.turn.body.slice(0, 500) : null,
        })),
      });
      await tx.auditLog.create({
        data: { userId: dealer, companyId, entity: "Complaint", entityId: String(row.id), action: "create", after: { complaintNo, status: "SUBMITTED" }, createdAt: created },
      });
      if (c.picture)
        pictures.push({
          goodsId: 0,
          code: complaintNo,
          index: 0,
          svg: goodsSvg(c.picture.shape, c.picture.colour, "Dashboard rattle", complaintNo),
          owner: { type: "complaint", id: row.id, field: "qesImg" },
        });
    });
  }

  // Part and complaint pictures, drawn like the catalogue's (none with S3 storage configured).
  const storage = await localStorageDir();
  const uploader = dealerOf.get(d001);
  if (storage && uploader && pictures.length) await storePictures(storage, uploader, pictures);
}
