import { randomBytes, randomUUID } from "node:crypto";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import * as factories from "@/lib/test/factories";
import { ageLocalRequests } from "../accounts-db";
import { abs, baseURL, expect, LOGIN, setLocaleCookie, submitCredentials, test, type Locale } from "../fixtures";
import { db } from "../mall-orders-db";
import { answeredBy, onInstance } from "./balancer";

// Issue 24, more than one instance: the sign-in throttle and the order submission's
// Idempotency-Key live in the shared database (lib/auth/credentials.ts reserves each attempt
// with one statement; lib/mall/orders/service.ts records the key with the order), so two
// instances count and answer as one: wrong passwords split over both instances lock the
// account after login.maxFailures (5) in all, and a key replayed on the other instance answers
// the order the first one made, without a second order or a second stock deduction.

const PASSWORD = "Harbour-Lantern-42";
const hex = () => randomBytes(4).toString("hex");

const T = {
  "en-US": { locked: "This account is locked after too many failed attempts. Try again later or contact your administrator." },
  "zh-CN": { locked: "登录失败次数过多，账号已被锁定。请稍后再试或联系管理员。" },
} as const;

/** One sign-in attempt on instance i directly, the way the sign-in screen sends it; the error code or null. */
async function attempt(api: APIRequestContext, i: 0 | 1, account: string, password: string): Promise<string | null> {
  const { csrfToken } = (await (await api.get(onInstance(i, "api/auth/csrf"))).json()) as { csrfToken: string };
  const res = await api.post(onInstance(i, "api/auth/callback/credentials"), {
    form: { csrfToken, account, password, json: "true" },
    headers: { "X-Auth-Return-Redirect": "1" },
  });
  const { url } = (await res.json()) as { url?: string };
  expect(url, "next-auth answers with a URL").toBeTruthy();
  return new URL(url!, baseURL()).searchParams.get("error");
}

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`wrong passwords split over both instances lock the account as one (${locale})`, async ({ browser }) => {
    test.setTimeout(180_000);
    await ageLocalRequests(); // the per-address limit counts the whole suite's attempts from this machine
    const staff = await factories.makeStaff({ account: `e2e.lb.${hex()}`, password: PASSWORD });
    const api = await playwrightRequest.newContext({ timeout: 60_000 });
    try {
      // Five wrong passwords, alternating A, B, A, B, A: each answers "wrong password" until the
      // shared counter is full.
      for (let n = 0; n < 5; n++) expect(await attempt(api, (n % 2) as 0 | 1, staff.account, `Wrong-${n}-${hex()}`), `attempt ${n + 1}`).toBe("INVALID_CREDENTIALS");
      // Now locked on both instances, the right password included.
      expect(await attempt(api, 1, staff.account, PASSWORD)).toBe("ACCOUNT_LOCKED");
      expect(await attempt(api, 0, staff.account, PASSWORD)).toBe("ACCOUNT_LOCKED");
    } finally {
      await api.dispose();
    }
    const user = await db().user.findUniqueOrThrow({ where: { id: staff.id }, select: { lockedUntil: true } });
    expect(user.lockedUntil!.getTime()).toBeGreaterThan(Date.now());

    // Through the balancer, the sign-in screen says so in the person's language.
    const context = await browser.newContext();
    await setLocaleCookie(context, locale);
    const page = await context.newPage();
    await page.goto(abs(LOGIN));
    await submitCredentials(page, staff.account, PASSWORD);
    await expect(page.getByTestId("login-error")).toContainText(T[locale].locked);
    await context.close();
  });
}

test("an Idempotency-Key replayed on the other instance answers the same order", async () => {
  test.setTimeout(180_000);
  const { id: companyId } = await db().company.findUniqueOrThrow({ where: { code: "D001" }, select: { id: true } });
  const dealer = await factories.makeDealer({ companyId, account: `e2e.lb.${hex()}`, password: PASSWORD, name: "E2E two instances" });
  const code = `E2E-LB-${hex().toUpperCase()}`;
  const goods = await factories.makeGoods({
    kind: "VEHICLE",
    code,
    nameEn: `LB goods ${code}`,
    nameZh: `双实例商品 ${code}`,
    price: "1000.00",
    stock: 2,
    config: null,
    vehicleModelId: null,
  });
  const address = await db().address.findFirst({ where: { companyId }, orderBy: [{ isDefault: "desc" }, { id: "asc" }], select: { id: true } });
  expect(address, "D001 has an address (demo seed)").toBeTruthy();

  // Signed in through the balancer; the cookies are sent to each instance directly too.
  const api = await playwrightRequest.newContext({ timeout: 60_000 });
  try {
    const { csrfToken } = (await (await api.get(abs("api/auth/csrf"))).json()) as { csrfToken: string };
    const signIn = await api.post(abs("api/auth/callback/credentials"), { form: { csrfToken, account: dealer.account, password: PASSWORD, json: "true" } });
    expect(((await signIn.json()) as { url: string }).url, "sign-in refused").not.toContain("error=");
    answeredBy(signIn);
    const json = (data: unknown, headers: Record<string, string> = {}) => ({ data, headers: { "Content-Type": "application/json", "Accept-Language": "en-US", ...headers } });
    const added = await api.post(abs("api/v1/cart"), json({ goodsId: goods.id, quantity: 1 }));
    expect(added.status()).toBeLessThan(300);
    const line = ((await added.json()) as { line: { id: number } }).line.id;
    const order = { type: "VEHICLE", cartLineIds: [line], phone: "13800000001", deliveryWay: "LOGISTICS", addressId: address!.id };

    const key = randomUUID();
    const first = await api.post(onInstance(0, "api/v1/orders"), json(order, { "Idempotency-Key": key }));
    expect(first.status()).toBe(201);
    const made = (await first.json()) as { id: number; orderNo: string; created: boolean };
    expect(made.created).toBe(true);
    const again = await api.post(onInstance(1, "api/v1/orders"), json(order, { "Idempotency-Key": key }));
    expect(again.status()).toBe(200);
    expect(await again.json()).toEqual({ ...made, created: false });

    // One order, one deduction.
    expect(await db().order.count({ where: { orderNo: made.orderNo } })).toBe(1);
    expect((await db().goods.findUniqueOrThrow({ where: { id: goods.id }, select: { stock: true } })).stock).toBe(1);
    await api.post(onInstance(1, `api/v1/orders/${made.id}/cancel`), json({ reason: "two-instance test" }));
  } finally {
    await api.dispose();
  }
});
