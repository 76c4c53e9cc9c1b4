import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, type GoodsKind } from "@/lib/generated/prisma/client";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeUser, uid } from "@/lib/test/factories";
import { addToCart, cartLines, clearCart, loadCart, removeCartLines, updateCartLine } from "./service";
import { addToCartAction, clearCartAction, removeCartLinesAction, updateCartLineAction } from "./actions";
import { MAX_CART_LINES } from "./rules";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// The carts: the goods' rules on every quantity, one line per goods, the 100-line cap, decimal
// totals, and a line that only its user in its company can see or touch (404 for anyone else).

type Who = { user: number; company: number };
let a: Who;
let a2: Who;
let b: Who;
let staff: number;
let admin: number;

async function makeGoods(over: { kind?: GoodsKind; price?: string; stock?: number; minOrderQty?: number; onSale?: boolean } = {}) {
  const code = uid("G");
  return db().goods.create({
    data: {
      kind: over.kind ?? "PART",
      code,
      nameEn: `Goods ${code}`,
      nameZh: `商品${code}`,
      price: over.price ?? "100.00",
      stock: over.stock ?? 50,
      minOrderQty: over.minOrderQty ?? 1,
      onSale: over.onSale ?? true,
    },
  });
}
const asA = () => actAs({ id: a.user }, a.company);
const asA2 = () => actAs({ id: a2.user }, a.company);
const asB = () => actAs({ id: b.user }, b.company);
const linesOf = (w: Who) => db().cartLine.findMany({ where: { companyId: w.company, userId: w.user }, orderBy: { id: "asc" } });
const fail = (fieldErrors?: Record<string, string>) => (fieldErrors ? { ok: false, fieldErrors } : { ok: false });

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

beforeAll(async () => {
  setTestLocale("en-US");
  const dealerRole = await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } });
  const salesRole = await db().role.findUniqueOrThrow({ where: { code: "SALES_OPS" }, select: { id: true } });
  const ca = await makeCompany();
  const cb = await makeCompany();
  a = { company: ca.id, user: (await makeUser({ userType: "DEALER", companyIds: [ca.id], roleIds: [dealerRole.id] })).id };
  a2 = { company: ca.id, user: (await makeUser({ userType: "DEALER", companyIds: [ca.id], roleIds: [dealerRole.id] })).id };
  b = { company: cb.id, user: (await makeUser({ userType: "DEALER", companyIds: [cb.id], roleIds: [dealerRole.id] })).id };
  staff = (await makeUser({ userType: "STAFF", roleIds: [salesRole.id] })).id;
  admin = (await makeUser({ userType: "ADMIN" })).id;
});

describe("adding to the cart", () => {
  it("checks the quantity against the goods' minimum and stock, naming the numbers", async () => {
    await asA();
    const g = await makeGoods({ minOrderQty: 2, stock: 5 });
    expect(await addToCartAction({ goodsId: g.id, quantity: 1 })).toMatchObject(fail({ quantity: "Quantity must be at least 2 (the minimum order quantity)." }));
    expect(await addToCartAction({ goodsId: g.id, quantity: 6 })).toMatchObject(fail({ quantity: "Quantity is too large: only 5 in stock." }));
    expect(await linesOf(a)).toHaveLength(0);
    expect(await addToCartAction({ goodsId: g.id, quantity: 2 })).toMatchObject({
      ok: true,
      data: { merged: false, type: "PARTS", line: { quantity: 2, price: "100.00", subtotal: "200.00" } },
    });
  });

  it("refuses zero, negative, fractional, huge and non-numeric quantities and saves nothing", async () => {
    await asA();
    const g = await makeGoods({ stock: 1_000_000 });
    for (const quantity of [0, -1, 1.5, 100_000, 1e12, Number.NaN, "abc", "3", null, undefined]) {
      const res = await addToCartAction({ goodsId: g.id, quantity });
      expect(res.ok, `quantity ${String(quantity)}`).toBe(false);
      if (!res.ok) expect(res.fieldErrors?.quantity, `quantity ${String(quantity)}`).toMatch(/Quantity/);
    }
    expect(await db().cartLine.count({ where: { goodsId: g.id } })).toBe(0);
  });

  it("refuses goods off sale or out of stock with a conflict, and missing goods with 404", async () => {
    await asA();
    const off = await makeGoods({ onSale: false });
    const empty = await makeGoods({ stock: 0 });
    expect(await addToCartAction({ goodsId: off.id, quantity: 1 })).toMatchObject(fail({ quantity: "This goods is off sale and cannot be ordered." }));
    expect(await addToCartAction({ goodsId: empty.id, quantity: 1 })).toMatchObject(fail({ quantity: "This goods is out of stock." }));
    const viewer = (await asA())!;
    await expect(addToCart(viewer, { goodsId: empty.id, quantity: 1 })).rejects.toMatchObject({ status: 409 });
    await expect(addToCart(viewer, { goodsId: 2_000_000_000, quantity: 1 })).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses goods of another kind for the cart the caller names", async () => {
    const viewer = (await asA())!;
    const car = await makeGoods({ kind: "VEHICLE" });
    const gift = await makeGoods({ kind: "DERIVATIVE" });
    await expect(addToCart(viewer, { goodsId: car.id, quantity: 1, type: "PARTS" })).rejects.toMatchObject({ key: "Cart.errors.wrongKind", status: 422 });
    expect(await addToCartAction({ goodsId: gift.id, quantity: 1, type: "VEHICLE" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("does not belong in this cart"),
    });
    expect(await addToCartAction({ goodsId: car.id, quantity: 1, type: "VEHICLE" })).toMatchObject({ ok: true, data: { type: "VEHICLE" } });
    expect(await addToCartAction({ goodsId: gift.id, quantity: 1 })).toMatchObject({ ok: true, data: { type: "PARTS" } });
    const vehicles = await loadCart(viewer, "VEHICLE", "en-US");
    expect(vehicles.lines.map((l) => l.goodsId)).toContain(car.id);
    expect(vehicles.lines.every((l) => l.kind === "VEHICLE")).toBe(true);
    const parts = await loadCart(viewer, "PARTS", "en-US");
    expect(parts.lines.map((l) => l.goodsId)).toContain(gift.id);
    expect(parts.lines.map((l) => l.goodsId)).not.toContain(car.id);
  });

  it("adds to the existing line of the goods and checks the sum", async () => {
    await asA();
    const g = await makeGoods({ minOrderQty: 2, stock: 7 });
    await addToCartAction({ goodsId: g.id, quantity: 3 });
    expect(await addToCartAction({ goodsId: g.id, quantity: 4, remark: "urgent" })).toMatchObject({ ok: true, data: { merged: true, line: { quantity: 7, remark: "urgent" } } });
    expect(await addToCartAction({ goodsId: g.id, quantity: 2 })).toMatchObject(fail({ quantity: "Quantity is too large: only 7 in stock, and 7 are already in your cart." }));
    const rows = await db().cartLine.findMany({ where: { goodsId: g.id } });
    expect(rows.map((r) => [r.quantity, r.remark])).toEqual([[7, "urgent"]]);
  });

  it("keeps at most 100 lines per cart, also when adds race", async () => {
    const dealerRole = await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } });
    const c = await makeCompany();
    const u = await makeUser({ userType: "DEALER", companyIds: [c.id], roleIds: [dealerRole.id] });
    const viewer = (await actAs({ id: u.id }, c.id))!;
    const goods = await Promise.all(Array.from({ length: MAX_CART_LINES + 5 }, () => makeGoods()));
    const results = await Promise.allSettled(goods.map((g) => addToCart(viewer, { goodsId: g.id, quantity: 1 })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_CART_LINES);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused).toHaveLength(5);
    expect(refused.every((r) => r.reason instanceof DomainError && r.reason.key === "Cart.errors.full")).toBe(true);
    expect(await db().cartLine.count({ where: { companyId: c.id, userId: u.id } })).toBe(MAX_CART_LINES);
    // A vehicle goes into the other cart, which still has room.
    const car = await makeGoods({ kind: "VEHICLE" });
    await expect(addToCart(viewer, { goodsId: car.id, quantity: 1 })).resolves.toMatchObject({ type: "VEHICLE" });
    expect(await addToCartAction({ goodsId: (await makeGoods()).id, quantity: 1 })).toMatchObject({
      ok: false,
      message: "A cart holds at most 100 lines: order or remove some first.",
    });
    // A full cart still takes more of the goods it holds.
    const held = await db().cartLine.findFirstOrThrow({ where: { companyId: c.id, userId: u.id }, select: { goodsId: true } });
    expect(await addToCartAction({ goodsId: held.goodsId, quantity: 1 })).toMatchObject({ ok: true, data: { merged: true, line: { quantity: 2 } } });
  });
});

describe("the cart's lines", () => {
  it("flags lines whose goods went off sale, out of stock or whose minimum rose, and totals in decimals", async () => {
    const dealerRole = await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } });
    const c = await makeCompany();
    const u = await makeUser({ userType: "DEALER", companyIds: [c.id], roleIds: [dealerRole.id] });
    const viewer = (await actAs({ id: u.id }, c.id))!;
    const dime = await makeGoods({ price: "0.10", stock: 10 });
    const off = await makeGoods({ price: "19999.99", stock: 10 });
    const low = await makeGoods({ price: "1.05", stock: 10 });
    const min = await makeGoods({ price: "2.00", stock: 10 });
    for (const g of [dime, off, low, min]) await addToCart(viewer, { goodsId: g.id, quantity: 3 });
    await db().goods.update({ where: { id: off.id }, data: { onSale: false } });
    await db().goods.update({ where: { id: low.id }, data: { stock: 2 } });
    await db().goods.update({ where: { id: min.id }, data: { minOrderQty: 5 } });
    const cart = await loadCart(viewer, "PARTS", "zh-CN");
    const by = (id: number) => cart.lines.find((l) => l.goodsId === id)!;
    expect(by(dime.id)).toMatchObject({ price: "0.10", quantity: 3, subtotal: "0.30", name: dime.nameZh, flags: { offSale: false, outOfStock: false, belowMinimum: false } });
    expect(by(off.id).flags).toEqual({ offSale: true, outOfStock: false, belowMinimum: false });
    expect(by(low.id).flags).toEqual({ offSale: false, outOfStock: true, belowMinimum: false });
    expect(by(min.id).flags).toEqual({ offSale: false, outOfStock: false, belowMinimum: true });
    expect(cart.flagged).toBe(3);
    // 0.30 + 59999.97 + 3.15 + 6.00, summed as decimals
    expect(cart.totals).toEqual({ lines: 4, quantity: 12, amount: "60009.42" });
    expect(by(off.id).subtotal).toBe("59999.97");
    // The REST list is the same data, plain JSON.
    expect(JSON.parse(JSON.stringify(await cartLines(viewer, "PARTS")))).toMatchObject({ totals: { amount: "60009.42" } });
  });

  it("reads a cart in the same number of queries whatever its size", async () => {
    const dealerRole = await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } });
    const c = await makeCompany();
    const u = await makeUser({ userType: "DEALER", companyIds: [c.id], roleIds: [dealerRole.id] });
    const viewer = (await actAs({ id: u.id }, c.id))!;
    const goods = await Promise.all(Array.from({ length: 30 }, () => makeGoods()));
    await addToCart(viewer, { goodsId: goods[0].id, quantity: 1 });
    let small = 0;
    const q1 = await countQueries(async () => (small = (await loadCart(viewer, "PARTS", "en-US")).lines.length));
    for (const g of goods.slice(1)) await addToCart(viewer, { goodsId: g.id, quantity: 1 });
    let big = 0;
    const q30 = await countQueries(async () => (big = (await loadCart(viewer, "PARTS", "en-US")).lines.length));
    expect([small, big]).toEqual([1, 30]);
    expect(q30).toBe(q1);
    expect(q1).toBeLessThanOrEqual(2);
  });

  it("changes a line's quantity within the goods' rules and its remark", async () => {
    await asA();
    const g = await makeGoods({ minOrderQty: 2, stock: 9, price: "12.34" });
    const added = await addToCartAction({ goodsId: g.id, quantity: 2 });
    const id = added.ok ? added.data.line.id : 0;
    expect(await updateCartLineAction({ id, quantity: 10 })).toMatchObject(fail({ quantity: "Quantity is too large: only 9 in stock." }));
    expect(await updateCartLineAction({ id, quantity: 1 })).toMatchObject(fail({ quantity: "Quantity must be at least 2 (the minimum order quantity)." }));
    expect(await updateCartLineAction({ id, quantity: 0 })).toMatchObject({ ok: false, fieldErrors: { quantity: expect.stringContaining("Quantity") } });
    expect(await updateCartLineAction({ id, quantity: 2.5 })).toMatchObject({ ok: false, fieldErrors: { quantity: expect.stringContaining("Quantity") } });
    expect(await updateCartLineAction({ id, quantity: 9 })).toMatchObject({ ok: true, data: { line: { quantity: 9, subtotal: "111.06" } } });
    expect(await updateCartLineAction({ id, remark: "  blue ones  " })).toMatchObject({ ok: true, data: { line: { quantity: 9, remark: "blue ones" } } });
    expect(await updateCartLineAction({ id, remark: "" })).toMatchObject({ ok: true, data: { line: { remark: null } } });
    expect(await updateCartLineAction({ id, remark: "x".repeat(201) })).toMatchObject({ ok: false, fieldErrors: { remark: expect.stringContaining("Remark") } });
    // A remark can still be changed when the goods went off sale; the quantity cannot.
    await db().goods.update({ where: { id: g.id }, data: { onSale: false } });
    expect(await updateCartLineAction({ id, remark: "later" })).toMatchObject({ ok: true });
    expect(await updateCartLineAction({ id, quantity: 3 })).toMatchObject(fail({ quantity: "This goods is off sale and cannot be ordered." }));
  });

  it("removes all the selected lines or none, and clears one cart only", async () => {
    const viewer = (await asA())!;
    const [g1, g2] = [await makeGoods(), await makeGoods()];
    const car = await makeGoods({ kind: "VEHICLE" });
    const l1 = await addToCart(viewer, { goodsId: g1.id, quantity: 1 });
    const l2 = await addToCart(viewer, { goodsId: g2.id, quantity: 1 });
    await addToCart(viewer, { goodsId: car.id, quantity: 1 });
    expect(await removeCartLinesAction({ ids: [l1.line.id, 2_000_000_000] })).toMatchObject({ ok: false, message: "The record does not exist or you may not see it." });
    expect(await db().cartLine.count({ where: { id: l1.line.id } })).toBe(1);
    expect(await removeCartLinesAction({ ids: [] })).toMatchObject({ ok: false });
    expect(await removeCartLinesAction({ ids: [l1.line.id, l1.line.id] })).toMatchObject({ ok: true, data: { deleted: 1 } });
    expect(await clearCartAction({ type: "PARTS" })).toMatchObject({ ok: true });
    expect(await db().cartLine.count({ where: { id: l2.line.id } })).toBe(0);
    expect((await loadCart(viewer, "VEHICLE", "en-US")).lines.map((l) => l.goodsId)).toContain(car.id);
    expect(await clearCartAction({ type: "BOTH" })).toMatchObject({ ok: false });
  });
});

describe("whose cart", () => {
  it("answers 404 to dealer B and to another user of the same company, changing nothing", async () => {
    const viewer = (await asA())!;
    const g = await makeGoods({ stock: 10 });
    const { line } = await addToCart(viewer, { goodsId: g.id, quantity: 2 });
    const notFound = { ok: false, message: "The record does not exist or you may not see it." };
    for (const as of [asB, asA2]) {
      const other = (await as())!;
      expect(await updateCartLineAction({ id: line.id, quantity: 3 })).toMatchObject(notFound);
      expect(await updateCartLineAction({ id: line.id, remark: "mine now" })).toMatchObject(notFound);
      expect(await removeCartLinesAction({ ids: [line.id] })).toMatchObject(notFound);
      await expect(updateCartLine(other, { id: line.id, quantity: 3 })).rejects.toMatchObject({ status: 404 });
      await expect(removeCartLines(other, [line.id])).rejects.toBeInstanceOf(NotFoundError);
      expect((await loadCart(other, "PARTS", "en-US")).lines.map((l) => l.id)).not.toContain(line.id);
      await clearCart(other, "PARTS");
    }
    expect(await db().cartLine.findUnique({ where: { id: line.id } })).toMatchObject({ quantity: 2, remark: null });
  });

  it("refuses staff and administrators: carts are dealers'", async () => {
    const g = await makeGoods();
    await actAs({ id: staff });
    expect(await addToCartAction({ goodsId: g.id, quantity: 1 })).toMatchObject({ ok: false, message: "You do not have permission to do this." });
    expect(await clearCartAction({ type: "PARTS" })).toMatchObject({ ok: false, message: "You do not have permission to do this." });
    const adminViewer = (await actAs({ id: admin }))!;
    expect(await addToCartAction({ goodsId: g.id, quantity: 1 })).toMatchObject({ ok: false, message: "Carts belong to dealers: sign in as a dealer to use the cart." });
    await expect(loadCart(adminViewer, "PARTS", "en-US")).rejects.toMatchObject({ status: 403 });
    expect(await db().cartLine.count({ where: { goodsId: g.id } })).toBe(0);
  });

  it("answers anonymous callers with sign in again", async () => {
    await actAs(null);
    expect(await addToCartAction({ goodsId: 1, quantity: 1 })).toMatchObject({ ok: false, message: "Your session has ended. Please sign in again." });
  });
});
