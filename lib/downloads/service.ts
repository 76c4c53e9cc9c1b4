import "server-only";
import type { Tx } from "@/lib/core/tx";
import { canOpenRoute } from "@/lib/access/menus";
import type { Viewer } from "@/lib/auth/viewer";
import { variable } from "@/lib/config/variables";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { errorFields, log } from "@/lib/log";
import { mediaIdsOf, richTextToPlain, sanitizeRichText } from "@/lib/rich-text/sanitize";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { attachmentsOf, linkAttachments } from "@/lib/uploads/access";
import { UploadError } from "@/lib/uploads/errors";
import { MB, type AttachmentKindName, type AttachmentValue, type UploadRule } from "@/lib/uploads/formats";
import { tooLarge, wrongFormat } from "@/lib/uploads/limits";
import { getUploadRules } from "@/lib/uploads/rules";
import { canManageDownloads } from "./queries";
import { DOWNLOAD_FILE_FIELD, DOWNLOAD_IMAGE_FIELD, DOWNLOAD_MEDIA_FIELD, DOWNLOAD_OWNER, DOWNLOAD_ROUTE, downloadProblems, type TDownloadSave } from "./schemas";
import { openVerifyCode, sameCode, sealVerifyCode, signDownloadToken } from "./secrets";

// The download centre's writes. Staff with download:manage create, edit, switch on/off and
// delete items, each change one transaction with its audit row (the verify code never in it).
// Anyone with the screen asks for a download of an enabled item: an item with a verify code
// checks the code first, wrong codes are counted (DownloadLog ok = false) and limited per user
// and hour (variable download.maxVerifyAttemptsPerHour, under an advisory lock per user, so a
// burst of guesses cannot slip past the limit); a granted download is logged (ok = true),
// counted on the item and answered with a short-lived signed link to the file route.

/** Where the browser fetches a granted download (app/api/v1/downloads/[id]/file). */
export const downloadFilePath = (id: number, token: string) => `/customerWeb/api/v1/downloads/${id}/file?token=${encodeURIComponent(token)}`;

const WINDOW_MS = 60 * 60 * 1000;
const VERIFY_LOCK = 1801;

function requireManage(viewer: Viewer): void {
  if (!canManageDownloads(viewer)) throw new DomainError("Common.forbidden", {}, undefined, 403);
}

/** Ids beyond the column's range name no item (404, not a database error). */
function itemId(id: number): number {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw new NotFoundError();
  return id;
}

/** Saves one upload field's files onto the item under the configured rule of its kind (count,
 * kind, format, size), reported on the form field by name; other people's uploads are 404. */
async function linkField(
  tx: Tx,
  viewer: Viewer,
  itemId: number,
  field: string,
  kind: AttachmentKindName,
  rule: UploadRule,
  ids: string[],
  max?: number,
  formField = field,
): Promise<string[]> {
  const unique = [...new Set(ids)];
  try {
    const limit = Math.min(max ?? rule.maxCount, rule.maxCount);
    if (unique.length > limit) throw new UploadError("MAX_COUNT", "errors.maxCount", { count: limit }, 422);
    const rows = unique.length
      ? await tx.attachment.findMany({ where: { id: { in: unique }, ownerType: null, uploaderId: viewer.userId }, select: { kind: true, ext: true, size: true } })
      : [];
    for (const r of rows) {
      if (r.kind !== kind || !(rule.formats as string[]).includes(r.ext)) throw UploadError.of(wrongFormat(rule));
      if (r.size > rule.maxSizeMb * MB) throw UploadError.of(tooLarge(rule.maxSizeMb));
    }
    await linkAttachments(tx, { ids: unique, ownerType: DOWNLOAD_OWNER, ownerId: itemId, field, kind, viewer, max });
  } catch (err) {
    if (err instanceof UploadError) throw new DomainError(err.key, err.values, formField, err.status);
    throw err;
  }
  return unique;
}

/**
 * The content's images must be this editor's uploads or already this item's: an image pasted
 * from elsewhere (another record's media) is dropped from the text rather than linked here.
 */
async function ownMedia(tx: Tx, viewer: Viewer, itemId: number | null, html: string): Promise<{ html: string; ids: string[] }> {
  const ids = mediaIdsOf(html);
  if (!ids.length) return { html, ids };
  const rows = await tx.attachment.findMany({
    where: {
      id: { in: ids },
      kind: "IMAGE",
      OR: [{ ownerType: null, uploaderId: viewer.userId }, ...(itemId ? [{ ownerType: DOWNLOAD_OWNER, ownerId: String(itemId), field: DOWNLOAD_MEDIA_FIELD }] : [])],
    },
    select: { id: true },
  });
  const ok = new Set(rows.map((r) => r.id));
  if (ok.size === ids.length) return { html, ids };
  const cleaned = html.replace(/<img[^>]*src="\/customerWeb\/media\/([0-9a-f]{32})(\?thumb=1)?"[^>]*>/g, (tag, id: string) => (ok.has(id) ? tag : ""));
  return { html: sanitizeRichText(cleaned), ids: ids.filter((id) => ok.has(id)) };
}

/** The opened code, or null when it cannot be opened any more (the app's secret changed). */
function readableCode(sealed: string): string | null {
  try {
    return openVerifyCode(sealed);
  } catch {
    return null;
  }
}

/** Rich text with neither text nor images is stored as "" (the detail then shows no content). */
const emptyRichText = (html: string) => !richTextToPlain(html) && !/<img\s/i.test(html);

const SUMMARY = { id: true, title: true, downloadUrl: true, fileId: true, verifyCode: true, enabled: true } as const;
type Summary = { id: number; title: string; downloadUrl: string | null; fileId: string | null; verifyCode: string | null; enabled: boolean };
/** What the audit row keeps: whether there is a code, never the code (not even sealed). */
const auditView = (r: Summary, extra: Record<string, unknown> = {}) => ({
  id: r.id,
  title: r.title,
  downloadUrl: r.downloadUrl,
  fileId: r.fileId,
  verifyCode: r.verifyCode ? "set" : null,
  enabled: r.enabled,
  ...extra,
});

/** Locks the item's row and reads it (404 when missing). */
async function lockItem(tx: Tx, id: number): Promise<Summary> {
  await tx.$queryRaw`SELECT "id" FROM "DownloadItem" WHERE "id" = ${id} FOR UPDATE`;
  const row = await tx.downloadItem.findUnique({ where: { id }, select: SUMMARY });
  if (!row) throw new NotFoundError();
  return row;
}

/** Creates (no id) or edits an item with its file, pictures and the content's images. */
export async function saveDownload(viewer: Viewer, ctx: AuditCtx, input: TDownloadSave): Promise<{ id: number }> {
  requireManage(viewer);
  const problem = downloadProblems(input)[0];
  if (problem) throw new DomainError(`Downloads.errors.${problem.key}`, {}, problem.field, 422);
  const rules = await getUploadRules();
  const sanitized = sanitizeRichText(input.content);
  return db().$transaction(async (tx) => {
    const before = input.id ? await lockItem(tx, itemId(input.id)) : null;
    const media = await ownMedia(tx, viewer, before?.id ?? null, sanitized);
    const content = emptyRichText(media.html) ? "" : media.html;
    const downloadUrl = input.downloadUrl?.trim() || null;
    // An unchanged code keeps its sealed value (a fresh seal on every save would look like a change).
    const previous = before?.verifyCode ? readableCode(before.verifyCode) : null;
    const sameAsBefore = previous !== null && !!input.verifyCode && sameCode(input.verifyCode, previous);
    const verifyCode = input.verifyCode ? (sameAsBefore ? before!.verifyCode : sealVerifyCode(input.verifyCode)) : null;
    const data = { title: input.title, content, downloadUrl, verifyCode, enabled: input.enabled };
    const row = before
      ? await tx.downloadItem.update({ where: { id: before.id }, data, select: SUMMARY })
      : await tx.downloadItem.create({ data: { ...data, creatorId: viewer.userId, creatorName: viewer.name.slice(0, 50) }, select: SUMMARY });
    const file = await linkField(tx, viewer, row.id, DOWNLOAD_FILE_FIELD, "FILE", rules.FILE, downloadUrl ? [] : input.file.map((f) => f.id), 1);
    const images = await linkField(
      tx,
      viewer,
      row.id,
      DOWNLOAD_IMAGE_FIELD,
      "IMAGE",
      rules.IMAGE,
      input.images.map((f) => f.id),
    );
    const mediaIds = await linkField(tx, viewer, row.id, DOWNLOAD_MEDIA_FIELD, "IMAGE", rules.IMAGE, media.ids, undefined, "content");
    const after = await tx.downloadItem.update({ where: { id: row.id }, data: { fileId: file[0] ?? null }, select: SUMMARY });
    const changed = { verifyCodeChanged: before ? (before.verifyCode === null) !== (verifyCode === null) || (!!verifyCode && !sameAsBefore) : undefined };
    await audit(
      tx,
      ctx,
      "DownloadItem",
      row.id,
      before ? "update" : "create",
      before ? auditView(before) : null,
      auditView(after, { images, media: mediaIds, contentChars: content.length, ...changed }),
    );
    return { id: row.id };
  });
}

/** Switches an item on or off (off: hidden from dealers, its downloads refused). */
export async function setDownloadEnabled(viewer: Viewer, ctx: AuditCtx, id: number, enabled: boolean): Promise<{ id: number; enabled: boolean }> {
  requireManage(viewer);
  itemId(id);
  return db().$transaction(async (tx) => {
    const before = await lockItem(tx, id);
    if (before.enabled === enabled) return { id, enabled };
    const after = await tx.downloadItem.update({ where: { id }, data: { enabled }, select: SUMMARY });
    await audit(tx, ctx, "DownloadItem", id, enabled ? "enable" : "disable", auditView(before), auditView(after));
    return { id, enabled };
  });
}

/** Deletes an item with its log; its files become pending and are purged with stale uploads. */
export async function deleteDownload(viewer: Viewer, ctx: AuditCtx, id: number): Promise<{ id: number; title: string }> {
  requireManage(viewer);
  itemId(id);
  return db().$transaction(async (tx) => {
    const before = await lockItem(tx, id);
    const files = await tx.attachment.findMany({ where: { ownerType: DOWNLOAD_OWNER, ownerId: String(id) }, select: { id: true } });
    await tx.attachment.updateMany({ where: { ownerType: DOWNLOAD_OWNER, ownerId: String(id) }, data: { ownerType: null, ownerId: null, field: null } });
    const downloads = await tx.downloadItem.delete({ where: { id }, select: { downloads: true } });
    await audit(tx, ctx, "DownloadItem", id, "delete", auditView(before, { downloads: downloads.downloads, files: files.map((f) => f.id) }), null);
    return { id, title: before.title };
  });
}

export type DownloadEditValues = {
  id: number;
  title: string;
  content: string;
  downloadUrl: string | null;
  verifyCode: string | null;
  enabled: boolean;
  /** A code is saved but cannot be opened (the app's secret changed since): it must be entered again. */
  codeUnreadable: boolean;
  file: AttachmentValue[];
  images: AttachmentValue[];
};

/** The edit form's values, the verify code opened: for managing staff only. */
export async function downloadForEdit(viewer: Viewer, id: number): Promise<DownloadEditValues> {
  requireManage(viewer);
  const d = await db().downloadItem.findUnique({ where: { id: itemId(id) }, select: { id: true, title: true, content: true, downloadUrl: true, verifyCode: true, enabled: true } });
  if (!d) throw new NotFoundError();
  const files = await attachmentsOf(DOWNLOAD_OWNER, id);
  const strip = ({ field: _f, ...a }: AttachmentValue & { field: string }): AttachmentValue => a;
  let verifyCode: string | null = null;
  let codeUnreadable = false;
  if (d.verifyCode) {
    try {
      verifyCode = openVerifyCode(d.verifyCode);
    } catch (err) {
      codeUnreadable = true;
      log.warn("download verify code cannot be opened", { itemId: d.id, ...errorFields(err) });
    }
  }
  return {
    ...d,
    verifyCode,
    codeUnreadable,
    file: files.filter((f) => f.field === DOWNLOAD_FILE_FIELD).map(strip),
    images: files.filter((f) => f.field === DOWNLOAD_IMAGE_FIELD).map(strip),
  };
}

export type DownloadGrant = { url: string; external: boolean; downloads: number };

/** Minutes until the oldest wrong code that keeps the user over the limit leaves the hour. */
const minutesUntil = (oldest: Date, now: number) => Math.max(1, Math.ceil((oldest.getTime() + WINDOW_MS - now) / 60_000));

/**
 * A download of item `id` for the viewer: the item must be enabled (else 404, as a missing
 * one); with a verify code, `code` must match. Granted: logged, counted, and a link to the file
 * route signed for this user and item for a minute.
 */
export async function requestDownload(viewer: Viewer, id: number, code?: string): Promise<DownloadGrant> {
  if (!(await canOpenRoute(viewer, DOWNLOAD_ROUTE))) throw new DomainError("Common.forbidden", {}, undefined, 403);
  const item = await db().downloadItem.findFirst({ where: { id: itemId(id), enabled: true }, select: { id: true, verifyCode: true, downloadUrl: true, fileId: true } });
  if (!item || (!item.downloadUrl && !item.fileId)) throw new NotFoundError();
  const entered = code?.trim() ?? "";
  if (item.verifyCode && !entered) throw new DomainError("Downloads.errors.codeRequired", {}, "code", 422);
  const actual = item.verifyCode ? readableCode(item.verifyCode) : null;
  if (item.verifyCode && actual === null) {
    // Sealed under another key: nobody could ever match it, so no try is counted against anyone.
    log.error("download verify code cannot be opened", { itemId: item.id });
    throw new DomainError("Downloads.errors.codeBroken", {}, undefined, 409);
  }
  const limit = item.verifyCode ? await variable("download.maxVerifyAttemptsPerHour", viewer.company?.id ?? null) : 0;
  const companyId = viewer.company?.id ?? null;

  const outcome = await db().$transaction(async (tx) => {
    if (item.verifyCode) {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${VERIFY_LOCK}::int, ${viewer.userId}::int)`;
      const now = Date.now();
      const fails = await tx.downloadLog.findMany({
        where: { userId: viewer.userId, ok: false, createdAt: { gte: new Date(now - WINDOW_MS) } },
        orderBy: { createdAt: "desc" },
        take: limit,
        select: { createdAt: true },
      });
      if (fails.length >= limit) return { kind: "blocked" as const, minutes: minutesUntil(fails[limit - 1].createdAt, now) };
      if (!sameCode(entered, actual!)) {
        await tx.downloadLog.create({ data: { itemId: item.id, userId: viewer.userId, companyId, ok: false } });
        return { kind: "wrong" as const, left: limit - fails.length - 1 };
      }
    }
    const { count } = await tx.downloadItem.updateMany({ where: { id: item.id, enabled: true }, data: { downloads: { increment: 1 } } });
    if (count !== 1) throw new NotFoundError();
    await tx.downloadLog.create({ data: { itemId: item.id, userId: viewer.userId, companyId, ok: true } });
    const { downloads } = await tx.downloadItem.findUniqueOrThrow({ where: { id: item.id }, select: { downloads: true } });
    return { kind: "granted" as const, downloads };
  });

  // Refusals are answered after the commit, so the wrong attempt stays counted.
  if (outcome.kind === "blocked") throw new DomainError("Downloads.errors.tooManyAttempts", { minutes: outcome.minutes }, "code", 429);
  if (outcome.kind === "wrong") throw new DomainError(outcome.left > 0 ? "Downloads.errors.wrongCode" : "Downloads.errors.wrongCodeLast", { left: outcome.left }, "code", 422);
  return { url: downloadFilePath(item.id, signDownloadToken(item.id, viewer.userId)), external: !!item.downloadUrl, downloads: outcome.downloads };
}
