import { randomBytes, randomUUID } from "node:crypto";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { db } from "@/lib/db";
import * as factories from "@/lib/test/factories";
import { baseURL, expect, test } from "./fixtures";

// Issue 5: the REST API under /customerWeb/api/v1, called the way the README's "REST API"
// section shows (next-auth credentials sign-in, then the session cookie): 401 anonymous, 422
// with fieldErrors in the request's language, 409 out of stock, 404 for another dealer's order,
// cart line and pre-order, an idempotent POST /orders, and the OpenAPI document.

const uid = () => randomBytes(4).toString("hex");
const PASSWORD = "Dealer@123456";

/** A dealer of one demo company with the demo dealer role, for this spec only (its own cart). */
async function makeDealer(company: "D001" | "D002"): Promise<string> {
  const account = `e2e.api.${uid()}`;
  const { id } = await db().company.findUniqueOrThrow({ where: { code: company }, select: { id: true } });
  await factories.makeDealer({ companyId: id, account, password: PASSWORD, name: `E2E ${account}` });
  return account;
}

async function makeGoods(kind: "VEHICLE" | "PART", stock: number): Promise<number> {
  const code = `E2E-API-${uid().toUpperCase()}`;
  return (await factories.makeGoods({ kind, code, nameEn: `API goods ${code}`, nameZh: `接口商品 ${code}`, price: "1234.50", stock, config: null, vehicleModelId: null })).id;
}

const setStock = (id: number, stock: number) => db().goods.update({ where: { id }, data: { stock } });
const addressOf = async (company: string) =>
  (await db().address.findFirst({ where: { company: { code: company } }, orderBy: [{ isDefault: "desc" }, { id: "asc" }], select: { id: true } }))?.id as number;

/** Signs in as the README shows: GET the CSRF token, POST the credentials, keep the cookies. */
async function signIn(account: string, companyCode?: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: baseURL(), timeout: 90_000 });
  const { csrfToken } = (await (await api.get("api/auth/csrf")).json()) as { csrfToken: string };
  const res = await api.post("api/auth/callback/credentials", { form: { csrfToken, account, password: PASSWORD, json: "true", ...(companyCode ? { companyCode } : {}) } });
  const { url } = (await res.json()) as { url: string };
  expect(url, "sign-in refused").not.toContain("error=");
  return api;
}

const json = (data: unknown, headers: Record<string, string> = {}) => ({ data, headers: { "Content-Type": "application/json", "Accept-Language": "en-US", ...headers } });
const en = { "Accept-Language": "en-US" };

test.describe.configure({ mode: "serial" });

let a: APIRequestContext; // dealer of D001
let b: APIRequestContext; // dealer of D002
let addressA: number;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  a = await signIn(await makeDealer("D001"));
  b = await signIn(await makeDealer("D002"));
  addressA = await addressOf("D001");
  expect(addressA, "D001 has an address (demo seed)").toBeTruthy();
});

test.afterAll(async () => {
  await a?.dispose();
  await b?.dispose();
});

test("anonymous callers get 401 JSON on every endpoint", async () => {
  const anon = await playwrightRequest.newContext({ baseURL: baseURL(), timeout: 90_000 });
  try {
    for (const [method, path] of [
      ["get", "api/v1/goods"],
      ["get", "api/v1/cart?type=VEHICLE"],
      ["post", "api/v1/orders"],
      ["get", "api/v1/orders?type=VEHICLE"],
      ["get", "api/v1/orders/1"],
      ["get", "api/v1/pre-orders"],
      ["get", "api/v1/notifications"],
    ] as const) {
      const res = method === "get" ? await anon.get(path, { headers: en }) : await anon.post(path, json({}));
      expect(res.status(), path).toBe(401);
      expect(await res.json()).toMatchObject({ code: "UNAUTHORIZED", message: expect.stringContaining("sign in") });
      expect(res.headers()["cache-control"]).toContain("no-store");
    }
  } finally {
    await anon.dispose();
  }
});

test("a bad quantity is 422 with fieldErrors, in the request's language; nothing is added", async () => {
  const goods = await makeGoods("PART", 10);
  for (const quantity of [0, -3, 1.5, 1_000_000, "two"]) {
    const res = await a.post("api/v1/cart", json({ goodsId: goods, quantity }));
    expect(res.status(), String(quantity)).toBe(422);
    const body = (await res.json()) as { code: string; message: string; fieldErrors: Record<string, string> };
    expect(body.code).toBe("VALIDATION");
    expect(body.fieldErrors.quantity).toMatch(/^Quantity/);
    expect(body.message).toBe(body.fieldErrors.quantity);
  }
  const zh = await a.post("api/v1/cart", json({ goodsId: goods, quantity: 0 }, { "Accept-Language": "zh-CN" }));
  expect(((await zh.json()) as { fieldErrors: Record<string, string> }).fieldErrors.quantity).toContain("数量");
  const notJson = await a.post("api/v1/cart", { data: Buffer.from("{quantity:"), headers: { "Content-Type": "application/json", ...en } });
  expect(notJson.status()).toBe(400);
  const cart = (await (await a.get("api/v1/cart?type=PARTS", { headers: en })).json()) as { lines: { goodsId: number }[] };
  expect(cart.lines.map((l) => l.goodsId)).not.toContain(goods);
  expect((await a.get("api/v1/cart?type=BOTH", { headers: en })).status()).toBe(422);
});

test("POST /orders is idempotent, needs the key, and answers 409 when stock ran out", async () => {
  const goods = await makeGoods("VEHICLE", 2);
  const line = ((await (await a.post("api/v1/cart", json({ goodsId: goods, quantity: 1 }))).json()) as { line: { id: number } }).line.id;
  const order = { type: "VEHICLE", cartLineIds: [line], phone: "13800000001", deliveryWay: "LOGISTICS", addressId: addressA };

  expect((await a.post("api/v1/orders", json(order))).status()).toBe(400);
  const key = randomUUID();
  const first = await a.post("api/v1/orders", json(order, { "Idempotency-Key": key }));
  expect(first.status()).toBe(201);
  const made = (await first.json()) as { id: number; orderNo: string; created: boolean };
  expect(made).toMatchObject({ orderNo: expect.stringMatching(/^SO/), created: true });
  const again = await a.post("api/v1/orders", json(order, { "Idempotency-Key": key }));
  expect(again.status()).toBe(200);
  expect(await again.json()).toEqual({ ...made, created: false });
  const detail = (await (await a.get(`api/v1/orders/${made.id}`, { headers: en })).json()) as { orderNo: string; status: string; lines: { goodsId: number; quantity: number }[] };
  expect(detail).toMatchObject({ orderNo: made.orderNo, status: "SUBMITTED", lines: [{ goodsId: goods, quantity: 1 }] });
  const list = (await (await a.get(`api/v1/orders?type=VEHICLE&orderNo=${made.orderNo}`, { headers: en })).json()) as { rows: { id: number }[] };
  expect(list.rows.map((r) => r.id)).toEqual([made.id]);

  // Out of stock at submission: 409 with a message naming the goods; the line stays in the cart.
  const line2 = ((await (await a.post("api/v1/cart", json({ goodsId: goods, quantity: 1 }))).json()) as { line: { id: number } }).line.id;
  await setStock(goods, 0);
  const short = await a.post("api/v1/orders", json({ ...order, cartLineIds: [line2] }, { "Idempotency-Key": randomUUID() }));
  expect(short.status()).toBe(409);
  expect(await short.json()).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("API goods") });
  const cart = (await (await a.get("api/v1/cart?type=VEHICLE", { headers: en })).json()) as { lines: { id: number }[] };
  expect(cart.lines.map((l) => l.id)).toContain(line2);

  // Cancel goes through once; a second cancel is a wrong-state conflict.
  expect((await a.post(`api/v1/orders/${made.id}/cancel`, json({ reason: "API test" }))).status()).toBe(200);
  expect((await a.post(`api/v1/orders/${made.id}/cancel`, json({}))).status()).toBe(409);
  await a.delete(`api/v1/cart/${line2}`, { headers: en });
});

test("another dealer gets 404 for the order, the cart line and the pre-order", async () => {
  const vehicle = await makeGoods("VEHICLE", 5);
  const line = ((await (await a.post("api/v1/cart", json({ goodsId: vehicle, quantity: 1 }))).json()) as { line: { id: number } }).line.id;
  const pre = await a.post("api/v1/pre-orders", json({ goodsId: vehicle, quantity: 1, phone: "13800000001", deliveryWay: "LOGISTICS", addressId: addressA }));
  expect(pre.status()).toBe(201);
  const preOrder = (await pre.json()) as { id: number; preOrderNo: string };
  const ordered = await a.post(
    "api/v1/orders",
    json({ type: "VEHICLE", cartLineIds: [line], phone: "13800000001", deliveryWay: "LOGISTICS", addressId: addressA }, { "Idempotency-Key": randomUUID() }),
  );
  const order = (await ordered.json()) as { id: number };
  const line2 = ((await (await a.post("api/v1/cart", json({ goodsId: vehicle, quantity: 1 }))).json()) as { line: { id: number } }).line.id;

  const attempts = [
    () => b.get(`api/v1/orders/${order.id}`, { headers: en }),
    () => b.post(`api/v1/orders/${order.id}/cancel`, json({})),
    () => b.patch(`api/v1/cart/${line2}`, json({ quantity: 2 })),
    () => b.delete(`api/v1/cart/${line2}`, { headers: en }),
    () => b.get(`api/v1/pre-orders/${preOrder.id}`, { headers: en }),
    () => b.post(`api/v1/pre-orders/${preOrder.id}/cancel`, json({})),
  ];
  for (const attempt of attempts) {
    const res = await attempt();
    expect(res.status(), res.url()).toBe(404);
    expect(await res.json()).toEqual({ code: "NOT_FOUND", message: "The record does not exist or you may not see it." });
  }
  // Nothing changed for A; A's own calls work.
  expect(((await (await a.get(`api/v1/orders/${order.id}`, { headers: en })).json()) as { status: string }).status).toBe("SUBMITTED");
  expect(((await (await a.patch(`api/v1/cart/${line2}`, json({ quantity: 2 }))).json()) as { line: { quantity: number } }).line.quantity).toBe(2);
  expect((await (await a.get(`api/v1/pre-orders/${preOrder.id}`, { headers: en })).json()) as { preOrderNo: string; status: string }).toMatchObject({
    preOrderNo: preOrder.preOrderNo,
    status: "SUBMITTED",
  });
  const bList = (await (await b.get("api/v1/pre-orders", { headers: en })).json()) as { rows: { id: number }[] };
  expect(bList.rows.map((r) => r.id)).not.toContain(preOrder.id);
  // A dealer cannot use staff's moves: the endpoint does not exist and the permission is missing.
  expect((await a.get("api/v1/orders/not-a-number", { headers: en })).status()).toBe(404);
  await a.post(`api/v1/orders/${order.id}/cancel`, json({}));
  await a.delete(`api/v1/cart/${line2}`, { headers: en });
});

test("openapi.json is valid JSON listing every endpoint, with components", async () => {
  const anon = await playwrightRequest.newContext({ baseURL: baseURL(), timeout: 90_000 });
  try {
    const res = await anon.get("api/v1/openapi.json");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/json");
    const doc = JSON.parse(await res.text()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toBe("3.1.0");
    const expected: [string, string][] = [
      ["/goods", "get"],
      ["/goods/{id}", "get"],
      ["/cart", "get"],
      ["/cart", "post"],
      ["/cart/{id}", "patch"],
      ["/cart/{id}", "delete"],
      ["/orders", "post"],
      ["/orders", "get"],
      ["/orders/{id}", "get"],
      ["/orders/{id}/cancel", "post"],
      ["/pre-orders", "get"],
      ["/pre-orders/{id}", "get"],
      ["/notifications", "get"],
      ["/addresses", "get"],
    ];
    for (const [p, m] of expected) expect(doc.paths[p]?.[m], `${m} ${p}`).toBeDefined();
    for (const name of ["Error", "SubmitOrder", "AddToCart", "Order", "OrderPage", "GoodsPage", "Cart", "PreOrder", "NotificationFeed"])
      expect(doc.components.schemas[name], name).toBeDefined();
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ in: "cookie" });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.securitySchemes.oauth2).toMatchObject({ type: "oauth2" });
    expect((doc.paths["/orders"].post as { security: unknown }).security).toContainEqual({ oauth2: ["orders:write"] });
  } finally {
    await anon.dispose();
  }
});
