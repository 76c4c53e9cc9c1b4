import "server-only";
import { companyScopeWhere } from "@/lib/access/scope";
import type { Tx } from "@/lib/core/tx";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { nextCode } from "@/lib/codes/next-code";
import { db } from "@/lib/db";
import { dicts } from "@/lib/dict/dict";
import { DomainError, NotFoundError } from "@/lib/errors";
import type { ComplaintStatus, Prisma } from "@/lib/generated/prisma/client";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { attachmentsOf, linkAttachments, type OwnedAttachment } from "@/lib/uploads/access";
import { UploadError } from "@/lib/uploads/errors";
import { MB, type AttachmentKindName, type UploadRule } from "@/lib/uploads/formats";
import { tooLarge, wrongFormat } from "@/lib/uploads/limits";
import { getUploadRules } from "@/lib/uploads/rules";
import { COMPLAINT_IMAGE_FIELD, COMPLAINT_OWNER, COMPLAINT_VIDEO_FIELD, MAX_VIDEOS, type TFileComplaint } from "./schemas";
import { notifyComplaintEvent, type ComplaintEvent } from "../notify";
import { COMPLAINT_MOVES, complaintMovesFor, type ComplaintActor, type ComplaintMove, type ComplaintSide } from "./states";

// Customer complaints: a dealer files one with images and a video; staff
// take it (PROCESSING) and reply with the appeal note (REPLIED); the dealer closes it or adds a
// note that reopens it. The description stays on the complaint; the conversation after it
// (staff replies, dealer notes) is ComplaintMessage rows in order. Every move is one
// transaction: the row is locked (SELECT … FOR UPDATE), read through the viewer's scope (404
// outside it), checked against complaint-states.ts (403 for the wrong actor or permission, 409
// for the wrong state, nothing changed), then updated with its message, status event and audit,
// and the people concerned are notified (./notify.ts) in the same transaction.

const STATUS_NOTE_MAX = 500;

/** `where` over complaints the viewer may see: a dealer's company, staff's data scope. */
export async function complaintScope(viewer: Viewer): Promise<Prisma.ComplaintWhereInput> {
  if (viewer.userType === "DEALER") return viewer.company ? { companyId: viewer.company.id } : { id: { in: [] } };
  return { company: await companyScopeWhere(viewer) };
}

/** May the viewer see complaint `id`? (the file route's owner check) */
export async function canSeeComplaint(viewer: Viewer, id: number): Promise<boolean> {
  return !!(await db().complaint.findFirst({ where: { AND: [{ id }, await complaintScope(viewer)] }, select: { id: true } }));
}

const actorOf = (viewer: Viewer): ComplaintActor => (viewer.userType === "DEALER" ? "dealer" : "staff");

function requireDealer(viewer: Viewer): number {
  if (!viewer.company || viewer.userType !== "DEALER") throw new DomainError("Complaints.errors.notDealer", {}, undefined, 403);
  return viewer.company.id;
}

/** StatusEvent notes hold 500 characters; the whole text is in the message. */
function statusNote(text: string | null): string | null {
  if (text === null) return null;
  const chars = Array.from(text);
  return chars.length <= STATUS_NOTE_MAX ? text : `${chars.slice(0, STATUS_NOTE_MAX - 1).join("")}…`;
}

const ROW = { id: true, complaintNo: true, status: true, companyId: true, vin: true, category: true, handlerId: true, appealNote: true, closedAt: true } as const;
type Row = Prisma.ComplaintGetPayload<{ select: typeof ROW }>;
const brief = (r: Row) => ({
  id: r.id,
  complaintNo: r.complaintNo,
  status: r.status,
  handlerId: r.handlerId,
  appealNote: r.appealNote,
  closedAt: r.closedAt?.toISOString() ?? null,
});

/**
 * Saves one upload field's files onto the complaint, enforcing the configured rule of its kind
 * again at save time: the count, the kind (a video in the image field is the wrong format), the
 * format and the size, with the upload messages, named after the form field. Someone else's
 * upload (or a missing one) answers 404, as linkAttachments does.
 */
async function linkField(tx: Tx, viewer: Viewer, complaintId: number, field: string, kind: AttachmentKindName, rule: UploadRule, ids: string[], max?: number): Promise<string[]> {
  const unique = [...new Set(ids)];
  try {
    const limit = Math.min(max ?? rule.maxCount, rule.maxCount);
    if (unique.length > limit) throw new UploadError("MAX_COUNT", "errors.maxCount", { count: limit }, 422);
    const rows = unique.length
      ? await tx.attachment.findMany({ where: { id: { in: unique }, ownerType: null, uploaderId: viewer.userId }, select: { id: true, kind: true, ext: true, size: true } })
      : [];
    for (const r of rows) {
      if (r.kind !== kind || !(rule.formats as string[]).includes(r.ext)) throw UploadError.of(wrongFormat(rule));
      if (r.size > rule.maxSizeMb * MB) throw UploadError.of(tooLarge(rule.maxSizeMb));
    }
    await linkAttachments(tx, { ids: unique, ownerType: COMPLAINT_OWNER, ownerId: complaintId, field, kind, viewer, max });
  } catch (err) {
    if (err instanceof UploadError) throw new DomainError(err.key, err.values, field, err.status);
    throw err;
  }
  return unique;
}

/** A dealer's new complaint (complaint:create), numbered by code rule CP, with its images and
 * video saved onto it in the same transaction. */
export async function fileComplaint(viewer: Viewer, ctx: AuditCtx, input: TFileComplaint): Promise<{ id: number; complaintNo: string }> {
  const companyId = requireDealer(viewer);
  if (!hasPermission(viewer, "complaint:create")) throw new DomainError("Common.forbidden", {}, undefined, 403);
  // Read before the transaction (cached per process), so linking inside it reads no pooled connection.
  const rules = await getUploadRules();
  return db().$transaction(async (tx) => {
    if (input.category) {
      const { complaint_category: options } = await dicts(["complaint_category"] as const, { client: tx });
      if (!options.some((i) => i.value === input.category)) throw new DomainError("Complaints.errors.unknownOption", {}, "category");
    }
    const complaintNo = await nextCode("CP", { tx });
    const row = await tx.complaint.create({
      data: {
        complaintNo,
        companyId,
        creatorId: viewer.userId,
        status: "SUBMITTED",
        vin: input.vin ?? null,
        category: input.category ?? null,
        description: input.description,
        questionNote: input.questionNote ?? null,
      },
      select: ROW,
    });
    const images = await linkField(
      tx,
      viewer,
      row.id,
      COMPLAINT_IMAGE_FIELD,
      "IMAGE",
      rules.IMAGE,
      input.qesImg.map((f) => f.id),
    );
    const videos = await linkField(
      tx,
      viewer,
      row.id,
      COMPLAINT_VIDEO_FIELD,
      "VIDEO",
      rules.VIDEO,
      input.qesVideo.map((f) => f.id),
      MAX_VIDEOS,
    );
    await tx.statusEvent.create({ data: { entity: "Complaint", entityId: row.id, fromStatus: null, toStatus: "SUBMITTED", userId: ctx.userId } });
    await audit(tx, ctx, "Complaint", row.id, "create", null, {
      ...brief(row),
      companyId,
      vin: row.vin,
      category: row.category,
      description: input.description,
      questionNote: input.questionNote ?? null,
      qesImg: images,
      qesVideo: videos,
    });
    await notifyComplaintEvent(tx, { complaintId: row.id, event: "complaint.submitted", actorId: ctx.userId });
    return { id: row.id, complaintNo: row.complaintNo };
  });
}

/** Locks the complaint row, then reads it through the viewer's scope (404 when outside). */
async function lockComplaint(tx: Tx, viewer: Viewer, id: number): Promise<Row> {
  await tx.$queryRaw`SELECT "id" FROM "Complaint" WHERE "id" = ${id} FOR UPDATE`;
  const row = await tx.complaint.findFirst({ where: { AND: [{ id }, await complaintScope(viewer)] }, select: ROW });
  if (!row) throw new NotFoundError();
  return row;
}

export type ComplaintMoveResult = { id: number; complaintNo: string; status: ComplaintStatus };

type Change = { handlerId?: number; appealNote?: string; closedAt?: Date };

const EVENT_OF: Record<ComplaintMove, ComplaintEvent> = { take: "complaint.processing", reply: "complaint.replied", close: "complaint.closed", note: "complaint.noted" };

async function move(viewer: Viewer, ctx: AuditCtx, id: number, name: ComplaintMove, text: string | null, change: Change, side: ComplaintSide | null): Promise<ComplaintMoveResult> {
  const m = COMPLAINT_MOVES[name];
  return db().$transaction(async (tx) => {
    const row = await lockComplaint(tx, viewer, id);
    if (m.actor !== actorOf(viewer) || !hasPermission(viewer, m.permission)) throw new DomainError("Common.forbidden", {}, undefined, 403);
    if (row.status !== m.from) throw new DomainError("Complaints.errors.transition", { complaintNo: row.complaintNo, status: row.status }, undefined, 409);
    const after = await tx.complaint.update({ where: { id: row.id }, data: { ...change, status: m.to }, select: ROW });
    if (side && text !== null) await tx.complaintMessage.create({ data: { complaintId: row.id, side, body: text, authorId: viewer.userId } });
    await tx.statusEvent.create({ data: { entity: "Complaint", entityId: row.id, fromStatus: row.status, toStatus: m.to, note: statusNote(text), userId: ctx.userId } });
    await audit(tx, ctx, "Complaint", row.id, name, brief(row), side && text !== null ? { ...brief(after), message: { side, body: text } } : brief(after));
    await notifyComplaintEvent(tx, { complaintId: row.id, event: EVENT_OF[name], actorId: ctx.userId });
    return { id: row.id, complaintNo: row.complaintNo, status: m.to };
  });
}

/** Staff take a SUBMITTED complaint: PROCESSING, with themselves as the handler. */
export const takeComplaint = (viewer: Viewer, ctx: AuditCtx, id: number) => move(viewer, ctx, id, "take", null, { handlerId: viewer.userId }, null);

/** Staff reply to a PROCESSING complaint with the appeal note (after-sales advice): REPLIED.
 * The note is the complaint's latest advice and a STAFF message; whoever replies is the handler. */
export const replyComplaint = (viewer: Viewer, ctx: AuditCtx, id: number, appealNote: string) =>
  move(viewer, ctx, id, "reply", appealNote, { appealNote, handlerId: viewer.userId }, "STAFF");

/** The dealer accepts the reply: CLOSED. */
export const closeComplaint = (viewer: Viewer, ctx: AuditCtx, id: number) => move(viewer, ctx, id, "close", null, { closedAt: new Date() }, null);

/** The dealer answers a reply with a note: a DEALER message, and the complaint is PROCESSING again. */
export const addDealerNote = (viewer: Viewer, ctx: AuditCtx, id: number, note: string) => move(viewer, ctx, id, "note", note, {}, "DEALER");

export type ComplaintDetail = {
  id: number;
  complaintNo: string;
  status: ComplaintStatus;
  vin: string | null;
  category: string | null;
  description: string;
  questionNote: string | null;
  appealNote: string | null;
  company: { id: number; code: string; nameEn: string; nameZh: string };
  creator: { id: number; name: string };
  handler: { id: number; name: string } | null;
  createdAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
  messages: { id: number; side: ComplaintSide; body: string; createdAt: Date; author: { id: number; name: string } }[];
  history: { id: number; fromStatus: string | null; toStatus: string; note: string | null; createdAt: Date; user: { id: number; name: string } | null }[];
  qesImg: OwnedAttachment[];
  qesVideo: OwnedAttachment[];
  /** The moves this viewer may make now (the detail's buttons). */
  moves: ComplaintMove[];
};

/** The complaint with its conversation, status history and files; null outside the viewer's scope. */
export async function complaintDetail(viewer: Viewer, id: number): Promise<ComplaintDetail | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const c = await db().complaint.findFirst({
    where: { AND: [{ id }, await complaintScope(viewer)] },
    select: {
      id: true,
      complaintNo: true,
      status: true,
      vin: true,
      category: true,
      description: true,
      questionNote: true,
      appealNote: true,
      createdAt: true,
      updatedAt: true,
      closedAt: true,
      company: { select: { id: true, code: true, nameEn: true, nameZh: true } },
      creator: { select: { id: true, name: true } },
      handler: { select: { id: true, name: true } },
      messages: { orderBy: { id: "asc" }, select: { id: true, side: true, body: true, createdAt: true, author: { select: { id: true, name: true } } } },
    },
  });
  if (!c) return null;
  const [events, files] = await Promise.all([
    db().statusEvent.findMany({
      where: { entity: "Complaint", entityId: c.id },
      orderBy: { id: "asc" },
      select: { id: true, fromStatus: true, toStatus: true, note: true, createdAt: true, userId: true },
    }),
    attachmentsOf(COMPLAINT_OWNER, c.id),
  ]);
  const userIds = [...new Set(events.map((e) => e.userId).filter((u): u is number => u !== null))];
  const users = new Map((userIds.length ? await db().user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } }) : []).map((u) => [u.id, u]));
  return {
    ...c,
    messages: c.messages.map((msg) => ({ ...msg, side: msg.side as ComplaintSide })),
    history: events.map(({ userId, ...e }) => ({ ...e, user: userId !== null ? (users.get(userId) ?? null) : null })),
    qesImg: files.filter((f) => f.field === COMPLAINT_IMAGE_FIELD),
    qesVideo: files.filter((f) => f.field === COMPLAINT_VIDEO_FIELD),
    moves: complaintMovesFor(c.status, actorOf(viewer), (p) => hasPermission(viewer, p)),
  };
}
