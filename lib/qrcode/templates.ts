import "server-only";
import { canOpenRoute } from "@/lib/access/menus";
import { ForbiddenError, hasPermission, type Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/core/audit";
import { audit } from "@/lib/core/audit";
import type { Tx } from "@/lib/core/tx";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import type { QrcodeModel } from "@/lib/generated/prisma/client";
import { linkAttachments } from "@/lib/uploads/access";
import { UploadError } from "@/lib/uploads/errors";
import { fileUrl, type AttachmentValue } from "@/lib/uploads/formats";
import { getStorage } from "@/lib/uploads/storage";
import { QR_LOGO_FIELD, QR_TEMPLATE_MANAGE, QR_TEMPLATE_OWNER } from "./attachments";
import { DEFAULT_LAYOUT, DEFAULT_PATTERN, parseLayout, QR_PURPOSES, type QrLayout, type QrPurpose } from "./purposes";
import type { QrErrorLevel, QrLogo } from "./render";
import type { TQrTemplateSave } from "./template-schemas";

export { QR_LOGO_FIELD, QR_TEMPLATE_MANAGE, QR_TEMPLATE_OWNER } from "./attachments";
export { ZQrTemplateSave, ZQrTemplateId, ZQrTemplateEnable, ZQrPreviewQuery, type TQrTemplateSave } from "./template-schemas";

// QR code templates (system/qrcodeModel): the list, the writes and the read API of the label
// printer. Templates are the manufacturer's configuration, not a tenant's data: the screen is
// for whoever the menu grants it, the writes need qrcodeModel:manage. Each write is one
// transaction with its audit row. One default per purpose: the partial unique index says so,
// and every write that makes a default takes the purpose's advisory lock first and clears the
// purpose's other default in the same transaction, so two concurrent "set default" calls end
// with exactly one default instead of a unique-index error.

export const QR_TEMPLATE_ROUTE = "system/qrcodeModel";

const DEFAULT_LOCK = 2301;

const err = (key: string, field?: string, status = 422, values: Record<string, string | number> = {}) => new DomainError(`QrcodeModel.errors.${key}`, values, field, status);

export type QrTemplateRow = {
  id: number;
  name: string;
  purpose: QrPurpose;
  pattern: string;
  size: number;
  errorLevel: QrErrorLevel;
  logo: AttachmentValue | null;
  layout: QrLayout;
  isDefault: boolean;
  enabled: boolean;
  updatedAt: string;
};

/** system/qrcodeModel's list: every template (a handful per purpose), purpose then default first. */
export async function loadQrTemplates(viewer: Viewer) {
  if (!(await canOpenRoute(viewer, QR_TEMPLATE_ROUTE))) throw new ForbiddenError(QR_TEMPLATE_ROUTE);
  const rows = await db().qrcodeModel.findMany({ orderBy: [{ purpose: "asc" }, { isDefault: "desc" }, { name: "asc" }, { id: "asc" }], take: 500 });
  const logoIds = rows.map((r) => r.logoId).filter((id): id is string => !!id);
  const files = logoIds.length
    ? await db().attachment.findMany({ where: { id: { in: logoIds }, ownerType: QR_TEMPLATE_OWNER }, select: { id: true, originalName: true, thumbKey: true, ownerId: true } })
    : [];
  const byId = new Map(files.map((f) => [f.id, f]));
  const templates: QrTemplateRow[] = rows.map((r) => {
    const f = r.logoId ? byId.get(r.logoId) : undefined;
    return {
      id: r.id,
      name: r.name,
      purpose: r.purpose,
      pattern: r.pattern,
      size: r.size,
      errorLevel: r.errorLevel,
      logo: f && f.ownerId === String(r.id) ? { id: f.id, name: f.originalName, url: fileUrl(f.id), thumbUrl: f.thumbKey ? fileUrl(f.id, true) : null, kind: "IMAGE" } : null,
      layout: parseLayout(r.layout, r.purpose),
      isDefault: r.isDefault,
      enabled: r.enabled,
      updatedAt: r.updatedAt.toISOString(),
    };
  });
  return { templates, can: { manage: hasPermission(viewer, QR_TEMPLATE_MANAGE) } };
}
export type QrTemplatesData = Awaited<ReturnType<typeof loadQrTemplates>>;

/** Serialises the default changes of one purpose until the transaction ends. */
async function lockPurpose(tx: Tx, purpose: QrPurpose) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${DEFAULT_LOCK}::int, ${QR_PURPOSES.indexOf(purpose)}::int)`;
}

async function lockTemplate(tx: Tx, id: number): Promise<QrcodeModel> {
  const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "QrcodeModel" WHERE id = ${id} FOR UPDATE`;
  if (!locked.length) throw new NotFoundError();
  return tx.qrcodeModel.findUniqueOrThrow({ where: { id } });
}

/** Saves the logo field's upload onto the template: one IMAGE (pending, the viewer's, or the
 * template's own); someone else's is 404. Problems go on the field. */
async function linkLogo(tx: Tx, viewer: Viewer, id: number, input: TQrTemplateSave): Promise<string | null> {
  try {
    await linkAttachments(tx, { ids: input.logo.map((l) => l.id), ownerType: QR_TEMPLATE_OWNER, ownerId: id, field: QR_LOGO_FIELD, kind: "IMAGE", viewer, max: 1 });
  } catch (e) {
    if (e instanceof UploadError) throw new DomainError(e.key, e.values, "logo", e.status);
    if (e instanceof NotFoundError) throw err("logoGone", "logo");
    throw e;
  }
  return input.logo[0]?.id ?? null;
}

/** Creates or edits a template; making it the default clears its purpose's other default. */
export async function saveQrTemplate(viewer: Viewer, ctx: AuditCtx, input: TQrTemplateSave): Promise<QrcodeModel> {
  return db().$transaction(async (tx) => {
    if (input.isDefault) await lockPurpose(tx, input.purpose);
    const layout = parseLayout(input.layout, input.purpose);
    const fields = {
      name: input.name,
      purpose: input.purpose,
      pattern: input.pattern,
      size: input.size,
      errorLevel: input.errorLevel,
      layout,
      isDefault: input.isDefault,
      enabled: input.enabled,
    };
    const before = input.id ? await lockTemplate(tx, input.id) : null;
    if (input.isDefault)
      await tx.qrcodeModel.updateMany({ where: { purpose: input.purpose, isDefault: true, NOT: before ? { id: before.id } : undefined }, data: { isDefault: false } });
    const row = before ? await tx.qrcodeModel.update({ where: { id: before.id }, data: fields }) : await tx.qrcodeModel.create({ data: { ...fields, createdById: viewer.userId } });
    const logoId = await linkLogo(tx, viewer, row.id, input);
    const saved = logoId === row.logoId ? row : await tx.qrcodeModel.update({ where: { id: row.id }, data: { logoId } });
    await audit(tx, ctx, "QrcodeModel", saved.id, before ? "update" : "create", before, saved);
    return saved;
  });
}

/** Makes an enabled template its purpose's default (the other default cleared in the same transaction). */
export async function setDefaultQrTemplate(ctx: AuditCtx, id: number): Promise<QrcodeModel> {
  return db().$transaction(async (tx) => {
    const found = await tx.qrcodeModel.findUnique({ where: { id }, select: { purpose: true } });
    if (!found) throw new NotFoundError();
    await lockPurpose(tx, found.purpose);
    const before = await lockTemplate(tx, id);
    if (!before.enabled) throw err("defaultDisabled", undefined, 409, { name: before.name });
    if (before.isDefault) return before;
    const cleared = await tx.qrcodeModel.updateMany({ where: { purpose: before.purpose, isDefault: true, NOT: { id } }, data: { isDefault: false } });
    const row = await tx.qrcodeModel.update({ where: { id }, data: { isDefault: true } });
    await audit(tx, ctx, "QrcodeModel", id, "setDefault", { isDefault: false, clearedOthers: cleared.count }, { isDefault: true });
    return row;
  });
}

/** Switches a template on or off; the default stays on (make another the default first). */
export async function setQrTemplateEnabled(ctx: AuditCtx, id: number, enabled: boolean): Promise<QrcodeModel> {
  return db().$transaction(async (tx) => {
    const before = await lockTemplate(tx, id);
    if (!enabled && before.isDefault) throw err("disableDefault", undefined, 409, { name: before.name });
    if (before.enabled === enabled) return before;
    const row = await tx.qrcodeModel.update({ where: { id }, data: { enabled } });
    await audit(tx, ctx, "QrcodeModel", id, enabled ? "enable" : "disable", { enabled: before.enabled }, { enabled });
    return row;
  });
}

/** Deletes a template; its logo goes back to pending (purged with the other stale uploads). */
export async function deleteQrTemplate(ctx: AuditCtx, id: number): Promise<{ id: number }> {
  return db().$transaction(async (tx) => {
    const before = await lockTemplate(tx, id);
    await tx.attachment.updateMany({ where: { ownerType: QR_TEMPLATE_OWNER, ownerId: String(id) }, data: { ownerType: null, ownerId: null, field: null } });
    await tx.qrcodeModel.delete({ where: { id } });
    await audit(tx, ctx, "QrcodeModel", id, "delete", before, null);
    return { id };
  });
}

// ---- The read API of the label printer (server-only) ----

export type QrTemplateOption = { id: number; name: string; isDefault: boolean };

/** The enabled templates of a purpose for a picker: the default first, then by name. */
export async function qrTemplatesFor(purpose: QrPurpose): Promise<QrTemplateOption[]> {
  return db().qrcodeModel.findMany({
    where: { purpose, enabled: true },
    orderBy: [{ isDefault: "desc" }, { name: "asc" }, { id: "asc" }],
    select: { id: true, name: true, isDefault: true },
    take: 200,
  });
}

export type LoadedQrTemplate = {
  /** 0: no template exists for the purpose, its defaults are used (labelTemplate). */
  id: number;
  name: string;
  purpose: QrPurpose;
  pattern: string;
  size: number;
  errorLevel: QrErrorLevel;
  layout: QrLayout;
  logo: QrLogo | null;
};

/** An attachment's bytes through the storage driver (null when the file or object is gone). */
export async function attachmentBytes(where: { id: string; ownerType?: string | null; ownerId?: string | null }): Promise<QrLogo | null> {
  const a = await db().attachment.findFirst({
    where: { id: where.id, kind: "IMAGE", ...(where.ownerType !== undefined ? { ownerType: where.ownerType, ownerId: where.ownerId } : {}) },
  });
  if (!a) return null;
  const body = await (await getStorage()).get(a.storageKey);
  if (!body) return null;
  return { data: Buffer.from(await new Response(body).arrayBuffer()), mime: a.mime };
}

/**
 * The template for labels: `id` when it is an enabled template of the purpose, or with a null
 * id the purpose's default, else its first enabled template; null when there is none. The logo's
 * bytes come with it.
 */
export async function loadQrTemplate(id: number | null, purpose: QrPurpose): Promise<LoadedQrTemplate | null> {
  const row =
    id === null
      ? await db().qrcodeModel.findFirst({ where: { purpose, enabled: true }, orderBy: [{ isDefault: "desc" }, { name: "asc" }, { id: "asc" }] })
      : await db().qrcodeModel.findFirst({ where: { id, purpose, enabled: true } });
  if (!row) return null;
  const logo = row.logoId ? await attachmentBytes({ id: row.logoId, ownerType: QR_TEMPLATE_OWNER, ownerId: String(row.id) }) : null;
  return {
    id: row.id,
    name: row.name,
    purpose: row.purpose,
    pattern: row.pattern,
    size: row.size,
    errorLevel: row.errorLevel,
    layout: parseLayout(row.layout, row.purpose),
    logo,
  };
}

/**
 * The template labels are drawn with: as loadQrTemplate, and with no template at all for the
 * purpose (and none asked for by id) the purpose's defaults, so labels print before an
 * administrator has made one. An id naming no enabled template of the purpose: null.
 */
export async function labelTemplate(id: number | null, purpose: QrPurpose): Promise<LoadedQrTemplate | null> {
  const t = await loadQrTemplate(id, purpose);
  if (t || id) return t;
  return { id: 0, name: "", purpose, pattern: DEFAULT_PATTERN[purpose], size: 256, errorLevel: "M", layout: DEFAULT_LAYOUT[purpose], logo: null };
}
