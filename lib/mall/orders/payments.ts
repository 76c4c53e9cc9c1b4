import "server-only";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { shanghaiDate } from "@/lib/codes/next-code";
import { db } from "@/lib/db";
import { dict } from "@/lib/dict/dict";
import { DomainError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { lockOrder } from "./service";
import type { TRecordPayment } from "./schemas";
import { PAYABLE } from "./states";

// Payments recorded by finance against an order (amount, date, method, reference). The order
// row is locked, so the paid sum (Order.paidAmount) always equals the sum of its payments and
// never exceeds the order's amount; the payment state derives from the two.

export function todayInShanghai(now = new Date()): string {
  const { yyyy, MM, dd } = shanghaiDate(now);
  return `${yyyy}-${MM}-${dd}`;
}

export async function recordPayment(viewer: Viewer, ctx: AuditCtx, input: TRecordPayment) {
  if (viewer.userType === "DEALER" || !hasPermission(viewer, "payment:create")) throw new DomainError("Common.forbidden", {}, undefined, 403);
  if (!(await dict("payment_method")).some((i) => i.value === input.method)) throw new DomainError("Orders.errors.unknownOption", {}, "method");
  if (input.paidOn > todayInShanghai()) throw new DomainError("Orders.errors.paidInFuture", {}, "paidOn");
  const amount = new Prisma.Decimal(input.amount);
  return db().$transaction(async (tx) => {
    const order = await lockOrder(tx, viewer, input.orderId);
    if (!PAYABLE.includes(order.status)) throw new DomainError("Orders.errors.notPayable", { orderNo: order.orderNo, status: order.status }, undefined, 409);
    const unpaid = new Prisma.Decimal(order.amount).sub(order.paidAmount);
    if (amount.gt(unpaid)) throw new DomainError("Orders.errors.overpaid", { unpaid: unpaid.toFixed(2) }, "amount", 409);
    const payment = await tx.payment.create({
      data: {
        orderId: order.id,
        amount,
        paidOn: new Date(`${input.paidOn}T00:00:00Z`),
        method: input.method,
        reference: input.reference ?? null,
        remark: input.remark ?? null,
        recordedById: viewer.userId,
      },
      select: { id: true, orderId: true, amount: true, paidOn: true, method: true, reference: true },
    });
    const after = await tx.order.update({ where: { id: order.id }, data: { paidAmount: { increment: amount } }, select: { id: true, paidAmount: true, amount: true } });
    await audit(tx, ctx, "Payment", payment.id, "create", null, payment);
    await audit(tx, ctx, "Order", order.id, "payment", { paidAmount: order.paidAmount }, { paidAmount: after.paidAmount });
    return { id: payment.id, orderId: order.id, paidAmount: after.paidAmount.toFixed(2), amount: after.amount.toFixed(2) };
  });
}
