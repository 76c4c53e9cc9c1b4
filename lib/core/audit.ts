import "server-only";
import type { Tx } from "@/lib/core/tx";
import type { Prisma } from "@/lib/generated/prisma/client";

export type AuditCtx = { userId: number; companyId: number | null; requestId: string | null };

/** One audit row inside the transaction that made the change. */
export async function audit(tx: Tx, ctx: AuditCtx, entity: string, entityId: number | string, action: string, before: unknown, after: unknown): Promise<void> {
  await tx.auditLog.create({
    data: {
      userId: ctx.userId,
      companyId: ctx.companyId,
      entity,
      entityId: String(entityId),
      action,
      before: before === null || before === undefined ? undefined : (JSON.parse(JSON.stringify(before)) as Prisma.InputJsonValue),
      after: after === null || after === undefined ? undefined : (JSON.parse(JSON.stringify(after)) as Prisma.InputJsonValue),
      requestId: ctx.requestId,
    },
  });
}
