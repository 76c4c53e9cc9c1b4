import { randomBytes } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { PrismaClient, type ComplaintStatus } from "@/lib/generated/prisma/client";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeOrganization, makeRole, makeUser, makeVehicleModel, nowSeconds, uid } from "@/lib/test/factories";
import { getUploadRule } from "@/lib/uploads/rules";
import { withCheckDigit } from "@/lib/vehicles/vin";
import { closeComplaintAction, fileComplaintAction, noteComplaintAction, replyComplaintAction, takeComplaintAction } from "./actions";
import { complaintQuery, listComplaints, loadComplaintRoute, parseComplaintFilters, type ComplaintPage } from "./queries";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// The complaint list and detail against PostgreSQL: a dealer reads only its company's
// complaints (another's answers "missing", like a made-up id), staff only their data scope; every
// filter (status, category, Shanghai days, VIN, number, dealer, "handled by me"); keyset pages
// in both directions; a query count that does not grow with the page size; the VIN links to
// the vehicle only when the viewer may open it. And the screen's actions: the whole
// conversation through them, and refusals reported on the form's fields in the reader's language.

type Dealer = { company: number; user: number; viewer: Viewer };
let dealerRole: number;
let orgA: number;
let a: Dealer;
let b: Dealer;
let staffAll: Viewer;
let staffOrgA: Viewer;

async function makeDealer(organizationId?: number): Promise<Dealer> {
  const company = (await makeCompany(organizationId)).id;
  const user = (await makeUser({ userType: "DEALER", companyIds: [company], roleIds: [dealerRole] })).id;
  return { company, user, viewer: (await loadViewer(user, company, nowSeconds()))! };
}

async function staffWith(opts: { dataScope: "ALL" | "ORG"; organizationId?: number; role?: string }): Promise<Viewer> {
  const roleId = opts.role ? (await db().role.findUniqueOrThrow({ where: { code: opts.role }, select: { id: true } })).id : (await makeRole({ dataScope: opts.dataScope })).id;
  const user = await makeUser({ userType: "STAFF", roleIds: [roleId], organizationId: opts.organizationId ?? null });
  return (await loadViewer(user.id, null, nowSeconds()))!;
}

type Over = { complaintNo?: string; status?: ComplaintStatus; vin?: string | null; category?: string | null; description?: string; createdAt?: Date; handlerId?: number | null };
async function makeComplaint(d: Dealer, over: Over = {}) {
  return db().complaint.create({
    data: {
      complaintNo: over.complaintNo ?? uid("T").toUpperCase(),
      companyId: d.company,
      creatorId: d.user,
      status: over.status ?? "SUBMITTED",
      vin: over.vin === undefined ? null : over.vin,
      category: over.category === undefined ? "SERVICE" : over.category,
      description: over.description ?? "The door seal whistles.",
      handlerId: over.handlerId ?? null,
      ...(over.createdAt ? { createdAt: over.createdAt } : {}),
    },
    select: { id: true, complaintNo: true, createdAt: true },
  });
}

const vinOf = (stem: string, n: number) => withCheckDigit(`LCP${stem}0${String(n).padStart(7, "0")}`);
const filters = (q: Record<string, string | number> = {}) => parseComplaintFilters(new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])));
const nos = (p: ComplaintPage) => p.rows.map((r) => r.complaintNo);

/** Runs `fn` against a client that counts the SQL statements it sends. */
async function countQueries(fn: () => Promise<unknown>): Promise<number> {
  const holder = globalThis as unknown as { __dealerPrisma?: PrismaClient };
  const original = holder.__dealerPrisma;
  const counting = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }), log: [{ emit: "event", level: "query" }] });
  let n = 0;
  counting.$on("query", () => n++);
  holder.__dealerPrisma = counting;
  try {
    await fn();
  } finally {
    holder.__dealerPrisma = original;
    await counting.$disconnect();
  }
  return n;
}

beforeAll(async () => {
  dealerRole = (await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } })).id;
  orgA = (await makeOrganization()).id;
  a = await makeDealer(orgA);
  b = await makeDealer();
  staffAll = await staffWith({ dataScope: "ALL", role: "SALES_OPS" });
  staffOrgA = await staffWith({ dataScope: "ORG", organizationId: orgA });
});

afterAll(async () => {
  setTestLocale("en-US");
  await actAs(null);
});

describe("tenancy", () => {
  it("shows a dealer only its own company's complaints; another company's is missing, like a made-up id", async () => {
    const mine = await makeComplaint(a);
    const theirs = await makeComplaint(b);
    const list = await listComplaints(a.viewer, filters({ size: 100 }));
    expect(nos(list)).toContain(mine.complaintNo);
    expect(nos(list)).not.toContain(theirs.complaintNo);
    expect(list.staff).toBe(false);

    expect(await loadComplaintRoute(a.viewer, new URLSearchParams({ id: String(theirs.id) }))).toEqual({ kind: "missing" });
    expect(await loadComplaintRoute(a.viewer, new URLSearchParams({ id: "2000000000" }))).toEqual({ kind: "missing" });
    expect(await loadComplaintRoute(a.viewer, new URLSearchParams({ id: "1 OR 1=1" }))).toEqual({ kind: "missing" });
    expect(await loadComplaintRoute(a.viewer, new URLSearchParams({ id: "99999999999" }))).toEqual({ kind: "missing" });
    const ok = await loadComplaintRoute(a.viewer, new URLSearchParams({ id: String(mine.id) }));
    expect(ok).toMatchObject({ kind: "detail", complaint: { complaintNo: mine.complaintNo, status: "SUBMITTED", vinLink: false, moves: [] } });
  });

  it("ignores the staff-only filters for a dealer (a dealer never lists by another dealer)", async () => {
    const mine = await makeComplaint(a, { handlerId: staffAll.userId });
    const list = await listComplaints(a.viewer, filters({ company: "nobody-at-all", mine: 1, complaintNo: mine.complaintNo }));
    expect(nos(list)).toEqual([mine.complaintNo]);
  });

  it("limits staff to the companies of their data scope, with the dealer column and filter", async () => {
    const inA = await makeComplaint(a);
    const inB = await makeComplaint(b);
    const scoped = nos(await listComplaints(staffOrgA, filters({ size: 100, complaintNo: "T" })));
    expect(scoped).toContain(inA.complaintNo);
    expect(scoped).not.toContain(inB.complaintNo);
    expect(await loadComplaintRoute(staffOrgA, new URLSearchParams({ id: String(inB.id) }))).toEqual({ kind: "missing" });
    expect(await loadComplaintRoute(staffOrgA, new URLSearchParams({ id: String(inA.id) }))).toMatchObject({ kind: "detail", complaint: { complaintNo: inA.complaintNo } });

    const all = await listComplaints(staffAll, filters({ complaintNo: inB.complaintNo }));
    expect(nos(all)).toEqual([inB.complaintNo]);
    expect(all.staff).toBe(true);
    const company = await db().company.findUniqueOrThrow({ where: { id: b.company } });
    expect(all.rows[0].company).toEqual({ code: company.code, nameEn: company.nameEn, nameZh: company.nameZh });
    for (const q of [company.code.toLowerCase(), company.nameEn.slice(-6), company.nameZh]) {
      const byCompany = nos(await listComplaints(staffAll, filters({ size: 100, company: q })));
      expect(byCompany, q).toContain(inB.complaintNo);
      expect(byCompany, q).not.toContain(inA.complaintNo);
    }
    // Staff with the reply permission see the take button on a new complaint.
    expect(await loadComplaintRoute(staffAll, new URLSearchParams({ id: String(inB.id) }))).toMatchObject({ kind: "detail", complaint: { moves: ["take"] } });
  });

  it("offers the file form (with the upload rules) only to a dealer with complaint:create", async () => {
    const dealer = await loadComplaintRoute(a.viewer, new URLSearchParams());
    expect(dealer).toMatchObject({ kind: "list", canCreate: true, rules: { image: { kind: "IMAGE" }, video: { kind: "VIDEO", suggestedSeconds: expect.any(Number) } } });
    expect(await loadComplaintRoute(staffAll, new URLSearchParams())).toMatchObject({ kind: "list", canCreate: false, rules: null });
  });
});

describe("filters", () => {
  it("filters by status, category, Shanghai days, VIN, number prefix and handler", async () => {
    const d = await makeDealer();
    const p = uid("F").toUpperCase();
    const stem = uid("").slice(1, 7).toUpperCase();
    const vin1 = vinOf(stem, 1);
    const vin2 = vinOf(stem, 2);
    // 2026-03-01 23:30 in Shanghai is 15:30 UTC; 2026-03-02 00:30 in Shanghai is 16:30 UTC on 03-01.
    const late = await makeComplaint(d, {
      complaintNo: `${p}1`,
      createdAt: new Date("2026-03-01T15:30:00Z"),
      status: "PROCESSING",
      vin: vin1,
      category: "PRODUCT_QUALITY",
      handlerId: staffAll.userId,
    });
    const early = await makeComplaint(d, { complaintNo: `${p}2`, createdAt: new Date("2026-03-01T16:30:00Z"), vin: vin2, category: "SERVICE" });
    const closed = await makeComplaint(d, { complaintNo: `${p}3`, createdAt: new Date("2026-03-05T04:00:00Z"), status: "CLOSED", vin: null, category: null });
    const list = async (q: Record<string, string | number>, viewer = d.viewer) => nos(await listComplaints(viewer, filters({ complaintNo: p, ...q })));

    expect(await list({})).toEqual([closed.complaintNo, early.complaintNo, late.complaintNo]);
    expect(await list({ complaintNo: `${p}2` })).toEqual([early.complaintNo]);
    expect(await list({ complaintNo: p.toLowerCase() })).toHaveLength(3);
    expect(await list({ status: "PROCESSING" })).toEqual([late.complaintNo]);
    expect(await list({ status: "NOT_A_STATUS" })).toHaveLength(3);
    expect(await list({ category: "SERVICE" })).toEqual([early.complaintNo]);
    expect(await list({ category: "product_quality" })).toEqual([late.complaintNo]);
    expect(await list({ from: "2026-03-01", to: "2026-03-01" })).toEqual([late.complaintNo]);
    expect(await list({ from: "2026-03-02" })).toEqual([closed.complaintNo, early.complaintNo]);
    expect(await list({ to: "2026-03-02" })).toEqual([early.complaintNo, late.complaintNo]);
    expect(await list({ from: "2026-02-30" })).toHaveLength(3); // not a day: ignored
    expect(await list({ vin: vin2 })).toEqual([early.complaintNo]);
    expect(await list({ vin: vin1.toLowerCase() })).toEqual([late.complaintNo]);
    expect(await list({ vin: stem.slice(0, 5) })).toEqual([early.complaintNo, late.complaintNo]); // part of it
    expect(await list({ vin: `'; DROP TABLE "Complaint"; --` })).toEqual([]); // only its letters and digits are searched for
    // "Handled by me" is staff's; the dealer's list ignores it (above).
    expect(await list({ mine: 1 }, staffAll)).toEqual([late.complaintNo]);
    const other = await staffWith({ dataScope: "ALL" });
    expect(await list({ mine: 1 }, other)).toEqual([]);
    expect(await list({}, other)).toHaveLength(3);
  });

  it("parses the query string defensively and writes it back for links", () => {
    const f = filters({
      status: "REPLIED",
      category: "war-ranty",
      vin: " lcp 12 ",
      complaintNo: "cp2026",
      company: "  D0  ",
      mine: 1,
      size: 500,
      cursor: "x",
      from: "2026-13-01",
      to: "2026-03-02",
    });
    expect(f).toMatchObject({
      status: "REPLIED",
      category: "WARRANTY",
      vin: "LCP12",
      complaintNo: "CP2026",
      company: "D0",
      mine: true,
      size: 20,
      cursor: "",
      from: "",
      to: "2026-03-02",
    });
    expect(complaintQuery(f, { id: 7 })).toBe("?status=REPLIED&category=WARRANTY&to=2026-03-02&vin=LCP12&complaintNo=CP2026&company=D0&mine=1&id=7");
    expect(complaintQuery(filters({}))).toBe("");
  });

  it("shows the start of a long description, cut between characters", async () => {
    const d = await makeDealer();
    const long = "车门异响".repeat(40);
    const c = await makeComplaint(d, { description: long });
    const row = (await listComplaints(d.viewer, filters({ complaintNo: c.complaintNo }))).rows[0];
    expect(Array.from(row.summary)).toHaveLength(80);
    expect(row.summary.endsWith("…")).toBe(true);
    expect(long.startsWith(row.summary.slice(0, -1))).toBe(true);
    const detail = await loadComplaintRoute(d.viewer, new URLSearchParams({ id: String(c.id) }));
    expect(detail.kind === "detail" && detail.complaint.description).toBe(long);
  });
});

describe("paging", () => {
  it("walks older and newer pages by keyset without gaps or repeats, also while complaints arrive", async () => {
    const d = await makeDealer();
    const base = Date.parse("2026-04-01T02:00:00Z");
    const made = [];
    // Two complaints share a created time: the id breaks the tie.
    for (let i = 0; i < 7; i++) made.push(await makeComplaint(d, { createdAt: new Date(base + Math.min(i, 5) * 60_000) }));
    const expected = [...made].sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || y.id - x.id).map((c) => c.complaintNo);

    const p1 = await listComplaints(d.viewer, filters({ size: 3 }));
    expect(nos(p1)).toEqual(expected.slice(0, 3));
    expect(p1.total).toEqual({ count: 7, capped: false });
    expect(p1.prev).toBeNull();
    await makeComplaint(d); // a new one arrives: the next pages do not shift
    const p2 = await listComplaints(d.viewer, filters({ size: 3, cursor: p1.next! }));
    expect(nos(p2)).toEqual(expected.slice(3, 6));
    const p3 = await listComplaints(d.viewer, filters({ size: 3, cursor: p2.next! }));
    expect(nos(p3)).toEqual(expected.slice(6));
    expect(p3.next).toBeNull();
    const back = await listComplaints(d.viewer, filters({ size: 3, cursor: p3.prev! }));
    expect(nos(back)).toEqual(expected.slice(3, 6));
    const first = await listComplaints(d.viewer, filters({ size: 3, cursor: back.prev! }));
    expect(nos(first)).toEqual(expected.slice(0, 3));
    expect(first.prev).not.toBeNull(); // the newcomer is newer still
  });

  it("issues the same few queries for a page of 5 and of 50 rows (no N+1)", async () => {
    const d = await makeDealer();
    const p = uid("Q").toUpperCase();
    await db().complaint.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({
        complaintNo: `${p}${String(i).padStart(3, "0")}`,
        companyId: d.company,
        creatorId: d.user,
        description: `Complaint ${i}`,
        handlerId: i % 2 ? staffAll.userId : null,
      })),
    });
    for (const viewer of [d.viewer, staffAll]) {
      let small: ComplaintPage | null = null;
      let big: ComplaintPage | null = null;
      const q5 = await countQueries(async () => (small = await listComplaints(viewer, filters({ complaintNo: p, size: 5 }))));
      const q50 = await countQueries(async () => (big = await listComplaints(viewer, filters({ complaintNo: p, size: 50 }))));
      expect(small!.rows).toHaveLength(5);
      expect(big!.rows).toHaveLength(50);
      expect(big!.rows.filter((r) => r.handler).length).toBe(25);
      expect(q50).toBe(q5);
      // The page, its companies, creators and handlers (one batch each) and the capped count;
      // staff add the reads that resolve their data scope.
      expect(q5).toBeLessThanOrEqual(viewer.userType === "DEALER" ? 5 : 9);
    }
  });
});

describe("the vehicle link", () => {
  it("links the VIN only when the viewer may open that vehicle", async () => {
    const model = await makeVehicleModel();
    const goods = await db().goods.create({ data: { kind: "VEHICLE", code: uid("G"), nameEn: "Car", nameZh: "车", price: "1.00", stock: 0, vehicleModelId: model.id } });
    const stem = uid("").slice(1, 7).toUpperCase();
    const held = vinOf(stem, 1);
    const elsewhere = vinOf(stem, 2);
    const unknown = vinOf(stem, 3);
    await db().vehicle.create({ data: { vin: held, goodsId: goods.id, vehicleModelId: model!.id, status: "IN_STOCK", companyId: a.company } });
    await db().vehicle.create({ data: { vin: elsewhere, goodsId: goods.id, vehicleModelId: model!.id, status: "IN_STOCK", companyId: b.company } });
    const link = async (viewer: Viewer, vin: string, d = a) => {
      const c = await makeComplaint(d, { vin });
      const r = await loadComplaintRoute(viewer, new URLSearchParams({ id: String(c.id) }));
      return r.kind === "detail" ? r.complaint.vinLink : null;
    };
    expect(await link(a.viewer, held)).toBe(true);
    expect(await link(a.viewer, elsewhere)).toBe(false); // another dealer's car: its page would be 404
    expect(await link(a.viewer, unknown)).toBe(false);
    expect(await link(staffAll, held)).toBe(true);
    // Staff without the vehicle screen get the VIN as text.
    expect(await link(staffOrgA, held)).toBe(false);
  });
});

/** A pending upload row (what POST /uploads leaves behind), without bytes in storage. */
async function pending(uploaderId: number, kind: "IMAGE" | "VIDEO" = "IMAGE", ext = kind === "IMAGE" ? "webp" : "mp4") {
  const id = randomBytes(16).toString("hex");
  await db().attachment.create({
    data: {
      id,
      kind,
      mime: kind === "IMAGE" ? "image/webp" : "video/mp4",
      ext,
      size: 1000,
      sha256: "0".repeat(64),
      storageKey: `test/${id}.${ext}`,
      originalName: `f.${ext}`,
      uploaderId,
    },
  });
  return { id, name: `f.${ext}`, url: `/customerWeb/api/v1/files/${id}`, thumbUrl: null, kind };
}

describe("actions", () => {
  it("carry the conversation: file → take → reply → a note reopens → reply → close", async () => {
    await actAs({ id: a.user }, a.company);
    const filed = await fileComplaintAction({
      vin: "",
      category: "SERVICE",
      description: "Rattle at idle",
      questionNote: "",
      qesImg: [await pending(a.user), await pending(a.user)],
      qesVideo: [await pending(a.user, "VIDEO")],
    });
    if (!filed.ok) throw new Error(filed.message);
    const { id, complaintNo } = filed.data;
    const staffUser = { id: staffAll.userId };
    await actAs(staffUser);
    expect(await takeComplaintAction({ id })).toEqual({ ok: true, data: { id, complaintNo, status: "PROCESSING" } });
    expect(await replyComplaintAction({ id, appealNote: "Tighten the bracket." })).toMatchObject({ ok: true, data: { status: "REPLIED" } });
    await actAs({ id: a.user }, a.company);
    expect(await noteComplaintAction({ id, note: "Still rattles." })).toMatchObject({ ok: true, data: { status: "PROCESSING" } });
    await actAs(staffUser);
    expect(await replyComplaintAction({ id, appealNote: "Replace the bracket." })).toMatchObject({ ok: true, data: { status: "REPLIED" } });
    await actAs({ id: a.user }, a.company);
    expect(await closeComplaintAction({ id })).toMatchObject({ ok: true, data: { status: "CLOSED" } });

    const d = await loadComplaintRoute(a.viewer, new URLSearchParams({ id: String(id) }));
    if (d.kind !== "detail") throw new Error("not found");
    expect(d.complaint.messages.map((m) => [m.side, m.body])).toEqual([
      ["STAFF", "Tighten the bracket."],
      ["DEALER", "Still rattles."],
      ["STAFF", "Replace the bracket."],
    ]);
    expect(d.complaint.history.map((e) => e.toStatus)).toEqual(["SUBMITTED", "PROCESSING", "REPLIED", "PROCESSING", "REPLIED", "CLOSED"]);
    expect([d.complaint.qesImg.length, d.complaint.qesVideo.length]).toEqual([2, 1]);
  });

  it("report bad input and refused uploads on the form's fields, in the reader's language", async () => {
    await actAs({ id: a.user }, a.company);
    const before = await db().complaint.count({ where: { companyId: a.company } });
    const empty = await fileComplaintAction({ vin: "LSVAU2180N2183294", description: "  " });
    expect(empty).toMatchObject({ ok: false, fieldErrors: { vin: "VIN has a wrong check digit (position 9)", description: "Please enter Question description" } });

    const max = (await getUploadRule("IMAGE")).maxCount;
    const many = await Promise.all(Array.from({ length: max + 1 }, () => pending(a.user)));
    expect(await fileComplaintAction({ description: "Too many", qesImg: many })).toEqual({
      ok: false,
      code: "VALIDATION",
      message: `A maximum of ${max} can be uploaded`,
      fieldErrors: { qesImg: `A maximum of ${max} can be uploaded` },
    });
    setTestLocale("zh-CN");
    try {
      const video = await pending(a.user, "VIDEO");
      // A video in the image field is the wrong format for it.
      expect(await fileComplaintAction({ description: "格式不对", qesImg: [video] })).toMatchObject({
        ok: false,
        fieldErrors: { qesImg: expect.stringMatching(/^只能上传.+格式$/) },
      });
      expect(await fileComplaintAction({ description: "两个视频", qesVideo: [await pending(a.user, "VIDEO"), video] })).toMatchObject({
        ok: false,
        fieldErrors: { qesVideo: "视频不能大于 1" },
      });
    } finally {
      setTestLocale("en-US");
    }
    expect(await db().complaint.count({ where: { companyId: a.company } })).toBe(before);
  });

  it("refuse moves outside the table or without the permission, changing nothing", async () => {
    const c = await makeComplaint(a);
    await actAs({ id: a.user }, a.company);
    expect(await takeComplaintAction({ id: c.id })).toEqual({ ok: false, code: "FORBIDDEN", message: "You do not have permission to do this." });
    expect(await closeComplaintAction({ id: c.id })).toMatchObject({ ok: false, message: expect.stringContaining("is submitted and cannot do this now") });
    await actAs({ id: b.user }, b.company);
    expect(await closeComplaintAction({ id: c.id })).toMatchObject({ ok: false, message: expect.stringMatching(/not exist|not found/i) });
    await actAs({ id: staffAll.userId });
    expect(await replyComplaintAction({ id: c.id, appealNote: "Too early" })).toMatchObject({ ok: false, message: expect.stringContaining("is submitted") });
    expect(await fileComplaintAction({ description: "Staff cannot file" })).toEqual({ ok: false, code: "FORBIDDEN", message: "You do not have permission to do this." });
    expect(await db().complaint.findUniqueOrThrow({ where: { id: c.id } })).toMatchObject({ status: "SUBMITTED", handlerId: null, appealNote: null });
    expect(await db().complaintMessage.count({ where: { complaintId: c.id } })).toBe(0);
  });
});
