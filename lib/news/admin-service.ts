import "server-only";
import type { Tx } from "@/lib/core/tx";
import { requirePermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { mediaIdsOf, richTextToPlain, sanitizeRichText } from "@/lib/rich-text/sanitize";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { linkAttachments } from "@/lib/uploads/access";
import { UploadError } from "@/lib/uploads/errors";
import { MB, type AttachmentKindName, type UploadRule } from "@/lib/uploads/formats";
import { tooLarge, wrongFormat } from "@/lib/uploads/limits";
import { getUploadRules } from "@/lib/uploads/rules";
import { minuteToDate } from "@/lib/vehicles/schemas";
import {
  MAX_SCHEDULE_DAYS,
  NEWS_COVER_FIELD,
  NEWS_DETAIL_FIELD,
  NEWS_OWNER,
  newsMoves,
  newsPhase,
  type NewsMove,
  type NewsPhase,
  type TNewsCreate,
  type TNewsPublish,
  type TNewsUpdate,
} from "./schemas";
import { slugify } from "./slug";

// Staff's news writes (news:manage). Each is one transaction with its audit row. The detail HTML
// of both languages is sanitized here, before it is saved (the public pages render what the
// database holds); the images it shows and the cover are saved onto the article (owner "news",
// fields "detail" and "cover", coverId kept in step). Moves follow the phase table in
// schemas.ts; the row is locked first, so two staff acting at once cannot both move it.

const PERMISSION = "news:manage";
const ENTITY = "News";

const ROW = {
  id: true,
  slug: true,
  titleEn: true,
  titleZh: true,
  summaryEn: true,
  summaryZh: true,
  coverId: true,
  status: true,
  publishAt: true,
  updatedAt: true,
} as const;
type Row = Prisma.NewsGetPayload<{ select: typeof ROW }>;

/** What the audit keeps of an article (the detail HTML as its length and images only). */
const brief = (r: Row, extra: Record<string, unknown> = {}) => ({
  slug: r.slug,
  titleEn: r.titleEn,
  titleZh: r.titleZh,
  status: r.status,
  publishAt: r.publishAt?.toISOString() ?? null,
  coverId: r.coverId,
  ...extra,
});

export type NewsSaved = { id: number; slug: string; phase: NewsPhase };

type Clean = { detailEn: string; detailZh: string; images: string[] };

/** Sanitizes both details; a detail with neither text nor an image left is refused on its field. */
function cleanDetails(input: { detailEn: string; detailZh: string }): Clean {
  const detailEn = sanitizeRichText(input.detailEn);
  const detailZh = sanitizeRichText(input.detailZh);
  for (const [field, html, lang] of [
    ["detailEn", detailEn, "en"],
    ["detailZh", detailZh, "zh"],
  ] as const) {
    if (richTextToPlain(html) === "" && mediaIdsOf(html).length === 0) throw new DomainError("NewsAdmin.errors.detailEmpty", { lang }, field, 422);
  }
  return { detailEn, detailZh, images: [...new Set([...mediaIdsOf(detailEn), ...mediaIdsOf(detailZh)])] };
}

/** A publish time: at once (null) or a later minute within MAX_SCHEDULE_DAYS. */
function publishTime(minute: string | null | undefined, now: Date, field = "publishAt"): Date {
  if (!minute) return now;
  const at = minuteToDate(minute);
  if (at.getTime() <= now.getTime()) throw new DomainError("NewsAdmin.errors.publishAtPast", {}, field, 422);
  if (at.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000) throw new DomainError("NewsAdmin.errors.publishAtFar", { days: MAX_SCHEDULE_DAYS }, field, 422);
  return at;
}

/** Saves a field's files onto the article; upload-rule refusals and foreign files land on `field`. */
async function linkField(tx: Tx, viewer: Viewer, newsId: number, field: string, ids: string[], rule: UploadRule, formField: string, max?: number): Promise<void> {
  const kind: AttachmentKindName = "IMAGE";
  try {
    const rows = ids.length
      ? await tx.attachment.findMany({ where: { id: { in: ids }, ownerType: null, uploaderId: viewer.userId }, select: { kind: true, ext: true, size: true } })
      : [];
    for (const r of rows) {
      if (r.kind !== kind || !(rule.formats as string[]).includes(r.ext)) throw UploadError.of(wrongFormat(rule));
      if (r.size > rule.maxSizeMb * MB) throw UploadError.of(tooLarge(rule.maxSizeMb));
    }
    await linkAttachments(tx, { ids, ownerType: NEWS_OWNER, ownerId: newsId, field, kind, viewer, max });
  } catch (err) {
    if (err instanceof UploadError) throw new DomainError(err.key, err.values, formField, err.status);
    // Someone else's upload, or an image of another article pasted in: not this form's to save.
    if (err instanceof NotFoundError) throw new DomainError(field === NEWS_COVER_FIELD ? "NewsAdmin.errors.coverGone" : "NewsAdmin.errors.imageGone", {}, formField, 422);
    throw err;
  }
}

async function saveFiles(tx: Tx, viewer: Viewer, newsId: number, clean: Clean, cover: string[], rule: UploadRule): Promise<string | null> {
  await linkField(tx, viewer, newsId, NEWS_DETAIL_FIELD, clean.images, rule, "detailEn");
  await linkField(tx, viewer, newsId, NEWS_COVER_FIELD, cover, rule, "cover", 1);
  return cover[0] ?? null;
}

/** Locks the article and reads it; a missing one is 404. */
async function lockRow(tx: Tx, id: number): Promise<Row> {
  await tx.$queryRaw`SELECT "id" FROM "News" WHERE "id" = ${id} FOR UPDATE`;
  const row = await tx.news.findUnique({ where: { id }, select: ROW });
  if (!row) throw new NotFoundError();
  return row;
}

function requireMove(row: Row, move: NewsMove, now: Date): NewsPhase {
  const phase = newsPhase(row.status, row.publishAt, now.getTime());
  if (!newsMoves(phase).includes(move)) throw new DomainError("NewsAdmin.errors.notAllowed", { phase }, undefined, 409);
  return phase;
}

const phaseOf = (r: Row, now: Date) => newsPhase(r.status, r.publishAt, now.getTime());

/** A new article: a draft, or published / scheduled at once with `publish`. */
export async function createNews(viewer: Viewer, ctx: AuditCtx, input: TNewsCreate): Promise<NewsSaved> {
  requirePermission(viewer, PERMISSION);
  const clean = cleanDetails(input);
  const now = new Date();
  const publishAt = input.publish ? publishTime(input.publishAt, now) : input.publishAt ? minuteToDate(input.publishAt) : null;
  const rules = await getUploadRules();
  return db().$transaction(async (tx) => {
    const created = await tx.news.create({
      data: {
        slug: slugify(input.titleEn),
        titleEn: input.titleEn,
        titleZh: input.titleZh,
        summaryEn: input.summaryEn,
        summaryZh: input.summaryZh,
        detailEn: clean.detailEn,
        detailZh: clean.detailZh,
        status: input.publish ? "PUBLISHED" : "DRAFT",
        publishAt,
        authorId: viewer.userId,
      },
      select: { id: true },
    });
    const coverId = await saveFiles(
      tx,
      viewer,
      created.id,
      clean,
      input.cover.map((c) => c.id),
      rules.IMAGE,
    );
    const row = await tx.news.update({ where: { id: created.id }, data: { coverId }, select: ROW });
    await audit(
      tx,
      ctx,
      ENTITY,
      row.id,
      input.publish ? "create+publish" : "create",
      null,
      brief(row, { images: clean.images, detailLength: clean.detailEn.length + clean.detailZh.length }),
    );
    return { id: row.id, slug: row.slug, phase: phaseOf(row, now) };
  });
}

/**
 * Saves an edited article (any phase). The slug stays. The publish time: a draft's or an
 * unpublished article's is only a plan and is kept as given; a scheduled article moves to the
 * new (later) time; a live article keeps its time. With `publish`, a draft, unpublished or
 * scheduled article is published now or at the given later time in the same step.
 */
export async function updateNews(viewer: Viewer, ctx: AuditCtx, input: TNewsUpdate): Promise<NewsSaved> {
  requirePermission(viewer, PERMISSION);
  const clean = cleanDetails(input);
  const rules = await getUploadRules();
  return db().$transaction(async (tx) => {
    const before = await lockRow(tx, input.id);
    if (before.updatedAt.toISOString() !== new Date(input.version).toISOString()) throw new DomainError("NewsAdmin.errors.stale", {}, undefined, 409);
    const now = new Date();
    const phase = phaseOf(before, now);
    let status = before.status;
    let publishAt = before.publishAt;
    if (input.publish && phase !== "published") {
      status = "PUBLISHED";
      publishAt = publishTime(input.publishAt, now);
    } else if (phase === "scheduled") {
      if (!input.publishAt) throw new DomainError("NewsAdmin.errors.publishAtRequired", {}, "publishAt", 422);
      publishAt = publishTime(input.publishAt, now);
    } else if (phase === "draft" || phase === "unpublished") {
      publishAt = input.publishAt ? minuteToDate(input.publishAt) : phase === "draft" ? null : before.publishAt;
    }
    const coverId = await saveFiles(
      tx,
      viewer,
      before.id,
      clean,
      input.cover.map((c) => c.id),
      rules.IMAGE,
    );
    const row = await tx.news.update({
      where: { id: before.id },
      data: {
        titleEn: input.titleEn,
        titleZh: input.titleZh,
        summaryEn: input.summaryEn,
        summaryZh: input.summaryZh,
        detailEn: clean.detailEn,
        detailZh: clean.detailZh,
        coverId,
        status,
        publishAt,
      },
      select: ROW,
    });
    const action = status !== before.status ? "update+publish" : "update";
    await audit(tx, ctx, ENTITY, row.id, action, brief(before), brief(row, { images: clean.images, detailLength: clean.detailEn.length + clean.detailZh.length }));
    return { id: row.id, slug: row.slug, phase: phaseOf(row, now) };
  });
}

/** Publishes now (no publishAt) or schedules (a later publishAt); a scheduled article can be published at once or moved. */
export async function publishNews(viewer: Viewer, ctx: AuditCtx, input: TNewsPublish): Promise<NewsSaved> {
  requirePermission(viewer, PERMISSION);
  return db().$transaction(async (tx) => {
    const before = await lockRow(tx, input.id);
    const now = new Date();
    requireMove(before, input.publishAt ? "schedule" : "publish", now);
    const publishAt = publishTime(input.publishAt, now);
    const row = await tx.news.update({ where: { id: before.id }, data: { status: "PUBLISHED", publishAt }, select: ROW });
    await audit(tx, ctx, ENTITY, row.id, input.publishAt ? "schedule" : "publish", brief(before), brief(row));
    return { id: row.id, slug: row.slug, phase: phaseOf(row, now) };
  });
}

/** Takes a live or scheduled article down (UNPUBLISHED); its public page answers 404. */
export async function unpublishNews(viewer: Viewer, ctx: AuditCtx, id: number): Promise<NewsSaved> {
  requirePermission(viewer, PERMISSION);
  return db().$transaction(async (tx) => {
    const before = await lockRow(tx, id);
    const now = new Date();
    requireMove(before, "unpublish", now);
    const row = await tx.news.update({ where: { id }, data: { status: "UNPUBLISHED" }, select: ROW });
    await audit(tx, ctx, ENTITY, id, "unpublish", brief(before), brief(row));
    return { id, slug: row.slug, phase: phaseOf(row, now) };
  });
}

/** Deletes a draft or an unpublished article; its files become stale uploads (purged later). */
export async function deleteNews(viewer: Viewer, ctx: AuditCtx, id: number): Promise<{ id: number }> {
  requirePermission(viewer, PERMISSION);
  return db().$transaction(async (tx) => {
    const before = await lockRow(tx, id);
    requireMove(before, "delete", new Date());
    await tx.attachment.updateMany({ where: { ownerType: NEWS_OWNER, ownerId: String(id) }, data: { ownerType: null, ownerId: null, field: null } });
    await tx.news.delete({ where: { id } });
    await audit(tx, ctx, ENTITY, id, "delete", brief(before), null);
    return { id };
  });
}
