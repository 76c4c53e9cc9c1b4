import { beforeAll, describe, expect, it } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { dayEnd, dayStart } from "@/lib/core/list-params";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { OrderStatus, OrderType } from "@/lib/generated/prisma/enums";
import { makeDealer, makeUser, nowSeconds, roleId, uid, type TestDealer } from "@/lib/test/factories";
import { captureQueries, planOf, indexesOf } from "@/lib/test/plans";
import { CLOSED_STATUSES } from "./queries";
import { parseReconcileFilters, reconcile, type Reconciliation } from "./reconcile";
import { orderScope } from "./service";

// Issue 24, bench outliers: reconciliation reads whole Shanghai months from OrderMonthTotal (kept
// by a deferred trigger on Order) and only a range's partial edge months from Order. The answer
// must equal the plain sum over Order after inserts, status moves, payments, amount changes,
// deletes and several changes of one order in one transaction; without dates no statement reads
// Order at all.

let d: TestDealer & { viewer: Viewer };
let other: TestDealer;
let staff: Viewer;

/** A Shanghai wall-clock time as the instant it is. */
const sh = (local: string) => new Date(`${local}+08:00`);

async function order(x: TestDealer, type: OrderType, amount: string, createdAt: Date, status: OrderStatus = "SUBMITTED", paid = "0") {
  return db().order.create({
    data: {
      orderNo: uid("RT").toUpperCase(),
      type,
      companyId: x.companyId,
      creatorId: x.userId,
      status,
      quantity: 1,
      amount,
      paidAmount: paid,
      phone: "13912345678",
      deliveryWay: "LOGISTICS",
      receiver: "Wang Fang",
      receiverPhone: "13912345678",
      address: "Shanghai No. 1 Test Road",
      createdAt,
    },
  });
}

/** What reconciliation answered before the totals: one grouped sum over Order. */
async function reference(viewer: Viewer, q: Record<string, string>) {
  const f = parseReconcileFilters(new URLSearchParams(q));
  const from = dayStart(f.from);
  const to = dayEnd(f.to);
  const groups = await db().order.groupBy({
    by: ["type"],
    where: {
      AND: [
        await orderScope(viewer),
        { status: { notIn: CLOSED_STATUSES } },
        ...(from || to ? [{ createdAt: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } }] : []),
      ],
    },
    _sum: { amount: true, paidAmount: true },
    _count: { _all: true },
  });
  const zero = new Prisma.Decimal(0);
  return Object.fromEntries(
    groups.filter((g) => g._count._all > 0).map((g) => [g.type, [g._count._all, (g._sum.amount ?? zero).toFixed(2), (g._sum.paidAmount ?? zero).toFixed(2)]]),
  );
}

const answered = (r: Reconciliation) => Object.fromEntries(r.rows.filter((x) => x.orders > 0).map((x) => [x.type, [x.orders, x.orderTotal, x.paidTotal]]));

const RANGES: Record<string, string>[] = [
  {},
  { from: "2025-02-01" },
  { to: "2025-02-28" },
  { from: "2025-01-15", to: "2025-03-31" },
  { from: "2025-01-31", to: "2025-03-01" },
  { from: "2025-02-01", to: "2025-02-28" },
  { from: "2025-02-10", to: "2025-02-20" },
  { from: "2025-01-01", to: "2025-04-30" },
];

beforeAll(async () => {
  const x = await makeDealer();
  d = { ...x, viewer: (await loadViewer(x.userId, x.companyId, nowSeconds()))! };
  other = await makeDealer();
  staff = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [await roleId("SALES_OPS")] })).id, null, nowSeconds()))!;
  // Orders on both sides of the Shanghai month edges (31 Jan 23:59 is January there, 1 Feb 00:00 February).
  await order(d, "PARTS", "10.10", sh("2025-01-15T10:00:00"));
  await order(d, "PARTS", "20.20", sh("2025-01-31T23:59:00"), "SHIPPED", "5.00");
  await order(d, "VEHICLE", "30000.30", sh("2025-02-01T00:00:00"), "CONFIRMED");
  await order(d, "PARTS", "40.40", sh("2025-02-14T12:00:00"), "CANCELLED");
  await order(d, "PARTS", "50.50", sh("2025-02-28T23:59:59"));
  await order(d, "VEHICLE", "60.60", sh("2025-03-01T00:00:00"), "REJECTED");
  await order(d, "PARTS", "70.70", sh("2025-04-02T08:00:00"), "COMPLETED", "70.70");
  await order(other, "PARTS", "99.99", sh("2025-02-14T12:00:00"));
  // Changes after the insert: a cancellation, a payment, an amount change, a rejected order
  // reopened (REJECTED → SUBMITTED is not a workflow move, but a writer may do it),
  // a delete, and several changes of one order in one transaction.
  const moves = await Promise.all([
    order(d, "PARTS", "1.00", sh("2025-02-03T09:00:00")),
    order(d, "PARTS", "2.00", sh("2025-02-04T09:00:00")),
    order(d, "VEHICLE", "3.00", sh("2025-03-05T09:00:00")),
    order(d, "PARTS", "4.00", sh("2025-01-20T09:00:00"), "REJECTED"),
    order(d, "PARTS", "5.00", sh("2025-02-06T09:00:00")),
    order(d, "PARTS", "6.00", sh("2025-03-07T09:00:00")),
  ]);
  await db().order.update({ where: { id: moves[0].id }, data: { status: "CANCELLED" } });
  await db().order.update({ where: { id: moves[1].id }, data: { paidAmount: "1.50" } });
  await db().order.update({ where: { id: moves[2].id }, data: { amount: "33.00" } });
  await db().order.update({ where: { id: moves[3].id }, data: { status: "SUBMITTED" } });
  await db().order.delete({ where: { id: moves[4].id } });
  await db().$transaction(async (tx) => {
    await tx.order.update({ where: { id: moves[5].id }, data: { paidAmount: "2.00" } });
    await tx.order.update({ where: { id: moves[5].id }, data: { status: "CONFIRMED", paidAmount: "6.00" } });
    await tx.order.update({ where: { id: moves[5].id }, data: { remark: "no summed column" } });
  });
});

describe("reconciliation from the month totals", () => {
  it("equals the sum over Order for every range, for the dealer and for staff", async () => {
    for (const q of RANGES) {
      expect(answered(await reconcile(d.viewer, parseReconcileFilters(new URLSearchParams(q)))), JSON.stringify(q)).toEqual(await reference(d.viewer, q));
      expect(answered(await reconcile(staff, parseReconcileFilters(new URLSearchParams(q)))), JSON.stringify(q)).toEqual(await reference(staff, q));
    }
    // A spot check of the figures themselves: January and February of the dealer.
    const janFeb = await reconcile(d.viewer, parseReconcileFilters(new URLSearchParams({ from: "2025-01-01", to: "2025-02-28" })));
    expect(answered(janFeb)).toEqual({ PARTS: [5, "86.80", "6.50"], VEHICLE: [1, "30000.30", "0.00"] });
  });

  it("reads no order without dates, and only the edge months' orders with them", async () => {
    const none = await captureQueries(() => reconcile(d.viewer, parseReconcileFilters(new URLSearchParams())));
    expect(none.filter((s) => /FROM "public"\."Order"|FROM "Order"/.test(s.sql))).toEqual([]);
    const totals = none.filter((s) => s.sql.includes('"OrderMonthTotal"'));
    expect(totals).toHaveLength(1);
    expect(indexesOf(await planOf(totals[0].sql, totals[0].params))).toContain("OrderMonthTotal_pkey");

    // 15 Jan – 31 Mar: February and March from the totals, 15–31 January from Order.
    const ranged = await captureQueries(() => reconcile(d.viewer, parseReconcileFilters(new URLSearchParams({ from: "2025-01-15", to: "2025-03-31" }))));
    const orderReads = ranged.filter((s) => /FROM "public"\."Order"|FROM "Order"/.test(s.sql));
    expect(orderReads).toHaveLength(1);
    const bounds = orderReads[0].params.filter((p) => typeof p === "string" && /^\d{4}-\d{2}-\d{2}T/.test(p)).map((p) => new Date(p as string).getTime());
    expect(bounds.sort()).toEqual([sh("2025-01-15T00:00:00").getTime(), sh("2025-02-01T00:00:00").getTime()]);
  });
});
