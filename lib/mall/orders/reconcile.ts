import "server-only";
import { dayEnd, dayStart, text } from "@/lib/core/list-params";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { OrderType } from "@/lib/generated/prisma/enums";
import { ORDER_TYPES } from "./schemas";
import { CLOSED_STATUSES, orderListHref, validDay, type OrderFilters } from "./queries";
import { orderScope } from "./service";
import { companyScopeWhere } from "@/lib/access/scope";

// Order reconciliation (onlineMall/car/orderReconcil): per order type, what was ordered, what
// was paid and what is still owed, for the viewer's scope and an order-date range. Cancelled
// and rejected orders are left out: nothing is owed on them (and payments cannot be recorded
// against them). Whole Shanghai months are summed from OrderMonthTotal (a trigger on Order keeps
// it), the partial months at the range's edges from Order; SQL sums the decimals and totals stay
// decimal strings (see "Issue 24 — bench outliers" in docs/DECISIONS.md).

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

const HOUR = 3_600_000;
/** The Shanghai calendar month (UTC+8, no daylight saving) holding `at`: its first day as the
 * UTC midnight a DATE column holds, and the instants it starts and ends. */
function shanghaiMonth(at: Date, add = 0): { day: Date; start: Date; end: Date } {
  const local = new Date(at.getTime() + 8 * HOUR);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth() + add;
  return { day: new Date(Date.UTC(y, m, 1)), start: new Date(Date.UTC(y, m, 1) - 8 * HOUR), end: new Date(Date.UTC(y, m + 1, 1) - 8 * HOUR) };
}

type Sums = { type: OrderType; orders: number; amount: Prisma.Decimal; paid: Prisma.Decimal };

/**
 * The open orders' sums by type in [from, to) (either end open when null): whole Shanghai months
 * from OrderMonthTotal (kept by a trigger on Order, see its migration), the partial months at the
 * range's edges from Order itself. Without dates, every month comes from the totals, so the
 * answer costs the number of months and companies in scope, not of orders.
 */
async function sums(viewer: Viewer, from: Date | null, to: Date | null, companyFilter: Prisma.CompanyWhereInput | null): Promise<Sums[]> {
  // Whole months: from the first month starting at or after `from` to the last ending at or before `to`.
  const first = from ? (shanghaiMonth(from).start.getTime() === from.getTime() ? shanghaiMonth(from) : shanghaiMonth(from, 1)) : null;
  const last = to ? shanghaiMonth(new Date(to.getTime() - 1), to.getTime() === shanghaiMonth(to).start.getTime() ? 0 : -1) : null;
  const whole = !first || !last || first.start < last.end;
  const company = companyFilter ? [{ company: companyFilter }] : [];
  const ordersIn = async (gte: Date | null, lt: Date | null) => {
    const groups = await db().order.groupBy({
      by: ["type"],
      where: {
        AND: [
          await orderScope(viewer),
          { status: { notIn: CLOSED_STATUSES } },
          ...(gte || lt ? [{ createdAt: { ...(gte ? { gte } : {}), ...(lt ? { lt } : {}) } }] : []),
          ...company,
        ],
      },
      _sum: { amount: true, paidAmount: true },
      _count: { _all: true },
    });
    return groups.map((g): Sums => ({ type: g.type, orders: g._count._all, amount: g._sum.amount ?? ZERO, paid: g._sum.paidAmount ?? ZERO }));
  };
  if (!whole) return ordersIn(from, to);
  const scope: Prisma.OrderMonthTotalWhereInput =
    viewer.userType === "DEALER"
      ? // A dealer's own orders; those it deleted are cancelled or rejected, never counted here.
        { companyId: viewer.company ? viewer.company.id : { in: [] } }
      : { company: await companyScopeWhere(viewer) };
  const [totals, head, tail] = await Promise.all([
    db().orderMonthTotal.groupBy({
      by: ["type"],
      where: { AND: [scope, ...company, ...(first || last ? [{ month: { ...(first ? { gte: first.day } : {}), ...(last ? { lte: last.day } : {}) } }] : [])] },
      _sum: { orders: true, amount: true, paidAmount: true },
    }),
    from && first && from < first.start ? ordersIn(from, first.start) : [],
    to && last && last.end < to ? ordersIn(last.end, to) : [],
  ]);
  return [...totals.map((t): Sums => ({ type: t.type, orders: t._sum.orders ?? 0, amount: t._sum.amount ?? ZERO, paid: t._sum.paidAmount ?? ZERO })), ...head, ...tail];
}

export async function reconcile(viewer: Viewer, filters: ReconcileFilters): Promise<Reconciliation> {
  const staff = viewer.userType !== "DEALER";
  const from = dayStart(filters.from);
  const to = dayEnd(filters.to);
  const company = staff ? filters.company : "";
  const companyFilter: Prisma.CompanyWhereInput | null = company
    ? {
        OR: [{ code: { startsWith: company, mode: "insensitive" as const } }, { nameEn: { contains: company, mode: "insensitive" as const } }, { nameZh: { contains: company } }],
      }
    : null;
  const byType = new Map<OrderType, { orders: number; amount: Prisma.Decimal; paid: Prisma.Decimal }>();
  for (const s of await sums(viewer, from, to, companyFilter)) {
    const g = byType.get(s.type) ?? { orders: 0, amount: ZERO, paid: ZERO };
    byType.set(s.type, { orders: g.orders + s.orders, amount: g.amount.add(s.amount), paid: g.paid.add(s.paid) });
  }
  const link: Partial<OrderFilters> = { from: filters.from, to: filters.to, company };
  let orders = 0;
  let sumAmount = ZERO;
  let sumPaid = ZERO;
  const rows = ORDER_TYPES.map((type): ReconcileRow => {
    const g = byType.get(type);
    const amount = g?.amount ?? ZERO;
    const paid = g?.paid ?? ZERO;
    orders += g?.orders ?? 0;
    sumAmount = sumAmount.add(amount);
    sumPaid = sumPaid.add(paid);
    return {
      type,
      orders: g?.orders ?? 0,
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
