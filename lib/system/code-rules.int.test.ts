import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { exportResource, loadList } from "@/lib/admin/resource";
import type { Viewer } from "@/lib/auth/viewer";
import { nextCode, periodOf } from "@/lib/codes/next-code";
import { db } from "@/lib/db";
import { actAs, translator } from "@/lib/test/action-harness";
import { makeRole, makeUser, uid } from "@/lib/test/factories";
import { seedCodeRules } from "@/prisma/seed/code-rules";
import { deleteCodeRulesAction, saveCodeRuleAction } from "./code-rule-actions";
import { codeRuleResource, type CodeRuleRow } from "./code-rules";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

const P = uid("CR").toUpperCase(); // this run's rule codes start with it
const errors = () => translator("CodeRuleAdmin.errors");
const base = { nameEn: "Test rule", nameZh: "测试规则", prefix: "TR", datePattern: "yyyyMMdd", seqLength: 6, reset: "DAILY", enabled: true };
let admin: Viewer;
let adminUser: { id: number };
let staff: { id: number };

const list = (qs: string, viewer: Viewer = admin) => loadList(codeRuleResource, viewer, new URLSearchParams(qs));
const row = async (code: string): Promise<CodeRuleRow> => (await list(`keyword=${code}`)).rows.find((r) => r.code === code)!;
const ruleId = async (code: string) => (await db().codeRule.findUniqueOrThrow({ where: { code } })).id;

beforeAll(async () => {
  await seedCodeRules();
  adminUser = await makeUser({ userType: "ADMIN" });
  admin = (await actAs(adminUser))!;
  staff = await makeUser({ userType: "STAFF", roleIds: [(await makeRole({ dataScope: "ALL" })).id] });
});

describe("numbering rules list (system/codeRule)", () => {
  it("lists the seeded system rules with the current period, value and next number", async () => {
    const all = await list("pageSize=100");
    expect(
      all.rows
        .filter((r) => r.system)
        .map((r) => r.code)
        .sort(),
    ).toEqual(["CP", "MB", "PO", "PP", "RB", "SO", "SR", "WD", "WE", "WM", "WS", "WT"]);
    expect(all.can).toEqual({ create: true, update: true, delete: true, export: true, import: false });

    const before = await row("SO");
    expect(before).toMatchObject({ prefix: "SO", datePattern: "yyyyMMdd", seqLength: 6, reset: "DAILY", period: periodOf("DAILY", new Date()) });
    expect(before.preview).toBe(`SO${before.period}${String(before.value + 1).padStart(6, "0")}`);
    const issued = await nextCode("SO");
    expect(issued).toBe(before.preview);
    const after = await row("SO");
    expect(after.value).toBe(before.value + 1);
    expect(after.preview).toBe(`SO${after.period}${String(before.value + 2).padStart(6, "0")}`);
  });

  it("searches by code, prefix or name, filters by reset and sorts by code", async () => {
    await actAs(adminUser);
    for (const [i, reset] of (["DAILY", "MONTHLY", "NEVER"] as const).entries()) {
      expect(await saveCodeRuleAction({ ...base, code: `${P}${i}`, nameEn: `Search ${P} ${i}`, reset, datePattern: reset === "MONTHLY" ? "yyyyMM" : "yyyyMMdd" })).toMatchObject({
        ok: true,
      });
    }
    expect((await list(`keyword=${P.toLowerCase()}`)).rows.map((r) => r.code)).toEqual([`${P}0`, `${P}1`, `${P}2`]);
    expect((await list(`keyword=${P}&sort=code&order=desc`)).rows.map((r) => r.code)).toEqual([`${P}2`, `${P}1`, `${P}0`]);
    expect((await list(`keyword=${P}&reset=MONTHLY`)).rows.map((r) => r.code)).toEqual([`${P}1`]);
    expect((await list(`keyword=Search ${P}`)).total).toBe(3);
    expect((await list("keyword=测试规则")).total).toBeGreaterThanOrEqual(3);
  });

  it("is refused to staff whose roles do not grant the screen", async () => {
    const viewer = (await actAs(staff))!;
    await expect(list("", viewer)).rejects.toThrow("FORBIDDEN");
    expect(await saveCodeRuleAction({ ...base, code: `${P}X` })).toEqual({ ok: false, code: "FORBIDDEN", message: translator("Common")("forbidden") });
    expect(await exportResource(codeRuleResource, viewer, new URLSearchParams(), "test")).toMatchObject({ status: 403 });
  });
});

describe("numbering rules writes", () => {
  it("creates and edits with audit rows; the date must hold the reset period", async () => {
    await actAs(adminUser);
    const code = `${P}E`;
    expect(await saveCodeRuleAction({ ...base, code, datePattern: "yyyyMM" })).toMatchObject({ ok: false, fieldErrors: { datePattern: errors()("patternTooShort") } });
    expect(await saveCodeRuleAction({ ...base, code, seqLength: 12 })).toMatchObject({ ok: false, fieldErrors: { seqLength: "Sequence digits must be at most 9" } });
    expect(await saveCodeRuleAction({ ...base, code })).toMatchObject({ ok: true });
    expect(await saveCodeRuleAction({ ...base, code: code.toLowerCase() })).toMatchObject({
      ok: false,
      fieldErrors: { code: errors()("codeTaken", { code: code.toLowerCase() }) },
    });
    const id = await ruleId(code);
    expect(await db().auditLog.findFirst({ where: { entity: "CodeRule", entityId: String(id) } })).toMatchObject({
      action: "create",
      userId: admin.userId,
      after: { code, prefix: "TR" },
    });

    // Numbers handed out: prefix, pattern and length may change, the reset may not.
    expect(await nextCode(code)).toMatch(/^TR\d{8}000001$/);
    expect(await saveCodeRuleAction({ ...base, id, code, reset: "NEVER" })).toMatchObject({ ok: false, fieldErrors: { reset: errors()("resetLocked") } });
    expect(await saveCodeRuleAction({ ...base, id, code, prefix: "NEW", seqLength: 4 })).toMatchObject({ ok: true });
    expect(await nextCode(code)).toMatch(/^NEW\d{8}0002$/);
    expect(await db().auditLog.findFirst({ where: { entity: "CodeRule", entityId: String(id), action: "update" } })).toMatchObject({
      before: { prefix: "TR", seqLength: 6 },
      after: { prefix: "NEW", seqLength: 4 },
    });

    const so = await db().codeRule.findUniqueOrThrow({ where: { code: "SO" } });
    expect(await saveCodeRuleAction({ ...base, id: so.id, code: "SO1", reset: so.reset })).toMatchObject({
      ok: false,
      fieldErrors: { code: errors()("systemCode", { code: "SO" }) },
    });
    expect(
      await saveCodeRuleAction({
        id: so.id,
        code: "SO",
        nameEn: so.nameEn,
        nameZh: so.nameZh,
        prefix: so.prefix,
        datePattern: so.datePattern,
        seqLength: so.seqLength,
        reset: so.reset,
        enabled: so.enabled,
      }),
    ).toMatchObject({ ok: true });
  });

  it("refuses to delete a system rule; deletes other rules with their counters, all or none", async () => {
    await actAs(adminUser);
    const so = await ruleId("SO");
    const mine = await ruleId(`${P}E`);
    expect(await deleteCodeRulesAction({ ids: [mine, so] })).toEqual({ ok: false, code: "BAD_REQUEST", message: errors()("system", { code: "SO" }) });
    expect(await db().codeRule.count({ where: { id: mine } })).toBe(1);
    expect(await db().codeCounter.count({ where: { ruleId: mine } })).toBe(1);
    expect(await deleteCodeRulesAction({ ids: [mine] })).toEqual({ ok: true, data: { deleted: 1 } });
    expect(await db().codeCounter.count({ where: { ruleId: mine } })).toBe(0);
    expect(await db().auditLog.findFirst({ where: { entity: "CodeRule", entityId: String(mine), action: "delete" } })).toMatchObject({ before: { code: `${P}E` } });
  });

  it("exports the listed rules with their next numbers, in the viewer's language", async () => {
    await actAs(adminUser);
    const res = await exportResource(codeRuleResource, admin, new URLSearchParams(`keyword=${P}&reset=MONTHLY`), "test");
    if (!("stream" in res)) throw new Error(`export answered ${res.status}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(await Readable.fromWeb(res.stream as never).toArray()) as never);
    const sheet = wb.worksheets[0];
    expect(sheet.name).toBe("Numbering Rules");
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      "Code",
      "Name (English)",
      "Name (Chinese)",
      "Prefix",
      "Date pattern",
      "Sequence digits",
      "Restart",
      "Enabled",
      "Current period",
      "Current value",
      "Next number",
    ]);
    const period = periodOf("MONTHLY", new Date());
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      `${P}1`,
      `Search ${P} 1`,
      "测试规则",
      "TR",
      "yyyyMM (month)",
      6,
      "Monthly",
      "Yes",
      period,
      0,
      `TR${period}000001`,
    ]);
    expect(sheet.rowCount).toBe(2);
  });
});
