import { randomBytes } from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { db } from "@/lib/db";
import type { OrderStatus } from "@/lib/generated/prisma/enums";
import * as factories from "@/lib/test/factories";
import { abs, expect, HOME } from "./fixtures";

// Database access for the order specs, over the shared factories (lib/test/factories.ts, which
// the integration tests use too): a dealer company made for one test (so its orders and
// reconciliation hold only what the test made and specs re-run on one database), goods,
// factory-stock vehicles with valid VINs, and orders in a chosen state. npm test passes
// DATABASE_URL (the e2e database) to Playwright.

export { db };
export { vin, type TestGoods } from "@/lib/test/factories";

export const uid = () => randomBytes(4).toString("hex").toUpperCase();
export const PASSWORD = "Dealer@123456";

/** The demo company D001's organization (East China), whose regional staff see what is made there. */
const d001Organization = async () => (await db().company.findUniqueOrThrow({ where: { code: "D001" }, select: { organizationId: true } })).organizationId!;

/** A dealer company (in D001's region, so regional staff see it) with one dealer user. */
export async function makeDealerCompany(): Promise<{ companyId: number; code: string; nameEn: string; nameZh: string; account: string; userId: number }> {
  const code = `E2O${uid()}`;
  const company = await factories.makeCompany(await d001Organization(), "ACTIVE", { code, nameEn: `Orders Test ${code}`, nameZh: `订单测试${code}` });
  const d = await factories.makeDealer({ companyId: company.id, account: `e2e.ord.${code.toLowerCase()}`, password: PASSWORD, name: `E2E ${code}` });
  return { companyId: d.companyId, code, nameEn: d.nameEn, nameZh: d.nameZh, account: d.account, userId: d.userId };
}

/** Signs a browser context in through next-auth's credentials endpoint. */
export async function signIn(context: BrowserContext, account: string, password: string, companyCode = ""): Promise<void> {
  const api = context.request;
  const { csrfToken } = (await (await api.get("api/auth/csrf")).json()) as { csrfToken: string };
  const res = await api.post("api/auth/callback/credentials", {
    form: { csrfToken, account, password, companyCode, json: "true", callbackUrl: abs(HOME) },
    headers: { "X-Auth-Return-Redirect": "1" },
  });
  expect(res.ok(), `sign in as ${account}`).toBeTruthy();
  expect((await context.cookies()).some((c) => c.name.endsWith("next-auth.session-token"))).toBe(true);
}

/** Goods on sale: a vehicle (with a vehicle model of its own) or a part. */
export async function makeGoods(kind: "VEHICLE" | "PART", price: string, stock = 50): Promise<factories.TestGoods> {
  const code = `E2E-ORD-${uid()}`;
  const nameEn = `${kind === "VEHICLE" ? "Order car" : "Order part"} ${code}`;
  const nameZh = `${kind === "VEHICLE" ? "订单整车" : "订单配件"} ${code}`;
  // Vehicles are of the demo's first model, as the catalogue shows them.
  const model = kind === "VEHICLE" ? await db().vehicleModel.findFirst({ orderBy: { id: "asc" }, select: { id: true } }) : null;
  return factories.makeGoods({ kind, code, nameEn, nameZh, price, stock, vehicleModelId: model?.id });
}

/** `n` factory-stock vehicles of a vehicle goods, oldest first; returns their VINs in that order. */
export const makeVehicles = (goodsId: number, n: number): Promise<string[]> => factories.makeVehicles(goodsId, n);

/** An order of the company as the cart would have made it (stock reserved, first status event). */
export async function makeOrder(o: {
  companyId: number;
  userId: number;
  type: "VEHICLE" | "PARTS";
  goods: factories.TestGoods;
  quantity: number;
  status?: string;
  orderNo: string;
}): Promise<number> {
  return (await factories.makeOrder({ ...o, status: o.status as OrderStatus | undefined })).id;
}

export const vehicleStatuses = (vins: string[]) => db().vehicle.findMany({ where: { vin: { in: vins } }, orderBy: { vin: "asc" }, select: { vin: true, status: true } });

/** The company's default delivery address (Pudong, Shanghai), as the address book would keep it. */
export const makeAddress = (companyId: number, receiver = "Li Na") => factories.makeAddress(companyId, { receiver });

/** Goods of any kind on sale, for the malls. */
export async function makeSaleGoods(kind: "VEHICLE" | "PART" | "DERIVATIVE", price: string, stock: number): Promise<factories.TestGoods> {
  if (kind !== "DERIVATIVE") return makeGoods(kind, price, stock);
  const code = `E2E-ORD-${uid()}`;
  return factories.makeGoods({ kind, code, nameEn: `Flow cap ${code}`, nameZh: `流程帽子 ${code}`, price, stock });
}
