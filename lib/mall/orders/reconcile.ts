import "server-only";
import { dayEnd, dayStart, text } from "@/lib/core/list-params";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { OrderType } from "@/lib/generated/prisma/enums";
import { ORDER_TYPES } from "./schemas";
import { CLOSED_STATUSES, orderListHref, validDay, type OrderFilters } from "./queries";
import { orderScope } from "./service";

// Order reconciliation (onlineMall/car/orderReconcil): per order type, what was ordered, what
// was paid and what is still owed, for the viewer's scope and an order-date range. Cancelled
// and rejected orders are left out: nothing is owed on them (and payments cannot be recorded
// against them). One grouped SQL SUM over the decimals; totals stay decimal strings.

export type ReconcileFilters = { from: string; to: string; company: string };
export type ReconcileRow = {
  type: OrderType;
  orders: number;
  orderTotal: string;
  paidTotal: string;
  unpaidTotal: string;
  /** The order list of this type with the same filters (valid orders) / only those not fully paid. */
  href: string;
  unpaidHref: string;
};
export type Reconciliation = { rows: ReconcileRow[]; total: Omit<ReconcileRow, "type" | "href" | "unpaidHref">; filters: ReconcileFilters; staff: boolean };

export function parseReconcileFilters(p: URLSearchParams): ReconcileFilters {
  return { from: validDay(p.get("from")), to: validDay(p.get("to")), company: text(p, "company", 50) };
}

const ZERO = new Prisma.Decimal(0);
const money = (d: Prisma.Decimal | null | undefined) => (d ?? ZERO).toFixed(2);

export async function reconcile(viewer: Viewer, filters: ReconcileFilters): Promise<Reconciliation> {
  const staff = viewer.userType !== "DEALER";
  const from = dayStart(filters.from);
  const to = dayEnd(filters.to);
  const company = staff ? filters.company : "";
  const where: Prisma.OrderWhereInput = {
    AND: [
      await orderScope(viewer),
      { status: { notIn: CLOSED_STATUSES } },
      ...(from || to ? [{ createdAt: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } }] : []),
      ...(company
        ? [
            {
              company: {
                OR: [
                  { code: { startsWith: company, mode: "insensitive" as const } },
                  { nameEn: { contains: company, mode: "insensitive" as const } },
                  { nameZh: { contains: company } },
                ],
              },
            },
          ]
        : []),
    ],
  };
  const groups = await db().order.groupBy({ by: ["type"], where, _sum: { amount: true, paidAmount: true }, _count: { _all: true } });
  const byType = new Map(groups.map((g) => [g.type, g]));
  const link: Partial<OrderFilters> = { from: filters.from, to: filters.to, company };
  let orders = 0;
  let sumAmount = ZERO;
  let sumPaid = ZERO;
  const rows = ORDER_TYPES.map((type): ReconcileRow => {
    const g = byType.get(type);
    const amount = g?._sum.amount ?? ZERO;
    const paid = g?._sum.paidAmount ?? ZERO;
    orders += g?._count._all ?? 0;
    sumAmount = sumAmount.add(amount);
    sumPaid = sumPaid.add(paid);
    return {
      type,
      orders: g?._count._all ?? 0,
      orderTotal: money(amount),
      paidTotal: money(paid),
      // Payments never exceed an order's amount (payments.ts), so the difference of the sums is
      // the sum of what each order still owes.
      unpaidTotal: money(amount.sub(paid)),
      href: orderListHref(type, { ...link, status: "VALID" }),
      unpaidHref: orderListHref(type, { ...link, payment: "OUTSTANDING" }),
    };
  });
  return { rows, total: { orders, orderTotal: money(sumAmount), paidTotal: money(sumPaid), unpaidTotal: money(sumAmount.sub(sumPaid)) }, filters: { ...filters, company }, staff };
}
