import { beforeAll, describe, expect, it } from "vitest";
import { loadViewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { saveGoods } from "@/lib/mall/goods/service";
import { submitOrder } from "@/lib/mall/orders/service";
import { makeAddress, makeDealer, makeGoods, makeOrder, makeUser, makeVehicles, nowSeconds, roleId, uid, type TestDealer, type TestGoods } from "@/lib/test/factories";

// AchievementFact (the migration achievement_facts) is kept by triggers on Order, OrderLine,
// VehicleSale, Vehicle, WmsDocument and WmsDocumentLine, and AchievementMonth (its sums over
// goods) and AchievementGroup (its sums per line group: the vehicles, each parts category) by a
// deferred trigger on AchievementFact; each fact row carries its goods' line, re-keyed by a
// trigger on Goods (achievement_line_groups). After every kind of write, alone, in a
// bulk statement, several in one transaction and concurrently through order submission, it must
// hold exactly what plan achievement's definitions (lib/plans/achievement.ts) sum from those
// tables: the reference below is those definitions over the source tables.

type Fact = { c: number; mo: string; ms: string; g: number; q: number };

/** The definitions over the source tables, for these companies. */
async function reference(ids: number[]): Promise<Fact[]> {
  return db().$queryRaw<Fact[]>`
    SELECT c, to_char(mo, 'YYYY-MM') AS mo, ms, g, SUM(q)::int AS q FROM (
      SELECT o."companyId" c, date_trunc('month', o."createdAt" + interval '8 hours') mo, 'O' ms, l."goodsId" g, l."quantity" q
      FROM "Order" o JOIN "OrderLine" l ON l."orderId" = o."id"
      WHERE o."dealerDeleted" = false AND o."status" NOT IN ('CANCELLED', 'REJECTED')
      UNION ALL
      SELECT o."companyId", date_trunc('month', o."shippedAt" + interval '8 hours'), 'S', l."goodsId", l."quantity"
      FROM "Order" o JOIN "OrderLine" l ON l."orderId" = o."id"
      WHERE o."shippedAt" IS NOT NULL AND o."status" IN ('SHIPPED', 'COMPLETED')
      UNION ALL
      SELECT s."companyId", date_trunc('month', s."soldAt" + interval '8 hours'), 'R', v."goodsId", 1
      FROM "VehicleSale" s JOIN "Vehicle" v ON v."id" = s."vehicleId" WHERE s."returnedAt" IS NULL
      UNION ALL
      SELECT d."companyId", date_trunc('month', d."createdAt" AT TIME ZONE 'Asia/Shanghai'), 'R', l."goodsId", l."quantity"
      FROM "WmsDocument" d JOIN "WmsDocumentLine" l ON l."documentId" = d."id"
      WHERE d."type" = 'DELIVERY' AND d."source" = 'COUNTER' AND d."status" = 'POSTED'
    ) f WHERE c = ANY(${ids}::int[])
    GROUP BY 1, 2, 3, 4 HAVING SUM(q) <> 0 ORDER BY 1, 2, 3, 4`;
}

async function kept(ids: number[]): Promise<Fact[]> {
  return db().$queryRaw<Fact[]>`
    SELECT "companyId" c, to_char("month", 'YYYY-MM') mo, "measure"::text ms, "goodsId" g, "qty" q
    FROM "AchievementFact" WHERE "companyId" = ANY(${ids}::int[]) AND "qty" <> 0 ORDER BY 1, 2, 3, 4`;
}

/** AchievementMonth of these companies, as facts without goods (g 0). */
async function keptMonths(ids: number[]): Promise<Fact[]> {
  return db().$queryRaw<Fact[]>`
    SELECT "companyId" c, to_char("month", 'YYYY-MM') mo, "measure"::text ms, 0 g, "qty" q
    FROM "AchievementMonth" WHERE "companyId" = ANY(${ids}::int[]) AND "qty" <> 0 ORDER BY 1, 2, 3`;
}

/** The reference summed over goods, as AchievementMonth holds it. */
function byMonth(facts: Fact[]): Fact[] {
  const sums = new Map<string, Fact>();
  for (const f of facts) {
    const key = `${f.c}|${f.mo}|${f.ms}`;
    const s = sums.get(key) ?? { c: f.c, mo: f.mo, ms: f.ms, g: 0, q: 0 };
    s.q += f.q;
    sums.set(key, s);
  }
  return [...sums.values()].filter((f) => f.q !== 0);
}

type Line = { k: string; cat: string };
type Group = { c: number; mo: string; ms: string; k: string; cat: string; q: number };
const groupKey = (f: { c: number; mo: string; ms: string }, l: Line) => `${f.c}|${f.mo}|${f.ms}|${l.k}|${l.cat}`;

/** The line each goods counts for, from Goods as it is: V a vehicle, P parts with its category
 * (OTHER without one). */
async function goodsLines(goodsIds: number[]): Promise<Map<number, Line>> {
  const rows = await db().goods.findMany({ where: { id: { in: goodsIds } }, select: { id: true, kind: true, partsCategory: true } });
  return new Map(rows.map((g) => [g.id, g.kind === "VEHICLE" ? { k: "V", cat: "" } : { k: "P", cat: g.partsCategory ?? "OTHER" }]));
}

/** The line every fact row of these companies carries, by goods. */
async function keptLines(ids: number[]): Promise<Map<number, Line[]>> {
  const rows = await db().$queryRaw<({ g: number } & Line)[]>`
    SELECT DISTINCT "goodsId" g, "kind"::text k, "category" cat FROM "AchievementFact" WHERE "companyId" = ANY(${ids}::int[])`;
  const lines = new Map<number, Line[]>();
  for (const r of rows) lines.set(r.g, [...(lines.get(r.g) ?? []), { k: r.k, cat: r.cat }]);
  return lines;
}

async function keptGroups(ids: number[]): Promise<Group[]> {
  const rows = await db().$queryRaw<Group[]>`
    SELECT "companyId" c, to_char("month", 'YYYY-MM') mo, "measure"::text ms, "kind"::text k, "category" cat, "qty" q
    FROM "AchievementGroup" WHERE "companyId" = ANY(${ids}::int[]) AND "qty" <> 0`;
  return rows.sort((x, y) => groupKey(x, x).localeCompare(groupKey(y, y)));
}

/** The reference summed per line group, as AchievementGroup holds it. */
function byGroup(facts: Fact[], lines: Map<number, Line>): Group[] {
  const sums = new Map<string, Group>();
  for (const f of facts) {
    const l = lines.get(f.g)!;
    const key = groupKey(f, l);
    const s = sums.get(key) ?? { c: f.c, mo: f.mo, ms: f.ms, k: l.k, cat: l.cat, q: 0 };
    s.q += f.q;
    sums.set(key, s);
  }
  return [...sums.values()].filter((g) => g.q !== 0).sort((x, y) => groupKey(x, x).localeCompare(groupKey(y, y)));
}

async function expectKept(ids: number[], what: string) {
  const [want, have, months, groups, carried] = await Promise.all([reference(ids), kept(ids), keptMonths(ids), keptGroups(ids), keptLines(ids)]);
  expect(have, what).toEqual(want);
  expect(months, `${what} (months)`).toEqual(byMonth(want));
  const lines = await goodsLines([...new Set([...want.map((f) => f.g), ...carried.keys()])]);
  for (const [g, l] of carried) expect(l, `${what} (the line of goods ${g})`).toEqual([lines.get(g)]);
  expect(groups, `${what} (groups)`).toEqual(byGroup(want, lines));
  return want;
}

/** A Shanghai wall-clock time as the instant it is. */
const sh = (local: string) => new Date(`${local}+08:00`);

let a: TestDealer;
let b: TestDealer;
let g1: TestGoods;
let g2: TestGoods;
let g3: TestGoods;

beforeAll(async () => {
  [a, b] = [await makeDealer(), await makeDealer()];
  [g1, g2, g3] = [await makeGoods({ kind: "VEHICLE" }), await makeGoods({ kind: "PART", stock: 10_000 }), await makeGoods({ kind: "PART", stock: 10_000 })];
});

describe("AchievementFact follows every write to its sources", () => {
  it("orders and their lines: inserts, status moves, dates across a month's edge, deletes, several changes in one transaction", async () => {
    const ids = [a.companyId, b.companyId];
    const o1 = await makeOrder({ companyId: a.companyId, userId: a.userId, goods: g1, quantity: 3 });
    const o2 = await makeOrder({ companyId: a.companyId, userId: a.userId, goods: g2, quantity: 5 });
    expect((await expectKept(ids, "inserted")).length).toBeGreaterThan(0);

    const steps: [string, () => Promise<unknown>][] = [
      ["created on the last second of February (Shanghai)", () => db().order.update({ where: { id: o1.id }, data: { createdAt: sh("2024-02-29T23:59:59") } })],
      ["moved to the first instant of March", () => db().order.update({ where: { id: o1.id }, data: { createdAt: sh("2024-03-01T00:00:00") } })],
      ["shipped in April", () => db().order.update({ where: { id: o1.id }, data: { status: "SHIPPED", shippedAt: sh("2024-04-01T00:10:00") } })],
      ["completed", () => db().order.update({ where: { id: o1.id }, data: { status: "COMPLETED" } })],
      ["cancelled", () => db().order.update({ where: { id: o2.id }, data: { status: "CANCELLED" } })],
      ["submitted again and deleted by the dealer", () => db().order.update({ where: { id: o2.id }, data: { status: "SUBMITTED", dealerDeleted: true } })],
      ["restored", () => db().order.update({ where: { id: o2.id }, data: { dealerDeleted: false } })],
      ["moved to the other company", () => db().order.update({ where: { id: o2.id }, data: { companyId: b.companyId } })],
      ["a line added to a shipped order", () => db().orderLine.create({ data: { ...lineOf(g2, 4), orderId: o1.id } })],
      ["a line's quantity and goods changed", () => db().orderLine.updateMany({ where: { orderId: o1.id, goodsId: g2.id }, data: { quantity: 6, goodsId: g3.id } })],
      ["a line moved to another order", () => db().orderLine.updateMany({ where: { orderId: o1.id, goodsId: g3.id }, data: { orderId: o2.id } })],
      ["a line deleted", () => db().orderLine.deleteMany({ where: { orderId: o2.id, goodsId: g3.id } })],
      ["a bulk status move", () => db().order.updateMany({ where: { id: { in: [o1.id, o2.id] } }, data: { status: "CONFIRMED", shippedAt: null } })],
      [
        "several changes of one order in one transaction",
        () =>
          db().$transaction(async (tx) => {
            await tx.order.update({ where: { id: o2.id }, data: { status: "SHIPPED", shippedAt: sh("2024-05-03T10:00:00") } });
            await tx.orderLine.create({ data: { ...lineOf(g3, 2), orderId: o2.id } });
            await tx.order.update({ where: { id: o2.id }, data: { createdAt: sh("2024-05-01T08:00:00"), companyId: a.companyId } });
            await tx.orderLine.updateMany({ where: { orderId: o2.id }, data: { quantity: 9 } });
          }),
      ],
      [
        "a transaction rolled back",
        () =>
          db()
            .$transaction(async (tx) => {
              await tx.order.update({ where: { id: o1.id }, data: { status: "SHIPPED", shippedAt: sh("2024-06-01T10:00:00") } });
              throw new Error("rolled back");
            })
            .catch(() => null),
      ],
      ["an order deleted with its lines", () => db().order.delete({ where: { id: o1.id } })],
    ];
    for (const [what, step] of steps) {
      await step();
      await expectKept(ids, what);
    }
    // What the last steps left: o2 ordered and shipped in May, two lines of nine.
    expect(await kept([a.companyId])).toEqual(
      expect.arrayContaining([
        { c: a.companyId, mo: "2024-05", ms: "O", g: g2.id, q: 9 },
        { c: a.companyId, mo: "2024-05", ms: "S", g: g3.id, q: 9 },
      ]),
    );
  });

  it("vehicle sales: sold, returned, re-dated, deleted, many in one statement, and a vehicle's goods corrected", async () => {
    const d = await makeDealer();
    const ids = [d.companyId];
    const vins = await makeVehicles(g1.id, 4, { status: "SOLD", companyId: d.companyId });
    const vehicles = await db().vehicle.findMany({ where: { vin: { in: vins } }, select: { id: true }, orderBy: { id: "asc" } });
    const sale = (vehicleId: number, soldAt: Date) => ({
      vehicleId,
      companyId: d.companyId,
      soldAt,
      ownerName: "Zhang San",
      phone: "13800000000",
      idType: "ID_CARD" as const,
      idNumberSealed: "sealed",
      idNumberMasked: "1101**********1234",
      warrantyStart: soldAt,
      warrantyEnd: soldAt,
      warrantyMonths: 36,
      createdById: d.userId,
    });
    const s1 = await db().vehicleSale.create({ data: sale(vehicles[0].id, sh("2024-03-31T23:59:00")) });
    await db().vehicleSale.createMany({ data: vehicles.slice(1).map((v) => sale(v.id, sh("2024-04-02T10:00:00"))) });
    await expectKept(ids, "sold");
    expect(await kept(ids)).toEqual([
      { c: d.companyId, mo: "2024-03", ms: "R", g: g1.id, q: 1 },
      { c: d.companyId, mo: "2024-04", ms: "R", g: g1.id, q: 3 },
    ]);
    const steps: [string, () => Promise<unknown>][] = [
      ["returned", () => db().vehicleSale.update({ where: { id: s1.id }, data: { returnedAt: new Date() } })],
      ["return undone and re-dated", () => db().vehicleSale.update({ where: { id: s1.id }, data: { returnedAt: null, soldAt: sh("2024-04-01T00:00:00") } })],
      ["a vehicle's goods corrected", () => db().vehicle.update({ where: { id: vehicles[1].id }, data: { goodsId: g3.id } })],
      ["a sale deleted", () => db().vehicleSale.deleteMany({ where: { vehicleId: vehicles[2].id } })],
    ];
    for (const [what, step] of steps) {
      await step();
      await expectKept(ids, what);
    }
  });

  it("counter sales: counted once posted, by the document's Shanghai month, through line and document changes", async () => {
    const d = await makeDealer();
    const ids = [d.companyId];
    const wh = await db().warehouse.create({ data: { companyId: d.companyId, code: uid("W").toUpperCase(), name: "Main", type: "MIXED" } });
    const doc = await db().wmsDocument.create({
      data: {
        docNo: uid("WD").toUpperCase(),
        type: "DELIVERY",
        status: "DRAFT",
        companyId: d.companyId,
        warehouseId: wh.id,
        source: "COUNTER",
        createdById: d.userId,
        createdAt: sh("2024-03-31T23:30:00"),
        lines: {
          create: [
            { goodsId: g2.id, quantity: 2 },
            { goodsId: g3.id, quantity: 1 },
          ],
        },
      },
    });
    await expectKept(ids, "a draft");
    expect(await kept(ids)).toEqual([]);
    const steps: [string, () => Promise<unknown>][] = [
      ["posted", () => db().wmsDocument.update({ where: { id: doc.id }, data: { status: "POSTED", postedAt: new Date() } })],
      [
        "a line added and one changed",
        () =>
          db().$transaction([
            db().wmsDocumentLine.create({ data: { documentId: doc.id, goodsId: g2.id, quantity: 5 } }),
            db().wmsDocumentLine.updateMany({ where: { documentId: doc.id, goodsId: g3.id }, data: { quantity: 4 } }),
          ]),
      ],
      ["re-dated into April", () => db().wmsDocument.update({ where: { id: doc.id }, data: { createdAt: sh("2024-04-01T00:00:00") } })],
      ["another source", () => db().wmsDocument.update({ where: { id: doc.id }, data: { source: "MANUAL" } })],
      ["the counter again", () => db().wmsDocument.update({ where: { id: doc.id }, data: { source: "COUNTER" } })],
      ["a line deleted", () => db().wmsDocumentLine.deleteMany({ where: { documentId: doc.id, goodsId: g3.id } })],
      ["the document deleted with its lines", () => db().wmsDocument.delete({ where: { id: doc.id } })],
    ];
    for (const [what, step] of steps) {
      await step();
      await expectKept(ids, what);
    }
  });

  it("a goods' parts category changed, by SQL and through the goods screen, also while orders of it are submitted: its facts re-keyed, its quantities moved between groups", async () => {
    const d = await makeDealer();
    const ids = [d.companyId];
    const categories = (await db().dictItem.findMany({ where: { type: { code: "parts_category" }, enabled: true }, select: { value: true }, orderBy: { sort: "asc" } })).map(
      (c) => c.value,
    );
    expect(categories.length).toBeGreaterThanOrEqual(2);
    const [c1, c2] = categories;
    const part = await makeGoods({ kind: "PART", stock: 100_000 });
    const other = await makeGoods({ kind: "PART", stock: 100_000 });
    await db().goods.update({ where: { id: other.id }, data: { partsCategory: c1 } });
    await makeOrder({ companyId: d.companyId, userId: d.userId, goods: part, quantity: 4 });
    await makeOrder({ companyId: d.companyId, userId: d.userId, goods: other, quantity: 3 });
    await expectKept(ids, "ordered without a category");
    const steps: [string, () => Promise<unknown>][] = [
      ["given a category", () => db().goods.update({ where: { id: part.id }, data: { partsCategory: c1 } })],
      ["moved to another", () => db().goods.update({ where: { id: part.id }, data: { partsCategory: c2 } })],
      ["a derivative now, same category", () => db().goods.update({ where: { id: part.id }, data: { kind: "DERIVATIVE" } })],
      ["its category cleared", () => db().goods.update({ where: { id: part.id }, data: { partsCategory: null } })],
      [
        "re-keyed and ordered again in one transaction, then rolled back",
        () =>
          db()
            .$transaction(async (tx) => {
              await tx.goods.update({ where: { id: part.id }, data: { partsCategory: c2 } });
              await tx.orderLine.updateMany({ where: { goodsId: part.id }, data: { quantity: 8 } });
              throw new Error("rolled back");
            })
            .catch(() => null),
      ],
    ];
    for (const [what, step] of steps) {
      await step();
      await expectKept(ids, what);
    }
    expect((await keptGroups(ids)).filter((g) => g.ms === "O").map((g) => [g.cat, g.q])).toEqual(
      [
        ["OTHER", 4],
        [c1, 3],
      ].sort((x, y) => `${x[0]}`.localeCompare(`${y[0]}`)),
    );

    // The goods screen edits the category while 16 orders of it are submitted: none deadlocks,
    // and no fact row keeps the category it had before an edit that committed.
    const staff = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [await roleId("SALES_OPS")] })).id, null, nowSeconds()))!;
    const addressId = (await makeAddress(d.companyId)).id;
    const work: (() => Promise<unknown>)[] = [];
    for (let i = 0; i < 16; i++) {
      const user = i ? await makeDealer({ companyId: d.companyId }) : d;
      const viewer = (await loadViewer(user.userId, d.companyId, nowSeconds()))!;
      const ctx: AuditCtx = { userId: user.userId, companyId: d.companyId, requestId: null };
      const l1 = await db().cartLine.create({ data: { companyId: d.companyId, userId: user.userId, goodsId: part.id, quantity: 1 } });
      const l2 = await db().cartLine.create({ data: { companyId: d.companyId, userId: user.userId, goodsId: other.id, quantity: 1 } });
      const input = { type: "PARTS" as const, cartLineIds: [l1.id, l2.id], addressId, phone: "13912345678", deliveryWay: "LOGISTICS" };
      work.push(() => submitOrder(viewer, ctx, input, uid("key-")));
    }
    const row = await db().goods.findUniqueOrThrow({ where: { id: part.id } });
    for (let i = 0; i < 6; i++)
      work.splice(i * 3, 0, () =>
        saveGoods(
          staff,
          { userId: staff.userId, companyId: null, requestId: null },
          {
            id: part.id,
            kind: "DERIVATIVE",
            code: row.code,
            nameEn: row.nameEn,
            nameZh: row.nameZh,
            carGroupId: row.carGroupId,
            vehicleModelId: null,
            config: row.config,
            specification: row.specification,
            partsCategory: i % 2 ? c1 : c2,
            price: row.price.toString(),
            stock: 0,
            stockSeen: 0,
            minOrderQty: row.minOrderQty,
            onSale: true,
            sort: row.sort,
            remark: row.remark,
            pictures: [],
          },
          ["PART", "DERIVATIVE"],
        ),
      );
    const results = await Promise.allSettled(work.map((w) => w()));
    expect(results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    await expectKept(ids, "after the edits and the submissions");
    expect([c1, c2]).toContain((await db().goods.findUniqueOrThrow({ where: { id: part.id } })).partsCategory);
  });

  it("30 concurrent submissions of one dealer's users, carts listing the goods in both orders: no deadlock, no lost count", async () => {
    const d = await makeDealer();
    const addressId = (await makeAddress(d.companyId)).id;
    const submissions: (() => ReturnType<typeof submitOrder>)[] = [];
    for (let i = 0; i < 30; i++) {
      const user = i ? await makeDealer({ companyId: d.companyId }) : d;
      const viewer = (await loadViewer(user.userId, d.companyId, nowSeconds()))!;
      const ctx: AuditCtx = { userId: user.userId, companyId: d.companyId, requestId: null };
      const [first, second] = i % 2 ? [g3, g2] : [g2, g3];
      const l1 = await db().cartLine.create({ data: { companyId: d.companyId, userId: user.userId, goodsId: first.id, quantity: 1 } });
      const l2 = await db().cartLine.create({ data: { companyId: d.companyId, userId: user.userId, goodsId: second.id, quantity: 2 } });
      const input = { type: "PARTS" as const, cartLineIds: [l1.id, l2.id], addressId, phone: "13912345678", deliveryWay: "LOGISTICS" };
      submissions.push(() => submitOrder(viewer, ctx, input, uid("key-")));
    }
    const results = await Promise.allSettled(submissions.map((s) => s()));
    expect(results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const facts = await expectKept([d.companyId], "after the submissions");
    expect(facts.filter((f) => f.ms === "O").map((f) => [f.g, f.q])).toEqual(
      [
        [g2.id, 30 + 15],
        [g3.id, 30 + 15],
      ].sort((x, y) => x[0] - y[0]),
    );
  });
});

const lineOf = (g: TestGoods, quantity: number) => ({
  goodsId: g.id,
  kind: g.kind,
  nameEn: "Line",
  nameZh: "行",
  price: new Prisma.Decimal("1.00"),
  quantity,
  subtotal: new Prisma.Decimal(quantity),
});
