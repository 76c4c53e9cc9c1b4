import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import type { Viewer } from "@/lib/auth/viewer";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeUser, uid } from "@/lib/test/factories";
import { deleteOrgSourcesAction, saveOrgSourceAction } from "@/lib/system/org-source-actions";
import { orgSourceResource } from "@/lib/system/org-source";
import { exportResource, importResource, importTemplate, loadList } from "./resource";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// The shared admin-screen pattern, exercised through the dealer-type screen: list, export,
// import and the generated actions behave the same for every resource built on it.

let admin: Viewer;
let staff: Viewer;
const P = uid("Q").toUpperCase(); // this run's code prefix keeps its rows apart

async function workbook(rows: (string | number | boolean | null)[][]): Promise<File> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("s");
  for (const r of rows) ws.addRow(r);
  return new File([await wb.xlsx.writeBuffer()], "import.xlsx");
}

async function readBack(stream: ReadableStream<Uint8Array> | Buffer): Promise<string[][]> {
  const buf = Buffer.isBuffer(stream) ? stream : Buffer.from(await new Response(stream).arrayBuffer());
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
  return out;
}

beforeAll(async () => {
  setTestLocale("en-US");
  admin = (await actAs({ id: (await makeUser({ userType: "ADMIN" })).id }))!;
  staff = (await actAs({ id: (await makeUser({ userType: "STAFF" })).id }))!;
  for (let i = 1; i <= 25; i++) {
    await db().orgSource.create({ data: { code: `${P}${String(i).padStart(2, "0")}`, nameEn: `Type ${i}`, nameZh: `类型${i}`, sort: 100 - i, enabled: i % 5 !== 0 } });
  }
});

describe("loadList", () => {
  it("filters, sorts and pages on the server as the URL says", async () => {
    const page1 = await loadList(orgSourceResource, admin, new URLSearchParams({ keyword: P, sort: "code", order: "desc", pageSize: "10" }));
    expect(page1.total).toBe(25);
    expect(page1.rows.map((r) => r.code)).toEqual(Array.from({ length: 10 }, (_, i) => `${P}${String(25 - i).padStart(2, "0")}`));
    const page3 = await loadList(orgSourceResource, admin, new URLSearchParams({ keyword: P, sort: "code", order: "desc", pageSize: "10", page: "3" }));
    expect(page3.rows.map((r) => r.code)).toEqual(["05", "04", "03", "02", "01"].map((n) => `${P}${n}`));
    const disabled = await loadList(orgSourceResource, admin, new URLSearchParams({ keyword: P, enabled: "false" }));
    expect(disabled.rows.map((r) => r.code).sort()).toEqual(["05", "10", "15", "20", "25"].map((n) => `${P}${n}`));
  });

  it("ignores sorts and filters the screen does not declare", async () => {
    const r = await loadList(orgSourceResource, admin, new URLSearchParams({ keyword: P, sort: "nameEn; drop table", pageSize: "7", enabled: "maybe" }));
    expect(r.sort).toEqual({ field: "sort", order: "asc" });
    expect(r.pageSize).toBe(20);
    expect(r.filters).toEqual({ keyword: P });
  });

  it("tells the screen what the viewer may do, and refuses viewers without the screen", async () => {
    const r = await loadList(orgSourceResource, admin, new URLSearchParams());
    expect(r.can).toEqual({ create: true, update: true, delete: true, export: true, import: true });
    await expect(loadList(orgSourceResource, staff, new URLSearchParams())).rejects.toThrow();
  });
});

describe("export", () => {
  it("streams the filtered rows with translated headers", async () => {
    const a = await exportResource(orgSourceResource, admin, new URLSearchParams({ keyword: P, enabled: "false" }), null);
    if (!("stream" in a)) throw new Error(`status ${a.status}`);
    const rows = await readBack(a.stream);
    expect(rows[0]).toEqual(["Code", "Name (English)", "Name (Chinese)", "Order", "Enabled", "Remark", "Dealers"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(["05", "10", "15", "20", "25"].map((n) => `${P}${n}`));
    expect(rows[1][4]).toBe("No");
  });

  it("streams in keyset batches past the batch size", async () => {
    const a = await exportResource(orgSourceResource, admin, new URLSearchParams({ keyword: P }), null);
    if (!("stream" in a)) throw new Error("no stream");
    expect((await readBack(a.stream)).length).toBe(26);
  });

  it("refuses a viewer without the export permission", async () => {
    expect(await exportResource(orgSourceResource, staff, new URLSearchParams(), null)).toMatchObject({ status: 403 });
  });
});

describe("import", () => {
  it("offers a template with the import columns", async () => {
    const a = await importTemplate(orgSourceResource, admin);
    if (!("stream" in a)) throw new Error("no template");
    expect((await readBack(a.stream))[0]).toEqual(["Code", "Name (English)", "Name (Chinese)", "Order", "Enabled", "Remark"]);
  });

  it("saves every row in one go (headers in either language), updating existing codes", async () => {
    const file = await workbook([
      ["编码", "Name (English)", "名称（中文）", "Order", "Enabled"],
      [`${P}01`, "Renamed one", "改名", 7, "yes"],
      [`${P}NEW`, "Brand new", "新类型", 1, "否"],
    ]);
    const a = await importResource(orgSourceResource, admin, file, `rq-${P}`);
    expect(a).toMatchObject({ status: 200, body: { created: 1, updated: 1 } });
    expect(await db().orgSource.findUnique({ where: { code: `${P}01` } })).toMatchObject({ nameEn: "Renamed one", sort: 7, enabled: true });
    expect(await db().orgSource.findUnique({ where: { code: `${P}NEW` } })).toMatchObject({ nameZh: "新类型", enabled: false });
    expect(await db().auditLog.count({ where: { entity: "OrgSource", requestId: `rq-${P}` } })).toBe(2);
  });

  it("answers row-numbered errors and saves nothing when any row is wrong", async () => {
    const file = await workbook([
      ["Code", "Name (English)", "Name (Chinese)", "Order", "Enabled"],
      [`${P}OK1`, "Fine", "好", 1, true],
      ["", "No code", "无编码", 1, true],
      [`${P}OK2`, "Bad order", "排序", "lots", true],
      [`${P}OK1`, "Twice", "重复", 2, true],
    ]);
    const a = await importResource(orgSourceResource, admin, file, null);
    expect(a.status).toBe(422);
    const body = (a as { body: { errors: { row: number; field: string; message: string }[] } }).body;
    expect(body.errors).toEqual([
      { row: 3, field: "Code", message: "Please enter Code" },
      { row: 4, field: "Order", message: "Order must be a number" },
    ]);
    expect(await db().orgSource.count({ where: { code: { in: [`${P}OK1`, `${P}OK2`] } } })).toBe(0);
  });

  it("reports the same code twice in one file", async () => {
    const file = await workbook([
      ["Code", "Name (English)", "Name (Chinese)"],
      [`${P}D1`, "A", "甲"],
      [`${P.toLowerCase()}d1`, "B", "乙"],
    ]);
    const a = await importResource(orgSourceResource, admin, file, null);
    expect(a).toMatchObject({ status: 422, body: { errors: [{ row: 3, field: "Code", message: "Code repeats row 2" }] } });
  });

  it("refuses files that are not workbooks, lack columns or are empty", async () => {
    expect(await importResource(orgSourceResource, admin, new File(["<html>"], "x.xlsx"), null)).toMatchObject({ status: 422, body: { code: "INVALID_FILE" } });
    expect(await importResource(orgSourceResource, admin, await workbook([["Name (English)"], ["x"]]), null)).toMatchObject({
      status: 422,
      body: { message: "The header row lacks the required columns: Code, Name (Chinese)." },
    });
    expect(await importResource(orgSourceResource, admin, await workbook([["Code", "Name (English)", "Name (Chinese)"]]), null)).toMatchObject({
      status: 422,
      body: { code: "INVALID_FILE" },
    });
    expect(await importResource(orgSourceResource, admin, null, null)).toMatchObject({ status: 400 });
    expect(await importResource(orgSourceResource, staff, await workbook([["Code"]]), null)).toMatchObject({ status: 403 });
  });
});

describe("actions", () => {
  it("validates with the form's schema and names the field", async () => {
    await actAs({ id: admin.userId });
    expect(await saveOrgSourceAction({ code: "", nameEn: "x", nameZh: "x", sort: 0, enabled: true })).toMatchObject({ ok: false, fieldErrors: { code: "Please enter Code" } });
    expect(await saveOrgSourceAction({ code: "A B", nameEn: "x", nameZh: "x", sort: -1, enabled: true })).toMatchObject({
      ok: false,
      fieldErrors: { code: "Code is not in a valid format", sort: "Order must be at least 0" },
    });
  });

  it("creates, refuses a taken code, edits", async () => {
    await actAs({ id: admin.userId });
    const code = `${P}ACT`;
    const created = await saveOrgSourceAction({ code, nameEn: "Act", nameZh: "动作", sort: 3, enabled: true, remark: "" });
    expect(created).toMatchObject({ ok: true, data: { code, remark: null } });
    expect(await saveOrgSourceAction({ code: code.toLowerCase(), nameEn: "Dup", nameZh: "重", sort: 3, enabled: true })).toMatchObject({
      ok: false,
      fieldErrors: { code: `Code ${code.toLowerCase()} is already used by another dealer type.` },
    });
    const id = (created as { data: { id: number } }).data.id;
    expect(await saveOrgSourceAction({ id, code, nameEn: "Act 2", nameZh: "动作", sort: 3, enabled: false })).toMatchObject({
      ok: true,
      data: { nameEn: "Act 2", enabled: false },
    });
  });

  it("bulk delete removes all the selected rows or none", async () => {
    await actAs({ id: admin.userId });
    const used = await db().orgSource.create({ data: { code: `${P}USED`, nameEn: "Used", nameZh: "在用", sort: 0 } });
    const company = await makeCompany();
    await db().company.update({ where: { id: company.id }, data: { orgSourceId: used.id } });
    const free = await db().orgSource.create({ data: { code: `${P}FREE`, nameEn: "Free", nameZh: "空闲", sort: 0 } });
    expect(await deleteOrgSourcesAction({ ids: [free.id, used.id] })).toMatchObject({ ok: false, message: `Dealer type ${P}USED is used by 1 dealer; change them first.` });
    expect(await db().orgSource.count({ where: { id: { in: [free.id, used.id] } } })).toBe(2);
    expect(await deleteOrgSourcesAction({ ids: [free.id] })).toMatchObject({ ok: true, data: { deleted: 1 } });
    expect(await deleteOrgSourcesAction({ ids: [] })).toMatchObject({ ok: false });
  });

  it("refuses a viewer without the permission and changes nothing", async () => {
    await actAs({ id: staff.userId });
    const code = `${P}NOPE`;
    expect(await saveOrgSourceAction({ code, nameEn: "x", nameZh: "x", sort: 0, enabled: true })).toMatchObject({ ok: false, message: "You do not have permission to do this." });
    expect(await db().orgSource.count({ where: { code } })).toBe(0);
  });
});
