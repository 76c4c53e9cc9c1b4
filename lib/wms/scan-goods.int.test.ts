import { beforeAll, describe, expect, it, vi } from "vitest";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeGoods, makeRole, makeStaff, makeUser, roleId, type TestGoods } from "@/lib/test/factories";
import { scanGoodsAction } from "./actions";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// The entry form's scan lookup (scanGoodsAction) against PostgreSQL: a dealer who may create
// entries resolves a part's or derivative's exact code; an unknown code and a vehicle are
// refused with a message naming the code (both languages); a prefix is not a code; staff, a
// dealer without the entry permission and no session resolve nothing. Goods are the
// manufacturer's one catalogue (no company's own), so there is no other company's goods to hide.

let part: TestGoods;
let derivative: TestGoods;
let vehicle: TestGoods;
let dealer: { id: number };
let companyId: number;

beforeAll(async () => {
  part = await makeGoods({ kind: "PART", price: "19.90" });
  derivative = await makeGoods({ kind: "DERIVATIVE", price: "5.00" });
  vehicle = await makeGoods({ kind: "VEHICLE", price: "150000.00" });
  companyId = (await makeCompany()).id;
  dealer = await makeUser({ userType: "DEALER", companyIds: [companyId], roleIds: [await roleId("DEALER")] });
});

describe("scanGoodsAction", () => {
  it("resolves a part's and a derivative's exact code to the goods and its price", async () => {
    setTestLocale("en-US");
    await actAs(dealer, companyId);
    const a = await scanGoodsAction({ code: part.code });
    expect(a).toEqual({ ok: true, data: { id: part.id, code: part.code, nameEn: expect.any(String), nameZh: expect.any(String), price: "19.90" } });
    const b = await scanGoodsAction({ code: ` ${derivative.code} ` });
    expect(b).toMatchObject({ ok: true, data: { id: derivative.id, code: derivative.code, price: "5.00" } });
  });

  it.each([
    ["en-US", (c: string) => `No goods with the code ${c}.`, (c: string) => `${c} is a vehicle: vehicles enter from their orders.`],
    ["zh-CN", (c: string) => `没有编码为 ${c} 的商品。`, (c: string) => `${c} 是整车：整车随订单入库。`],
  ] as const)("refuses an unknown code, a prefix and a vehicle, naming the code (%s)", async (locale, unknown, isVehicle) => {
    setTestLocale(locale);
    await actAs(dealer, companyId);
    const missing = `NOPE-${part.code}`;
    expect(await scanGoodsAction({ code: missing })).toMatchObject({ ok: false, code: "NOT_FOUND", fieldErrors: { code: unknown(missing) } });
    const prefix = part.code.slice(0, -1);
    expect(await scanGoodsAction({ code: prefix })).toMatchObject({ ok: false, fieldErrors: { code: unknown(prefix) } });
    expect(await scanGoodsAction({ code: vehicle.code })).toMatchObject({ ok: false, code: "VALIDATION", fieldErrors: { code: isVehicle(vehicle.code) } });
  });

  it("validates the code, naming the field", async () => {
    setTestLocale("en-US");
    await actAs(dealer, companyId);
    const res = await scanGoodsAction({ code: "   " });
    expect(res).toMatchObject({ ok: false, code: "VALIDATION" });
    expect(!res.ok && res.fieldErrors?.code).toContain("Goods code");
  });

  it("answers nothing to staff, to a dealer without the entry permission, or without a session", async () => {
    setTestLocale("en-US");
    await actAs(await makeStaff());
    expect(await scanGoodsAction({ code: part.code })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    const bare = await makeUser({ userType: "DEALER", companyIds: [companyId], roleIds: [(await makeRole()).id] });
    await actAs(bare, companyId);
    expect(await scanGoodsAction({ code: part.code })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    await actAs(null);
    expect(await scanGoodsAction({ code: part.code })).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
  });
});
