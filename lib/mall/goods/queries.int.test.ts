import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PrismaPg } from "@prisma/adapter-pg";
import { db } from "@/lib/db";
import { invalidateDicts } from "@/lib/dict/dict";
import { DomainError, NotFoundError } from "@/lib/errors";
import { PrismaClient, type GoodsKind } from "@/lib/generated/prisma/client";
import type { Viewer } from "@/lib/auth/viewer";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeUser, uid } from "@/lib/test/factories";
import { goodsDetail, listGoods, loadCatalog } from "./queries";
import { loadGoodsAdmin } from "./resource";
import { savePartsGoodsAction, saveVehicleGoodsAction, setPartsGoodsOnSaleAction } from "./actions";
import { saveGoods } from "./service";
import type { TGoodsSave } from "./schemas";
import "./attachments";
import { canSeeAttachment } from "@/lib/uploads/access";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// The catalogue: dealers see on-sale goods only (404 for an off-sale detail), search and group
// filter, keyset paging with a constant number of queries, the goods form's validation, stock
// edits that never overwrite an order's reservation, and the audit trail.

let dealer: Viewer;
let staff: Viewer;
let staffUser: number;
let group: { id: number; code: string };
let otherGroup: { id: number; code: string };
let model: { id: number };
let otherModel: { id: number };
const tok = uid("q").toUpperCase();
const ctx = () => ({ userId: staff.userId, companyId: null, requestId: "test" });

async function makeGoods(
  over: Partial<{
    kind: GoodsKind;
    nameEn: string;
    nameZh: string;
    code: string;
    carGroupId: number | null;
    vehicleModelId: number | null;
    onSale: boolean;
    sort: number;
    stock: number;
    price: string;
    minOrderQty: number;
  }> = {},
) {
  const code = over.code ?? uid("G").toUpperCase();
  return db().goods.create({
    data: { kind: "PART", nameEn: `Part ${code}`, nameZh: `配件${code}`, price: "10.00", stock: 10, minOrderQty: 1, onSale: true, sort: 0, carGroupId: group.id, ...over, code },
  });
}

/** Runs `fn` against a client that counts the SQL statements it sends. */
async function countQueries(fn: () => Promise<unknown>): Promise<number> {
  const holder = globalThis as unknown as { __dealerPrisma?: PrismaClient };
  const original = holder.__dealerPrisma;
  const counting = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }), log: [{ emit: "event", level: "query" }] });
  let n = 0;
  counting.$on("query", () => n++);
  holder.__dealerPrisma = counting;
  try {
    await fn();
  } finally {
    holder.__dealerPrisma = original;
    await counting.$disconnect();
  }
  return n;
}

const input = (over: Partial<TGoodsSave> = {}): TGoodsSave => ({
  kind: "PART",
  code: uid("NEW").toUpperCase(),
  nameEn: "Brake pads",
  nameZh: "刹车片",
  carGroupId: group.id,
  vehicleModelId: null,
  config: null,
  specification: "Set of 4",
  price: "420.00",
  stock: 50,
  minOrderQty: 2,
  onSale: true,
  sort: 0,
  remark: null,
  pictures: [],
  ...over,
});

beforeAll(async () => {
  setTestLocale("en-US");
  const [dealerRole, staffRole] = await Promise.all(["DEALER", "SALES_OPS"].map((code) => db().role.findUniqueOrThrow({ where: { code }, select: { id: true } })));
  const company = await makeCompany();
  const d = await makeUser({ userType: "DEALER", companyIds: [company.id], roleIds: [dealerRole.id] });
  const s = await makeUser({ userType: "STAFF", roleIds: [staffRole.id] });
  staffUser = s.id;
  dealer = (await actAs(d, company.id))!;
  staff = (await actAs(s))!;
  group = await db().carGroup.create({ data: { code: uid("GRP"), nameEn: `Group ${tok}`, nameZh: `车系${tok}` } });
  otherGroup = await db().carGroup.create({ data: { code: uid("GRP"), nameEn: "Other", nameZh: "其他" } });
  model = await db().vehicleModel.create({ data: { code: uid("MDL"), carGroupId: group.id, nameEn: "Model", nameZh: "车型" } });
  otherModel = await db().vehicleModel.create({ data: { code: uid("MDL"), carGroupId: otherGroup.id, nameEn: "Other model", nameZh: "其他车型" } });
});

afterAll(() => actAs(null));

describe("what dealers see", () => {
  it("lists on-sale goods only, and answers 404 for an off-sale goods' detail; staff see both", async () => {
    const on = await makeGoods({ nameEn: `Wiper ${tok} on` });
    const off = await makeGoods({ nameEn: `Wiper ${tok} off`, onSale: false });
    const seen = (v: Viewer) => listGoods(v, { kind: "PART", q: tok, limit: 50 }).then((p) => p.items.map((g) => g.id));
    expect(await seen(dealer)).toContain(on.id);
    expect(await seen(dealer)).not.toContain(off.id);
    expect(await seen(staff)).toEqual(expect.arrayContaining([on.id, off.id]));

    await expect(goodsDetail(dealer, off.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(goodsDetail(dealer, 2_000_000_000)).rejects.toBeInstanceOf(NotFoundError);
    expect((await goodsDetail(staff, off.id)).onSale).toBe(false);
    const detail = await goodsDetail(dealer, on.id);
    expect(detail).toMatchObject({ id: on.id, price: "10.00", stock: 10, carGroup: { id: group.id }, pictures: [] });

    // The page shows the not-found state, also for a goods of another mall.
    expect(await loadCatalog(dealer, "PART", new URLSearchParams({ id: String(off.id) }))).toMatchObject({ mode: "detail", goods: null });
    expect(await loadCatalog(dealer, "VEHICLE", new URLSearchParams({ id: String(on.id) }))).toMatchObject({ mode: "detail", goods: null });
    expect(await loadCatalog(dealer, "PART", new URLSearchParams({ id: String(on.id) }))).toMatchObject({ mode: "detail", goods: { id: on.id } });
    // By code (a scanned goods label): the same goods, the same scope.
    const onCode = (await db().goods.findUniqueOrThrow({ where: { id: on.id } })).code;
    const offCode = (await db().goods.findUniqueOrThrow({ where: { id: off.id } })).code;
    expect(await loadCatalog(dealer, "PART", new URLSearchParams({ code: onCode }))).toMatchObject({ mode: "detail", goods: { id: on.id } });
    expect(await loadCatalog(dealer, "PART", new URLSearchParams({ code: offCode }))).toMatchObject({ mode: "detail", goods: null });
    expect(await loadCatalog(dealer, "VEHICLE", new URLSearchParams({ code: onCode }))).toMatchObject({ mode: "detail", goods: null });
    expect(await loadCatalog(dealer, "PART", new URLSearchParams({ code: "NO-SUCH-CODE" }))).toMatchObject({ mode: "detail", goods: null });
    // The dense table too.
    const table = await loadGoodsAdmin(dealer, "parts", new URLSearchParams({ keyword: tok, size: "100" }));
    expect(table.rows.map((r) => r.id)).toContain(on.id);
    expect(table.rows.map((r) => r.id)).not.toContain(off.id);
    expect(table.can).toMatchObject({ create: false, update: false, export: false });
    expect(table.addToCart).toBe(true);
  });

  it("pages the dense table by keyset in the catalogue's order, with a capped count and the same visibility", async () => {
    const key = uid("K").toUpperCase();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await makeGoods({ kind: "DERIVATIVE", code: `${key}-${i}`, sort: i % 2, onSale: i !== 3 }));
    const hidden = made[3];
    const read = async (v: Viewer, extra: Record<string, string> = {}) => {
      const seen: number[] = [];
      let cursor = "";
      for (let n = 0; n < 10; n++) {
        const page = await loadGoodsAdmin(v, "parts", new URLSearchParams({ keyword: key, size: "10", ...extra, ...(cursor ? { cursor } : {}) }));
        seen.push(...page.rows.map((r) => r.id));
        if (!page.next) return { seen, total: page.total };
        cursor = page.next;
      }
      throw new Error("no end");
    };
    const staffAll = await read(staff);
    const order = [...made].sort((x, y) => x.sort - y.sort || x.id - y.id).map((g) => g.id);
    expect(staffAll).toEqual({ seen: order, total: { count: 5, capped: false } });
    const dealerAll = await read(dealer);
    expect(dealerAll.seen).toEqual(order.filter((id) => id !== hidden.id));
    expect(dealerAll.total.count).toBe(4);
    // Staff filter by sale state; a dealer's onSale=false still shows nothing off sale.
    expect((await read(staff, { onSale: "false" })).seen).toEqual([hidden.id]);
    expect((await read(dealer, { onSale: "false" })).seen).toEqual([]);
    // The parts table never lists another screen's kind, even when the URL asks for it.
    expect((await read(staff, { kind: "VEHICLE" })).seen).toEqual(order);
    expect((await read(staff, { kind: "PART" })).seen).toEqual([]);
    // Across pages: ten rows a page, eleven rows, two pages without a duplicate.
    for (let i = 5; i < 11; i++) await makeGoods({ kind: "DERIVATIVE", code: `${key}-${i}`, sort: 3 });
    const first = await loadGoodsAdmin(staff, "parts", new URLSearchParams({ keyword: key, size: "10" }));
    expect(first.rows).toHaveLength(10);
    expect(first.total).toEqual({ count: 11, capped: false });
    const second = await loadGoodsAdmin(staff, "parts", new URLSearchParams({ keyword: key, size: "10", cursor: first.next! }));
    expect(second.rows).toHaveLength(1);
    expect(second.next).toBeNull();
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(11);
    // A made-up cursor is ignored (the first page).
    expect((await loadGoodsAdmin(staff, "parts", new URLSearchParams({ keyword: key, size: "10", cursor: "x_1" }))).rows[0].id).toBe(first.rows[0].id);
  });

  it("searches names in either language, any case, and codes; filters by car group", async () => {
    const a = await makeGoods({ kind: "DERIVATIVE", nameEn: `Roof Box ${tok}`, nameZh: `车顶箱${tok}甲`, carGroupId: group.id });
    const b = await makeGoods({ kind: "DERIVATIVE", nameEn: `Dash cam ${tok}`, nameZh: `记录仪${tok}`, carGroupId: otherGroup.id, code: `${tok}-CAM` });
    const ids = (p: { items: { id: number }[] }) => p.items.map((g) => g.id).sort();
    expect(ids(await listGoods(dealer, { kind: "DERIVATIVE", q: `roof box ${tok.toLowerCase()}` }))).toEqual([a.id]);
    expect(ids(await listGoods(dealer, { kind: "DERIVATIVE", q: `车顶箱${tok}` }))).toEqual([a.id]);
    expect(ids(await listGoods(dealer, { kind: "DERIVATIVE", q: `${tok.toLowerCase()}-cam` }))).toEqual([b.id]);
    expect(ids(await listGoods(dealer, { kind: "DERIVATIVE", q: tok }))).toEqual([a.id, b.id].sort());
    expect(ids(await listGoods(dealer, { kind: "DERIVATIVE", q: tok, carGroupId: otherGroup.id }))).toEqual([b.id]);
    expect(ids(await listGoods(dealer, { kind: "PART", q: `roof box ${tok}` }))).toEqual([]);
    // The chips offer the groups that hold visible goods of the kind.
    const page = await loadCatalog(dealer, "DERIVATIVE", new URLSearchParams({ q: tok, group: String(otherGroup.id) }));
    expect(page).toMatchObject({ mode: "list", group: otherGroup.id, q: tok });
    if (page.mode === "list") {
      expect(page.items.map((g) => g.id)).toEqual([b.id]);
      expect(page.groups.map((g) => g.id)).toEqual(expect.arrayContaining([group.id, otherGroup.id]));
    }
  });
});

describe("keyset paging", () => {
  let pageGroup: number;
  let expected: number[];

  beforeAll(async () => {
    pageGroup = (await db().carGroup.create({ data: { code: uid("PG"), nameEn: "Paging", nameZh: "分页" } })).id;
    // Equal sorts on purpose: the id breaks the tie.
    const made = [];
    for (let i = 0; i < 25; i++) made.push(await makeGoods({ carGroupId: pageGroup, sort: [30, 10, 20][i % 3], onSale: i !== 7 }));
    expected = made
      .filter((g) => g.onSale)
      .sort((x, y) => x.sort - y.sort || x.id - y.id)
      .map((g) => g.id);
  });

  it("walks every page once, in (sort, id) order, without gaps or repeats", async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await listGoods(dealer, { kind: "PART", carGroupId: pageGroup, cursor, limit: 4 });
      seen.push(...page.items.map((g) => g.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 4));
    // A forged cursor starts from the beginning rather than failing.
    expect((await listGoods(dealer, { kind: "PART", carGroupId: pageGroup, cursor: "x'; drop", limit: 3 })).items.map((g) => g.id)).toEqual(expected.slice(0, 3));
  });

  it("sends the same small number of queries whatever the page size", async () => {
    const q2 = await countQueries(() => listGoods(dealer, { kind: "PART", carGroupId: pageGroup, limit: 2 }));
    const q20 = await countQueries(() => listGoods(dealer, { kind: "PART", carGroupId: pageGroup, limit: 20 }));
    expect(q2).toBeGreaterThan(0);
    expect(q20).toBe(q2);
    expect(q2).toBeLessThanOrEqual(3);
    // The whole mall page: the goods and the group chips.
    const p1 = await countQueries(() => loadCatalog(dealer, "PART", new URLSearchParams({ group: String(pageGroup) })));
    const cursor = (await listGoods(dealer, { kind: "PART", carGroupId: pageGroup, limit: 2 })).nextCursor!;
    const p2 = await countQueries(() => loadCatalog(dealer, "PART", new URLSearchParams({ group: String(pageGroup), cursor })));
    expect(p2).toBe(p1);
    expect(p1).toBeLessThanOrEqual(4);
  });
});

describe("the goods form", () => {
  beforeAll(async () => {
    await actAs({ id: staffUser });
  });

  it("refuses bad prices, stocks and minimums with a message naming the field, and saves nothing", async () => {
    const cases: [Partial<TGoodsSave> | Record<string, unknown>, string, string][] = [
      [{ price: "1.234" }, "price", "Price must be an amount with at most two decimals"],
      [{ price: "0" }, "price", "Price must be more than 0"],
      [{ price: "0.00" }, "price", "Price must be more than 0"],
      [{ price: "-5" }, "price", "Price must be an amount with at most two decimals"],
      [{ price: "1234567890123" }, "price", "Price must be an amount with at most two decimals"],
      [{ price: "1e5" }, "price", "Price must be an amount with at most two decimals"],
      [{ stock: -1 }, "stock", "Stock must be at least 0"],
      [{ stock: 1.5 }, "stock", "Stock must be a whole number"],
      [{ minOrderQty: 0 }, "minOrderQty", "Minimum order quantity must be at least 1"],
      [{ code: "" }, "code", "Please enter Code"],
      [{ code: "<script>" }, "code", "Code is not in a valid format"],
    ];
    for (const [over, field, message] of cases) {
      const code = uid("BAD").toUpperCase();
      const res = await savePartsGoodsAction({ ...input({ code }), ...over });
      expect(res, JSON.stringify(over)).toMatchObject({ ok: false, fieldErrors: { [field]: message } });
      expect(await db().goods.count({ where: { code } })).toBe(0);
    }
  });

  it("creates goods with exact decimal prices and audits it; a vehicle needs a model of its group", async () => {
    const res = await savePartsGoodsAction(input({ price: "999999999999.99" }));
    expect(res).toMatchObject({ ok: true });
    const id = (res as { data: { id: number } }).data.id;
    expect((await db().goods.findUniqueOrThrow({ where: { id } })).price.toFixed(2)).toBe("999999999999.99");
    expect(await db().auditLog.count({ where: { entity: "Goods", entityId: String(id), action: "create" } })).toBe(1);

    expect(await saveVehicleGoodsAction(input({ kind: "VEHICLE" }))).toMatchObject({ ok: false, fieldErrors: { vehicleModelId: "Please select Vehicle model" } });
    expect(await saveVehicleGoodsAction(input({ kind: "VEHICLE", vehicleModelId: otherModel.id, carGroupId: group.id }))).toMatchObject({
      ok: false,
      fieldErrors: { vehicleModelId: "This vehicle model belongs to another car group." },
    });
    const v = await saveVehicleGoodsAction(input({ kind: "VEHICLE", vehicleModelId: model.id, carGroupId: null, config: "2.0T AWD" }));
    expect(v).toMatchObject({ ok: true, data: { kind: "VEHICLE", vehicleModelId: model.id, carGroupId: group.id } });
    // Each screen saves its own kinds.
    expect(await savePartsGoodsAction(input({ kind: "VEHICLE", vehicleModelId: model.id }))).toMatchObject({ ok: false, fieldErrors: { kind: expect.any(String) } });
    // A code is unique (whatever its case).
    const code = (res as { data: { code: string } }).data.code;
    expect(await savePartsGoodsAction(input({ code: code.toLowerCase() }))).toMatchObject({
      ok: false,
      fieldErrors: { code: `The code ${code.toLowerCase()} is already used by another goods.` },
    });
  });

  it("saves a part's parts category with the rest (audited), lists it, clears it on vehicles and refuses an unknown or disabled one", async () => {
    const res = await savePartsGoodsAction(input({ partsCategory: "BRAKES" }));
    expect(res).toMatchObject({ ok: true, data: { partsCategory: "BRAKES" } });
    const made = (res as { data: { id: number; code: string } }).data;
    const created = await db().auditLog.findFirstOrThrow({ where: { entity: "Goods", entityId: String(made.id), action: "create" } });
    expect(created.after).toMatchObject({ partsCategory: "BRAKES" });

    // Changed on an edit, audited with what it replaced; the parts list shows the label.
    const edit = { ...input({ code: made.code, kind: "DERIVATIVE", partsCategory: "ACCESSORIES" }), id: made.id, stockSeen: 50 };
    expect(await savePartsGoodsAction(edit)).toMatchObject({ ok: true, data: { kind: "DERIVATIVE", partsCategory: "ACCESSORIES" } });
    const updated = await db().auditLog.findFirstOrThrow({ where: { entity: "Goods", entityId: String(made.id), action: "update" }, orderBy: { id: "desc" } });
    expect([(updated.before as { partsCategory: string }).partsCategory, (updated.after as { partsCategory: string }).partsCategory]).toEqual(["BRAKES", "ACCESSORIES"]);
    const page = await loadGoodsAdmin(staff, "parts", new URLSearchParams({ keyword: made.code }));
    expect(page.rows.map((r) => r.partsCategory)).toEqual(["ACCESSORIES"]);
    expect(page.categories.find((c) => c.value === "ACCESSORIES")).toMatchObject({ labelEn: "Accessories", enabled: true });
    expect(page.categories.map((c) => c.value)).toEqual(expect.arrayContaining(["BRAKES", "FILTERS", "FLUIDS", "ELECTRICAL", "BODY_TRIM", "ACCESSORIES", "OTHER"]));
    expect((await loadGoodsAdmin(staff, "vehicle", new URLSearchParams())).categories).toEqual([]);

    // Optional: cleared with an empty choice.
    expect(await savePartsGoodsAction({ ...edit, partsCategory: "" })).toMatchObject({ ok: true, data: { partsCategory: null } });
    // An unknown category names the field, and nothing changes.
    expect(await savePartsGoodsAction({ ...edit, partsCategory: "NOPE" })).toMatchObject({
      ok: false,
      fieldErrors: { partsCategory: "This parts category does not exist or is disabled; please choose another." },
    });
    expect((await db().goods.findUniqueOrThrow({ where: { id: made.id } })).partsCategory).toBeNull();
    // Vehicles have none, whatever the form sends.
    const v = await saveVehicleGoodsAction(input({ kind: "VEHICLE", vehicleModelId: model.id, partsCategory: "BRAKES" }));
    expect(v).toMatchObject({ ok: true, data: { partsCategory: null } });

    // A disabled category (made for this test): refused as a new choice, but a goods that has it
    // keeps it on an edit.
    const type = await db().dictType.findUniqueOrThrow({ where: { code: "parts_category" }, select: { id: true } });
    const off = await db().dictItem.create({
      data: { typeId: type.id, value: uid("OFF").toUpperCase().slice(0, 30), labelEn: "Retired", labelZh: "已停用", enabled: false, sort: 999 },
    });
    invalidateDicts();
    try {
      await db().goods.update({ where: { id: made.id }, data: { partsCategory: off.value } });
      expect(await savePartsGoodsAction({ ...edit, nameEn: "Kept", partsCategory: off.value })).toMatchObject({ ok: true, data: { partsCategory: off.value } });
      expect(await savePartsGoodsAction(input({ partsCategory: off.value }))).toMatchObject({ ok: false, fieldErrors: { partsCategory: expect.any(String) } });
      // The list labels it; the form does not offer it.
      expect((await loadGoodsAdmin(staff, "parts", new URLSearchParams({ keyword: made.code }))).categories.find((c) => c.value === off.value)).toMatchObject({ enabled: false });
    } finally {
      await db().goods.update({ where: { id: made.id }, data: { partsCategory: null } });
      await db().dictItem.delete({ where: { id: off.id } });
      invalidateDicts();
    }
  });

  it("applies a stock edit only while the stock is what the form loaded: otherwise 409 and nothing changes", async () => {
    const g = await makeGoods({ stock: 10, price: "50.00" });
    const form = { ...input({ code: g.code, nameEn: "Renamed", price: "55.00", stock: 20 }), id: g.id, stockSeen: 10 };
    // An order reserves 3 meanwhile.
    await db().goods.update({ where: { id: g.id }, data: { stock: { decrement: 3 } } });
    const err = await saveGoods(staff, ctx(), form, ["PART", "DERIVATIVE"]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ key: "GoodsAdmin.errors.stockChanged", status: 409, field: "stock", values: { stock: 7 } });
    expect(await db().goods.findUniqueOrThrow({ where: { id: g.id }, select: { stock: true, nameEn: true, price: true } })).toMatchObject({ stock: 7, nameEn: g.nameEn });
    expect(await savePartsGoodsAction(form)).toMatchObject({
      ok: false,
      fieldErrors: { stock: "The stock changed meanwhile (orders reserve it); it is now 7. Reload and try again." },
    });

    // With the stock it now shows, the edit applies.
    expect(await savePartsGoodsAction({ ...form, stockSeen: 7 })).toMatchObject({ ok: true, data: { stock: 20, nameEn: "Renamed" } });
    // An edit that leaves the stock alone never touches it, even when an order changed it.
    await db().goods.update({ where: { id: g.id }, data: { stock: { decrement: 5 } } });
    expect(await savePartsGoodsAction({ ...form, stock: 20, stockSeen: 20, nameEn: "Renamed again" })).toMatchObject({ ok: true, data: { stock: 15, nameEn: "Renamed again" } });
    // An edit must say what stock it loaded.
    expect(await savePartsGoodsAction({ ...form, stockSeen: undefined })).toMatchObject({ ok: false, fieldErrors: { stockSeen: expect.any(String) } });
  });

  it("links pictures (the first is the cover), refuses more than nine, and shows them to any signed-in viewer", async () => {
    const ids = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const id = randomBytes(16).toString("hex");
        await db().attachment.create({
          data: {
            id,
            kind: "IMAGE",
            mime: "image/webp",
            ext: "webp",
            size: 10,
            sha256: "0".repeat(64),
            storageKey: `test/${id}.webp`,
            originalName: `p${i}.webp`,
            uploaderId: staffUser,
          },
        });
        return id;
      }),
    );
    const tooMany = await savePartsGoodsAction(input({ pictures: ids.map((id) => ({ id })) }));
    expect(tooMany).toMatchObject({ ok: false, fieldErrors: { pictures: expect.stringContaining("9") } });
    const res = await savePartsGoodsAction(input({ pictures: [ids[2], ids[0]].map((id) => ({ id })) }));
    expect(res).toMatchObject({ ok: true, data: { coverId: ids[2] } });
    const goodsId = (res as { data: { id: number } }).data.id;
    const detail = await goodsDetail(dealer, goodsId);
    expect(detail.pictures.map((p) => p.id)).toEqual([ids[2], ids[0]]);
    expect(detail.cover?.thumbUrl).toContain(ids[2]);
    const a = await db().attachment.findUniqueOrThrow({ where: { id: ids[0] } });
    expect(a).toMatchObject({ ownerType: "goods", ownerId: String(goodsId), field: "pictures" });
    expect(await canSeeAttachment(dealer, a)).toBe(true);
    // Dropping a picture leaves the cover on the remaining first one.
    const form = { ...input({ code: detail.code }), id: goodsId, stock: detail.stock, stockSeen: detail.stock, pictures: [{ id: ids[0] }] };
    expect(await savePartsGoodsAction(form)).toMatchObject({ ok: true, data: { coverId: ids[0] } });
    expect((await db().attachment.findUniqueOrThrow({ where: { id: ids[2] } })).ownerType).toBeNull();
  });

  it("puts goods on and off sale in bulk, all or none, with an audit row each", async () => {
    const a = await makeGoods({ onSale: false });
    const b = await makeGoods({ onSale: false });
    const vehicle = await makeGoods({ kind: "VEHICLE", vehicleModelId: model.id, onSale: false });
    expect(await setPartsGoodsOnSaleAction({ ids: [a.id, vehicle.id], onSale: true })).toMatchObject({ ok: false });
    expect((await db().goods.findUniqueOrThrow({ where: { id: a.id } })).onSale).toBe(false);
    expect(await setPartsGoodsOnSaleAction({ ids: [a.id, b.id], onSale: true })).toMatchObject({ ok: true, data: { changed: 2 } });
    expect(await db().goods.count({ where: { id: { in: [a.id, b.id] }, onSale: true } })).toBe(2);
    expect(await db().auditLog.count({ where: { entity: "Goods", entityId: { in: [String(a.id), String(b.id)] }, action: "onSale" } })).toBe(2);
  });

  it("lets only goods managers write", async () => {
    await actAs({ id: dealer.userId }, dealer.company!.id);
    const code = uid("NOPE").toUpperCase();
    expect(await savePartsGoodsAction(input({ code }))).toMatchObject({ ok: false, message: expect.any(String) });
    expect(await db().goods.count({ where: { code } })).toBe(0);
    await actAs({ id: staffUser });
  });
});
