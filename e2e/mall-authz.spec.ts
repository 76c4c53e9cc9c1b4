import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { baseURL, expect, signInState, test, type AccountKey } from "./fixtures";

// The mall's (and the vehicle and after-sales screens') authorization matrix: every mall screen opened by
// {anonymous, dealer, staff, admin}: anonymous is sent to sign in, a screen the roles do not
// grant answers 403, the others 200. Cross-company reads (404) are covered per feature.

const ROUTES: { path: string; dealer: number; staff: number; anonymousTo?: string }[] = [
  { path: "onlineMall/car/goods", dealer: 200, staff: 200 },
  { path: "onlineMall/car/goods_bak", dealer: 200, staff: 200 },
  { path: "onlineMall/car/cart", dealer: 200, staff: 403 },
  { path: "onlineMall/car/preOrder", dealer: 200, staff: 200 },
  { path: "onlineMall/car/order", dealer: 200, staff: 200 },
  { path: "onlineMall/car/orderReconcil", dealer: 200, staff: 200 },
  { path: "onlineMall/car/carGroup", dealer: 403, staff: 200 },
  { path: "onlineMall/car/vehicleModel", dealer: 403, staff: 200 },
  { path: "onlineMall/mountings/goods", dealer: 200, staff: 200 },
  { path: "onlineMall/mountings/goods_bak", dealer: 200, staff: 200 },
  { path: "onlineMall/mountings/derivativeGoods", dealer: 200, staff: 200 },
  { path: "onlineMall/mountings/cart", dealer: 200, staff: 403 },
  { path: "onlineMall/mountings/order", dealer: 200, staff: 200 },
  { path: "onlineMall/adress", dealer: 200, staff: 403 },
  { path: "onlineMall/car/inventory", dealer: 200, staff: 200 },
  { path: "car/stock", dealer: 200, staff: 200 },
  // Issue 19: staff see every dealer's retail sales and returns in their scope.
  { path: "car/vehicleSales", dealer: 200, staff: 200 },
  { path: "car/carReturn", dealer: 200, staff: 200 },
  { path: "car/vehicleInformation", dealer: 200, staff: 200 },
  { path: "afterSale/salesReturn", dealer: 200, staff: 200 },
  { path: "afterSale/salesReturnLogs", dealer: 200, staff: 200 },
  { path: "afterSale/complaint", dealer: 200, staff: 200 },
  { path: "customerWms/entryWarehouseOrder", dealer: 200, staff: 200 },
  { path: "customerWms/deliveryWarehouseOrder", dealer: 200, staff: 200 },
  { path: "customerWms/moveWarehouse", dealer: 200, staff: 200 },
  { path: "customerWms/allotOrder", dealer: 200, staff: 200 },
  { path: "customerWms/storeCheck", dealer: 200, staff: 200 },

  // Issue 8: news (public content: anonymous visitors go to the public page), downloads, Records.
  { path: "market/news", dealer: 200, staff: 200, anonymousTo: "/customerWeb/news" },
  { path: "download/downloadCenters", dealer: 200, staff: 200 },
  { path: "system/workbench/records", dealer: 200, staff: 403 },
  // Issue 20: the customer warehouse; staff read it in their scope.
  { path: "customerWms/storeCheckPlan", dealer: 200, staff: 200 },
  // Issue 21: purchase plans, dealers their own, staff in scope.
  { path: "crm/customerPlan", dealer: 200, staff: 200 },
  // Issue 20: the customer warehouse (staff read-only).
  { path: "customerWms/inventory", dealer: 200, staff: 200 },
  // Issue 20: the customer warehouse (staff read in their scope).
  { path: "customerWms/warehouse", dealer: 200, staff: 200 },
  // Issue 16: the SMS outbox shows live codes: administrators only (sms:outbox besides the screen).
  { path: "system/smsOutbox", dealer: 403, staff: 403 },
  // Issue 19: dealer companies (administrators, or roles an administrator grants it); My account for everyone.
  { path: "system/company", dealer: 403, staff: 403 },
  { path: "system/account", dealer: 200, staff: 200 },
  // Issue 20: the customer warehouse; staff read it in their scope.
  { path: "customerWms/pointOfSale", dealer: 200, staff: 200 },
  // Issue 21: the member system (dealers: their own members; staff: their scope, tiers and rules).
  { path: "system/memberSystem", dealer: 200, staff: 200 },
  // Issue 22: users' devices: administrators (an administrator may grant it to staff roles).
  { path: "system/userEquipment", dealer: 403, staff: 403 },
  // Issue 22: OAuth clients are the administrators' (no role besides ADMIN is granted the screen).
  { path: "system/client", dealer: 403, staff: 403 },
  // Issue 23: the WeChat apps and their outbox are the administrators'.
  { path: "system/weixinApp", dealer: 403, staff: 403 },
  // Issue 22: app releases (administrators only).
  { path: "system/appVersion", dealer: 403, staff: 403 },
  // Issue 23: QR code templates (administrators only).
  { path: "system/qrcodeModel", dealer: 403, staff: 403 },
];

const contexts = new Map<string, APIRequestContext>();
async function as(who: AccountKey | "anonymous"): Promise<APIRequestContext> {
  let ctx = contexts.get(who);
  if (!ctx) {
    ctx = await playwrightRequest.newContext({ baseURL: baseURL(), storageState: who === "anonymous" ? undefined : await signInState(who), timeout: 90_000 });
    contexts.set(who, ctx);
  }
  return ctx;
}
test.afterAll(async () => {
  for (const c of contexts.values()) await c.dispose();
  contexts.clear();
});

test.describe("mall authorization matrix", () => {
  test.setTimeout(300_000);
  test("each mall screen × anonymous, dealer, staff, admin", async () => {
    for (const r of ROUTES) {
      const anon = await (await as("anonymous")).get(r.path, { maxRedirects: 0 });
      expect([302, 303, 307], `${r.path} anonymous`).toContain(anon.status());
      expect(anon.headers()["location"], `${r.path} anonymous`).toContain(r.anonymousTo ?? "system/login");
      for (const [who, want] of [
        ["dealer", r.dealer],
        ["staff", r.staff],
        ["admin", 200],
      ] as const) {
        const res = await (await as(who)).get(r.path, { maxRedirects: 0 });
        expect(res.status(), `${r.path} as ${who}`).toBe(want);
      }
    }
  });

  test("another company's order and pre-order answer 404 on the page and the API, like a missing one", async () => {
    const a = await as("dealer");
    const b = await (async () => {
      const ctx = await playwrightRequest.newContext({ baseURL: baseURL(), storageState: await signInState("group", "D002"), timeout: 90_000 });
      contexts.set("group:D002", ctx);
      return ctx;
    })();
    const orders = (await (await a.get("api/v1/orders?type=VEHICLE")).json()) as { rows: { id: number }[] };
    const preOrders = (await (await a.get("api/v1/pre-orders")).json()) as { rows: { id: number }[] };
    expect(orders.rows.length, "D001 has vehicle orders (demo data)").toBeGreaterThan(0);
    expect(preOrders.rows.length, "D001 has pre-orders (demo data)").toBeGreaterThan(0);
    const order = orders.rows[0].id;
    const preOrder = preOrders.rows[0].id;
    for (const [path, owner] of [
      [`onlineMall/car/order?id=${order}`, 200],
      [`onlineMall/car/preOrder?id=${preOrder}`, 200],
      ["onlineMall/car/order?id=999999999", 404],
      ["onlineMall/car/order?id=x", 404],
    ] as const) {
      expect((await a.get(path)).status(), `${path} as D001`).toBe(owner);
    }
    expect((await b.get(`onlineMall/car/order?id=${order}`)).status()).toBe(404);
    expect((await b.get(`onlineMall/mountings/order?id=${order}`)).status()).toBe(404);
    expect((await b.get(`onlineMall/car/preOrder?id=${preOrder}`)).status()).toBe(404);
    expect((await b.get(`api/v1/orders/${order}`)).status()).toBe(404);
    expect((await b.get(`api/v1/pre-orders/${preOrder}`)).status()).toBe(404);
    const cancel = await b.post(`api/v1/orders/${order}/cancel`, { data: {} });
    expect(cancel.status()).toBe(404);
    expect(((await cancel.json()) as { code: string }).code).toBe("NOT_FOUND");
  });
});
