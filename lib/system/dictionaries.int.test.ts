import ExcelJS from "exceljs";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { exportResource, importResource, loadList } from "@/lib/admin/resource";
import { ForbiddenError, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { SYSTEM_DICTS } from "@/lib/dict/catalog";
import { dict, dictLabel, dicts, invalidateDicts } from "@/lib/dict/dict";
import { actAs, translator } from "@/lib/test/action-harness";
import { makeMenu, makeRole, makeUser, uid } from "@/lib/test/factories";
import * as A from "./dict-actions";
import { deleteDictItems, deleteDictTypes, dictTypeResource, saveDictItem, saveDictType } from "./dictionaries";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

let admin: Viewer;
let adminUser: { id: number };
const ctx = () => ({ userId: admin.userId, companyId: null, requestId: "test" });
const errors = translator("DictAdmin.errors");
const audits = (entity: string, entityId: number) => db().auditLog.findMany({ where: { entity, entityId: String(entityId) }, orderBy: { id: "asc" } });

/** A custom type with items a, b (and a disabled c), under a unique code. */
async function makeType(prefix = "t") {
  const code = uid(`dict_${prefix}_`);
  return db().dictType.create({
    data: {
      code,
      nameEn: `Type ${code}`,
      nameZh: `类型${code}`,
      items: {
        create: [
          { value: "b", labelEn: "Bee", labelZh: "乙", sort: 20, color: "red" },
          { value: "a", labelEn: "Ay", labelZh: "甲", sort: 10 },
          { value: "c", labelEn: "Cee", labelZh: "丙", sort: 30, enabled: false },
        ],
      },
    },
    include: { items: true },
  });
}

async function xlsx(rows: (string | number | boolean | null)[][]): Promise<File> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("items");
  for (const r of rows) ws.addRow(r);
  return new File([new Uint8Array(await wb.xlsx.writeBuffer())], "items.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
}

async function readStream(stream: ReadableStream<Uint8Array> | Buffer): Promise<string[][]> {
  const chunks: Uint8Array[] = [];
  if (Buffer.isBuffer(stream)) chunks.push(stream);
  else for await (const c of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(c);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(new Uint8Array(Buffer.concat(chunks)).buffer);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? "" : String(v)))));
  return rows;
}

beforeAll(async () => {
  adminUser = await makeUser({ userType: "ADMIN" });
  admin = (await actAs(adminUser))!;
});

afterEach(() => vi.restoreAllMocks());

describe("the seeded dictionaries", () => {
  it("holds every catalog list as a system type, both languages, statuses exactly the domain's", async () => {
    const types = await db().dictType.findMany({ where: { code: { in: SYSTEM_DICTS.map((d) => d.code) } }, include: { items: true } });
    expect(types.map((t) => t.code).sort()).toEqual(SYSTEM_DICTS.map((d) => d.code).sort());
    expect(types.every((t) => t.system && t.items.length >= 2 && t.items.every((i) => i.labelEn && i.labelZh))).toBe(true);
    expect((await dict("order_status")).map((i) => i.value)).toEqual(["SUBMITTED", "CONFIRMED", "SHIPPED", "COMPLETED", "REJECTED", "CANCELLED"]);
    expect((await dict("deal_type")).map((i) => i.value)).toEqual(["REPLACE", "REFUND", "REPAIR"]);
    expect(await dictLabel("complaint_status", "REPLIED", "zh-CN")).toBe("已回复");
  });

  it("re-seeding keeps administrators' edits and restores nothing they changed", async () => {
    const { seedDictionaries } = await import("@/prisma/seed/dictionaries");
    const item = await db().dictItem.findFirstOrThrow({ where: { type: { code: "sex" }, value: "MALE" } });
    await db().dictItem.update({ where: { id: item.id }, data: { labelEn: "Man" } });
    try {
      await seedDictionaries();
      expect((await db().dictItem.findUniqueOrThrow({ where: { id: item.id } })).labelEn).toBe("Man");
      expect(await db().dictItem.count({ where: { type: { code: "sex" } } })).toBe(2);
    } finally {
      await db().dictItem.update({ where: { id: item.id }, data: { labelEn: item.labelEn } });
    }
  });
});

describe("the list (loadList)", () => {
  it("searches by code or name, sorts, pages and brings each type's items in order", async () => {
    const prefix = uid("l");
    const [x, y] = [await makeType(prefix), await makeType(prefix)];
    const list = await loadList(dictTypeResource, admin, new URLSearchParams({ keyword: `dict_${prefix}`, sort: "code", order: "desc" }));
    expect(list.total).toBe(2);
    expect(list.rows.map((r) => r.code)).toEqual([x.code, y.code].sort().reverse());
    expect(list.rows[0].items.map((i) => i.value)).toEqual(["a", "b", "c"]);
    expect(list.can).toEqual({ create: true, update: true, delete: true, export: true, import: true });

    const byName = await loadList(dictTypeResource, admin, new URLSearchParams({ keyword: `类型${x.code}` }));
    expect(byName.rows.map((r) => r.id)).toEqual([x.id]);
    const paged = await loadList(dictTypeResource, admin, new URLSearchParams({ system: "true", pageSize: "10", page: "2", sort: "nope" }));
    expect(paged.sort).toEqual({ field: "code", order: "asc" });
    expect(paged.rows.length).toBe(10);
    expect(paged.rows.every((r) => r.system)).toBe(true);
    expect(paged.rows.flatMap((r) => r.items).every((i) => i.locked)).toBe(true);
  });

  it("is refused to staff whose roles do not grant the screen", async () => {
    const staff = (await actAs(await makeUser({ userType: "STAFF", roleIds: [(await makeRole({ dataScope: "ALL" })).id] })))!;
    await expect(loadList(dictTypeResource, staff, new URLSearchParams())).rejects.toBeInstanceOf(ForbiddenError);
    await actAs(adminUser);
  });
});

describe("writes", () => {
  it("creates and edits a type and its items, each with an audit row", async () => {
    const code = uid("dict_w_");
    const type = await saveDictType(ctx(), { code, nameEn: "Colours", nameZh: "颜色", remark: null });
    expect((await audits("DictType", type.id)).map((a) => a.action)).toEqual(["create"]);
    await saveDictType(ctx(), { id: type.id, code: `${code}x`, nameEn: "Colors", nameZh: "颜色", remark: "renamed" });
    const [, update] = await audits("DictType", type.id);
    expect(update).toMatchObject({ action: "update", before: { code, nameEn: "Colours" }, after: { code: `${code}x`, nameEn: "Colors" } });

    const item = await saveDictItem(ctx(), { typeId: type.id, value: "RED", labelEn: "Red", labelZh: "红", sort: 1, enabled: true, color: "red" });
    await saveDictItem(ctx(), { id: item.id, typeId: type.id, value: "RED", labelEn: "Crimson", labelZh: "深红", sort: 1, enabled: true, color: null });
    expect((await audits("DictItem", item.id)).map((a) => a.action)).toEqual(["create", "update"]);
    await expect(saveDictItem(ctx(), { typeId: type.id, value: "RED", labelEn: "x", labelZh: "x", sort: 0, enabled: true, color: null })).rejects.toMatchObject({
      key: "DictAdmin.errors.valueTaken",
      field: "value",
    });
    await expect(saveDictType(ctx(), { code: code.toUpperCase() + "X", nameEn: "x", nameZh: "x", remark: null })).rejects.toMatchObject({ key: "DictAdmin.errors.codeTaken" });

    expect(await deleteDictItems(ctx(), [item.id])).toEqual({ deleted: 1 });
    expect((await audits("DictItem", item.id)).at(-1)).toMatchObject({ action: "delete", before: { value: "RED" } });
    expect(await deleteDictTypes(ctx(), [type.id])).toEqual({ deleted: 1 });
    expect(await db().dictType.count({ where: { id: type.id } })).toBe(0);
  });

  it("keeps a system type's code, never deletes it, and keeps the product's item values", async () => {
    const sex = await db().dictType.findUniqueOrThrow({ where: { code: "sex" }, include: { items: true } });
    await expect(saveDictType(ctx(), { id: sex.id, code: "gender", nameEn: "Sexes", nameZh: "性别", remark: null })).rejects.toMatchObject({
      key: "DictAdmin.errors.systemCode",
      field: "code",
    });
    await expect(deleteDictTypes(ctx(), [sex.id])).rejects.toMatchObject({ key: "DictAdmin.errors.systemType" });
    const male = sex.items.find((i) => i.value === "MALE")!;
    await expect(saveDictItem(ctx(), { id: male.id, typeId: sex.id, value: "M", labelEn: "Male", labelZh: "男", sort: 10, enabled: true, color: null })).rejects.toMatchObject({
      key: "DictAdmin.errors.seededValue",
    });
    await expect(deleteDictItems(ctx(), [male.id])).rejects.toMatchObject({ key: "DictAdmin.errors.seededItem" });
    // Labels of a system type can change; an item added by an administrator can go again.
    const extra = await saveDictItem(ctx(), { typeId: sex.id, value: "UNDISCLOSED", labelEn: "Undisclosed", labelZh: "未透露", sort: 99, enabled: true, color: null });
    expect(await deleteDictItems(ctx(), [extra.id])).toEqual({ deleted: 1 });
    expect(await db().dictType.findUniqueOrThrow({ where: { id: sex.id } })).toMatchObject({ code: "sex", system: true });
  });

  it("bulk delete is all-or-nothing: one system type keeps every selected type", async () => {
    const [x, y] = [await makeType(), await makeType()];
    const sex = await db().dictType.findUniqueOrThrow({ where: { code: "sex" } });
    await expect(deleteDictTypes(ctx(), [x.id, sex.id, y.id])).rejects.toMatchObject({ key: "DictAdmin.errors.systemType" });
    await expect(deleteDictTypes(ctx(), [x.id, 2_000_000_000])).rejects.toMatchObject({ key: "Errors.notFound" });
    expect(await db().dictType.count({ where: { id: { in: [x.id, y.id] } } })).toBe(2);
    expect(await deleteDictTypes(ctx(), [x.id, y.id])).toEqual({ deleted: 2 });
    expect(await db().dictItem.count({ where: { typeId: { in: [x.id, y.id] } } })).toBe(0);
    expect((await audits("DictType", x.id)).at(-1)).toMatchObject({ action: "delete", before: { code: x.code, items: expect.any(Array) } });
  });
});

describe("import and export", () => {
  const header = ["Dictionary code", "Value", "Label (English)", "中文标签", "Order", "Enabled", "Colour"];

  it("imports items all-or-nothing: unknown type codes and bad rows are listed by row, nothing saved", async () => {
    const type = await makeType();
    const before = await db().dictItem.count({ where: { typeId: type.id } });
    const file = await xlsx([
      ["Dictionary code", "Value", "Label (English)", "Label (Chinese)", "Order", "Enabled", "Colour"],
      [type.code, "NEW", "New", "新", 40, "yes", "green"],
      ["no_such_type", "X", "X", "X", 1, "yes", null],
      [type.code, "bad value!", "Bad", "坏", 1, "no", "pink"],
    ]);
    const res = await importResource(dictTypeResource, admin, file, "test");
    expect(res.status).toBe(422);
    const body = (res as { body: { errors: { row: number; field: string; message: string }[] } }).body;
    expect(body.errors.map((e) => e.row)).toEqual([4, 4]);
    expect(body.errors.map((e) => e.field).sort()).toEqual(["Colour", "Value"]);
    expect(await db().dictItem.count({ where: { typeId: type.id } })).toBe(before);

    // With the bad row fixed, the database check names the unknown type of row 3.
    const unknown = await importResource(dictTypeResource, admin, await xlsx([header.slice(0, 4), [type.code, "NEW", "New", "新"], ["no_such_type", "X", "X", "X"]]), "test");
    expect(unknown.status).toBe(422);
    expect((unknown as { body: { errors: unknown[] } }).body.errors).toEqual([{ row: 3, field: "Dictionary code", message: errors("unknownType", { code: "no_such_type" }) }]);
    expect(await db().dictItem.count({ where: { typeId: type.id } })).toBe(before);
  });

  it("imports items by (type code, value): creates new ones, updates existing ones, audits, refreshes dict()", async () => {
    const type = await makeType();
    expect((await dict(type.code)).map((i) => i.value)).toEqual(["a", "b"]);
    const res = await importResource(
      dictTypeResource,
      admin,
      await xlsx([header, [type.code, "a", "Ay!", "甲!", 5, "是", "blue"], [type.code, "d", "Dee", "丁", null, null, null]]),
      "test",
    );
    expect(res).toMatchObject({ status: 200, body: { created: 1, updated: 1 } });
    const items = await db().dictItem.findMany({ where: { typeId: type.id }, orderBy: { value: "asc" } });
    expect(items.find((i) => i.value === "a")).toMatchObject({ labelEn: "Ay!", sort: 5, color: "blue", enabled: true });
    expect(items.find((i) => i.value === "d")).toMatchObject({ labelZh: "丁", sort: 0, enabled: true, color: null });
    expect(await db().auditLog.count({ where: { entity: "DictItem", entityId: { in: items.map((i) => String(i.id)) }, action: { startsWith: "import-" } } })).toBe(2);
    expect((await dict(type.code)).map((i) => [i.value, i.labelEn])).toEqual([
      ["d", "Dee"],
      ["a", "Ay!"],
      ["b", "Bee"],
    ]);
  });

  it("refuses import and export without the permission", async () => {
    const staff = (await actAs(await makeUser({ userType: "STAFF", roleIds: [(await makeRole({ dataScope: "ALL" })).id] })))!;
    expect((await importResource(dictTypeResource, staff, await xlsx([header, ["sex", "X", "X", "X"]]), null)).status).toBe(403);
    expect((await exportResource(dictTypeResource, staff, new URLSearchParams(), null)).status).toBe(403);
    await actAs(adminUser);
  });

  it("exports the filtered types, one row per item, in the import's columns (a round trip)", async () => {
    const prefix = uid("e");
    const [x, y] = [await makeType(prefix), await makeType(prefix)];
    const empty = await saveDictType(ctx(), { code: `dict_${prefix}_empty`, nameEn: "Empty", nameZh: "空", remark: null });
    await makeType(); // outside the filter
    const res = await exportResource(dictTypeResource, admin, new URLSearchParams({ keyword: `dict_${prefix}` }), "test");
    expect(res.status).toBe(200);
    const rows = await readStream((res as { stream: ReadableStream<Uint8Array> }).stream);
    expect(rows[0]).toEqual(["Dictionary code", "Name (English)", "Name (Chinese)", "Value", "Label (English)", "Label (Chinese)", "Order", "Enabled", "Colour"]);
    const body = rows.slice(1);
    expect(body.length).toBe(7);
    expect(
      body
        .filter((r) => r[0] === x.code)
        .map((r) => r[3])
        .sort(),
    ).toEqual(["a", "b", "c"]);
    expect(body.find((r) => r[0] === y.code && r[3] === "c")?.[7]).toBe("No");
    expect(body.find((r) => r[0] === y.code && r[3] === "b")?.[8]).toBe("red");
    expect(
      body
        .find((r) => r[0] === empty.code)
        ?.slice(3)
        .every((c) => c === ""),
    ).toBe(true);

    // The exported file imports back as it is: every item is an update.
    const back = await xlsx(rows.filter((r) => r[0] !== empty.code));
    expect(await importResource(dictTypeResource, admin, back, "test")).toMatchObject({ status: 200, body: { created: 0, updated: 6 } });
  });
});

describe("dict(): the cached lookup", () => {
  it("answers enabled items in order, batches several codes, and [] for an unknown code", async () => {
    const type = await makeType();
    const spy = vi.spyOn(db().dictType, "findMany");
    invalidateDicts();
    const all = await dicts([type.code, "sex", "no_such_dict"]);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(all[type.code]).toEqual([
      { value: "a", labelEn: "Ay", labelZh: "甲", color: null },
      { value: "b", labelEn: "Bee", labelZh: "乙", color: "red" },
    ]);
    expect(all.sex.map((i) => i.value)).toEqual(["MALE", "FEMALE"]);
    expect(all.no_such_dict).toEqual([]);
    expect((await dict(type.code, { includeDisabled: true })).map((i) => i.value)).toEqual(["a", "b", "c"]);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(await dictLabel(type.code, "c", "zh-CN")).toBe("丙");
    expect(await dictLabel(type.code, "zzz", "en-US")).toBe("zzz");
  });

  it("serves from the cache for 60 s, and every dictionary write invalidates it", async () => {
    const type = await makeType();
    const a = type.items.find((i) => i.value === "a")!;
    expect((await dict(type.code))[0].labelEn).toBe("Ay");
    // A change behind the service's back is not seen while cached…
    await db().dictItem.update({ where: { id: a.id }, data: { labelEn: "Changed in SQL" } });
    expect((await dict(type.code))[0].labelEn).toBe("Ay");
    // …until the TTL runs out.
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 61_000);
    expect((await dict(type.code))[0].labelEn).toBe("Changed in SQL");
    vi.restoreAllMocks();

    await actAs(adminUser);
    const writes: [string, () => Promise<unknown>, (items: { value: string; labelEn: string }[]) => void][] = [
      [
        "save item",
        () => A.saveDictItemAction({ id: a.id, typeId: type.id, value: "a", labelEn: "Saved", labelZh: "甲", sort: 10, enabled: true, color: null }),
        (i) => expect(i[0].labelEn).toBe("Saved"),
      ],
      [
        "add item",
        () => A.saveDictItemAction({ typeId: type.id, value: "z", labelEn: "Zed", labelZh: "庚", sort: 1, enabled: true, color: "gold" }),
        (i) => expect(i[0].value).toBe("z"),
      ],
      [
        "delete items",
        async () => A.deleteDictItemsAction({ ids: (await db().dictItem.findMany({ where: { typeId: type.id, value: { in: ["z", "b"] } } })).map((i) => i.id) }),
        (i) => expect(i.map((x) => x.value)).toEqual(["a"]),
      ],
      ["rename type", () => A.saveDictTypeAction({ id: type.id, code: `${type.code}_2`, nameEn: "x", nameZh: "x", remark: null }), (i) => expect(i).toEqual([])],
    ];
    for (const [name, write, check] of writes) {
      await dict(type.code); // cached before the write
      expect(await write(), name).toMatchObject({ ok: true });
      check(await dict(type.code));
    }
    expect((await dict(`${type.code}_2`)).map((i) => i.value)).toEqual(["a"]);
    expect(await A.deleteDictTypesAction({ ids: [type.id] })).toMatchObject({ ok: true });
    expect(await dict(`${type.code}_2`)).toEqual([]);
  });
});

describe("permissions of the actions", () => {
  it("a staff user without dict:* is refused every write and changes nothing; with the codes, allowed", async () => {
    const type = await makeType();
    const item = type.items[0];
    const calls = [
      () => A.saveDictTypeAction({ code: uid("dict_p_"), nameEn: "x", nameZh: "x", remark: null }),
      () => A.saveDictTypeAction({ id: type.id, code: type.code, nameEn: "Renamed", nameZh: "x", remark: null }),
      () => A.saveDictItemAction({ typeId: type.id, value: "new", labelEn: "x", labelZh: "x", sort: 0, enabled: true, color: null }),
      () => A.saveDictItemAction({ id: item.id, typeId: type.id, value: item.value, labelEn: "Renamed", labelZh: "x", sort: 0, enabled: true, color: null }),
      () => A.deleteDictItemsAction({ ids: [item.id] }),
      () => A.deleteDictTypesAction({ ids: [type.id] }),
    ];
    const state = () => db().dictType.findUnique({ where: { id: type.id }, include: { items: { orderBy: { id: "asc" } } } });
    const before = await state();
    const auditsBefore = await db().auditLog.count();

    const screen = await db().menu.findFirstOrThrow({ where: { path: "system/systemCode", type: "MENU" } });
    await actAs(await makeUser({ userType: "STAFF", roleIds: [(await makeRole({ dataScope: "ALL", menuIds: [screen.id] })).id] }));
    for (const call of calls) expect(await call()).toEqual({ ok: false, code: "FORBIDDEN", message: translator("Common")("forbidden") });
    await actAs(null);
    for (const call of calls) expect(await call()).toEqual({ ok: false, code: "UNAUTHENTICATED", message: translator("Common")("signInAgain") });
    expect(await state()).toEqual(before);
    expect(await db().auditLog.count()).toBe(auditsBefore);

    const buttons = await Promise.all(["dict:create", "dict:update", "dict:delete"].map((permission) => makeMenu({ type: "BUTTON", permission })));
    await actAs(await makeUser({ userType: "STAFF", roleIds: [(await makeRole({ dataScope: "ALL", menuIds: [screen.id, ...buttons.map((b) => b.id)] })).id] }));
    for (const call of calls) expect(await call()).toMatchObject({ ok: true });
    expect(await state()).toBeNull();
    await actAs(adminUser);
  });

  it("answers translated field errors from the schemas", async () => {
    const type = await makeType();
    const res = await A.saveDictItemAction({ typeId: type.id, value: "has space", labelEn: "", labelZh: "x".repeat(101), sort: 0, enabled: true, color: "pink" });
    expect(res).toMatchObject({
      ok: false,
      fieldErrors: {
        value: "Value is not in a valid format",
        labelEn: "Please enter Label (English)",
        labelZh: "Label (Chinese) must be at most 100 characters",
        color: "Please select Colour",
      },
    });
    const sex = await db().dictType.findUniqueOrThrow({ where: { code: "sex" } });
    expect(await A.deleteDictTypesAction({ ids: [sex.id] })).toEqual({ ok: false, code: "BAD_REQUEST", message: errors("systemType", { code: "sex" }) });
  });
});
