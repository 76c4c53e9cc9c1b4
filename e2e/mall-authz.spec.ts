import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { baseURL, expect, signInState, test, type AccountKey } from "./fixtures";

// The mall's authorization matrix (QUALITY.md "Tenancy"): every mall screen opened by
// {anonymous, dealer, staff, admin}: anonymous is sent to sign in, a screen the roles do not
// grant answers 403, the others 200. Cross-company reads (404) are covered per feature.

const ROUTES: { path: string; dealer: number; staff: number }[] = [
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
      expect(anon.headers()["location"], `${r.path} anonymous`).toContain("system/login");
      for (const [who, want] of [["dealer", r.dealer], ["staff", r.staff], ["admin", 200]] as const) {
        const res = await (await as(who)).get(r.path, { maxRedirects: 0 });
        expect(res.status(), `${r.path} as ${who}`).toBe(want);
      }
    }
  });
});
