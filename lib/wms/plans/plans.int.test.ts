import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as listRoute } from "@/app/api/v1/wms/stocktake-plans/route";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { actAs, setTestLocale, translator } from "@/lib/test/action-harness";
import { makeCompany, makeGoods, makeStaff, makeUser, nowSeconds, roleId } from "@/lib/test/factories";
import { savePlanAction, setPlanEnabledAction } from "./actions";
import { dateOf, dayOf, shanghaiDay } from "./cycle";
import { runDueStocktakePlans } from "./job";
import { listPlans } from "./queries";
import { ZSavePlan, type TSavePlanInput } from "./schemas";
import { savePlan, setPlanEnabled } from "./service";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Stocktake plans against PostgreSQL: the drawer's validation in both languages, tenancy (another
// company's plan is 404 and not listed; staff read in scope and cannot write), and the job moved
// by its clock: a due plan makes one draft stocktake and moves on by its cycle (month ends
// clamped, missed periods skipped in one go), a plan not due makes nothing, and two runs at once
// make exactly one stocktake.

type Dealer = { companyId: number; userId: number; viewer: Viewer; ctx: AuditCtx; warehouseId: number; locationIds: number[] };
let dealerRole: number;
let a: Dealer;
let b: Dealer;
let staff: { id: number };
let part: number;

async function dealer(): Promise<Dealer> {
  const companyId = (await makeCompany()).id;
  const userId = (await makeUser({ userType: "DEALER", companyIds: [companyId], roleIds: [dealerRole] })).id;
  const viewer = (await loadViewer(userId, companyId, nowSeconds()))!;
  const w = await db().warehouse.create({
    data: { companyId, code: `W${Math.random().toString(36).slice(2, 8)}`, name: "Main", locations: { create: [{ code: "A-01" }, { code: "A-02" }] } },
    include: { locations: { orderBy: { id: "asc" } } },
  });
  return { companyId, userId, viewer, ctx: { userId, companyId, requestId: null }, warehouseId: w.id, locationIds: w.locations.map((l) => l.id) };
}

const input = (d: Dealer, over: Partial<TSavePlanInput> = {}) =>
  ZSavePlan.parse({ name: "Monthly count", warehouseId: d.warehouseId, cycle: "MONTHLY", nextDate: "2031-01-31", assigneeId: d.userId, ...over });
/** Saving as if today were 2031-01-01 (so 2031 days are not in the past). */
const NOW = new Date("2031-01-01T02:00:00Z");

async function expectDomain(p: Promise<unknown>, key: string, status?: number) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, key).toBeInstanceOf(DomainError);
  expect((err as DomainError).key).toBe(key);
  if (status) expect((err as DomainError).status).toBe(status);
}

const stocktakes = (planId: number) =>
  db().wmsDocument.findMany({
    where: { planId },
    select: { type: true, source: true, status: true, warehouseId: true, assigneeId: true, createdById: true, scopeLocationIds: true },
  });
const plan = (id: number) => db().stocktakePlan.findUniqueOrThrow({ where: { id } });

beforeAll(async () => {
  dealerRole = await roleId("DEALER");
  [a, b] = await Promise.all([dealer(), dealer()]);
  staff = await makeStaff({ roleIds: [await roleId("SALES_OPS")] });
  part = (await makeGoods({ kind: "PART" })).id;
});

describe("stocktake plan validation", () => {
  it("names the missing and wrong fields in both languages", async () => {
    await actAs({ id: a.userId }, a.companyId);
    for (const locale of ["en-US", "zh-CN"] as const) {
      setTestLocale(locale);
      const t = translator("Validation", locale);
      const tf = translator("WmsPlans.fields", locale);
      const res = await savePlanAction({ name: "", warehouseId: a.warehouseId, cycle: "DAILY", nextDate: "2031-02-30" });
      expect(res.ok).toBe(false);
      if (res.ok) continue;
      expect(res.code).toBe("VALIDATION");
      expect(res.fieldErrors?.name).toBe(t("required", { label: tf("name") }));
      expect(res.fieldErrors?.cycle).toBe(t("select", { label: tf("cycle") }));
      expect(res.fieldErrors?.nextDate).toBe(t("date", { label: tf("nextDate") }));
    }
    setTestLocale("en-US");
  });

  it("refuses a day in the past, another company's warehouse, a vehicle and a stranger as assignee", async () => {
    await actAs({ id: a.userId }, a.companyId);
    for (const locale of ["en-US", "zh-CN"] as const) {
      setTestLocale(locale);
      const res = await savePlanAction({ name: "Old", warehouseId: a.warehouseId, cycle: "WEEKLY", nextDate: "2020-01-01" });
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.fieldErrors?.nextDate).toBe(translator("WmsPlans.errors", locale)("nextDatePast", { today: shanghaiDay(new Date()) }));
    }
    setTestLocale("en-US");
    await expectDomain(savePlan(a.viewer, a.ctx, input(a, { warehouseId: b.warehouseId }), NOW), "Wms.errors.warehouseUnknown", 404);
    await expectDomain(savePlan(a.viewer, a.ctx, input(a, { locationIds: [b.locationIds[0]] }), NOW), "WmsPlans.errors.locationUnknown");
    const car = (await makeGoods({ kind: "VEHICLE" })).id;
    await expectDomain(savePlan(a.viewer, a.ctx, input(a, { goodsIds: [car] }), NOW), "WmsPlans.errors.goodsUnknown");
    await expectDomain(savePlan(a.viewer, a.ctx, input(a, { assigneeId: b.userId }), NOW), "Wms.errors.assigneeUnknown");
  });
});

describe("stocktake plan tenancy", () => {
  it("lists the company's own plans; another company's is 404 on edit and enable", async () => {
    const { id } = await savePlan(a.viewer, a.ctx, input(a, { name: "A's plan", locationIds: [a.locationIds[0]], goodsIds: [part] }), NOW);
    const listA = await listPlans(a.viewer, 1, NOW);
    expect(listA.rows.map((r) => r.id)).toContain(id);
    expect(listA.canManage).toBe(true);
    const listB = await listPlans(b.viewer, 1, NOW);
    expect(listB.rows.map((r) => r.id)).not.toContain(id);
    await expect(savePlan(b.viewer, b.ctx, { ...input(b), id }, NOW)).rejects.toBeInstanceOf(NotFoundError);
    await expect(setPlanEnabled(b.viewer, b.ctx, { id, enabled: false })).rejects.toBeInstanceOf(NotFoundError);
    await actAs({ id: b.userId }, b.companyId);
    const res = await setPlanEnabledAction({ id, enabled: false });
    expect(res.ok ? null : res.code).toBe("NOT_FOUND");
    expect((await plan(id)).enabled).toBe(true);
  });

  it("staff read the plans in scope with the company, and cannot write (403)", async () => {
    const { id } = await savePlan(a.viewer, a.ctx, input(a, { name: "Seen by staff" }), NOW);
    const viewer = (await actAs(staff))!;
    const list = await listPlans(viewer, 1, NOW);
    expect(list.canManage).toBe(false);
    expect(list.dealer).toBe(false);
    expect(list.rows.some((r) => r.id === id)).toBe(true);
    const res = await savePlanAction({ ...input(a), id });
    expect(res.ok ? null : res.code).toBe("FORBIDDEN");
    await expectDomain(setPlanEnabled(viewer, { userId: staff.id, companyId: null, requestId: null }, { id, enabled: false }), "Wms.errors.dealersOnly", 403);
  });

  it("edits and disables a plan, each with an audit row", async () => {
    const { id } = await savePlan(a.viewer, a.ctx, input(a), NOW);
    await savePlan(a.viewer, a.ctx, { ...input(a, { name: "Renamed", cycle: "QUARTERLY" }), id }, NOW);
    await setPlanEnabled(a.viewer, a.ctx, { id, enabled: false });
    const p = await plan(id);
    expect([p.name, p.cycle, p.enabled]).toEqual(["Renamed", "QUARTERLY", false]);
    const audits = await db().auditLog.findMany({ where: { entity: "StocktakePlan", entityId: String(id) }, orderBy: { id: "asc" }, select: { action: true } });
    expect(audits.map((x) => x.action)).toEqual(["create", "update", "disable"]);
  });
});

describe("GET /api/v1/wms/stocktake-plans", () => {
  it("answers 401 anonymous, the company's plans to its dealer, 422 for a bad page", async () => {
    const { id } = await savePlan(b.viewer, b.ctx, input(b, { name: "B over REST" }), NOW);
    const req = (q = "") => new NextRequest(`http://localhost/customerWeb/api/v1/wms/stocktake-plans${q}`);
    await actAs(null);
    expect((await listRoute(req(), { params: Promise.resolve({}) })).status).toBe(401);
    await actAs({ id: b.userId }, b.companyId);
    const res = await listRoute(req(), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { rows: { id: number }[] };
    expect(body.rows.map((r) => r.id)).toContain(id);
    await actAs({ id: a.userId }, a.companyId);
    const other = (await (await listRoute(req(), { params: Promise.resolve({}) })).json()) as { rows: { id: number }[] };
    expect(other.rows.map((r) => r.id)).not.toContain(id);
    expect((await listRoute(req("?page=abc"), { params: Promise.resolve({}) })).status).toBe(422);
  });
});

describe("runDueStocktakePlans", () => {
  /** A plan written straight to the table, so its day can be in the clock's past. */
  const makePlan = (d: Dealer, nextDate: string, cycle: "WEEKLY" | "MONTHLY" | "QUARTERLY", over: { assigneeId?: number | null; enabled?: boolean } = {}) =>
    db().stocktakePlan.create({
      data: {
        companyId: d.companyId,
        name: `Plan ${nextDate}`,
        warehouseId: d.warehouseId,
        cycle,
        nextDate: dateOf(nextDate),
        scopeLocationIds: [d.locationIds[1]],
        assigneeId: d.userId,
        ...over,
      },
    });

  it("makes one draft stocktake of a due plan, clamps Jan 31 to Feb 28, and tells the assignee", async () => {
    const p = await makePlan(a, "2031-01-31", "MONTHLY");
    const now = new Date("2031-01-31T01:00:00Z"); // 09:00 in Shanghai
    await runDueStocktakePlans(now);
    expect(await stocktakes(p.id)).toEqual([
      { type: "STOCKTAKE", source: "PLAN", status: "DRAFT", warehouseId: a.warehouseId, assigneeId: a.userId, createdById: a.userId, scopeLocationIds: [a.locationIds[1]] },
    ]);
    const after = await plan(p.id);
    expect(dayOf(after.nextDate)).toBe("2031-02-28");
    expect(after.lastRunAt?.toISOString()).toBe(now.toISOString());
    const notes = await db().notification.findMany({ where: { userId: a.userId, event: "stocktakePlan.due" } });
    expect(notes.length).toBeGreaterThanOrEqual(1);
    // Run again the same day: nothing more.
    await runDueStocktakePlans(now);
    expect(await stocktakes(p.id)).toHaveLength(1);
  });

  it("leap years clamp to Feb 29; weekly and quarterly move by their cycle", async () => {
    const leap = await makePlan(a, "2032-01-31", "MONTHLY");
    const weekly = await makePlan(a, "2032-01-31", "WEEKLY");
    const quarterly = await makePlan(a, "2032-01-31", "QUARTERLY");
    await runDueStocktakePlans(new Date("2032-01-31T12:00:00Z"));
    expect(dayOf((await plan(leap.id)).nextDate)).toBe("2032-02-29");
    expect(dayOf((await plan(weekly.id)).nextDate)).toBe("2032-02-07");
    expect(dayOf((await plan(quarterly.id)).nextDate)).toBe("2032-04-30");
  });

  it("skips missed periods in one go and makes only one stocktake", async () => {
    const p = await makePlan(a, "2033-01-01", "WEEKLY");
    await runDueStocktakePlans(new Date("2033-01-20T04:00:00Z"));
    expect(await stocktakes(p.id)).toHaveLength(1);
    expect(dayOf((await plan(p.id)).nextDate)).toBe("2033-01-22");
  });

  it("leaves plans not due and disabled plans alone", async () => {
    const later = await makePlan(a, "2034-02-01", "MONTHLY");
    const off = await makePlan(a, "2034-01-01", "MONTHLY", { enabled: false });
    // 2034-01-31 23:59 in Shanghai: still the 31st there.
    await runDueStocktakePlans(new Date("2034-01-31T15:59:00Z"));
    expect(await stocktakes(later.id)).toHaveLength(0);
    expect(await stocktakes(off.id)).toHaveLength(0);
    expect(dayOf((await plan(later.id)).nextDate)).toBe("2034-02-01");
    expect((await plan(later.id)).lastRunAt).toBeNull();
  });

  it("two runs at once make exactly one stocktake", async () => {
    const p = await makePlan(b, "2035-03-01", "MONTHLY");
    const now = new Date("2035-03-01T03:00:00Z");
    await Promise.all([runDueStocktakePlans(now), runDueStocktakePlans(now)]);
    expect(await stocktakes(p.id)).toHaveLength(1);
    expect(dayOf((await plan(p.id)).nextDate)).toBe("2035-04-01");
  });

  it("without an assignee acts as the company's first user and leaves the stocktake unassigned", async () => {
    const p = await makePlan(b, "2036-05-01", "MONTHLY", { assigneeId: null });
    await runDueStocktakePlans(new Date("2036-05-01T03:00:00Z"));
    const [doc] = await stocktakes(p.id);
    expect(doc.assigneeId).toBeNull();
    const first = await db().userCompany.findFirst({ where: { companyId: b.companyId }, orderBy: { userId: "asc" } });
    expect(doc.createdById).toBe(first!.userId);
  });
});
