import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { variable } from "@/lib/config/variables";
import { db } from "@/lib/db";
import type { Attachment, Prisma } from "@/lib/generated/prisma/client";
import { UploadError } from "./errors";
import { MB } from "./formats";
import type { UploadProblem } from "./limits";

// How much one user may upload (issue 16): `upload.maxPerHour` files per rolling hour, and
// `upload.maxPendingMb` of uploads not yet saved onto a record (pending files are kept 24
// hours). Both are system variables (per-company values allowed) and are checked under a
// transaction-scoped advisory lock per user, in the transaction that inserts the upload's row,
// before any byte is stored: of racing uploads only those that fit get a row, and only uploads
// with a row write their file.

const HOUR_MS = 60 * 60 * 1000;
const UPLOAD_LOCK = 1901;

type Client = Prisma.TransactionClient | ReturnType<typeof db>;
export type UploadLimits = { maxPerHour: number; maxPendingBytes: number; maxPendingMb: number };

export async function uploadLimits(viewer: Viewer): Promise<UploadLimits> {
  const companyId = viewer.company?.id ?? null;
  const [maxPerHour, maxPendingMb] = await Promise.all([variable("upload.maxPerHour", companyId), variable("upload.maxPendingMb", companyId)]);
  return { maxPerHour, maxPendingMb, maxPendingBytes: maxPendingMb * MB };
}

const minutesUntil = (oldest: Date, now: number) => Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - now) / 60_000));

/** The limit one more upload of `size` bytes would break, or null. */
export async function quotaProblem(client: Client, userId: number, size: number, limits: UploadLimits, now = Date.now()): Promise<UploadProblem | null> {
  const [recent, pending] = await Promise.all([
    // The newest `maxPerHour` of the last hour: when all are there, the oldest says when one frees.
    client.attachment.findMany({
      where: { uploaderId: userId, createdAt: { gt: new Date(now - HOUR_MS) } },
      orderBy: { createdAt: "desc" },
      take: limits.maxPerHour,
      select: { createdAt: true },
    }),
    client.attachment.aggregate({ where: { uploaderId: userId, ownerType: null }, _sum: { size: true } }),
  ]);
  if (recent.length >= limits.maxPerHour) {
    return { code: "RATE_LIMIT", key: "errors.rateLimit", values: { count: limits.maxPerHour, minutes: minutesUntil(recent[recent.length - 1].createdAt, now) }, status: 429 };
  }
  if ((pending._sum.size ?? 0) + Math.max(size, 1) > limits.maxPendingBytes) {
    return { code: "QUOTA", key: "errors.pendingQuota", values: { size: limits.maxPendingMb }, status: 429 };
  }
  return null;
}

/** Before the body is read: refuses a user already at a limit (not atomic; recordUpload is). */
export async function precheckQuota(viewer: Viewer): Promise<UploadError | null> {
  const problem = await quotaProblem(db(), viewer.userId, 0, await uploadLimits(viewer));
  return problem ? UploadError.of(problem) : null;
}

/** Inserts the pending upload's row if it fits the user's limits (else throws the 429). */
export async function recordUpload(viewer: Viewer, data: Prisma.AttachmentUncheckedCreateInput & { size: number }): Promise<Attachment> {
  const limits = await uploadLimits(viewer);
  return db().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${UPLOAD_LOCK}::int, ${viewer.userId}::int)`;
    const problem = await quotaProblem(tx, viewer.userId, data.size, limits);
    if (problem) throw UploadError.of(problem);
    return tx.attachment.create({ data });
  });
}
