import "server-only";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import { requirePermission, type Viewer } from "./viewer";

/**
 * Lifts the sign-in throttle of a user (failed-attempt counter and lock), with an audit row.
 * For the users screen (permission "user:unlock"). The account status (ACTIVE / LOCKED /
 * DISABLED) is not touched: that is the users screen's own decision.
 */
export async function unlockUser(viewer: Viewer, userId: number, requestId: string | null = null): Promise<void> {
  requirePermission(viewer, "user:unlock");
  await db().$transaction(async (tx) => {
    const before = await tx.user.findUnique({ where: { id: userId }, select: { failedLogins: true, lockedUntil: true } });
    if (!before) throw new NotFoundError();
    await tx.user.update({ where: { id: userId }, data: { failedLogins: 0, lockedUntil: null } });
    await tx.auditLog.create({
      data: {
        userId: viewer.userId,
        companyId: viewer.company?.id ?? null,
        entity: "User",
        entityId: String(userId),
        action: "UNLOCK",
        requestId,
        before: { failedLogins: before.failedLogins, lockedUntil: before.lockedUntil?.toISOString() ?? null },
        after: { failedLogins: 0, lockedUntil: null },
      },
    });
  });
}
