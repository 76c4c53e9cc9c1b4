import { db } from "@/lib/db";
import { DEFAULT_RULES } from "@/lib/uploads/formats";

/** Local storage (row 1) and the upload limits per kind, created once; rows an administrator
 * edited on system/attachmentConfig are never overwritten. */
export async function seedAttachments() {
  await db().attachmentStorage.createMany({ data: [{ id: 1, driver: "LOCAL", localDir: "data/uploads" }], skipDuplicates: true });
  await db().attachmentRule.createMany({
    data: Object.values(DEFAULT_RULES).map((r) => ({ kind: r.kind, formats: r.formats, maxSizeMb: r.maxSizeMb, maxCount: r.maxCount, suggestedSeconds: r.suggestedSeconds })),
    skipDuplicates: true,
  });
}
