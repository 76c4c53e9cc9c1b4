import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { exportResource, loadList } from "@/lib/admin/resource";
import { db } from "@/lib/db";
import { actAs, setTestLocale, translator } from "@/lib/test/action-harness";
import { makeCompany, makeMenu, makeOrganization, makeRole, makeUser, uid } from "@/lib/test/factories";
import * as A from "./variable-actions";
import { loadVariableAdmin, variableDefaultResource, variableResource } from "./variable-admin";
import { VARIABLES } from "./variable-registry";
import { invalidateVariables, variable } from "./variables";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// System variables (issue 4): typed platform values with a reset to the coded default, per-company
// overrides confined to the viewer's data scope, audit rows, the cache, and the export.

const WARRANTY = "vehicle.warrantyMonths";
let admin: { id: number };
let staff: { id: number };
let plainStaff: { id: number };
let inside: { id: number; code: string };
let outside: { id: number; code: string };
const extraKeys: string[] = [];

async function readBack(stream: ReadableStream<Uint8Array> | Buffer): Promise<string[][]> {
  const buf = Buffer.isBuffer(stream) ? stream : Buffer.from(await new Response(stream).arrayBuffer());
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
  return out;
}

/** A variable the code does not define (rows of any type can exist in the table). */
async function extraVariable(type: "TEXT" | "BOOLEAN" | "JSON" | "NUMBER", value: string) {
  const key = `test.${uid("v")}`;
  extraKeys.push(key);
  await db().systemVariableDefault.create({ data: { key, type, value, descriptionEn: key, descriptionZh: key } });
  return key;
}

const lastAudit = (entity: string, entityId: string | number) => db().auditLog.findFirst({ where: { entity, entityId: String(entityId) }, orderBy: { id: "desc" } });

beforeAll(async () => {
  setTestLocale("en-US");
  const hq = await makeOrganization();
  const [east, north] = [await makeOrganization(hq.id, "REGION"), await makeOrganization(hq.id, "REGION")];
  inside = await makeCompany(east.id);
  outside = await makeCompany(north.id);
  // A regional manager: the override screen and its buttons, data scope = the east region.
  const menus = await Promise.all([
    makeMenu({ path: "system/systemVariable" }),
    ...["variable:override", "variable:deleteOverride", "variable:export"].map((permission) => makeMenu({ type: "BUTTON", permission })),
  ]);
  const role = await makeRole({ dataScope: "ORG", menuIds: menus.map((m) => m.id) });
  staff = await makeUser({ userType: "STAFF", organizationId: east.id, roleIds: [role.id] });
  plainStaff = await makeUser({ userType: "STAFF", roleIds: [(await makeRole({ dataScope: "ALL" })).id] });
  admin = await makeUser({ userType: "ADMIN" });
  await actAs(admin);
  await A.resetVariableDefaultAction({ key: WARRANTY });
});

afterAll(async () => {
  await db().systemVariableDefault.deleteMany({ where: { key: { in: extraKeys } } });
  await db().systemVariable.deleteMany({ where: { companyId: { in: [inside.id, outside.id] } } });
  await actAs(admin);
  await A.resetVariableDefaultAction({ key: WARRANTY });
  setTestLocale("en-US");
});

describe("typed values", () => {
  it("refuses values outside the variable's type and rules, naming the field, in both languages", async () => {
    await actAs(admin);
    const save = (id: string, type: string, value: unknown) => A.saveVariableDefaultAction({ id, type, value });
    const text = await extraVariable("TEXT", "hello");
    const flag = await extraVariable("BOOLEAN", "true");
    const json = await extraVariable("JSON", "[1,2]");
    const cases: [string, string, unknown, string][] = [
      ["sms.resendSeconds", "NUMBER", 5, "Value must be at least 10"],
      ["sms.resendSeconds", "NUMBER", 4000, "Value must be at most 3600"],
      ["sms.resendSeconds", "NUMBER", 30.5, "Value must be a whole number"],
      ["sms.resendSeconds", "NUMBER", "abc", "Value must be a number"],
      ["sms.resendSeconds", "NUMBER", "Infinity", "Value must be a number"],
      ["sms.resendSeconds", "NUMBER", null, "Please enter Value"],
      [flag, "BOOLEAN", "maybe", "Please select Value"],
      [text, "TEXT", "x".repeat(2001), "Value must be at most 2000 characters"],
      [json, "JSON", "{not json", "Value is not in a valid format"],
      ["notify.quietHours", "JSON", '{"from":"25:00","to":"08:00"}', "Value is not in a valid format"],
      ["notify.quietHours", "JSON", '{"from":"22:00"}', "Value is not in a valid format"],
    ];
    for (const [key, type, value, message] of cases) {
      const before = await db().systemVariableDefault.findUniqueOrThrow({ where: { key } });
      expect(await save(key, type, value), `${key} = ${String(value)}`).toMatchObject({ ok: false, fieldErrors: { value: message } });
      expect(await db().systemVariableDefault.findUniqueOrThrow({ where: { key } })).toEqual(before);
    }
    setTestLocale("zh-CN");
    try {
      expect(await save("sms.resendSeconds", "NUMBER", 5)).toMatchObject({ ok: false, fieldErrors: { value: "取值不能小于 10" } });
    } finally {
      setTestLocale("en-US");
    }
  });

  it("stores each type in its text form, and refuses a type the variable no longer has", async () => {
    await actAs(admin);
    const flag = await extraVariable("BOOLEAN", "true");
    const json = await extraVariable("JSON", "{}");
    expect(await A.saveVariableDefaultAction({ id: flag, type: "BOOLEAN", value: false })).toMatchObject({ ok: true });
    expect(await A.saveVariableDefaultAction({ id: json, type: "JSON", value: '{ "a": [1, 2] }' })).toMatchObject({ ok: true });
    expect((await db().systemVariableDefault.findUniqueOrThrow({ where: { key: flag } })).value).toBe("false");
    expect((await db().systemVariableDefault.findUniqueOrThrow({ where: { key: json } })).value).toBe('{"a":[1,2]}');
    expect(await A.saveVariableDefaultAction({ id: flag, type: "NUMBER", value: 3 })).toMatchObject({
      ok: false,
      fieldErrors: { value: translator("VariableDefaultAdmin.errors")("typeChanged") },
    });
    expect(await A.saveVariableDefaultAction({ id: "no.such.key", type: "NUMBER", value: 3 })).toMatchObject({ ok: false, message: translator("Errors")("notFound") });
  });
});

describe("values, overrides and the cache", () => {
  it("a company's value wins over the platform value; every change is seen at once on this instance", async () => {
    await actAs(admin);
    expect(await variable(WARRANTY, inside.id)).toBe(36);
    expect(await A.saveVariableDefaultAction({ id: WARRANTY, type: "NUMBER", value: 24 })).toMatchObject({ ok: true });
    expect(await variable(WARRANTY, inside.id)).toBe(24);
    const created = await A.saveVariableAction({ key: WARRANTY, companyId: inside.id, type: "NUMBER", value: 48 });
    expect(created).toMatchObject({ ok: true });
    expect(await variable(WARRANTY, inside.id)).toBe(48);
    expect(await variable(WARRANTY, outside.id)).toBe(24);
    expect(await variable(WARRANTY)).toBe(24);
    const id = created.ok ? created.data.id : 0;
    expect(await A.saveVariableAction({ id, key: WARRANTY, companyId: inside.id, type: "NUMBER", value: 60 })).toMatchObject({ ok: true });
    expect(await variable(WARRANTY, inside.id)).toBe(60);
    expect(await A.deleteVariablesAction({ ids: [id] })).toMatchObject({ ok: true, data: { deleted: 1 } });
    expect(await variable(WARRANTY, inside.id)).toBe(24);
    expect(await A.resetVariableDefaultAction({ key: WARRANTY })).toMatchObject({ ok: true });
    expect(await variable(WARRANTY, inside.id)).toBe(Number(VARIABLES[WARRANTY].value));
  });

  it("is cached for 30 s: a change made elsewhere (another instance) shows once the cache is cleared", async () => {
    expect(await variable("news.pageSize")).toBe(10);
    await db().systemVariableDefault.update({ where: { key: "news.pageSize" }, data: { value: "25" } });
    try {
      expect(await variable("news.pageSize")).toBe(10);
      invalidateVariables();
      expect(await variable("news.pageSize")).toBe(25);
    } finally {
      await db().systemVariableDefault.update({ where: { key: "news.pageSize" }, data: { value: "10" } });
      invalidateVariables();
    }
  });

  it("reads JSON and boolean variables typed", async () => {
    expect(await variable("notify.quietHours")).toEqual({ from: "22:00", to: "08:00" });
    expect(await variable("notify.orderSms", inside.id)).toBe(false);
  });

  it("keeps one value per company and variable, and none for variables read before a company is chosen", async () => {
    await actAs(admin);
    expect(await A.saveVariableAction({ key: "news.pageSize", companyId: inside.id, type: "NUMBER", value: 20 })).toMatchObject({ ok: true });
    expect(await A.saveVariableAction({ key: "news.pageSize", companyId: inside.id, type: "NUMBER", value: 30 })).toMatchObject({
      ok: false,
      fieldErrors: { companyId: translator("VariableAdmin.errors")("exists", { key: "news.pageSize", company: inside.code }) },
    });
    expect(await A.saveVariableAction({ key: "sms.resendSeconds", companyId: inside.id, type: "NUMBER", value: 30 })).toMatchObject({
      ok: false,
      fieldErrors: { key: translator("VariableAdmin.errors")("platformOnly", { key: "sms.resendSeconds" }) },
    });
    expect(await A.saveVariableAction({ key: "news.pageSize", companyId: outside.id, type: "NUMBER", value: 0 })).toMatchObject({
      ok: false,
      fieldErrors: { value: "Company value must be at least 1" },
    });
    expect(await A.saveVariableAction({ key: "no.such.key", companyId: outside.id, type: "NUMBER", value: 1 })).toMatchObject({
      ok: false,
      fieldErrors: { key: translator("VariableAdmin.errors")("unknownKey", { key: "no.such.key" }) },
    });
  });
});

describe("scope and permissions", () => {
  it("a staff viewer sees and changes only the companies of their scope; others answer not found", async () => {
    await actAs(admin);
    const theirs = await A.saveVariableAction({ key: "vehicle.returnWindowDays", companyId: outside.id, type: "NUMBER", value: 14 });
    if (!theirs.ok) throw new Error(theirs.message);
    const viewer = (await actAs(staff))!;
    const notFound = { ok: false, message: translator("Errors")("notFound") };
    expect(await A.saveVariableAction({ key: "vehicle.returnWindowDays", companyId: outside.id, type: "NUMBER", value: 3 })).toMatchObject(notFound);
    expect(await A.saveVariableAction({ id: theirs.data.id, key: "vehicle.returnWindowDays", companyId: inside.id, type: "NUMBER", value: 3 })).toMatchObject(notFound);
    expect(await A.deleteVariablesAction({ ids: [theirs.data.id] })).toMatchObject(notFound);
    expect((await db().systemVariable.findUniqueOrThrow({ where: { id: theirs.data.id } })).value).toBe("14");

    const mine = await A.saveVariableAction({ key: "vehicle.returnWindowDays", companyId: inside.id, type: "NUMBER", value: 10 });
    expect(mine).toMatchObject({ ok: true });
    const page = await loadVariableAdmin(viewer, new URLSearchParams({ key: "vehicle.returnWindowDays" }));
    expect(page.list.rows.map((r) => r.companyCode)).toEqual([inside.code]);
    expect(page.list.can).toMatchObject({ create: true, update: true, delete: true, export: true });
    expect(page.companies.map((c) => c.id)).toContain(inside.id);
    expect(page.companies.map((c) => c.id)).not.toContain(outside.id);
    expect(page.variables.map((v) => v.key)).not.toContain("sms.resendSeconds");

    const a = await exportResource(variableResource, viewer, new URLSearchParams({ key: "vehicle.returnWindowDays" }), null);
    if (!("stream" in a)) throw new Error(`status ${a.status}`);
    const rows = await readBack(a.stream);
    expect(rows[0]).toEqual(["Company code", "Company", "Variable", "Description", "Type", "Company value", "Platform value", "Last changed"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([inside.code]);
  });

  it("refuses staff without the screens and their buttons", async () => {
    const viewer = (await actAs(plainStaff))!;
    const forbidden = { ok: false, message: translator("Common")("forbidden") };
    expect(await A.saveVariableDefaultAction({ id: WARRANTY, type: "NUMBER", value: 12 })).toMatchObject(forbidden);
    expect(await A.resetVariableDefaultAction({ key: WARRANTY })).toMatchObject(forbidden);
    expect(await A.saveVariableAction({ key: WARRANTY, companyId: inside.id, type: "NUMBER", value: 12 })).toMatchObject(forbidden);
    await expect(loadList(variableDefaultResource, viewer, new URLSearchParams())).rejects.toThrow();
    await expect(loadVariableAdmin(viewer, new URLSearchParams())).rejects.toThrow();
    expect(await exportResource(variableDefaultResource, viewer, new URLSearchParams(), null)).toMatchObject({ status: 403 });
  });
});

describe("audit and export of the platform values", () => {
  it("writes an audit row with before and after for edits, resets and company values", async () => {
    const me = (await actAs(admin))!;
    expect(await A.saveVariableDefaultAction({ id: WARRANTY, type: "NUMBER", value: 30 })).toMatchObject({ ok: true });
    expect(await lastAudit("SystemVariableDefault", WARRANTY)).toMatchObject({
      userId: me.userId,
      action: "update",
      before: { value: "36" },
      after: { value: "30" },
      requestId: "test-request",
    });
    expect(await A.resetVariableDefaultAction({ key: WARRANTY })).toMatchObject({ ok: true });
    expect(await lastAudit("SystemVariableDefault", WARRANTY)).toMatchObject({ action: "reset", before: { value: "30" }, after: { value: "36" } });
    const created = await A.saveVariableAction({ key: "notify.orderSms", companyId: inside.id, type: "BOOLEAN", value: true });
    if (!created.ok) throw new Error(created.message);
    expect(await lastAudit("SystemVariable", created.data.id)).toMatchObject({ action: "create", after: { key: "notify.orderSms", companyId: inside.id, value: "true" } });
    expect(await A.deleteVariablesAction({ ids: [created.data.id] })).toMatchObject({ ok: true });
    expect(await lastAudit("SystemVariable", created.data.id)).toMatchObject({ action: "delete", before: { value: "true" } });
  });

  it("lists with the override count and exports the filtered rows with translated headers", async () => {
    const viewer = (await actAs(admin))!;
    await A.saveVariableAction({ key: "download.maxVerifyAttemptsPerHour", companyId: inside.id, type: "NUMBER", value: 3 });
    const list = await loadList(variableDefaultResource, viewer, new URLSearchParams({ keyword: "download." }));
    expect(list.rows).toEqual([expect.objectContaining({ key: "download.maxVerifyAttemptsPerHour", value: "10", codedDefault: "10", overrides: 1 })]);
    expect(list.can).toMatchObject({ create: false, update: true, delete: false, export: true });
    const a = await exportResource(variableDefaultResource, viewer, new URLSearchParams({ keyword: "sms.", type: "NUMBER" }), null);
    if (!("stream" in a)) throw new Error(`status ${a.status}`);
    const rows = await readBack(a.stream);
    expect(rows[0]).toEqual(["Key", "Description", "Type", "Value", "Coded default", "Company values", "Last changed"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(
      Object.keys(VARIABLES)
        .filter((k) => k.startsWith("sms."))
        .sort(),
    );
  });
});
