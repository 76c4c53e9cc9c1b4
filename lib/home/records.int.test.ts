import { beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "@/lib/auth/viewer";
import { makeOrganization } from "@/lib/test/factories";
import { listRecords, loadRecordsRoute, type RecordRow, type RecordsPage } from "./records";
import { parseRecordFilters } from "./records-params";
import { countQueries, makeCatalog, makeComplaint, makeDealer, makeOrder, makeReturn, makeSale, makeStaff, type Catalog, type Dealer } from "./test-data";

// The Records timeline against PostgreSQL: one dealer's orders, sales, car returns, parts
// returns and complaints, newest first; keyset pages that give each row once; the kind and
// Shanghai-day filters; another company's rows never shown (cross-tenant); staff by data scope;
// links to each record's screen; and a query count that does not grow with the page size.

let orgA: number;
let a: Dealer;
let b: Dealer;
let cat: Catalog;
let staffOrgA: Viewer;
/** Company A's rows by name, made at known instants (Shanghai days of March 2025). */
const made: Record<string, { kind: string; number: string; id: number }> = {};

const at = (iso: string) => new Date(iso);
const filters = (q: Record<string, string | number> = {}) => parseRecordFilters(new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])));
const numbers = (p: RecordsPage) => p.rows.map((r) => r.number);
/** Company A's rows of March 2025 (the window every row here is made in). */
const march = (q: Record<string, string | number> = {}) => filters({ from: "2025-03-01", to: "2025-03-31", ...q });

/** Every page in turn, at any page size (the screen offers 10–100; the keyset does not care). */
async function allPages(viewer: Viewer, q: Record<string, string | number>, size = 100): Promise<RecordRow[]> {
  const rows: RecordRow[] = [];
  let cursor = "";
  for (let i = 0; i < 100; i++) {
    const page = await listRecords(viewer, { ...filters({ ...q, ...(cursor ? { cursor } : {}) }), size });
    rows.push(...page.rows);
    if (!page.next) return rows;
    cursor = page.next;
  }
  throw new Error("no last page");
}

beforeAll(async () => {
  orgA = (await makeOrganization()).id;
  a = await makeDealer(orgA);
  b = await makeDealer();
  cat = await makeCatalog();
  staffOrgA = await makeStaff({ dataScope: "ORG", organizationId: orgA, paths: ["system/workbench/records", "onlineMall/car/order", "afterSale/complaint"] });

  const vo = await makeOrder(a, cat, { type: "VEHICLE", status: "SHIPPED", createdAt: at("2025-03-10T02:00:00Z"), lines: 3 });
  made.vehicleOrder = { kind: "vehicleOrder", number: vo.orderNo, id: vo.id };
  const po = await makeOrder(a, cat, { type: "PARTS", status: "SUBMITTED", createdAt: at("2025-03-12T02:00:00Z") });
  made.partsOrder = { kind: "partsOrder", number: po.orderNo, id: po.id };
  const sale = await makeSale(a, cat, at("2025-03-05T06:00:00Z"));
  made.sale = { kind: "vehicleSale", number: sale.vin, id: sale.id };
  const returned = await makeSale(a, cat, at("2025-03-03T06:00:00Z"), at("2025-03-08T06:00:00Z"));
  made.returnedSale = { kind: "vehicleSale", number: returned.vin, id: returned.id };
  made.carReturn = { kind: "vehicleReturn", number: returned.vin, id: returned.id };
  const ret = await makeReturn(a, cat, { status: "APPROVED", createdAt: at("2025-03-12T02:00:00Z") }); // same instant as the parts order
  made.partsReturn = { kind: "partsReturn", number: ret.returnNo, id: ret.id };
  const c = await makeComplaint(a, {
    status: "REPLIED",
    createdAt: at("2025-03-14T15:59:59Z"),
    description: "  The   air conditioning\nsmells musty after a long drive in summer heat and the dealer could not fix it twice.  ",
  });
  made.complaint = { kind: "complaint", number: c.complaintNo, id: c.id };
  // Deleted by the dealer: kept for staff, hidden from the dealer.
  const gone = await makeOrder(a, cat, { type: "PARTS", status: "CANCELLED", createdAt: at("2025-03-11T02:00:00Z"), dealerDeleted: true });
  made.deleted = { kind: "partsOrder", number: gone.orderNo, id: gone.id };
  // Company B, in the same window.
  await makeOrder(b, cat, { type: "VEHICLE", createdAt: at("2025-03-10T03:00:00Z") });
  await makeSale(b, cat, at("2025-03-05T07:00:00Z"), at("2025-03-09T07:00:00Z"));
  await makeReturn(b, cat, { createdAt: at("2025-03-12T02:00:00Z") });
  await makeComplaint(b, { createdAt: at("2025-03-14T03:00:00Z") });
});

describe("a dealer's timeline", () => {
  it("lists every kind of the company's activity, newest first, with its status and screen", async () => {
    const page = await listRecords(a.viewer, march());
    expect(page.rows.map((r) => [r.kind, r.number])).toEqual([
      ["complaint", made.complaint.number],
      // One instant: orders before parts returns (the table order), then the newest id.
      ["partsOrder", made.partsOrder.number],
      ["partsReturn", made.partsReturn.number],
      ["vehicleOrder", made.vehicleOrder.number],
      ["vehicleReturn", made.carReturn.number],
      ["vehicleSale", made.sale.number],
      ["vehicleSale", made.returnedSale.number],
    ]);
    expect(page.staff).toBe(false);
    expect(page.next).toBeNull();
    const row = (kind: string, number: string) => page.rows.find((r) => r.kind === kind && r.number === number)!;
    expect(row("vehicleOrder", made.vehicleOrder.number)).toMatchObject({
      status: "SHIPPED",
      at: "2025-03-10T02:00:00.000Z",
      href: `onlineMall/car/order?id=${made.vehicleOrder.id}`,
      detail: { type: "order", first: { en: "Testa 5 Comfort", zh: "测试5 舒适版" }, lines: 3, quantity: 6, amount: "300.00" },
    });
    expect(row("partsOrder", made.partsOrder.number).href).toBe(`onlineMall/mountings/order?id=${made.partsOrder.id}`);
    expect(row("vehicleSale", made.sale.number)).toMatchObject({
      status: "SOLD",
      href: `car/vehicleInformation?vin=${made.sale.number}`,
      detail: { type: "vehicle", model: { en: "Testa 5", zh: "测试5" }, colour: "Pearl White" },
    });
    expect(row("vehicleSale", made.returnedSale.number).status).toBe("RETURNED");
    expect(row("vehicleReturn", made.carReturn.number)).toMatchObject({
      status: "RETURNED",
      at: "2025-03-08T06:00:00.000Z",
      detail: { type: "vehicleReturn", reason: "The customer changed their mind." },
    });
    expect(row("partsReturn", made.partsReturn.number)).toMatchObject({
      status: "APPROVED",
      href: `afterSale/salesReturn?id=${made.partsReturn.id}`,
      detail: { type: "part", part: { en: "Brake pad", zh: "刹车片" }, quantity: 3 },
    });
    const complaint = row("complaint", made.complaint.number);
    expect(complaint).toMatchObject({ status: "REPLIED", href: `afterSale/complaint?id=${made.complaint.id}` });
    expect(complaint.detail).toEqual({ type: "text", text: "The air conditioning smells musty after a long drive in sum…" });
  });

  it("never shows another company's rows, and hides what the dealer deleted (cross-tenant)", async () => {
    const mine = await allPages(a.viewer, {});
    expect(mine.every((r) => r.company.code === mine[0].company.code)).toBe(true);
    expect(mine.map((r) => r.number)).not.toContain(made.deleted.number);
    const theirs = await allPages(b.viewer, {});
    // An order, a sale and its car return, a parts return, a complaint.
    expect(theirs.map((r) => r.kind).sort()).toEqual(["complaint", "partsReturn", "vehicleOrder", "vehicleReturn", "vehicleSale"]);
    const ours = new Set(Object.values(made).map((m) => m.number));
    expect(theirs.filter((r) => ours.has(r.number))).toEqual([]);
  });

  it("pages by keyset: every row once, in order, and pages stay put when newer rows arrive", async () => {
    const whole = (await listRecords(a.viewer, march({ size: 100 }))).rows.map((r) => `${r.kind}:${r.id}`);
    for (const size of [1, 2, 3]) {
      const paged = (await allPages(a.viewer, { from: "2025-03-01", to: "2025-03-31" }, size)).map((r) => `${r.kind}:${r.id}`);
      expect(paged).toEqual(whole);
    }
    const first = await listRecords(a.viewer, march({ size: 10 }));
    expect(first.next).toBeNull();
    // Offered size 10 over more rows than that: two pages.
    for (let i = 0; i < 5; i++) await makeComplaint(a, { createdAt: at(`2025-03-2${i}T01:00:00Z`) });
    const p1 = await listRecords(a.viewer, march({ size: 10 }));
    expect(p1.rows).toHaveLength(10);
    expect(p1.next).not.toBeNull();
    // A newer record arrives: the second page is the same.
    const p2 = await listRecords(a.viewer, march({ size: 10, cursor: p1.next! }));
    await makeComplaint(a, { createdAt: at("2025-03-30T01:00:00Z") });
    const p2again = await listRecords(a.viewer, march({ size: 10, cursor: p1.next! }));
    expect(numbers(p2again)).toEqual(numbers(p2));
    expect([...numbers(p1), ...numbers(p2)]).toHaveLength(12);
    expect(new Set([...numbers(p1), ...numbers(p2)]).size).toBe(12 - 1); // the returned sale's VIN appears as sale and as return
  });

  it("filters by kind and by Shanghai calendar days", async () => {
    expect(numbers(await listRecords(a.viewer, march({ kind: "vehicleReturn" })))).toEqual([made.carReturn.number]);
    expect(numbers(await listRecords(a.viewer, march({ kind: "partsOrder" })))).toEqual([made.partsOrder.number]);
    // 2025-03-14T15:59:59Z is 23:59:59 on the 14th in Shanghai; the 15th starts a second later.
    const the14th = await listRecords(a.viewer, filters({ from: "2025-03-14", to: "2025-03-14", kind: "complaint" }));
    expect(numbers(the14th)).toEqual([made.complaint.number]);
    expect((await listRecords(a.viewer, filters({ from: "2025-03-15", to: "2025-03-15", kind: "complaint" }))).rows).toEqual([]);
    // The 12th holds the parts order and the parts return (same instant).
    expect(numbers(await listRecords(a.viewer, filters({ from: "2025-03-12", to: "2025-03-12" })))).toEqual([made.partsOrder.number, made.partsReturn.number]);
  });
});

describe("staff", () => {
  it("see the companies of their data scope with the company named, deleted orders included, and links only to screens they may open", async () => {
    const page = await listRecords(staffOrgA, filters({ from: "2025-03-01", to: "2025-03-19", size: 100 }));
    expect(page.staff).toBe(true);
    const nums = numbers(page);
    expect(nums).toContain(made.deleted.number);
    expect(nums).toContain(made.complaint.number);
    expect(page.rows.every((r) => r.company.code === page.rows[0].company.code)).toBe(true);
    const row = (kind: string) => page.rows.find((r) => r.kind === kind)!;
    expect(row("vehicleOrder").href).toBe(`onlineMall/car/order?id=${made.vehicleOrder.id}`);
    expect(row("complaint").href).toBe(`afterSale/complaint?id=${made.complaint.id}`);
    // Not granted: parts orders, returns, vehicle information.
    expect(row("partsOrder").href).toBeNull();
    expect(row("partsReturn").href).toBeNull();
    expect(row("vehicleSale").href).toBeNull();
    // A company filter outside the scope finds nothing.
    const other = await listRecords(staffOrgA, filters({ from: "2025-03-01", to: "2025-03-31", company: b.viewer.company!.code }));
    expect(other.rows).toEqual([]);
  });
});

describe("cost", () => {
  it("issues the same number of queries for any page size and depth", async () => {
    const small = await countQueries(() => loadRecordsRoute(a.viewer, new URLSearchParams({ size: "10" })));
    const big = await countQueries(() => loadRecordsRoute(a.viewer, new URLSearchParams({ size: "100" })));
    const p1 = await listRecords(a.viewer, filters({ size: "10" }));
    const deep = await countQueries(() => loadRecordsRoute(a.viewer, new URLSearchParams({ size: "10", cursor: p1.next! })));
    expect(big).toBe(small);
    // Never more; one fewer when the page shows no order (no lines to read).
    expect(deep).toBeLessThanOrEqual(small);
    expect(deep).toBeGreaterThanOrEqual(small - 1);
    // One kind reads one table.
    const oneKind = await countQueries(() => loadRecordsRoute(a.viewer, new URLSearchParams({ kind: "complaint" })));
    expect(oneKind).toBeLessThan(small);
  });
});
