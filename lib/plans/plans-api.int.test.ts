import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/api/v1/plans/route";
import { GET as detailRoute, PUT as saveRoute } from "@/app/api/v1/plans/[id]/route";
import { POST as adjustRoute } from "@/app/api/v1/plans/[id]/adjust/route";
import { POST as approveRoute } from "@/app/api/v1/plans/[id]/approve/route";
import { POST as returnRoute } from "@/app/api/v1/plans/[id]/return/route";
import { POST as submitRoute } from "@/app/api/v1/plans/[id]/submit/route";
import { db } from "@/lib/db";
import { actAs, setTestLocale, translator } from "@/lib/test/action-harness";
import { makeCompany, makeGoods, makeOrganization, makeStaff, makeUser, roleId } from "@/lib/test/factories";
import { addMonths, shanghaiMonth } from "./deadline";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Purchase plans over REST (app/api/v1/plans…) against PostgreSQL: a dealer creates (201,
// Location), edits and submits its plan; sales operations adjust a line and approve; the dealer
// reads the adjusted quantity beside the requested one and who changed it; a dealer approving is
// 403; another dealer's plan is 404 on every read and write; validation is 422 naming the field
// (a line's field with its line number) in both languages; a return needs its comment.

type Handler = (req: NextRequest, route?: { params?: Promise<Record<string, string>> }) => Promise<Response>;
type Json = Record<string, unknown>;
type Plan = {
  id: number;
  planNo: string;
  status: string;
  month: string;
  moves: string[];
  lines: { id: number; kind: string; requestedQty: number; quantity: number; adjustedBy: string | null; partsCategory: string | null }[];
  history: { from: string | null; to: string }[];
};

const BASE = "http://localhost/customerWeb/api/v1/plans";
const GETS: Handler[] = [listRoute, detailRoute];

async function call(handler: Handler, path: string, opts: { id?: number; body?: unknown; method?: string } = {}) {
  const method = opts.method ?? (GETS.includes(handler) ? "GET" : handler === saveRoute ? "PUT" : "POST");
  const init: { method: string; headers: Record<string, string>; body?: string } = { method, headers: {} };
  if (opts.body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(opts.body);
  }
  const res = await handler(new NextRequest(`${BASE}${path}`, init), { params: Promise.resolve<Record<string, string>>(opts.id === undefined ? {} : { id: String(opts.id) }) });
  return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
}

// Two months ahead: always plannable and before its deadline (day ≤ 28 of next month), whatever today is.
const MONTH = addMonths(shanghaiMonth(new Date()), 2);

let dealerRole: number;
let a: { userId: number; companyId: number };
let b: { userId: number; companyId: number };
let staff: { id: number; name: string };
let car: number;

async function dealer(organizationId: number) {
  const companyId = (await makeCompany(organizationId)).id;
  const userId = (await makeUser({ userType: "DEALER", companyIds: [companyId], roleIds: [dealerRole] })).id;
  return { userId, companyId };
}

const asA = () => actAs({ id: a.userId }, a.companyId);
const asB = () => actAs({ id: b.userId }, b.companyId);
const asStaff = () => actAs({ id: staff.id });

const lines = (vehicles = 5) => [
  { kind: "VEHICLE", goodsId: car, quantity: vehicles, remark: "Spring" },
  { kind: "PARTS", partsCategory: "FILTERS", quantity: 40 },
];

async function detail(id: number): Promise<Plan> {
  const r = await call(detailRoute, `/${id}`, { id });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as Plan;
}

beforeAll(async () => {
  dealerRole = await roleId("DEALER");
  const org = (await makeOrganization()).id;
  [a, b] = await Promise.all([dealer(org), dealer(org)]);
  const s = await makeStaff({ roleIds: [await roleId("SALES_OPS")] });
  staff = { id: s.id, name: s.name };
  car = (await makeGoods({ kind: "VEHICLE" })).id;
});

describe("purchase plans over REST", () => {
  it("dealer creates, edits and submits; staff adjust and approve; the dealer sees the change and who made it", async () => {
    await asA();
    const made = await call(createRoute, "", { body: { month: MONTH, remark: "Q1", lines: lines(5) } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as number;
    expect(made.body).toMatchObject({ status: "DRAFT", planNo: expect.stringMatching(/^PP/) });
    expect(made.headers.get("location")).toBe(`/customerWeb/api/v1/plans/${id}`);

    // A second plan for the same month: 409 naming the month.
    const twice = await call(createRoute, "", { body: { month: MONTH, lines: lines(1) } });
    expect([twice.status, twice.body.code]).toEqual([409, "CONFLICT"]);

    const saved = await call(saveRoute, `/${id}`, { id, body: { month: MONTH, remark: "Q1 revised", lines: lines(6) } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ id, planNo: made.body.planNo, status: "DRAFT" });
    expect((await detail(id)).moves).toEqual(["save", "submit"]);

    const sub = await call(submitRoute, `/${id}/submit`, { id });
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    expect(sub.body.status).toBe("SUBMITTED");

    // The dealer's list, filtered by month and status.
    const list = await call(listRoute, `?month=${MONTH}&status=SUBMITTED`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const rows = list.body.rows as { id: number; lineCount: number; totalQty: number }[];
    expect(rows.map((r) => [r.id, r.lineCount, r.totalQty])).toEqual([[id, 2, 46]]);
    expect(list.body.staff).toBe(false);

    // A dealer cannot review: 403 on approve, return and adjust.
    const vehicleLine = (await detail(id)).lines.find((l) => l.kind === "VEHICLE")!;
    for (const [route, body] of [
      [approveRoute, {}],
      [returnRoute, { comment: "no" }],
      [adjustRoute, { lines: [{ id: vehicleLine.id, quantity: 1 }] }],
    ] as const) {
      const r = await call(route, `/${id}/x`, { id, body });
      expect([r.status, r.body.code]).toEqual([403, "FORBIDDEN"]);
    }

    await asStaff();
    const staffList = await call(listRoute, `?month=${MONTH}&company=${encodeURIComponent(String((await db().company.findUniqueOrThrow({ where: { id: a.companyId } })).code))}`);
    expect((staffList.body.rows as { id: number }[]).map((r) => r.id)).toEqual([id]);
    expect((await detail(id)).moves).toEqual(["approve", "return", "adjust"]);
    const adjusted = await call(adjustRoute, `/${id}/adjust`, { id, body: { lines: [{ id: vehicleLine.id, quantity: 4 }], comment: "Allocation" } });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    expect(adjusted.body).toEqual({ id, planNo: made.body.planNo, status: "SUBMITTED", changed: 1 });
    const approved = await call(approveRoute, `/${id}/approve`, { id, body: { comment: "Target set" } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: "APPROVED", changed: 0 });
    // Approved is final: a second approval is the state table's 409.
    const again = await call(approveRoute, `/${id}/approve`, { id, body: {} });
    expect([again.status, again.body.code]).toEqual([409, "CONFLICT"]);

    await asA();
    const plan = await detail(id);
    expect(plan.status).toBe("APPROVED");
    expect(plan.moves).toEqual([]);
    const v = plan.lines.find((l) => l.kind === "VEHICLE")!;
    expect([v.requestedQty, v.quantity, v.adjustedBy]).toEqual([6, 4, staff.name]);
    const p = plan.lines.find((l) => l.kind === "PARTS")!;
    expect([p.partsCategory, p.requestedQty, p.quantity, p.adjustedBy]).toEqual(["FILTERS", 40, 40, null]);
    expect(plan.history.map((h) => `${h.from}>${h.to}`)).toEqual(["null>DRAFT", "DRAFT>SUBMITTED", "SUBMITTED>SUBMITTED", "SUBMITTED>APPROVED"]);
  });

  it("another dealer's plan is 404 on read and on every write, and missing from its list", async () => {
    await asA();
    const made = await call(createRoute, "", { body: { month: addMonths(MONTH, 1), lines: lines(2) } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as number;

    await asB();
    expect((await call(detailRoute, `/${id}`, { id })).status).toBe(404);
    expect((await call(saveRoute, `/${id}`, { id, body: { month: addMonths(MONTH, 1), lines: lines(1) } })).status).toBe(404);
    expect((await call(submitRoute, `/${id}/submit`, { id })).status).toBe(404);
    const list = await call(listRoute, "");
    expect((list.body.rows as { id: number }[]).map((r) => r.id)).not.toContain(id);
    // Untouched.
    expect((await db().purchasePlan.findUniqueOrThrow({ where: { id } })).status).toBe("DRAFT");
    // A path id that is not a number is 404 too.
    expect((await call(detailRoute, "/abc", { method: "GET", id: "abc" as unknown as number })).status).toBe(404);
  });

  it("answers 422 naming the field, a line's field with its line number, in both languages", async () => {
    await asB();
    for (const locale of ["en-US", "zh-CN"] as const) {
      setTestLocale(locale);
      const t = translator("Validation", locale);
      const tf = translator("Plans.fields", locale);
      const tc = translator("Common", locale);
      const r = await call(createRoute, "", {
        body: {
          month: MONTH,
          lines: [
            { kind: "VEHICLE", goodsId: car, quantity: 1 },
            { kind: "PARTS", partsCategory: "FILTERS", quantity: -1 },
          ],
        },
      });
      expect([r.status, r.body.code]).toEqual([422, "VALIDATION"]);
      const fields = r.body.fieldErrors as Record<string, string>;
      expect(fields["lines.1.quantity"]).toBe(t("min", { label: tc("rowField", { label: tf("quantity"), row: 2 }), min: 0 }));
      // A bad month from the query of the list, too.
      const q = await call(listRoute, "?month=2031-13");
      expect([q.status, Object.keys((q.body.fieldErrors as Json) ?? {})]).toEqual([422, ["month"]]);
    }
    setTestLocale("en-US");
    expect(await db().purchasePlan.count({ where: { companyId: b.companyId } })).toBe(0);
  });

  it("returns with a required comment; the dealer corrects and submits again", async () => {
    await asB();
    const made = await call(createRoute, "", { body: { month: MONTH, lines: lines(3), submit: true } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.status).toBe("SUBMITTED");
    const id = made.body.id as number;

    await asStaff();
    const blank = await call(returnRoute, `/${id}/return`, { id, body: { comment: " " } });
    expect([blank.status, Object.keys(blank.body.fieldErrors as Json)]).toEqual([422, ["comment"]]);
    const back = await call(returnRoute, `/${id}/return`, { id, body: { comment: "Fewer cars" } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.status).toBe("RETURNED");

    await asB();
    expect((await detail(id)).moves).toEqual(["save", "submit"]);
    const fixed = await call(saveRoute, `/${id}`, { id, body: { month: MONTH, lines: lines(2), submit: true } });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.status).toBe("SUBMITTED");
  });
});
