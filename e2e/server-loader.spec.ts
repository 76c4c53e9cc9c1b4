import { abs, ACCOUNTS, expect, HOME, test } from "./fixtures";

// Spec section 7: GET /customerWeb/__serverLoader answers a route's data as JSON.
test.describe("server loader", () => {
  const home = (url = abs(HOME)) => `__serverLoader?route=${encodeURIComponent(HOME)}&url=${encodeURIComponent(url)}`;

  test("answers the home screen's data to a signed-in dealer", async ({ context, loginAs }) => {
    await loginAs("dealer");
    const res = await context.request.get(home());
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/json");
    expect(res.headers()["cache-control"]).toContain("no-store");
    const body = await res.json();
    expect(body.route).toBe(HOME);
    expect(Array.isArray(body.data.tiles)).toBe(true);
    expect(body.data.account.account).toBe(ACCOUNTS.dealer.account);
    expect(body.data.account.name).toBe(ACCOUNTS.dealer.name);
    expect(body.data.account.company.code).toBe("D001");
  });

  test("answers an admin too, and a leading slash in the route is accepted", async ({ context, loginAs }) => {
    await loginAs("admin");
    const res = await context.request.get(`__serverLoader?route=${encodeURIComponent("/" + HOME)}`);
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(Array.isArray(body.data.tiles)).toBe(true);
    expect(body.data.account.account).toBe("admin");
    expect(body.data.account.company).toBeNull();
  });

  test("an unknown route answers 404 JSON", async ({ context, loginAs }) => {
    await loginAs("dealer");
    const res = await context.request.get(`__serverLoader?route=no/such/route&url=${encodeURIComponent(abs("no/such/route"))}`);
    expect(res.status()).toBe(404);
    expect(res.headers()["content-type"]).toContain("application/json");
    expect((await res.json()).code).toBe("NOT_FOUND");
  });

  test("a screen the viewer's roles do not grant answers 403 JSON", async ({ context, loginAs }) => {
    await loginAs("dealer");
    const res = await context.request.get(`__serverLoader?route=system/role&url=${encodeURIComponent(abs("system/role"))}`);
    expect(res.status()).toBe(403);
    expect(res.headers()["content-type"]).toContain("application/json");
    expect((await res.json()).code).toBe("FORBIDDEN");
  });

  test("signed out answers 401 JSON", async ({ request }) => {
    const res = await request.get(home());
    expect(res.status()).toBe(401);
    expect(res.headers()["content-type"]).toContain("application/json");
    expect((await res.json()).code).toBe("UNAUTHORIZED");
  });
});
