import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { Attachment, Prisma } from "@/lib/generated/prisma/client";
import { UploadError } from "./errors";
import type { AttachmentKindName, AttachmentValue } from "./formats";
import { getUploadRule } from "./rules";
import { toAttachmentValue } from "./service";

/** May this viewer see record `ownerId` of this owner type? The owning feature decides, with
 * the same scoping its own pages use (company for dealers, data scope for staff); `field` lets
 * it treat a record's files differently (a download item's pictures are shown, its file not). */
export type OwnerCheck = (viewer: Viewer, ownerId: string, field: string | null) => Promise<boolean>;

const holder = globalThis as unknown as { __attachmentOwners?: Map<string, OwnerCheck> };
const owners = (holder.__attachmentOwners ??= new Map());

/** Called once by each feature whose records hold files ("complaint", "salesReturn", "news"...). */
export function registerAttachmentOwner(ownerType: string, check: OwnerCheck): void {
  owners.set(ownerType, check);
}

/**
 * A pending file (not saved onto a record yet) is its uploader's alone; a saved one is visible
 * to whoever may see its record. An owner type nobody registered shows nothing.
 */
export async function canSeeAttachment(viewer: Viewer, a: Pick<Attachment, "uploaderId" | "ownerType" | "ownerId" | "field">): Promise<boolean> {
  if (a.ownerType === null || a.ownerId === null) return a.uploaderId === viewer.userId;
  const check = owners.get(a.ownerType);
  return check ? check(viewer, a.ownerId, a.field) : false;
}

export type LinkInput = {
  ids: string[];
  ownerType: string;
  ownerId: string | number;
  field: string;
  kind: AttachmentKindName;
  viewer: Viewer;
  /** A field may allow fewer files than its kind's rule (e.g. one cover picture). */
  max?: number;
};

/**
 * Saves a form's files onto its record, inside the caller's transaction: each id must be a
 * pending upload of this viewer or already belong to this record's field, of the field's kind;
 * the count must fit the rule. Files the field held before and no longer lists become pending
 * again and are purged with the other stale uploads. Anything else answers 404 (the same as a
 * missing file, so ids of other people's files reveal nothing).
 */
export async function linkAttachments(tx: Prisma.TransactionClient, input: LinkInput): Promise<AttachmentValue[]> {
  const ownerId = String(input.ownerId);
  if (!input.ownerType || input.ownerType.length > 32 || !ownerId || ownerId.length > 50 || !input.field || input.field.length > 50) {
    throw new Error("linkAttachments: ownerType, ownerId and field must be 1–32, 1–50 and 1–50 characters");
  }
  const ids = [...new Set(input.ids)];
  const rule = await getUploadRule(input.kind);
  const limit = Math.min(input.max ?? rule.maxCount, rule.maxCount);
  if (ids.length > limit) throw new UploadError("MAX_COUNT", "errors.maxCount", { count: limit }, 422);

  const owner = { ownerType: input.ownerType, ownerId, field: input.field };
  const rows = ids.length ? await tx.attachment.findMany({ where: { id: { in: ids } } }) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pending: string[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    const mine = row && row.ownerType === null && row.uploaderId === input.viewer.userId;
    const ours = row && row.ownerType === owner.ownerType && row.ownerId === owner.ownerId && row.field === owner.field;
    if (!row || row.kind !== input.kind || !(mine || ours)) throw new NotFoundError();
    if (mine) pending.push(id);
  }
  // Conditional update: of two saves racing for one pending file, only the first gets it.
  if (pending.length) {
    const { count } = await tx.attachment.updateMany({ where: { id: { in: pending }, ownerType: null, uploaderId: input.viewer.userId }, data: owner });
    if (count !== pending.length) throw new NotFoundError();
  }
  await tx.attachment.updateMany({ where: { ...owner, id: { notIn: ids } }, data: { ownerType: null, ownerId: null, field: null } });
  return ids.map((id) => toAttachmentValue(byId.get(id)!));
}

export type OwnedAttachment = AttachmentValue & { field: string };

const owned = (a: Attachment): OwnedAttachment => ({ ...toAttachmentValue(a), field: a.field ?? "" });

/** The files saved on a record, oldest first. The caller has already checked the viewer may
 * see the record. */
export async function attachmentsOf(ownerType: string, ownerId: string | number): Promise<OwnedAttachment[]> {
  const rows = await db().attachment.findMany({ where: { ownerType, ownerId: String(ownerId) }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map(owned);
}

/** The same for a page of records in one query (list pages must not query per row). */
export async function attachmentsOfMany(ownerType: string, ownerIds: (string | number)[]): Promise<Map<string, OwnedAttachment[]>> {
  const ids = [...new Set(ownerIds.map(String))];
  const out = new Map<string, OwnedAttachment[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db().attachment.findMany({ where: { ownerType, ownerId: { in: ids } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  for (const r of rows) out.get(r.ownerId!)?.push(owned(r));
  return out;
}
