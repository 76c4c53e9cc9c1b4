import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import { Client } from "pg";
import type { BrowserContext } from "@playwright/test";
import { abs, expect, HOME } from "./fixtures";

// Direct database access for the order specs: a dealer company made for one test (so its
// orders and reconciliation hold only what the test made and specs re-run on one database),
// goods, factory-stock vehicles with valid VINs, and orders in a chosen state.

export async function withDb<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL must point at the app's database for the order specs");
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export const uid = () => randomBytes(4).toString("hex").toUpperCase();
export const PASSWORD = "Dealer@123456";

/** A dealer company (in D001's region, so regional staff see it) with one dealer user. */
export async function makeDealerCompany(): Promise<{ companyId: number; code: string; nameEn: string; nameZh: string; account: string; userId: number }> {
  const code = `E2O${uid()}`;
  const account = `e2e.ord.${code.toLowerCase()}`;
  const hash = await bcrypt.hash(PASSWORD, 10);
  return withDb(async (c) => {
    const company = await c.query<{ id: number }>(
      `INSERT INTO "Company" (code, "nameEn", "nameZh", "organizationId", status, "updatedAt") SELECT $1, $2, $3, "organizationId", 'ACTIVE', now() FROM "Company" WHERE code = 'D001' RETURNING id`,
      [code, `Orders Test ${code}`, `订单测试${code}`],
    );
    const companyId = company.rows[0].id;
    const user = await c.query<{ id: number }>(`INSERT INTO "User" (account, name, "userType", status, "passwordHash", "updatedAt") VALUES ($1, $2, 'DEALER', 'ACTIVE', $3, now()) RETURNING id`, [account, `E2E ${code}`, hash]);
    await c.query(`INSERT INTO "UserCompany" ("userId", "companyId") VALUES ($1, $2)`, [user.rows[0].id, companyId]);
    await c.query(`INSERT INTO "UserRole" ("userId", "roleId") SELECT $1, id FROM "Role" WHERE code = 'DEALER'`, [user.rows[0].id]);
    return { companyId, code, nameEn: `Orders Test ${code}`, nameZh: `订单测试${code}`, account, userId: user.rows[0].id };
  });
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

export type TestGoods = { id: number; code: string; nameEn: string; nameZh: string; price: string };

export async function makeGoods(kind: "VEHICLE" | "PART", price: string, stock = 50): Promise<TestGoods> {
  const code = `E2E-ORD-${uid()}`;
  const nameEn = `${kind === "VEHICLE" ? "Order car" : "Order part"} ${code}`;
  const nameZh = `${kind === "VEHICLE" ? "订单整车" : "订单配件"} ${code}`;
  return withDb(async (c) => {
    let modelId: number | null = null;
    if (kind === "VEHICLE") {
      const model = await c.query<{ id: number }>(`SELECT id FROM "VehicleModel" ORDER BY id LIMIT 1`);
      if (model.rows.length) modelId = model.rows[0].id;
      else {
        const g = await c.query<{ id: number }>(`INSERT INTO "CarGroup" (code, "nameEn", "nameZh", "updatedAt") VALUES ($1, 'E2E group', 'E2E 车系', now()) RETURNING id`, [`E2E${uid()}`]);
        modelId = (await c.query<{ id: number }>(`INSERT INTO "VehicleModel" (code, "carGroupId", "nameEn", "nameZh", "updatedAt") VALUES ($1, $2, 'E2E model', 'E2E 车型', now()) RETURNING id`, [`E2E${uid()}`, g.rows[0].id])).rows[0].id;
      }
    }
    const { rows } = await c.query<{ id: number }>(
      `INSERT INTO "Goods" (kind, code, "nameEn", "nameZh", price, stock, "minOrderQty", "onSale", config, "vehicleModelId", "updatedAt") VALUES ($1, $2, $3, $4, $5, $6, 1, true, $7, $8, now()) RETURNING id`,
      [kind, code, nameEn, nameZh, price, stock, kind === "VEHICLE" ? "2.0T AWD" : null, modelId],
    );
    return { id: rows[0].id, code, nameEn, nameZh, price };
  });
}

const VALUES: Record<string, number> = { A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9 };
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
/** A valid VIN (ISO 3779 check digit at position 9) from 16 characters of A–Z (no I, O, Q) and digits. */
export function vin(stem16: string): string {
  const v = stem16.slice(0, 8) + "0" + stem16.slice(8);
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (v[i] >= "0" && v[i] <= "9" ? Number(v[i]) : VALUES[v[i]]) * WEIGHTS[i];
  const r = sum % 11;
  return v.slice(0, 8) + (r === 10 ? "X" : String(r)) + v.slice(9);
}

/** `n` factory-stock vehicles of a vehicle goods, oldest first; returns their VINs in that order. */
export async function makeVehicles(goodsId: number, n: number): Promise<string[]> {
  const stem = uid().replace(/[IOQ]/g, "A");
  const vins = Array.from({ length: n }, (_, i) => vin(`LE2${stem}${String(i).padStart(5, "0")}`));
  await withDb(async (c) => {
    const model = await c.query<{ vehicleModelId: number }>(`SELECT "vehicleModelId" FROM "Goods" WHERE id = $1`, [goodsId]);
    for (const [i, v] of vins.entries())
      await c.query(`INSERT INTO "Vehicle" (vin, "goodsId", "vehicleModelId", status, "entryAt", "updatedAt") VALUES ($1, $2, $3, 'FACTORY_STOCK', now() - make_interval(days => $4), now())`, [v, goodsId, model.rows[0].vehicleModelId, 100 - i]);
  });
  return vins;
}

/** An order of the company as the cart would have made it (stock reserved, first status event). */
export async function makeOrder(o: { companyId: number; userId: number; type: "VEHICLE" | "PARTS"; goods: TestGoods; quantity: number; status?: string; orderNo: string }): Promise<number> {
  return withDb(async (c) => {
    const amount = (BigInt(Math.round(Number(o.goods.price) * 100)) * BigInt(o.quantity)).toString().padStart(3, "0");
    const money = `${amount.slice(0, -2)}.${amount.slice(-2)}`;
    const { rows } = await c.query<{ id: number }>(
      `INSERT INTO "Order" ("orderNo", type, "companyId", status, quantity, amount, phone, "deliveryWay", "carrierType", receiver, "receiverPhone", address, remark, "creatorId", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6, '13912345678', 'LOGISTICS', 'CAR_CARRIER', 'Wang Fang', '13912345678', '上海市浦东新区 No. 1 Test Road', 'E2E order', $7, now()) RETURNING id`,
      [o.orderNo, o.type, o.companyId, o.status ?? "SUBMITTED", o.quantity, money, o.userId],
    );
    const id = rows[0].id;
    const kind = o.type === "VEHICLE" ? "VEHICLE" : "PART";
    await c.query(`INSERT INTO "OrderLine" ("orderId", "goodsId", kind, "nameEn", "nameZh", config, price, quantity, subtotal) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [id, o.goods.id, kind, o.goods.nameEn, o.goods.nameZh, kind === "VEHICLE" ? "2.0T AWD" : null, o.goods.price, o.quantity, money]);
    await c.query(`INSERT INTO "StatusEvent" (entity, "entityId", "toStatus", "userId") VALUES ('Order', $1, 'SUBMITTED', $2)`, [id, o.userId]);
    if (o.status && o.status !== "SUBMITTED") await c.query(`INSERT INTO "StatusEvent" (entity, "entityId", "fromStatus", "toStatus") VALUES ('Order', $1, 'SUBMITTED', $2)`, [id, o.status]);
    await c.query(`UPDATE "Goods" SET stock = stock - $2 WHERE id = $1`, [o.goods.id, o.quantity]);
    return id;
  });
}

export const vehicleStatuses = (vins: string[]) => withDb(async (c) => (await c.query<{ vin: string; status: string }>(`SELECT vin, status FROM "Vehicle" WHERE vin = ANY($1) ORDER BY vin`, [vins])).rows);

/** The company's default delivery address (Pudong, Shanghai), as the address book would keep it. */
export const makeAddress = (companyId: number, receiver = "Li Na") =>
  withDb((c) =>
    c.query(`INSERT INTO "Address" ("companyId", receiver, phone, "regionAreaId", address, "isDefault", "updatedAt") SELECT $1, $2, '13812345678', id, 'No. 88 Century Avenue', true, now() FROM "RegionArea" WHERE code = '310115'`, [companyId, receiver]),
  );

/** Goods of any kind on sale, for the malls. */
export async function makeSaleGoods(kind: "VEHICLE" | "PART" | "DERIVATIVE", price: string, stock: number): Promise<TestGoods> {
  if (kind !== "DERIVATIVE") return makeGoods(kind, price, stock);
  const code = `E2E-ORD-${uid()}`;
  const nameEn = `Flow cap ${code}`;
  const nameZh = `流程帽子 ${code}`;
  const { rows } = await withDb((c) =>
    c.query<{ id: number }>(`INSERT INTO "Goods" (kind, code, "nameEn", "nameZh", price, stock, "minOrderQty", "onSale", "updatedAt") VALUES ('DERIVATIVE', $1, $2, $3, $4, $5, 1, true, now()) RETURNING id`, [code, nameEn, nameZh, price, stock]),
  );
  return { id: rows[0].id, code, nameEn, nameZh, price };
}
