import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { actAs, setTestLocale, translator } from "@/lib/test/action-harness";
import { makeCompany, makeGoods, makeOrganization, makeRole, makeStaff, makeUser, nowSeconds, roleId } from "@/lib/test/factories";
import { savePlanAction } from "./actions";
import { monthDate } from "./deadline";
import { runPlanReminders } from "./job";
import { listPlans, parsePlanFilters, planDetail } from "./queries";
import { ZSavePlan, type TSavePlanInput } from "./schemas";
import { adjustPlan, approvePlan, returnPlan, savePlan, submitPlan } from "./service";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Purchase plans against PostgreSQL: every move of the state table allowed and every other
// refused, tenancy (another dealer's plan and a plan outside a staff member's scope are 404),
// an adjustment the dealer sees (requested vs planned, by whom), revisions until the deadline and
// refused after it, validation naming the field in both languages, and the reminder job moved by
// its clock, run twice at once, reminding each company exactly once.

type Actor = { userId: number; viewer: Viewer; ctx: AuditCtx };
type Dealer = Actor & { companyId: number };

/** 2031-03-10 10:00 in Shanghai: next month is 2031-04, whose deadline is the end of 2031-03-25. */
const NOW = new Date("2031-03-10T02:00:00Z");
const LATE = new Date("2031-03-26T02:00:00Z");
const MONTH = "2031-04";

let dealerRole: number;
let org: number;
let a: Dealer;
let b: Dealer;
let staff: Actor;
let outsider: Actor;
let car: number;
let car2: number;

async function actor(userId: number, companyId: number | null): Promise<Actor> {
  const viewer = (await loadViewer(userId, companyId, nowSeconds()))!;
  return { userId, viewer, ctx: { userId, companyId, requestId: null } };
}

async function dealer(organizationId: number): Promise<Dealer> {
  const companyId = (await makeCompany(organizationId)).id;
  const userId = (await makeUser({ userType: "DEALER", companyIds: [companyId], roleIds: [dealerRole] })).id;
  return { ...(await actor(userId, companyId)), companyId };
}

const input = (over: Partial<TSavePlanInput> = {}) =>
  ZSavePlan.parse({
    month: MONTH,
    remark: "Spring push",
    lines: [
      { kind: "VEHICLE", goodsId: car, quantity: 5 },
      { kind: "PARTS", partsCategory: "FILTERS", quantity: 40 },
    ],
    ...over,
  });

async function expectDomain(p: Promise<unknown>, key: string, status?: number) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, key).toBeInstanceOf(DomainError);
  expect((err as DomainError).key).toBe(key);
  if (status) expect((err as DomainError).status).toBe(status);
}

/** A fresh dealer's submitted plan for MONTH. */
async function submitted(): Promise<{ d: Dealer; id: number }> {
  const d = await dealer(org);
  const { id } = await savePlan(d.viewer, d.ctx, input({ submit: true }), NOW);
  return { d, id };
}

beforeAll(async () => {
  dealerRole = await roleId("DEALER");
  org = (await makeOrganization()).id;
  const otherOrg = (await makeOrganization()).id;
  [a, b] = await Promise.all([dealer(org), dealer(otherOrg)]);
  staff = await actor((await makeStaff()).id, null);
  // Sales operations of another organization only (CUSTOM scope): a's plans are outside it.
  const menus = await db().menu.findMany({ where: { key: { in: ["crm.customerPlan", "crm.customerPlan:plan:review"] } }, select: { id: true } });
  const narrow = await makeRole({ dataScope: "CUSTOM", organizationIds: [otherOrg], menuIds: menus.map((m) => m.id) });
  outsider = await actor((await makeStaff({ roleIds: [narrow.id] })).id, null);
  [car, car2] = await Promise.all([makeGoods({ kind: "VEHICLE", onSale: false }).then((g) => g.id), makeGoods({ kind: "VEHICLE" }).then((g) => g.id)]);
});

describe("plan states", () => {
  it("moves DRAFT → SUBMITTED → (adjusted) → APPROVED with history, audit and notices", async () => {
    const { id, planNo, status } = await savePlan(a.viewer, a.ctx, input(), NOW);
    expect(status).toBe("DRAFT");
    expect(planNo).toMatch(/^PP\d{8}\d{6}$/);
    expect((await submitPlan(a.viewer, a.ctx, { id }, NOW)).status).toBe("SUBMITTED");
    const lines = await db().purchasePlanLine.findMany({ where: { planId: id }, orderBy: { id: "asc" } });
    const adjusted = await adjustPlan(staff.viewer, staff.ctx, { id, lines: [{ id: lines[0].id, quantity: 3 }], comment: "Allocation" }, NOW);
    expect(adjusted).toMatchObject({ status: "SUBMITTED", changed: 1 });
    expect((await approvePlan(staff.viewer, staff.ctx, { id, lines: [], comment: "OK" }, NOW)).status).toBe("APPROVED");

    const history = await db().statusEvent.findMany({ where: { entity: "PurchasePlan", entityId: id }, orderBy: { id: "asc" } });
    expect(history.map((h) => `${h.fromStatus}>${h.toStatus}`)).toEqual(["null>DRAFT", "DRAFT>SUBMITTED", "SUBMITTED>SUBMITTED", "SUBMITTED>APPROVED"]);
    const audits = await db().auditLog.findMany({ where: { entity: "PurchasePlan", entityId: String(id) }, orderBy: { id: "asc" } });
    expect(audits.map((x) => x.action)).toEqual(["create", "submit", "adjust", "approve"]);
    const notes = await db().notification.findMany({ where: { link: `crm/customerPlan?id=${id}` }, select: { userId: true, event: true } });
    expect(notes.filter((n) => n.event === "purchasePlan.submitted").map((n) => n.userId)).toContain(staff.userId);
    expect(notes.filter((n) => n.userId === a.userId).map((n) => n.event)).toEqual(expect.arrayContaining(["purchasePlan.adjusted", "purchasePlan.approved"]));
  });

  it("refuses every move outside the table", async () => {
    // A DRAFT cannot be approved, returned or adjusted.
    const d = await dealer(org);
    const { id } = await savePlan(d.viewer, d.ctx, input(), NOW);
    await expectDomain(approvePlan(staff.viewer, staff.ctx, { id, lines: [] }, NOW), "Plans.errors.wrongState", 409);
    await expectDomain(returnPlan(staff.viewer, staff.ctx, { id, comment: "x" }, NOW), "Plans.errors.wrongState", 409);
    await expectDomain(adjustPlan(staff.viewer, staff.ctx, { id, lines: [{ id: 1, quantity: 1 }] }, NOW), "Plans.errors.wrongState", 409);
    // An APPROVED plan is final: no submit, edit, return, adjust or second approval.
    const s = await submitted();
    await approvePlan(staff.viewer, staff.ctx, { id: s.id, lines: [] }, NOW);
    await expectDomain(submitPlan(s.d.viewer, s.d.ctx, { id: s.id }, NOW), "Plans.errors.wrongState", 409);
    await expectDomain(savePlan(s.d.viewer, s.d.ctx, input({ id: s.id }), NOW), "Plans.errors.wrongState", 409);
    await expectDomain(returnPlan(staff.viewer, staff.ctx, { id: s.id, comment: "x" }, NOW), "Plans.errors.wrongState", 409);
    await expectDomain(approvePlan(staff.viewer, staff.ctx, { id: s.id, lines: [] }, NOW), "Plans.errors.wrongState", 409);
    // A SUBMITTED plan is not submitted twice; a RETURNED one is not approved or returned again.
    const r = await submitted();
    await expectDomain(submitPlan(r.d.viewer, r.d.ctx, { id: r.id }, NOW), "Plans.errors.wrongState", 409);
    await returnPlan(staff.viewer, staff.ctx, { id: r.id, comment: "Fewer cars" }, NOW);
    await expectDomain(approvePlan(staff.viewer, staff.ctx, { id: r.id, lines: [] }, NOW), "Plans.errors.wrongState", 409);
    await expectDomain(returnPlan(staff.viewer, staff.ctx, { id: r.id, comment: "again" }, NOW), "Plans.errors.wrongState", 409);
    // Each side only its own moves.
    await expectDomain(approvePlan(r.d.viewer, r.d.ctx, { id: r.id, lines: [] }, NOW), "Plans.errors.staffOnly", 403);
    await expectDomain(savePlan(staff.viewer, staff.ctx, input(), NOW), "Plans.errors.dealersOnly", 403);
  });

  it("returns with a comment; the dealer corrects and submits again, even after the deadline", async () => {
    const { d, id } = await submitted();
    await returnPlan(staff.viewer, staff.ctx, { id, comment: "Fewer cars please" }, NOW);
    const view = await planDetail(d.viewer, id, "en-US", LATE);
    expect(view).toMatchObject({ status: "RETURNED", reviewComment: "Fewer cars please", beforeDeadline: false });
    expect(view!.moves).toEqual(["save", "submit"]);
    await savePlan(d.viewer, d.ctx, input({ id, lines: [{ kind: "VEHICLE", goodsId: car, quantity: 2 }] }), LATE);
    expect((await submitPlan(d.viewer, d.ctx, { id }, LATE)).status).toBe("SUBMITTED");
  });

  it("submits only a plan with a line above 0; one plan per company and month; months ahead only", async () => {
    const d = await dealer(org);
    await expectDomain(savePlan(d.viewer, d.ctx, input({ submit: true, lines: [{ kind: "PARTS", partsCategory: "BRAKES", quantity: 0 }] }), NOW), "Plans.errors.nothingPlanned");
    await savePlan(d.viewer, d.ctx, input(), NOW);
    await expectDomain(savePlan(d.viewer, d.ctx, input(), NOW), "Plans.errors.monthTaken", 409);
    await expectDomain(savePlan(d.viewer, d.ctx, input({ month: "2031-03" }), NOW), "Plans.errors.monthNotOpen");
    await expectDomain(savePlan(d.viewer, d.ctx, input({ month: "2031-08" }), NOW), "Plans.errors.monthNotOpen");
    await expectDomain(savePlan(d.viewer, d.ctx, input({ month: "2031-05", lines: [{ kind: "PARTS", partsCategory: "NOPE", quantity: 1 }] }), NOW), "Plans.errors.categoryUnknown");
    const part = (await makeGoods({ kind: "PART" })).id;
    await expectDomain(savePlan(d.viewer, d.ctx, input({ month: "2031-05", lines: [{ kind: "VEHICLE", goodsId: part, quantity: 1 }] }), NOW), "Plans.errors.goodsUnknown");
  });
});

describe("plan tenancy", () => {
  it("a dealer never sees or acts on another dealer's plan (404); staff outside the scope neither", async () => {
    const { d, id } = await submitted();
    expect(await planDetail(b.viewer, id)).toBeNull();
    expect((await listPlans(b.viewer, parsePlanFilters(new URLSearchParams()))).rows.map((r) => r.id)).not.toContain(id);
    await expectDomain(submitPlan(b.viewer, b.ctx, { id }, NOW), "Errors.notFound", 404);
    await expectDomain(savePlan(b.viewer, b.ctx, input({ id }), NOW), "Errors.notFound", 404);
    expect(await planDetail(outsider.viewer, id)).toBeNull();
    expect((await listPlans(outsider.viewer, parsePlanFilters(new URLSearchParams({ month: MONTH })))).rows.map((r) => r.id)).not.toContain(id);
    await expectDomain(approvePlan(outsider.viewer, outsider.ctx, { id, lines: [] }, NOW), "Errors.notFound", 404);
    await expectDomain(adjustPlan(outsider.viewer, outsider.ctx, { id, lines: [{ id: 1, quantity: 1 }] }, NOW), "Errors.notFound", 404);
    // In scope: the owner and sales operations with scope ALL.
    expect((await planDetail(d.viewer, id))?.id).toBe(id);
    const staffList = await listPlans(staff.viewer, parsePlanFilters(new URLSearchParams({ month: MONTH, status: "SUBMITTED", company: d.viewer.company!.code })));
    expect(staffList.rows.map((r) => r.id)).toEqual([id]);
    expect(staffList.rows[0]).toMatchObject({ lineCount: 2, totalQty: 45, deadline: "2031-03-25" });
  });

  it("the dealer sees the adjusted quantity, what it asked for, and who changed it", async () => {
    const { d, id } = await submitted();
    const before = (await planDetail(d.viewer, id))!;
    const vehicleLine = before.lines.find((l) => l.kind === "VEHICLE")!;
    await approvePlan(staff.viewer, staff.ctx, { id, lines: [{ id: vehicleLine.id, quantity: 4 }], comment: "Allocation" }, NOW);
    const after = (await planDetail(d.viewer, id))!;
    const line = after.lines.find((l) => l.id === vehicleLine.id)!;
    const staffName = (await db().user.findUniqueOrThrow({ where: { id: staff.userId } })).name;
    expect(line).toMatchObject({ requestedQty: 5, quantity: 4, adjustedBy: staffName });
    expect(line.adjustedAt).not.toBeNull();
    expect(after.lines.find((l) => l.kind === "PARTS")).toMatchObject({ requestedQty: 40, quantity: 40, adjustedBy: null, categoryLabel: "Filters" });
    expect(after).toMatchObject({ status: "APPROVED", totalQty: 44, reviewComment: "Allocation" });
  });
});

describe("revisions and the deadline", () => {
  it("revises a submitted plan until the deadline (stays SUBMITTED, history row) and refuses after it", async () => {
    const { d, id } = await submitted();
    expect((await planDetail(d.viewer, id, "en-US", NOW))!.moves).toEqual(["revise"]);
    const revised = await savePlan(d.viewer, d.ctx, input({ id, lines: [{ kind: "VEHICLE", goodsId: car2, quantity: 7 }] }), NOW);
    expect(revised.status).toBe("SUBMITTED");
    const lines = await db().purchasePlanLine.findMany({ where: { planId: id } });
    expect(lines.map((l) => [l.goodsId, l.quantity, l.requestedQty])).toEqual([[car2, 7, 7]]);
    const last = await db().statusEvent.findFirstOrThrow({ where: { entity: "PurchasePlan", entityId: id }, orderBy: { id: "desc" } });
    expect(last).toMatchObject({ fromStatus: "SUBMITTED", toStatus: "SUBMITTED", note: "revised" });
    expect((await planDetail(d.viewer, id, "en-US", LATE))!.moves).toEqual([]);
    await expectDomain(savePlan(d.viewer, d.ctx, input({ id }), LATE), "Plans.errors.pastDeadline", 409);
    // A new plan for a month past its deadline is refused too; a later month is still open.
    const e = await dealer(org);
    await expectDomain(savePlan(e.viewer, e.ctx, input(), LATE), "Plans.errors.pastDeadline", 409);
    expect((await savePlan(e.viewer, e.ctx, input({ month: "2031-05" }), LATE)).status).toBe("DRAFT");
  });
});

describe("plan validation", () => {
  it("names the field in both languages", async () => {
    await actAs({ id: a.userId }, a.companyId);
    for (const locale of ["en-US", "zh-CN"] as const) {
      setTestLocale(locale);
      const t = translator("Validation", locale);
      const tf = translator("Plans.fields", locale);
      const tc = translator("Common", locale);
      const res = await savePlanAction({
        month: "2031-13",
        lines: [
          { kind: "VEHICLE", goodsId: car, quantity: -1 },
          { kind: "VEHICLE", goodsId: car, quantity: 1 },
          { kind: "PARTS", quantity: 1 },
        ],
      });
      expect(res.ok).toBe(false);
      if (res.ok) continue;
      expect(res.code).toBe("VALIDATION");
      expect(res.fieldErrors?.month).toBe(t("pattern", { label: tf("month") }));
      expect(res.fieldErrors?.["lines.0.quantity"]).toBe(t("min", { label: tc("rowField", { label: tf("quantity"), row: 1 }), min: 0 }));
      expect(res.fieldErrors?.["lines.1.goodsId"]).toBe(t("duplicateLine", { label: tc("rowField", { label: tf("goodsId"), row: 2 }) }));
      expect(res.fieldErrors?.["lines.2.partsCategory"]).toBe(t("select", { label: tc("rowField", { label: tf("partsCategory"), row: 3 }) }));
    }
    setTestLocale("en-US");
  });
});

describe("deadline reminders", () => {
  it("reminds each company without a handed-in plan once, from two days before the deadline, also when two runs race", async () => {
    const waiting = await dealer(org);
    const drafted = await dealer(org);
    await savePlan(drafted.viewer, drafted.ctx, input(), NOW);
    const done = await submitted();
    const disabled = await makeCompany(org, "DISABLED");
    await makeUser({ userType: "DEALER", companyIds: [disabled.id], roleIds: [dealerRole] });
    const noticesOf = (companyId: number) => db().notification.count({ where: { companyId, event: "purchasePlan.reminder" } });

    // Too early: 2031-03-22 (the window opens at the start of 2031-03-23).
    expect((await runPlanReminders(new Date("2031-03-22T15:00:00Z"))).month).toBeNull();
    expect(await noticesOf(waiting.companyId)).toBe(0);

    // In the window: two runs at once.
    const at = new Date("2031-03-23T01:00:00Z");
    const [r1, r2] = await Promise.all([runPlanReminders(at), runPlanReminders(at)]);
    expect(r1.month).toBe(MONTH);
    expect(r2.month).toBe(MONTH);
    expect(await noticesOf(waiting.companyId)).toBe(1);
    expect(await noticesOf(drafted.companyId)).toBe(1);
    expect(await noticesOf(done.d.companyId)).toBe(0);
    expect(await noticesOf(disabled.id)).toBe(0);
    const claims = await db().purchasePlanReminder.count({ where: { companyId: { in: [waiting.companyId, drafted.companyId] }, month: monthDate(MONTH) } });
    expect(claims).toBe(2);

    // A later run inside the window sends nothing again; after the deadline nothing runs.
    await runPlanReminders(new Date("2031-03-25T15:59:00Z"));
    expect(await noticesOf(waiting.companyId)).toBe(1);
    expect((await runPlanReminders(LATE)).month).toBeNull();
    const note = await db().notification.findFirstOrThrow({ where: { companyId: waiting.companyId, event: "purchasePlan.reminder" } });
    expect(note).toMatchObject({ userId: waiting.userId, link: `crm/customerPlan?month=${MONTH}` });
    expect(note.content).toContain("2031-03-25");
  });
});
