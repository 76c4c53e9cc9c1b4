import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { AttachmentKind } from "@/lib/generated/prisma/client";
import type { AuditCtx } from "@/lib/core/audit";
import { makeCompany, makeMenu, makeOrganization, makeRole, makeUser, nowSeconds } from "@/lib/test/factories";
import { canSeeAttachment } from "@/lib/uploads/access";
import { MB } from "@/lib/uploads/formats";
import { invalidateUploadRules } from "@/lib/uploads/rules";
import "./attachments";
import { ZFileComplaint, type TFileComplaintInput } from "./schemas";
import { addDealerNote, closeComplaint, complaintDetail, fileComplaint, replyComplaint, takeComplaint } from "./service";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));

// Complaints against PostgreSQL: the whole conversation (file with images and a video → take →
// reply → a dealer note reopens → reply → close), every refusal changing nothing, the upload
// rules enforced when the files are saved, tenancy (dealer B and staff outside the scope get
// 404 for the complaint and its files), and two staff taking one complaint at once.

type Dealer = { company: number; user: number; viewer: Viewer };
let dealerRole: number;
let staff: Viewer;
let a: Dealer;
let b: Dealer;
const VIN = "1HGCM82633A004352";
const ctxOf = (v: Viewer): AuditCtx => ({ userId: v.userId, companyId: v.company?.id ?? null, requestId: null });

async function makeDealer(organizationId?: number): Promise<Dealer> {
  const company = (await makeCompany(organizationId)).id;
  const user = (await makeUser({ userType: "DEALER", companyIds: [company], roleIds: [dealerRole] })).id;
  const viewer = (await loadViewer(user, company, nowSeconds()))!;
  return { company, user, viewer };
}

/** A pending upload row (what POST /uploads leaves behind), without bytes in storage. */
async function pending(uploaderId: number, kind: AttachmentKind = "IMAGE", over: { ext?: string; size?: number } = {}): Promise<{ id: string }> {
  const id = randomBytes(16).toString("hex");
  const ext = over.ext ?? (kind === "IMAGE" ? "webp" : "mp4");
  await db().attachment.create({
    data: {
      id,
      kind,
      mime: kind === "IMAGE" ? "image/webp" : "video/mp4",
      ext,
      size: over.size ?? 1000,
      sha256: "0".repeat(64),
      storageKey: `test/${id}.${ext}`,
      originalName: `f.${ext}`,
      uploaderId,
    },
  });
  return { id };
}
const images = (uploaderId: number, n: number) => Promise.all(Array.from({ length: n }, () => pending(uploaderId)));

const file = async (d: Dealer, over: Partial<TFileComplaintInput> = {}) =>
  fileComplaint(
    d.viewer,
    ctxOf(d.viewer),
    ZFileComplaint.parse({ vin: VIN, category: "PRODUCT_QUALITY", description: "The window rattles at 80 km/h.", questionNote: "Since delivery", ...over }),
  );
const row = (id: number) => db().complaint.findUniqueOrThrow({ where: { id } });
const events = (id: number) => db().statusEvent.findMany({ where: { entity: "Complaint", entityId: id }, orderBy: { id: "asc" } });
const audits = (id: number) => db().auditLog.findMany({ where: { entity: "Complaint", entityId: String(id) }, orderBy: { id: "asc" } });
const messages = (id: number) => db().complaintMessage.findMany({ where: { complaintId: id }, orderBy: { id: "asc" } });
const files = (id: number) => db().attachment.findMany({ where: { ownerType: "complaint", ownerId: String(id) }, orderBy: { id: "asc" } });

async function expectDomain(p: Promise<unknown>, key: string, status?: number, field?: string) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, key).toBeInstanceOf(DomainError);
  expect((err as DomainError).key).toBe(key);
  if (status) expect((err as DomainError).status).toBe(status);
  if (field) expect((err as DomainError).field).toBe(field);
  return err as DomainError;
}

/** A move that must be refused leaves the complaint, its conversation, history, audit and files as they were. */
async function unchanged(id: number, attempt: () => Promise<unknown>, key: string, status?: number) {
  const snap = async () => [await row(id), await messages(id), (await events(id)).length, (await audits(id)).length, await files(id)];
  const before = await snap();
  await expectDomain(attempt(), key, status);
  expect(await snap()).toEqual(before);
}

/** Filing that must be refused saves no complaint and leaves the uploads pending. */
async function refusedFiling(d: Dealer, ids: string[], attempt: () => Promise<unknown>, key: string, status: number, field?: string) {
  const before = await db().complaint.count({ where: { companyId: d.company } });
  const err = await expectDomain(attempt(), key, status, field);
  expect(await db().complaint.count({ where: { companyId: d.company } })).toBe(before);
  const rows = await db().attachment.findMany({ where: { id: { in: ids } } });
  expect(rows.every((r) => r.ownerType === null && r.ownerId === null && r.field === null)).toBe(true);
  return err;
}

beforeAll(async () => {
  dealerRole = (await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } })).id;
  const salesOps = (await db().role.findUniqueOrThrow({ where: { code: "SALES_OPS" }, select: { id: true } })).id;
  staff = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [salesOps] })).id, null, nowSeconds()))!;
  a = await makeDealer();
  b = await makeDealer();
});

afterAll(async () => {
  invalidateUploadRules();
});

describe("the conversation", () => {
  it("file with images and a video → take → reply → a dealer note reopens → reply → close", async () => {
    const imgs = await images(a.user, 2);
    const video = await pending(a.user, "VIDEO");
    const { id, complaintNo } = await file(a, { vin: VIN.toLowerCase(), qesImg: imgs, qesVideo: [video] });
    expect(complaintNo).toMatch(/^CP\d{8}\d+$/);
    expect(await row(id)).toMatchObject({
      companyId: a.company,
      creatorId: a.user,
      status: "SUBMITTED",
      vin: VIN,
      category: "PRODUCT_QUALITY",
      description: "The window rattles at 80 km/h.",
      questionNote: "Since delivery",
      handlerId: null,
      appealNote: null,
      closedAt: null,
    });
    // The description stays on the complaint; the conversation starts with the first reply.
    expect(await messages(id)).toEqual([]);
    const linked = await files(id);
    expect(
      linked
        .filter((f) => f.field === "qesImg")
        .map((f) => f.id)
        .sort(),
    ).toEqual(imgs.map((i) => i.id).sort());
    expect(linked.filter((f) => f.field === "qesVideo").map((f) => f.id)).toEqual([video.id]);

    expect(await takeComplaint(staff, ctxOf(staff), id)).toEqual({ id, complaintNo, status: "PROCESSING" });
    expect(await row(id)).toMatchObject({ status: "PROCESSING", handlerId: staff.userId });
    await replyComplaint(staff, ctxOf(staff), id, "Please tighten the window regulator screws.");
    expect(await row(id)).toMatchObject({ status: "REPLIED", appealNote: "Please tighten the window regulator screws." });
    const longNote = `Still rattles. ${"x".repeat(700)}`;
    expect(await addDealerNote(a.viewer, ctxOf(a.viewer), id, longNote)).toMatchObject({ status: "PROCESSING" });
    await replyComplaint(staff, ctxOf(staff), id, "Replace the regulator under warranty.");
    expect(await closeComplaint(a.viewer, ctxOf(a.viewer), id)).toMatchObject({ status: "CLOSED" });

    const done = await row(id);
    expect(done).toMatchObject({ status: "CLOSED", appealNote: "Replace the regulator under warranty.", handlerId: staff.userId });
    expect(done.closedAt).toBeInstanceOf(Date);
    expect((await messages(id)).map((m) => [m.side, m.authorId, m.body])).toEqual([
      ["STAFF", staff.userId, "Please tighten the window regulator screws."],
      ["DEALER", a.user, longNote],
      ["STAFF", staff.userId, "Replace the regulator under warranty."],
    ]);
    const history = await events(id);
    expect(history.map((e) => [e.fromStatus, e.toStatus, e.userId])).toEqual([
      [null, "SUBMITTED", a.user],
      ["SUBMITTED", "PROCESSING", staff.userId],
      ["PROCESSING", "REPLIED", staff.userId],
      ["REPLIED", "PROCESSING", a.user],
      ["PROCESSING", "REPLIED", staff.userId],
      ["REPLIED", "CLOSED", a.user],
    ]);
    expect(history[2].note).toBe("Please tighten the window regulator screws.");
    // The status note holds 500 characters; the whole note is the message.
    expect(Array.from(history[3].note!)).toHaveLength(500);
    expect(history[3].note!.startsWith("Still rattles.")).toBe(true);
    expect((await audits(id)).map((x) => x.action)).toEqual(["create", "take", "reply", "note", "reply", "close"]);

    // Both sides see the whole detail; each is offered only its own moves.
    for (const v of [a.viewer, staff]) {
      const d = (await complaintDetail(v, id))!;
      expect(d).toMatchObject({
        id,
        complaintNo,
        status: "CLOSED",
        vin: VIN,
        company: { id: a.company },
        creator: { id: a.user },
        handler: { id: staff.userId, name: staff.name },
        moves: [],
      });
      expect(d.messages.map((m) => [m.side, m.author.id])).toEqual([
        ["STAFF", staff.userId],
        ["DEALER", a.user],
        ["STAFF", staff.userId],
      ]);
      expect(d.messages[1].author.name).toBe(a.viewer.name);
      expect(d.history.map((h) => h.toStatus)).toEqual(["SUBMITTED", "PROCESSING", "REPLIED", "PROCESSING", "REPLIED", "CLOSED"]);
      expect(d.history[1].user).toEqual({ id: staff.userId, name: staff.name });
      expect(d.qesImg.map((f) => f.id).sort()).toEqual(imgs.map((i) => i.id).sort());
      expect(d.qesVideo).toEqual([expect.objectContaining({ id: video.id, kind: "VIDEO", field: "qesVideo", url: expect.stringContaining(video.id) })]);
    }
    // The files follow the complaint: its dealer and staff in scope, nobody else.
    const att = await db().attachment.findUniqueOrThrow({ where: { id: video.id } });
    expect(await canSeeAttachment(a.viewer, att)).toBe(true);
    expect(await canSeeAttachment(staff, att)).toBe(true);
    expect(await canSeeAttachment(b.viewer, att)).toBe(false);
  });

  it("offers the moves of the table on the detail", async () => {
    const { id } = await file(a);
    expect((await complaintDetail(staff, id))!.moves).toEqual(["take"]);
    expect((await complaintDetail(a.viewer, id))!.moves).toEqual([]);
    await takeComplaint(staff, ctxOf(staff), id);
    expect((await complaintDetail(staff, id))!.moves).toEqual(["reply"]);
    await replyComplaint(staff, ctxOf(staff), id, "Advice");
    expect((await complaintDetail(a.viewer, id))!.moves).toEqual(["close", "note"]);
    expect((await complaintDetail(staff, id))!.moves).toEqual([]);
  });
});

describe("filing", () => {
  it("takes a complaint without VIN, category, note or files", async () => {
    const { id } = await file(a, { vin: "", category: "", questionNote: " ", qesImg: undefined, qesVideo: undefined });
    expect(await row(id)).toMatchObject({ vin: null, category: null, questionNote: null, status: "SUBMITTED" });
    expect(await files(id)).toEqual([]);
  });

  it("refuses a bad VIN, a too long text, an unknown category, staff and dealers without the permission", async () => {
    const base = { description: "x" };
    for (const vin of ["1HGCM82643A004352", "SHORT", "1HGCM82633A00435O"]) expect(ZFileComplaint.safeParse({ ...base, vin }).success, vin).toBe(false);
    expect(ZFileComplaint.safeParse({ description: " " }).success).toBe(false);
    expect(ZFileComplaint.safeParse({ description: "x".repeat(2001) }).success).toBe(false);
    expect(ZFileComplaint.safeParse({ ...base, questionNote: "x".repeat(1001) }).success).toBe(false);
    expect(ZFileComplaint.safeParse({ ...base, qesVideo: [{ id: "a".repeat(32) }, { id: "b".repeat(32) }] }).success).toBe(false);
    expect(ZFileComplaint.safeParse({ ...base, qesImg: [{ id: "../etc/passwd" }] }).success).toBe(false);

    const img = await images(a.user, 1);
    await refusedFiling(a, [img[0].id], () => file(a, { category: "TELEPORT", qesImg: img }), "Complaints.errors.unknownOption", 400, "category");
    await refusedFiling(a, [], () => fileComplaint(staff, ctxOf(staff), ZFileComplaint.parse(base)), "Complaints.errors.notDealer", 403);
    const role = await makeRole({ menuIds: [(await makeMenu({ type: "BUTTON", permission: "complaint:close" })).id] });
    const c = (await makeUser({ userType: "DEALER", companyIds: [a.company], roleIds: [role.id] })).id;
    const noCreate = (await loadViewer(c, a.company, nowSeconds()))!;
    await refusedFiling(a, [], () => fileComplaint(noCreate, ctxOf(noCreate), ZFileComplaint.parse(base)), "Common.forbidden", 403);
  });
});

describe("upload rules when the files are saved", () => {
  it("refuses too many images, a video in the image field, a disallowed format, an oversize file, someone else's upload and two videos", async () => {
    const ten = await images(a.user, 10);
    let err = await refusedFiling(
      a,
      ten.map((i) => i.id),
      () => file(a, { qesImg: ten }),
      "Uploads.errors.maxCount",
      422,
      "qesImg",
    );
    expect(err.values).toEqual({ count: 9 });

    const [img] = await images(a.user, 1);
    const video = await pending(a.user, "VIDEO");
    err = await refusedFiling(a, [img.id, video.id], () => file(a, { qesImg: [img, video] }), "Uploads.errors.format", 415, "qesImg");
    expect(err.values).toEqual({ formats: "jpg/png/webp" });
    // And an image in the video field.
    err = await refusedFiling(a, [img.id], () => file(a, { qesVideo: [img] }), "Uploads.errors.format", 415, "qesVideo");
    expect(err.values).toEqual({ formats: "mp4/webm/mov" });

    const big = await pending(a.user, "IMAGE", { size: 5 * MB + 1 });
    err = await refusedFiling(a, [big.id], () => file(a, { qesImg: [big] }), "Uploads.errors.tooLarge", 413, "qesImg");
    expect(err.values).toEqual({ size: 5 });

    const theirs = await pending(b.user);
    await refusedFiling(a, [img.id, theirs.id], () => file(a, { qesImg: [img, theirs] }), "Errors.notFound", 404);
    // A file already saved on another complaint cannot be moved onto a new one.
    const first = await file(a, { qesImg: [img] });
    await refusedFiling(a, [], () => file(a, { qesImg: [img] }), "Errors.notFound", 404);
    expect((await files(first.id)).map((f) => f.id)).toEqual([img.id]);

    // The schema allows one video; the service enforces it too.
    const v1 = await pending(a.user, "VIDEO");
    const v2 = await pending(a.user, "VIDEO");
    err = await refusedFiling(
      a,
      [v1.id, v2.id],
      () => fileComplaint(a.viewer, ctxOf(a.viewer), { description: "x", qesImg: [], qesVideo: [v1, v2] }),
      "Uploads.errors.maxCount",
      422,
      "qesVideo",
    );
    expect(err.values).toEqual({ count: 1 });
  });

  it("follows the configured rule: a lower image count and a format taken off the list", async () => {
    const saved = await db().attachmentRule.findUnique({ where: { kind: "IMAGE" } });
    await db().attachmentRule.upsert({
      where: { kind: "IMAGE" },
      create: { kind: "IMAGE", formats: ["jpg", "png"], maxSizeMb: 5, maxCount: 3 },
      update: { formats: ["jpg", "png"], maxCount: 3 },
    });
    invalidateUploadRules();
    try {
      const four = await Promise.all(Array.from({ length: 4 }, () => pending(a.user, "IMAGE", { ext: "jpg" })));
      const err = await refusedFiling(
        a,
        four.map((i) => i.id),
        () => file(a, { qesImg: four }),
        "Uploads.errors.maxCount",
        422,
        "qesImg",
      );
      expect(err.values).toEqual({ count: 3 });
      const webp = await pending(a.user, "IMAGE", { ext: "webp" });
      const fmt = await refusedFiling(a, [webp.id], () => file(a, { qesImg: [four[0], webp] }), "Uploads.errors.format", 415, "qesImg");
      expect(fmt.values).toEqual({ formats: "jpg/png" });
      const ok = await file(a, { qesImg: four.slice(0, 3) });
      expect(await files(ok.id)).toHaveLength(3);
    } finally {
      if (saved) await db().attachmentRule.update({ where: { kind: "IMAGE" }, data: { formats: saved.formats, maxSizeMb: saved.maxSizeMb, maxCount: saved.maxCount } });
      else await db().attachmentRule.delete({ where: { kind: "IMAGE" } });
      invalidateUploadRules();
    }
  });
});

describe("refusals", () => {
  it("refuses every move outside the table and changes nothing", async () => {
    const { id } = await file(a, { qesImg: await images(a.user, 1) });
    // SUBMITTED: the dealer cannot take or reply; nobody closes or notes it; staff do not close.
    await unchanged(id, () => takeComplaint(a.viewer, ctxOf(a.viewer), id), "Common.forbidden", 403);
    await unchanged(id, () => replyComplaint(a.viewer, ctxOf(a.viewer), id, "I reply myself"), "Common.forbidden", 403);
    await unchanged(id, () => closeComplaint(a.viewer, ctxOf(a.viewer), id), "Complaints.errors.transition", 409);
    await unchanged(id, () => addDealerNote(a.viewer, ctxOf(a.viewer), id, "note"), "Complaints.errors.transition", 409);
    await unchanged(id, () => replyComplaint(staff, ctxOf(staff), id, "Straight to a reply"), "Complaints.errors.transition", 409);
    await unchanged(id, () => closeComplaint(staff, ctxOf(staff), id), "Common.forbidden", 403);
    const err = await expectDomain(closeComplaint(a.viewer, ctxOf(a.viewer), id), "Complaints.errors.transition");
    expect(err.values).toMatchObject({ status: "SUBMITTED" });

    await takeComplaint(staff, ctxOf(staff), id);
    // PROCESSING: no second take; the dealer neither closes nor notes.
    await unchanged(id, () => takeComplaint(staff, ctxOf(staff), id), "Complaints.errors.transition", 409);
    await unchanged(id, () => closeComplaint(a.viewer, ctxOf(a.viewer), id), "Complaints.errors.transition", 409);
    await unchanged(id, () => addDealerNote(a.viewer, ctxOf(a.viewer), id, "note"), "Complaints.errors.transition", 409);
    await unchanged(id, () => replyComplaint(a.viewer, ctxOf(a.viewer), id, "dealer reply"), "Common.forbidden", 403);

    await replyComplaint(staff, ctxOf(staff), id, "Advice");
    // REPLIED: staff neither reply again nor take, close or note.
    await unchanged(id, () => replyComplaint(staff, ctxOf(staff), id, "Again"), "Complaints.errors.transition", 409);
    await unchanged(id, () => takeComplaint(staff, ctxOf(staff), id), "Complaints.errors.transition", 409);
    await unchanged(id, () => closeComplaint(staff, ctxOf(staff), id), "Common.forbidden", 403);
    await unchanged(id, () => addDealerNote(staff, ctxOf(staff), id, "staff note"), "Common.forbidden", 403);

    await closeComplaint(a.viewer, ctxOf(a.viewer), id);
    // CLOSED takes nothing.
    for (const [name, attempt, key] of [
      ["close", () => closeComplaint(a.viewer, ctxOf(a.viewer), id), "Complaints.errors.transition"],
      ["note", () => addDealerNote(a.viewer, ctxOf(a.viewer), id, "reopen?"), "Complaints.errors.transition"],
      ["take", () => takeComplaint(staff, ctxOf(staff), id), "Complaints.errors.transition"],
      ["reply", () => replyComplaint(staff, ctxOf(staff), id, "late"), "Complaints.errors.transition"],
    ] as const)
      await unchanged(id, attempt, key, 409).catch((e: unknown) => {
        throw new Error(`${name}: ${String(e)}`);
      });

    // Staff without complaint:reply, and a dealer without complaint:close.
    const other = (await file(a)).id;
    const viewOnly = await makeRole({ dataScope: "ALL", menuIds: [(await makeMenu({ type: "BUTTON", permission: "salesReturn:approve" })).id] });
    const clerk = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [viewOnly.id] })).id, null, nowSeconds()))!;
    await unchanged(other, () => takeComplaint(clerk, ctxOf(clerk), other), "Common.forbidden", 403);
    await takeComplaint(staff, ctxOf(staff), other);
    await replyComplaint(staff, ctxOf(staff), other, "Advice");
    const createOnly = await makeRole({ menuIds: [(await makeMenu({ type: "BUTTON", permission: "complaint:create" })).id] });
    const filer = (await loadViewer((await makeUser({ userType: "DEALER", companyIds: [a.company], roleIds: [createOnly.id] })).id, a.company, nowSeconds()))!;
    await unchanged(other, () => closeComplaint(filer, ctxOf(filer), other), "Common.forbidden", 403);
    await unchanged(other, () => addDealerNote(filer, ctxOf(filer), other, "note"), "Common.forbidden", 403);
  });

  it("two staff taking one complaint at once: exactly one wins, the other is refused", async () => {
    const salesOps = (await db().role.findUniqueOrThrow({ where: { code: "SALES_OPS" }, select: { id: true } })).id;
    const second = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [salesOps] })).id, null, nowSeconds()))!;
    for (let i = 0; i < 5; i++) {
      const { id } = await file(a);
      const results = await Promise.allSettled([takeComplaint(staff, ctxOf(staff), id), takeComplaint(second, ctxOf(second), id)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(lost.reason).toMatchObject({ key: "Complaints.errors.transition", status: 409 });
      const winner = results[0].status === "fulfilled" ? staff : second;
      expect(await row(id)).toMatchObject({ status: "PROCESSING", handlerId: winner.userId });
      expect((await events(id)).map((e) => e.toStatus)).toEqual(["SUBMITTED", "PROCESSING"]);
      expect((await audits(id)).map((x) => x.action)).toEqual(["create", "take"]);
    }
  });
});

describe("tenancy", () => {
  it("dealer B gets 404 for A's complaint, its moves and its files", async () => {
    const img = await images(a.user, 1);
    const { id } = await file(a, { qesImg: img });
    expect(await complaintDetail(b.viewer, id)).toBeNull();
    await unchanged(id, () => closeComplaint(b.viewer, ctxOf(b.viewer), id), "Errors.notFound", 404);
    await unchanged(id, () => addDealerNote(b.viewer, ctxOf(b.viewer), id, "mine?"), "Errors.notFound", 404);
    await takeComplaint(staff, ctxOf(staff), id);
    await replyComplaint(staff, ctxOf(staff), id, "Advice");
    // Even in the state where a dealer could act, B cannot.
    await unchanged(id, () => closeComplaint(b.viewer, ctxOf(b.viewer), id), "Errors.notFound", 404);
    await unchanged(id, () => addDealerNote(b.viewer, ctxOf(b.viewer), id, "mine?"), "Errors.notFound", 404);
    expect(await canSeeAttachment(b.viewer, await db().attachment.findUniqueOrThrow({ where: { id: img[0].id } }))).toBe(false);
    expect(await canSeeAttachment(a.viewer, await db().attachment.findUniqueOrThrow({ where: { id: img[0].id } }))).toBe(true);
    expect(await complaintDetail(a.viewer, 2_147_483_647)).toBeNull();
    expect(await complaintDetail(a.viewer, -1)).toBeNull();
  });

  it("staff act only on complaints of companies in their data scope", async () => {
    const north = await makeOrganization(null, "REGION");
    const south = await makeOrganization(null, "REGION");
    const d = await makeDealer(north.id);
    const img = await images(d.user, 1);
    const { id } = await file(d, { qesImg: img });
    const role = await makeRole({ dataScope: "ORG", menuIds: [(await makeMenu({ type: "BUTTON", permission: "complaint:reply" })).id] });
    const southStaff = (await loadViewer((await makeUser({ userType: "STAFF", organizationId: south.id, roleIds: [role.id] })).id, null, nowSeconds()))!;
    const northStaff = (await loadViewer((await makeUser({ userType: "STAFF", organizationId: north.id, roleIds: [role.id] })).id, null, nowSeconds()))!;
    expect(await complaintDetail(southStaff, id)).toBeNull();
    await unchanged(id, () => takeComplaint(southStaff, ctxOf(southStaff), id), "Errors.notFound", 404);
    expect(await canSeeAttachment(southStaff, await db().attachment.findUniqueOrThrow({ where: { id: img[0].id } }))).toBe(false);
    expect(await canSeeAttachment(northStaff, await db().attachment.findUniqueOrThrow({ where: { id: img[0].id } }))).toBe(true);
    expect((await complaintDetail(northStaff, id))!.moves).toEqual(["take"]);
    await takeComplaint(northStaff, ctxOf(northStaff), id);
    await unchanged(id, () => replyComplaint(southStaff, ctxOf(southStaff), id, "Advice"), "Errors.notFound", 404);
    await replyComplaint(northStaff, ctxOf(northStaff), id, "Advice");
    expect(await row(id)).toMatchObject({ status: "REPLIED", handlerId: northStaff.userId });
  });
});
