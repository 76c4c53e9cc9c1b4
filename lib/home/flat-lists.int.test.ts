import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { analyze, captureQueries, indexesOf, nodesOf, planOf } from "@/lib/test/plans";
import { uid } from "@/lib/test/factories";
import { makeOrganization } from "@/lib/test/factories";
import { dealerFigures, FIGURE_CAP, staffWork } from "./figures";
import { listRecords } from "./records";
import { parseRecordFilters } from "./records-params";
import { makeCatalog, makeDealer, makeOrder, makeStaff, type Catalog, type Dealer } from "./test-data";

// Issue 24, flat lists: the Records page and the dealer home read only what they show, however
// many orders and lines the tables hold. Records counts lines for the page's orders only (one
// grouped statement on their ids, on OrderLine(orderId, …)); the home's figures are capped counts
// read on an index of their filter, answering FIGURE_CAP + 1 ("999+") without counting the rest.

let cat: Catalog;
let a: Dealer;

beforeAll(async () => {
  cat = await makeCatalog();
  a = await makeDealer();
});

/** `n` orders of the dealer's in one statement (no lines), of one type and status. */
async function bulkOrders(d: Dealer, n: number, type: "VEHICLE" | "PARTS", status: "SHIPPED" | "SUBMITTED" | "CONFIRMED", createdAt = new Date("2024-01-01T00:00:00Z")) {
  const tag = uid("BK").toUpperCase();
  await db().order.createMany({
    data: Array.from({ length: n }, (_, i) => ({
      orderNo: `${tag}-${i}`,
      type,
      companyId: d.company,
      creatorId: d.user,
      status,
      quantity: 1,
      amount: "1.00",
      phone: "13912345678",
      deliveryWay: "LOGISTICS" as const,
      receiver: "Wang Fang",
      receiverPhone: "13912345678",
      address: "Shanghai No. 1 Test Road",
      createdAt,
    })),
  });
}

describe("records: the page's line counts", () => {
  it("counts lines for the page's orders only, in one statement on their ids, on OrderLine(orderId, …)", async () => {
    // Another dealer's orders with many lines: they must not be read.
    const other = await makeDealer();
    for (let i = 0; i < 3; i++) await makeOrder(other, cat, { type: "PARTS", lines: 5, createdAt: new Date("2025-05-01T00:00:00Z") });
    const older = await makeOrder(a, cat, { type: "VEHICLE", lines: 3, createdAt: new Date("2025-05-02T00:00:00Z") });
    const newer = await makeOrder(a, cat, { type: "VEHICLE", lines: 2, createdAt: new Date("2025-05-03T00:00:00Z") });

    const filters = { ...parseRecordFilters(new URLSearchParams({ kind: "vehicleOrder", from: "2025-05-01", to: "2025-05-31" })), size: 1 };
    let page: Awaited<ReturnType<typeof listRecords>> | null = null;
    const statements = await captureQueries(async () => {
      page = await listRecords(a.viewer, filters);
    });
    expect(page!.rows.map((r) => r.id)).toEqual([newer.id]);
    expect(page!.rows[0].detail).toMatchObject({ type: "order", lines: 2, first: { en: "Testa 5 Comfort", zh: "测试5 舒适版" } });

    const lineReads = statements.filter((s) => s.sql.includes('"OrderLine"'));
    expect(lineReads).toHaveLength(1);
    // Restricted to the page's ids (not grouped over the whole table, not the page plus one).
    expect(lineReads[0].sql).toMatch(/"orderId" = ANY\(/);
    expect(lineReads[0].params).toEqual([[newer.id]]);
    await analyze("OrderLine");
    expect(indexesOf(await planOf(lineReads[0].sql, lineReads[0].params))).toContain("OrderLine_orderId_goodsId_quantity_idx");

    // The next page counts its own order's lines.
    const second = await listRecords(a.viewer, { ...filters, cursor: page!.next! });
    expect(second.rows.map((r) => [r.id, r.detail.type === "order" ? r.detail.lines : null])).toEqual([[older.id, 3]]);
  });
});

describe("home figures: capped, on an index of their filter", () => {
  it("answers FIGURE_CAP + 1 past the cap, reading no more than that many index entries", async () => {
    const d = await makeDealer();
    await bulkOrders(d, FIGURE_CAP + 25, "VEHICLE", "SHIPPED");
    await bulkOrders(d, 3, "PARTS", "SHIPPED");
    await bulkOrders(d, 40, "PARTS", "SUBMITTED");
    await makeOrder(d, cat, { type: "PARTS", status: "SHIPPED", dealerDeleted: true });

    const figures = await dealerFigures(d.company, d.user);
    expect(figures.vehicleAwaitingReceipt).toBe(FIGURE_CAP + 1);
    expect(figures.partsAwaitingReceipt).toBe(3);

    // The statement as the home sends it, planned and run: the count stops at the cap and the
    // orders are read on the (company, type, deleted, status) index, not the company's every order.
    await analyze("Order", "Complaint", "VehicleSale", "Vehicle");
    const statements = await captureQueries(() => dealerFigures(d.company, d.user));
    const counts = statements.find((s) => s.sql.includes('"vehicleShipped"'))!;
    expect(counts).toBeDefined();
    const plan = await planOf(counts.sql, counts.params, { analyze: true });
    expect(indexesOf(plan)).toContain("Order_companyId_type_dealerDeleted_status_createdAt_id_idx");
    const orderScans = nodesOf(plan).filter((n) => n["Index Name"] === "Order_companyId_type_dealerDeleted_status_createdAt_id_idx");
    expect(Math.max(...orderScans.map((n) => n["Actual Rows"] ?? 0))).toBeLessThanOrEqual(FIGURE_CAP + 1);
    // Complaints, this month's sales and vehicles in stock each read their company index too
    // (vehicles: either of the two that lead with the company; the planner picks by cost).
    for (const index of ["Complaint_companyId_status_createdAt_idx", "VehicleSale_companyId_soldAt_id_idx"]) expect(indexesOf(plan)).toContain(index);
    expect(indexesOf(plan).filter((i) => i === "Vehicle_companyId_status_entryAt_idx" || i === "Vehicle_companyId_entryAt_id_idx")).toHaveLength(1);
  });

  it("caps a staff work queue past FIGURE_CAP, reading no more than that many orders", async () => {
    const org = (await makeOrganization()).id;
    const d = await makeDealer(org);
    await bulkOrders(d, FIGURE_CAP + 25, "PARTS", "CONFIRMED");
    await bulkOrders(d, 7, "PARTS", "SUBMITTED");
    const staff = await makeStaff({ dataScope: "ORG", organizationId: org, permissions: ["order:confirm", "order:ship"] });
    const work = await staffWork(staff);
    expect(work.partsOrdersToShip).toBe(FIGURE_CAP + 1);
    expect(work.partsOrdersToConfirm).toBe(7);
    await analyze("Order");
    const statements = await captureQueries(() => staffWork(staff));
    const ship = statements.find((s) => s.sql.includes('"partsOrdersToShip"'))!;
    expect(ship).toBeDefined();
    const plan = await planOf(ship.sql, ship.params, { analyze: true });
    const orderScans = nodesOf(plan).filter((n) => n["Relation Name"] === "Order");
    expect(orderScans.length).toBeGreaterThan(0);
    expect(Math.max(...orderScans.map((n) => n["Actual Rows"] ?? 0))).toBeLessThanOrEqual(FIGURE_CAP + 1);
  });
});
