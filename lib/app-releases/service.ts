import "server-only";
import type { Tx } from "@/lib/core/tx";
import type { Viewer } from "@/lib/auth/viewer";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { Prisma, type AppRelease } from "@/lib/generated/prisma/client";
import { linkAttachments } from "@/lib/uploads/access";
import { UploadError } from "@/lib/uploads/errors";
import { MB } from "@/lib/uploads/formats";
import { tooLarge, wrongFormat } from "@/lib/uploads/limits";
import { getUploadRule } from "@/lib/uploads/rules";
import { APP_PACKAGE_FIELD, APP_RELEASE_OWNER, PACKAGE_FORMAT, releaseProblems, type TReleaseSave } from "./schemas";

// The writes of system/appVersion. Each change is one transaction with its audit row. A draft
// is edited freely; publishing freezes its platform, numbers, force flag and package or store
// URL (only the notes stay editable), withdrawing takes it out of the update check, and only
// drafts are deleted. Publish and withdraw lock the release's row (SELECT … FOR UPDATE) and
// check its state under the lock, so of two racing publishes one wins and the other hears 409;
// publishes of one platform are serialised by an advisory lock as well, so "newer than every
// published release" holds however many drafts are published at once.

const PUBLISH_LOCK = 2201;
const PLATFORM_KEY = { ANDROID: 1, IOS: 2, HARMONYOS: 3 } as const;

const err = (key: string, field?: string, status = 422, values: Record<string, string | number> = {}) => new DomainError(`AppReleases.errors.${key}`, values, field, status);

/** The row under a lock for the rest of the transaction; a missing one is 404. */
async function lockRelease(tx: Tx, id: number): Promise<AppRelease> {
  const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "AppRelease" WHERE id = ${id} FOR UPDATE`;
  if (!locked.length) throw new NotFoundError();
  return tx.appRelease.findUniqueOrThrow({ where: { id } });
}

/** Saves the package field's upload onto the release: one APP_PACKAGE file of the platform's
 * format, within the configured size; someone else's upload is 404. Problems go on the field. */
async function linkPackage(tx: Tx, viewer: Viewer, releaseId: number, input: TReleaseSave): Promise<string | null> {
  const ids = input.package.map((p) => p.id);
  try {
    const rule = await getUploadRule("APP_PACKAGE");
    const format = PACKAGE_FORMAT[input.platform];
    if (ids.length) {
      const row = await tx.attachment.findUnique({ where: { id: ids[0] }, select: { kind: true, ext: true, size: true } });
      if (row && (row.kind !== "APP_PACKAGE" || row.ext !== format || !(rule.formats as string[]).includes(row.ext))) {
        throw UploadError.of(wrongFormat({ ...rule, formats: format ? [format] : [] }));
      }
      if (row && row.size > rule.maxSizeMb * MB) throw UploadError.of(tooLarge(rule.maxSizeMb));
    }
    await linkAttachments(tx, { ids, ownerType: APP_RELEASE_OWNER, ownerId: releaseId, field: APP_PACKAGE_FIELD, kind: "APP_PACKAGE", viewer, max: 1 });
  } catch (e) {
    if (e instanceof UploadError) throw new DomainError(e.key, e.values, "package", e.status === 422 ? 422 : e.status);
    throw e;
  }
  return ids[0] ?? null;
}

const FROZEN = ["platform", "versionName", "versionNumber", "minSupported", "forceUpdate", "storeUrl", "packageId"] as const;

/** Creates a draft, edits a draft, or edits a published or withdrawn release's notes (its other
 * fields must arrive unchanged). */
export async function saveRelease(viewer: Viewer, ctx: AuditCtx, input: TReleaseSave): Promise<AppRelease> {
  const problem = releaseProblems(input)[0];
  if (problem) throw err(problem.key, problem.field);
  const storeUrl = input.storeUrl?.trim() || null;
  const packageId = input.package[0]?.id ?? null;
  try {
    return await db().$transaction(async (tx) => {
      const taken = await tx.appRelease.findFirst({
        where: { platform: input.platform, versionNumber: input.versionNumber, NOT: input.id ? { id: input.id } : undefined },
        select: { id: true },
      });
      if (taken) throw err("numberTaken", "versionNumber", 422, { number: input.versionNumber });
      const fields = {
        platform: input.platform,
        versionName: input.versionName,
        versionNumber: input.versionNumber,
        minSupported: input.minSupported,
        forceUpdate: input.forceUpdate,
        notesEn: input.notesEn,
        notesZh: input.notesZh,
      };
      if (!input.id) {
        const row = await tx.appRelease.create({ data: { ...fields, storeUrl, packageId, createdById: viewer.userId } });
        await linkPackage(tx, viewer, row.id, input);
        await audit(tx, ctx, "AppRelease", row.id, "create", null, row);
        return row;
      }
      const before = await lockRelease(tx, input.id);
      if (before.status !== "DRAFT") {
        const wanted = { ...fields, storeUrl, packageId };
        const changed = FROZEN.find((f) => wanted[f] !== before[f]);
        if (changed) throw err("frozen", changed === "packageId" ? "package" : changed, 409);
        const row = await tx.appRelease.update({ where: { id: before.id }, data: { notesEn: input.notesEn, notesZh: input.notesZh } });
        await audit(tx, ctx, "AppRelease", row.id, "update", before, row);
        return row;
      }
      const row = await tx.appRelease.update({ where: { id: before.id }, data: { ...fields, storeUrl, packageId } });
      await linkPackage(tx, viewer, row.id, input);
      await audit(tx, ctx, "AppRelease", row.id, "update", before, row);
      return row;
    });
  } catch (e) {
    // Two saves of one number racing past the check: the unique index answers.
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") throw err("numberTaken", "versionNumber", 422, { number: input.versionNumber });
    throw e;
  }
}

/** Publishes a draft whose number is above every release the platform has published (withdrawn ones included). */
export async function publishRelease(ctx: AuditCtx, id: number): Promise<AppRelease> {
  return db().$transaction(async (tx) => {
    const before = await lockRelease(tx, id);
    if (before.status !== "DRAFT") throw err("notDraft", undefined, 409, { version: before.versionName });
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${PUBLISH_LOCK}, ${PLATFORM_KEY[before.platform]})`;
    const top = await tx.appRelease.aggregate({ where: { platform: before.platform, status: { in: ["PUBLISHED", "WITHDRAWN"] } }, _max: { versionNumber: true } });
    const highest = top._max.versionNumber;
    if (highest !== null && before.versionNumber <= highest) throw err("notNewer", "versionNumber", 409, { number: before.versionNumber, highest });
    const row = await tx.appRelease.update({ where: { id }, data: { status: "PUBLISHED", publishedAt: new Date() } });
    await audit(tx, ctx, "AppRelease", id, "publish", { status: before.status }, { status: row.status, publishedAt: row.publishedAt });
    return row;
  });
}

/** Takes a published release out of the update check (its package is no longer served). */
export async function withdrawRelease(ctx: AuditCtx, id: number): Promise<AppRelease> {
  return db().$transaction(async (tx) => {
    const before = await lockRelease(tx, id);
    if (before.status !== "PUBLISHED") throw err("notPublished", undefined, 409, { version: before.versionName });
    const row = await tx.appRelease.update({ where: { id }, data: { status: "WITHDRAWN" } });
    await audit(tx, ctx, "AppRelease", id, "withdraw", { status: before.status }, { status: row.status });
    return row;
  });
}

/** Deletes a draft; its package goes back to pending (purged with the other pending uploads). */
export async function deleteRelease(ctx: AuditCtx, id: number): Promise<{ id: number }> {
  return db().$transaction(async (tx) => {
    const before = await lockRelease(tx, id);
    if (before.status !== "DRAFT") throw err("onlyDrafts", undefined, 409, { version: before.versionName });
    await tx.attachment.updateMany({ where: { ownerType: APP_RELEASE_OWNER, ownerId: String(id) }, data: { ownerType: null, ownerId: null, field: null } });
    await tx.appRelease.delete({ where: { id } });
    await audit(tx, ctx, "AppRelease", id, "delete", before, null);
    return { id };
  });
}
