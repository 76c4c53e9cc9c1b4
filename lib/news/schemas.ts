import { z } from "zod";
import { blankToNull, zId, zText } from "@/lib/core/zod";
import { zMinute } from "@/lib/vehicles/schemas";

// Staff's news forms and moves (market/news, news:manage): checked in the browser, parsed again
// by the server actions. Client-safe (no sanitizer here: the detail HTML is sanitized by the
// server before it is saved, lib/news/admin-service.ts). Field labels live in the
// "NewsAdmin.fields" messages namespace, so every message names its field.

export const NEWS_OWNER = "news";
export const NEWS_DETAIL_FIELD = "detail";
export const NEWS_COVER_FIELD = "cover";

export const MAX_TITLE = 200;
export const MAX_SUMMARY = 300;
/** The raw HTML a detail may send (about 200 KB); images are references, not data. */
export const MAX_DETAIL_HTML = 200_000;
/** A schedule reaches at most this far ahead. */
export const MAX_SCHEDULE_DAYS = 366;

/** What staff see: the stored status, with PUBLISHED split by the clock. */
export const NEWS_PHASES = ["draft", "scheduled", "published", "unpublished"] as const;
export type NewsPhase = (typeof NEWS_PHASES)[number];
export type NewsStatusName = "DRAFT" | "PUBLISHED" | "UNPUBLISHED";

export function newsPhase(status: NewsStatusName, publishAt: Date | string | null, now: number = Date.now()): NewsPhase {
  if (status === "DRAFT") return "draft";
  if (status === "UNPUBLISHED") return "unpublished";
  return publishAt !== null && new Date(publishAt).getTime() > now ? "scheduled" : "published";
}

export type NewsMove = "edit" | "publish" | "schedule" | "unpublish" | "delete";

/**
 * The moves of each phase. Publishing and scheduling set status PUBLISHED (now, or at a later
 * time); unpublishing takes a live or scheduled article down (UNPUBLISHED) and it can be
 * published again. Only articles that are not public (drafts, unpublished) can be deleted.
 */
const MOVES: Record<NewsPhase, readonly NewsMove[]> = {
  draft: ["edit", "publish", "schedule", "delete"],
  scheduled: ["edit", "publish", "schedule", "unpublish"],
  published: ["edit", "unpublish"],
  unpublished: ["edit", "publish", "schedule", "delete"],
};

export function newsMoves(phase: NewsPhase): readonly NewsMove[] {
  return MOVES[phase];
}

const ATTACHMENT_ID = /^[a-f0-9]{32}$/;
const isAttachmentRef = (v: unknown): boolean =>
  typeof v === "object" && v !== null && typeof (v as { id?: unknown }).id === "string" && ATTACHMENT_ID.test((v as { id: string }).id);

const zDetail = z
  .string()
  .max(MAX_DETAIL_HTML)
  .refine((v) => v.trim() !== "", { message: "required" });

const fields = {
  titleEn: zText(MAX_TITLE),
  titleZh: zText(MAX_TITLE),
  summaryEn: zText(MAX_SUMMARY),
  summaryZh: zText(MAX_SUMMARY),
  detailEn: zDetail,
  detailZh: zDetail,
  /** The cover picture: one IMAGE upload (the upload field's value; only ids matter). Checked
   * as a whole, so a bad entry is reported on the field by its name. */
  cover: z
    .array(z.unknown())
    .max(1)
    .refine((list) => list.every(isAttachmentRef), { message: "pattern" })
    .transform((list) => (list as { id: string }[]).map((ref) => ({ id: ref.id })))
    .default([]),
  /** "YYYY-MM-DD HH:mm" Beijing time: when to publish (empty: at once). */
  publishAt: z.preprocess(blankToNull, zMinute.nullable()).optional(),
  /** Save and publish (or schedule, with a later publishAt) in one step. */
  publish: z.boolean().default(false),
};

export const ZNewsCreate = z.object(fields);
export type TNewsCreate = z.output<typeof ZNewsCreate>;
export type TNewsCreateInput = z.input<typeof ZNewsCreate>;

export const ZNewsUpdate = z.object({
  id: zId,
  /** The updatedAt the form was loaded with: a save over someone else's newer one is refused. */
  version: z.iso.datetime(),
  ...fields,
});
export type TNewsUpdate = z.output<typeof ZNewsUpdate>;
export type TNewsUpdateInput = z.input<typeof ZNewsUpdate>;

/** Publish now (no publishAt) or schedule (a later publishAt). */
export const ZNewsPublish = z.object({ id: zId, publishAt: z.preprocess(blankToNull, zMinute.nullable()).optional() });
export type TNewsPublish = z.output<typeof ZNewsPublish>;

export const ZNewsId = z.object({ id: zId });
