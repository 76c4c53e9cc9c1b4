import "server-only";
import { db } from "@/lib/db";
import { ATTACHMENT_KINDS, DEFAULT_RULES, isFormatOf, type AttachmentKindName, type UploadRule } from "./formats";

const TTL_MS = 30_000;
export type UploadRules = Record<AttachmentKindName, UploadRule>;

// Read on every upload and on every page with an upload field: kept per process for 30 s, so
// an edit on system/attachmentConfig reaches every instance within that time.
const holder = globalThis as unknown as { __uploadRules?: { at: number; rules: Promise<UploadRules> } };

async function load(): Promise<UploadRules> {
  const rows = await db().attachmentRule.findMany();
  const rules: UploadRules = { ...DEFAULT_RULES };
  for (const row of rows) {
    // A format the code cannot recognise any more is dropped rather than trusted.
    const formats = row.formats.filter((f) => isFormatOf(row.kind, f));
    rules[row.kind] = { kind: row.kind, formats, maxSizeMb: row.maxSizeMb, maxCount: row.maxCount, suggestedSeconds: row.suggestedSeconds };
  }
  return rules;
}

/** The limits of every kind: the AttachmentRule rows, the defaults for a missing row. */
export function getUploadRules(): Promise<UploadRules> {
  const cached = holder.__uploadRules;
  if (cached && Date.now() - cached.at < TTL_MS) return cached.rules;
  const rules = load();
  holder.__uploadRules = { at: Date.now(), rules };
  rules.catch(() => invalidateUploadRules());
  return rules;
}

export async function getUploadRule(kind: AttachmentKindName): Promise<UploadRule> {
  return (await getUploadRules())[kind];
}

export function invalidateUploadRules(): void {
  holder.__uploadRules = undefined;
}

/** The largest size any kind allows: the cap for a request whose kind is not known yet. */
export const largestSizeMb = (rules: UploadRules): number => Math.max(...ATTACHMENT_KINDS.map((k) => rules[k].maxSizeMb));
