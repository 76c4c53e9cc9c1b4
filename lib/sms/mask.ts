import "server-only";
import { db } from "@/lib/db";
import { errorFields, log } from "@/lib/log";

// Verification codes never stay readable in SmsMessage once they can no longer be used
// (docs/DECISIONS.md, issue 16). A gateway message is stored masked at once; an outbox message
// (the outbox is the delivery channel) keeps its code until the code expires, is used, or is
// replaced by a newer one, and then `maskedContent` replaces `content` in the row itself.

export const CODE_MASK = "******";

/** The text with every occurrence of the code masked (no code: unchanged). */
export function maskCode(content: string, code: string | undefined): string {
  return code ? content.split(code).join(CODE_MASK) : content;
}

/**
 * Masks, in the database, the outbox codes that are spent at `now`: past their expiry, or of a
 * phone and scene whose code was used or replaced after the message was recorded (only the
 * newest code of a phone and scene counts, so a newer one kills the older). Returns how many.
 * A row without its masked text (never written so) loses every run of 4+ digits, as in the
 * migration that introduced masking.
 */
export async function maskSpentCodes(now = new Date()): Promise<number> {
  return db().$executeRaw`
    UPDATE "SmsMessage" m SET "content" = COALESCE(m."maskedContent", regexp_replace(m."content", '[0-9]{4,}', ${CODE_MASK}, 'g')), "maskedContent" = NULL, "maskAt" = NULL
    WHERE m."maskAt" IS NOT NULL AND (
      m."maskAt" <= ${now}
      OR EXISTS (
        SELECT 1 FROM "VerificationCode" v
        WHERE v."phone" = m."phone" AND v."scene"::text = m."scene"
          AND (v."createdAt" > m."createdAt" OR v."consumedAt" >= m."createdAt")
      )
    )`;
}

/** Runs the sweep in the background (never throws). */
export function maskSpentCodesNow(): Promise<void> {
  return maskSpentCodes()
    .then(() => undefined)
    .catch((err: unknown) => log.warn("masking spent SMS codes failed", errorFields(err)));
}

/** Sweeps again right after `at` (a code's expiry) in this process; another send, a restart's
 * next send, or a look at the outbox catches up on what a stopped process missed. */
export function maskAfter(at: Date, now = Date.now()): void {
  const timer = setTimeout(() => void maskSpentCodesNow(), Math.max(0, at.getTime() - now) + 1_000);
  timer.unref?.();
}
