import "server-only";
import { excelTime } from "@/lib/admin/excel";
import { defineResource } from "@/lib/admin/resource";
import type { Tx } from "@/lib/core/tx";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { Prisma, type MessageChannel } from "@/lib/generated/prisma/client";
import { audit, type AuditCtx } from "@/lib/core/audit";
import {
  eventDef,
  MESSAGE_CHANNELS,
  MESSAGE_EVENT_KEYS,
  placeholdersIn,
  wechatFieldIssue,
  wechatObject,
  wechatPairs,
  wechatSummary,
  type TMessageTemplateSave,
  type WechatFieldPair,
} from "./template-schemas";
import { invalidateTemplates } from "./templates";

// system/messageSetting: the list, export (AdminResource) and the writes of message templates.
// Every write is one transaction with its audit row, then clears this instance's template
// cache; other instances follow within the cache's 60 s.

const SELECT = {
  id: true,
  event: true,
  channel: true,
  titleEn: true,
  titleZh: true,
  contentEn: true,
  contentZh: true,
  enabled: true,
  wechatTemplateId: true,
  wechatFields: true,
  updatedAt: true,
} as const;
type Raw = Prisma.MessageTemplateGetPayload<{ select: typeof SELECT }>;
export type MessageTemplateRow = Omit<Raw, "updatedAt" | "wechatFields"> & { updatedAt: string; wechatFields: WechatFieldPair[] };
const toRow = ({ updatedAt, wechatFields, ...r }: Raw): MessageTemplateRow => ({ ...r, wechatFields: wechatPairs(wechatFields), updatedAt: updatedAt.toISOString() });

export const messageTemplateResource = defineResource<MessageTemplateRow, Prisma.MessageTemplateWhereInput>({
  name: "messageSetting",
  route: "system/messageSetting",
  labels: "MessageSettingAdmin",
  spec: {
    filters: [
      { name: "event", type: "select", options: MESSAGE_EVENT_KEYS },
      { name: "channel", type: "select", options: MESSAGE_CHANNELS },
      { name: "enabled", type: "boolean" },
    ],
    sorts: ["event", "channel", "updatedAt"],
    defaultSort: { field: "event", order: "asc" },
  },
  // No export code of its own is seeded: whoever may edit the templates may export them.
  permissions: { create: "message:create", update: "message:update", delete: "message:delete", export: "message:update" },
  where: (_viewer, f) => ({
    ...(typeof f.event === "string" ? { event: f.event } : {}),
    ...(typeof f.channel === "string" ? { channel: f.channel as MessageChannel } : {}),
    ...(typeof f.enabled === "boolean" ? { enabled: f.enabled } : {}),
  }),
  page: async ({ where, sort, skip, take }) =>
    (await db().messageTemplate.findMany({ where, orderBy: [{ [sort.field]: sort.order }, { id: "asc" }], skip, take, select: SELECT })).map(toRow),
  count: (where) => db().messageTemplate.count({ where }),
  batch: async (where, after, take) =>
    (await db().messageTemplate.findMany({ where: after === null ? where : { AND: [where, { id: { gt: Number(after) } }] }, orderBy: { id: "asc" }, take, select: SELECT })).map(
      toRow,
    ),
  key: (r) => r.id,
  exportColumns: [
    { key: "event", width: 28, value: (r) => r.event },
    {
      key: "eventName",
      width: 28,
      value: (r, c) => {
        const d = eventDef(r.event);
        return d ? (c.zh ? d.zh : d.en) : r.event;
      },
    },
    { key: "channel", width: 10, value: (r, c) => c.t(`MessageSettingAdmin.options.channel.${r.channel}`) },
    { key: "enabled", width: 10, value: (r, c) => c.t(r.enabled ? "Admin.yes" : "Admin.no") },
    { key: "titleEn", width: 30, value: (r) => r.titleEn },
    { key: "titleZh", width: 30, value: (r) => r.titleZh },
    { key: "contentEn", width: 60, value: (r) => r.contentEn },
    { key: "contentZh", width: 60, value: (r) => r.contentZh },
    { key: "wechatTemplateId", width: 30, value: (r) => r.wechatTemplateId },
    { key: "wechatFields", width: 60, value: (r) => (r.wechatFields.length ? wechatSummary(r.wechatFields) : null) },
    { key: "updatedAt", width: 18, numFmt: "yyyy-mm-dd hh:mm", value: (r) => excelTime(new Date(r.updatedAt)) },
  ],
});

const WRITE = {
  id: true,
  event: true,
  channel: true,
  titleEn: true,
  titleZh: true,
  contentEn: true,
  contentZh: true,
  enabled: true,
  wechatTemplateId: true,
  wechatFields: true,
} as const;

/** Refuses a {placeholder} the event does not supply, on the field that has it. */
function checkPlaceholders(input: TMessageTemplateSave) {
  const allowed = eventDef(input.event)?.placeholders ?? [];
  for (const field of ["titleEn", "titleZh", "contentEn", "contentZh"] as const) {
    const unknown = placeholdersIn(input[field] ?? "").find((p) => !allowed.includes(p));
    if (unknown !== undefined)
      throw new DomainError("MessageSettingAdmin.errors.unknownPlaceholder", { name: `{${unknown}}`, allowed: allowed.map((p) => `{${p}}`).join(" ") || "—" }, field);
  }
}

/** The row's columns for the input: a text message has no title; a WECHAT template has no title
 * either, keeps its fields as an object and, when left blank, describes itself by its fields in
 * the list (contentEn/contentZh); only a WECHAT template keeps a template id and fields. */
function templateData(input: TMessageTemplateSave) {
  const { id: _id, wechatFields, wechatTemplateId, ...fields } = input;
  if (input.channel === "WECHAT") {
    const pairs = wechatFields ?? [];
    const issue = wechatFieldIssue(input.event, pairs);
    if (issue) throw new DomainError(`MessageSettingAdmin.errors.${issue.key}`, issue.values, "wechatFields");
    const summary = wechatSummary(pairs);
    return {
      ...fields,
      titleEn: null,
      titleZh: null,
      contentEn: fields.contentEn || summary,
      contentZh: fields.contentZh || summary,
      wechatTemplateId: wechatTemplateId ?? null,
      wechatFields: wechatObject(pairs),
    };
  }
  // The schema requires both contents on the other channels.
  const base = { ...fields, contentEn: fields.contentEn ?? "", contentZh: fields.contentZh ?? "", wechatTemplateId: null, wechatFields: Prisma.DbNull };
  return input.channel === "SMS" ? { ...base, titleEn: null, titleZh: null } : base;
}

export async function saveMessageTemplate(ctx: AuditCtx, input: TMessageTemplateSave) {
  checkPlaceholders(input);
  const { id } = input;
  const data = templateData(input);
  const row = await db().$transaction(async (tx: Tx) => {
    const clash = await tx.messageTemplate.findFirst({ where: { event: input.event, channel: input.channel, NOT: id ? { id } : undefined }, select: { id: true } });
    if (clash) throw new DomainError("MessageSettingAdmin.errors.exists", { event: input.event, channel: input.channel }, "channel");
    if (!id) {
      const created = await tx.messageTemplate.create({ data, select: WRITE });
      await audit(tx, ctx, "MessageTemplate", created.id, "create", null, created);
      return created;
    }
    const before = await tx.messageTemplate.findUnique({ where: { id }, select: WRITE });
    if (!before) throw new NotFoundError();
    const updated = await tx.messageTemplate.update({ where: { id }, data, select: WRITE });
    await audit(tx, ctx, "MessageTemplate", id, "update", before, updated);
    return updated;
  });
  invalidateTemplates();
  return row;
}

/** Deletes all the selected templates or none; the event then sends nothing on that channel. */
export async function deleteMessageTemplates(ctx: AuditCtx, ids: number[]) {
  const out = await db().$transaction(async (tx: Tx) => {
    const rows = await tx.messageTemplate.findMany({ where: { id: { in: ids } }, select: WRITE });
    if (rows.length !== new Set(ids).size) throw new NotFoundError();
    await tx.messageTemplate.deleteMany({ where: { id: { in: ids } } });
    for (const r of rows) await audit(tx, ctx, "MessageTemplate", r.id, "delete", r, null);
    return { deleted: rows.length };
  });
  invalidateTemplates();
  return out;
}
