import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as regionsApi } from "@/app/api/v1/regions/route";
import { exportResource, importResource, loadList } from "@/lib/admin/resource";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { actAs, setTestLocale, translator } from "@/lib/test/action-harness";
import { makeCompany, makeRole, makeUser } from "@/lib/test/factories";
import { seedRegions } from "@/prisma/seed/regions";
import { deleteRegionsAction, saveRegionAction } from "./region-actions";
import { loadRegionAdmin, regionChildren, regionPath, regionResource, type RegionRow } from "./regions";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Tests own the codes 9xxxxx (no real province starts with 9) and clear them first.
const TEST_CODES = { code: { startsWith: "9" } };
const errors = () => translator("RegionAdmin.errors");
const ids = new Map<string, number>();
let admin: Viewer;
let adminUser: { id: number };
let staff: { id: number };

async function clearTestAreas() {
  await db().company.updateMany({ where: { regionArea: TEST_CODES }, data: { regionAreaId: null } });
  for (const level of [3, 2, 1]) await db().regionArea.deleteMany({ where: { ...TEST_CODES, level } });
}
const list = (qs: string, viewer: Viewer = admin) => loadList(regionResource, viewer, new URLSearchParams(qs));
const codes = (rows: RegionRow[]) => rows.map((r) => r.code);
const area = (code: string) => db().regionArea.findUniqueOrThrow({ where: { code } });
const save = (input: Record<string, unknown>) => saveRegionAction({ sort: 0, enabled: true, ...input });

async function xlsx(rows: (string | number | boolean | null)[][]): Promise<File> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Regions");
  for (const r of rows) ws.addRow(r);
  return new File([new Uint8Array(await wb.xlsx.writeBuffer())], "regions.xlsx");
}

beforeAll(async () => {
  await clearTestAreas();
  for (const [code, id] of await seedRegions()) ids.set(code, id);
  adminUser = await makeUser({ userType: "ADMIN" });
  admin = (await actAs(adminUser))!;
  staff = await makeUser({ userType: "STAFF", roleIds: [(await makeRole({ dataScope: "ALL" })).id] });
});

describe("regions list (system/regionArea)", () => {
  it("shows the provinces by default, a parent's sub-areas with ?parent, and searches the whole tree", async () => {
    const provinces = await list("pageSize=100");
    expect(provinces.rows.every((r) => r.level === 1)).toBe(true);
    expect(codes(provinces.rows)).toEqual(expect.arrayContaining(["110000", "310000", "710000", "810000", "820000"]));
    expect(provinces.rows.filter((r) => !r.code.startsWith("9"))).toHaveLength(34);
    expect(provinces.can).toEqual({ create: true, update: true, delete: true, export: true, import: true });

    const sh = await loadRegionAdmin(admin, new URLSearchParams(`parent=${ids.get("310100")}&pageSize=50`));
    expect(sh.chain.map((n) => n.code)).toEqual(["310000", "310100"]);
    expect(sh.list.total).toBe(16);
    expect(sh.list.rows[0]).toMatchObject({ code: "310101", nameEn: "Huangpu", level: 3, path: [{ code: "310000" }, { code: "310100" }] });

    expect(codes((await list("keyword=浦东")).rows)).toEqual(["310115"]);
    expect(codes((await list("keyword=pudong")).rows)).toEqual(["310115"]);
    expect(codes((await list("keyword=3101&level=3&pageSize=50")).rows)).toHaveLength(16);
    expect((await list("level=2&pageSize=100")).rows.filter((r) => /^(32|33|44)/.test(r.code))).toHaveLength(13 + 11 + 21);
    const desc = await list(`parent=${ids.get("110100")}&sort=code&order=desc`);
    expect(desc.rows[0].code).toBe("110119");
    expect(desc.sort).toEqual({ field: "code", order: "desc" });
  });

  it("is refused to staff whose roles do not grant the screen", async () => {
    const viewer = (await actAs(staff))!;
    await expect(list("", viewer)).rejects.toThrow("FORBIDDEN");
    expect(await save({ code: "990000", level: 1, parentPath: [], nameEn: "X", nameZh: "X" })).toEqual({
      ok: false,
      code: "FORBIDDEN",
      message: translator("Common")("forbidden"),
    });
  });

  it("serves the cascader: enabled sub-areas with leaf flags, and an area's path", async () => {
    const provinces = await regionChildren(null);
    expect(provinces.find((p) => p.code === "310000")).toMatchObject({ nameZh: "上海市", leaf: false });
    expect(provinces.find((p) => p.code === "710000")).toMatchObject({ leaf: true });
    const districts = await regionChildren(ids.get("310100")!);
    expect(districts).toHaveLength(16);
    expect(districts.every((d) => d.leaf)).toBe(true);
    expect((await regionPath(ids.get("310115")!)).map((n) => n.nameEn)).toEqual(["Shanghai", "Shanghai City", "Pudong New Area"]);
    expect(await regionPath(2_000_000_000)).toEqual([]);

    await actAs(null);
    expect((await regionsApi(new NextRequest("http://app.invalid/customerWeb/api/v1/regions"))).status).toBe(401);
    await actAs(staff);
    const res = await regionsApi(new NextRequest(`http://app.invalid/customerWeb/api/v1/regions?parent=${ids.get("320000")}`));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, max-age=300");
    expect(((await res.json()) as { items: { code: string }[] }).items.map((i) => i.code)).toHaveLength(13);
    expect((await regionsApi(new NextRequest("http://app.invalid/customerWeb/api/v1/regions?parent=abc"))).status).toBe(400);
  });
});

describe("regions writes", () => {
  it("creates a province, its city and district with audit rows; checks levels, codes and parents", async () => {
    await actAs(adminUser);
    await clearTestAreas();
    expect(await save({ code: "910000", level: 1, parentPath: [], nameEn: "Test Province", nameZh: "测试省" })).toMatchObject({ ok: true });
    const p = await area("910000");
    expect(await db().auditLog.findFirst({ where: { entity: "RegionArea", entityId: String(p.id) } })).toMatchObject({
      action: "create",
      userId: admin.userId,
      after: { code: "910000" },
    });

    expect(await save({ code: "910100", level: 2, parentPath: [], nameEn: "City", nameZh: "市" })).toMatchObject({
      ok: false,
      fieldErrors: { parentPath: "Please select Parent area" },
    });
    expect(await save({ code: "920100", level: 2, parentPath: [p.id], nameEn: "City", nameZh: "市" })).toMatchObject({ ok: false, fieldErrors: { code: errors()("codePrefix") } });
    expect(await save({ code: "910000", level: 2, parentPath: [p.id], nameEn: "City", nameZh: "市" })).toMatchObject({ ok: false, fieldErrors: { code: errors()("codeLevel2") } });
    expect(await save({ code: "91010", level: 1, parentPath: [], nameEn: "X", nameZh: "X" })).toMatchObject({ ok: false, fieldErrors: { code: "Code is not in a valid format" } });
    expect(await save({ code: "910000", level: 1, parentPath: [], nameEn: "Again", nameZh: "再" })).toMatchObject({
      ok: false,
      fieldErrors: { code: errors()("codeTaken", { code: "910000" }) },
    });

    expect(await save({ code: "910100", level: 2, parentPath: [p.id], nameEn: "Test City", nameZh: "测试市" })).toMatchObject({ ok: true });
    const c = await area("910100");
    expect(await save({ code: "910101", level: 3, parentPath: [p.id], nameEn: "D", nameZh: "区" })).toMatchObject({
      ok: false,
      fieldErrors: { parentPath: "Please select Parent area" },
    });
    expect(await save({ code: "910101", level: 3, parentPath: [c.id, p.id], nameEn: "D", nameZh: "区" })).toMatchObject({
      ok: false,
      fieldErrors: { parentPath: errors()("parentLevel") },
    });
    expect(await save({ code: "910101", level: 3, parentPath: [p.id, c.id], nameEn: "Test District", nameZh: "测试区" })).toMatchObject({ ok: true });
    expect((await regionPath((await area("910101")).id)).map((n) => n.code)).toEqual(["910000", "910100", "910101"]);

    expect(await save({ id: c.id, code: "910200", level: 2, parentPath: [p.id], nameEn: "Moved", nameZh: "改" })).toMatchObject({
      ok: false,
      fieldErrors: { code: errors()("hasChildrenLocked", { name: "910100" }) },
    });
    expect(await save({ id: c.id, code: "910100", level: 2, parentPath: [p.id], nameEn: "Renamed City", nameZh: "改名市", sort: 5, enabled: false })).toMatchObject({ ok: true });
    const audit = await db().auditLog.findFirst({ where: { entity: "RegionArea", entityId: String(c.id), action: "update" }, orderBy: { id: "desc" } });
    expect(audit).toMatchObject({ before: { nameEn: "Test City", enabled: true }, after: { nameEn: "Renamed City", enabled: false, sort: 5 } });
    // A disabled city no longer offers itself to pickers.
    expect((await regionChildren(p.id)).map((n) => n.code)).toEqual([]);
  });

  it("refuses to delete an area with sub-areas or dealers; deletes all selected or none", async () => {
    await actAs(adminUser);
    const [p, c, d] = [await area("910000"), await area("910100"), await area("910101")];
    expect(await deleteRegionsAction({ ids: [p.id] })).toEqual({ ok: false, code: "BAD_REQUEST", message: errors()("hasChildren", { name: "910000", children: 1 }) });
    const company = await makeCompany();
    await db().company.update({ where: { id: company.id }, data: { regionAreaId: d.id } });
    expect(await deleteRegionsAction({ ids: [d.id] })).toEqual({ ok: false, code: "BAD_REQUEST", message: errors()("inUse", { name: "910101", companies: 1 }) });
    expect(await save({ code: "910102", level: 3, parentPath: [p.id, c.id], nameEn: "Spare", nameZh: "备用" })).toMatchObject({ ok: true });
    const spare = await area("910102");
    expect((await deleteRegionsAction({ ids: [spare.id, d.id] })).ok).toBe(false);
    expect(await db().regionArea.count({ where: { id: spare.id } })).toBe(1);

    await db().company.update({ where: { id: company.id }, data: { regionAreaId: null } });
    expect(await deleteRegionsAction({ ids: [spare.id, d.id] })).toEqual({ ok: true, data: { deleted: 2 } });
    expect(await db().auditLog.count({ where: { entity: "RegionArea", entityId: { in: [String(spare.id), String(d.id)] }, action: "delete" } })).toBe(2);
    expect(await deleteRegionsAction({ ids: [c.id] })).toEqual({ ok: true, data: { deleted: 1 } });
  });
});

describe("regions import and export", () => {
  const header = ["Code", "Parent code", "Level", "Name (English)", "Name (Chinese)", "Order", "Enabled"];

  it("imports all rows or none, with row-numbered errors", async () => {
    await actAs(adminUser);
    const file = await xlsx([
      header,
      ["930100", "930000", 2, "Import City", "导入市", 0, "yes"],
      ["930000", null, 1, "Import Province", "导入省", 0, "yes"],
      ["93010", "930000", 2, "Bad code", "坏", 0, "yes"],
      ["930101", "939900", 3, "No parent", "无上级", 0, "yes"],
      ["930200", "930100", 2, "Wrong level", "级别错", 0, "yes"],
      ["930100", "930000", 2, "Twice", "重复", 0, "yes"],
    ]);
    const bad = await importResource(regionResource, admin, file, "test");
    expect(bad.status).toBe(422);
    const body = (bad as { body: { errors: { row: number; field: string }[] } }).body;
    expect(body.errors.map((e) => [e.row, e.field])).toEqual([[4, "Code"]]);
    expect(await db().regionArea.count({ where: { code: { startsWith: "93" } } })).toBe(0);

    const checked = await importResource(
      regionResource,
      admin,
      await xlsx([
        header,
        ["930100", "930000", 2, "Import City", "导入市", 0, "yes"],
        ["930000", null, 1, "Import Province", "导入省", 0, "yes"],
        ["930101", "939900", 3, "No parent", "无上级", 0, "yes"],
        ["930200", "930100", 2, "Wrong level", "级别错", 0, "yes"],
        ["930100", "930000", 2, "Twice", "重复", 0, "yes"],
      ]),
      "test",
    );
    expect(checked.status).toBe(422);
    expect((checked as { body: { errors: { row: number; message: string }[] } }).body.errors).toEqual([
      { row: 6, field: "Code", message: translator("AdminImport")("duplicate", { field: "Code", first: 2 }) },
    ]);

    const deep = await importResource(
      regionResource,
      admin,
      await xlsx([
        header,
        ["930100", "930000", 2, "Import City", "导入市", 0, "yes"],
        ["930000", null, 1, "Import Province", "导入省", 0, "yes"],
        ["930101", "939900", 3, "No parent", "无上级", 0, "yes"],
        ["930200", "930100", 2, "Wrong level", "级别错", 0, "yes"],
      ]),
      "test",
    );
    expect((deep as { body: { errors: { row: number; field: string; message: string }[] } }).body.errors).toEqual([
      { row: 4, field: "Parent code", message: errors()("parentMissing", { code: "939900" }) },
      { row: 5, field: "Parent code", message: errors()("parentLevel") },
    ]);
    expect(await db().regionArea.count({ where: { code: { startsWith: "93" } } })).toBe(0);

    // The city comes before its province in the file: parents are saved first.
    const ok = await importResource(
      regionResource,
      admin,
      await xlsx([header, ["930100", "930000", 2, "Import City", "导入市", 3, "no"], ["930000", null, 1, "Import Province", "导入省", 0, "是"]]),
      "test",
    );
    expect(ok).toMatchObject({ status: 200, body: { created: 2, updated: 0 } });
    const city = await db().regionArea.findUniqueOrThrow({ where: { code: "930100" }, include: { parent: true } });
    expect(city).toMatchObject({ level: 2, sort: 3, enabled: false, parent: { code: "930000" } });
    expect(await db().auditLog.count({ where: { entity: "RegionArea", entityId: String(city.id), action: "import-create" } })).toBe(1);

    const again = await importResource(
      regionResource,
      admin,
      await xlsx([
        ["code", "parentCode", "level", "nameEn", "nameZh"],
        ["930100", "930000", 2, "Import City 2", "导入市二"],
      ]),
      "test",
    );
    expect(again).toMatchObject({ status: 200, body: { created: 0, updated: 1 } });
    expect(await area("930100")).toMatchObject({ nameEn: "Import City 2", enabled: true });
  });

  it("exports the listed rows in the viewer's language, ready to import again", async () => {
    await actAs(adminUser);
    const res = await exportResource(regionResource, admin, new URLSearchParams(`parent=${ids.get("310100")}`), "test");
    if (!("stream" in res)) throw new Error(`export answered ${res.status}`);
    expect(res.filename).toMatch(/^regionArea-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(await Readable.fromWeb(res.stream as never).toArray()) as never);
    const sheet = wb.worksheets[0];
    expect(sheet.name).toBe("Regions");
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...header, "Sub-areas", "Dealers"]);
    expect(sheet.rowCount).toBe(17);
    const pudong = sheet.getRows(2, 16)!.find((r) => r.getCell(1).value === "310115")!;
    expect((pudong.values as unknown[]).slice(1)).toEqual(["310115", "310100", 3, "Pudong New Area", "浦东新区", 0, "Yes", 0, 0]);

    setTestLocale("zh-CN");
    try {
      const zh = await exportResource(regionResource, admin, new URLSearchParams("keyword=310115"), "test");
      if (!("stream" in zh)) throw new Error(`export answered ${zh.status}`);
      const zwb = new ExcelJS.Workbook();
      await zwb.xlsx.load(Buffer.concat(await Readable.fromWeb(zh.stream as never).toArray()) as never);
      expect(zwb.worksheets[0].name).toBe("行政区域");
      expect((zwb.worksheets[0].getRow(1).values as unknown[]).slice(1, 3)).toEqual(["代码", "上级代码"]);
      expect(zwb.worksheets[0].getRow(2).getCell(7).value).toBe("是");
    } finally {
      setTestLocale("en-US");
    }

    const viewer = (await actAs(staff))!;
    expect(await exportResource(regionResource, viewer, new URLSearchParams(), "test")).toMatchObject({ status: 403 });
  });
});
