import { request as playwrightRequest } from "@playwright/test";
import { abs, ACCOUNTS, expect, HOME, LOGIN, setLocaleCookie, submitCredentials, test, waitForShell, type Locale } from "../fixtures";
import { answeredBy, instances, onInstance } from "./balancer";

// Issue 24, more than one instance: a person signs in through the load balancer and keeps
// working while consecutive requests land on one instance and then the other. The session lives
// in a cookie signed with the shared NEXTAUTH_SECRET and a UserSession row in the shared
// database (lib/auth/sessions.ts), so either instance accepts it; the same cookie sent to each
// instance directly is accepted by both. In both languages.

const T = {
  "en-US": { home: "Home" },
  "zh-CN": { home: "首页" },
} as const;

type SessionBody = { user?: { account?: string } };

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`signed in through the balancer, the session holds on both instances (${locale})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const staff = ACCOUNTS.staff;
    const context = await browser.newContext();
    await setLocaleCookie(context, locale);
    const page = await context.newPage();
    await page.goto(abs(LOGIN));
    await submitCredentials(page, staff.account, staff.password);
    await waitForShell(page);
    await expect(page.getByTestId("user-menu")).toContainText(staff.name);

    // Screens: reloaded until each instance has served the page at least once; every one is the
    // signed-in shell, in the chosen language (a refused session would land on the sign-in screen).
    const served = new Set<0 | 1>();
    for (let i = 0; i < 12 && served.size < 2; i++) {
      // A page load makes a fixed number of requests; a varying count of other requests between
      // loads keeps round robin from handing every document to the same instance.
      for (let j = 0; j < i; j++) await context.request.get(abs("api/health"));
      const res = await page.goto(abs(HOME));
      expect(res, "the home page answers").toBeTruthy();
      expect(res!.status()).toBe(200);
      served.add(answeredBy(res!));
      await waitForShell(page);
      await expect(page).not.toHaveURL(/system\/login/);
      await expect(page.getByTestId("menu-home")).toHaveText(T[locale].home);
      await expect(page.getByTestId("user-menu")).toContainText(staff.name);
    }
    expect([...served].sort(), "both instances served the signed-in home page").toEqual([0, 1]);

    // Consecutive API requests through the balancer alternate between the instances; each
    // knows the session.
    const seen: (0 | 1)[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await context.request.get(abs("api/auth/session"));
      expect(res.status()).toBe(200);
      expect(((await res.json()) as SessionBody).user?.account).toBe(staff.account);
      seen.push(answeredBy(res));
    }
    expect(new Set(seen).size, `requests answered by ${seen.join(",")}`).toBe(2);

    // The same cookies sent to each instance directly: both accept them.
    for (const i of [0, 1] as const) {
      const res = await context.request.get(onInstance(i, "api/auth/session"));
      expect(((await res.json()) as SessionBody).user?.account, instances()[i]).toBe(staff.account);
    }
    // Without them, neither instance knows anyone.
    const anon = await playwrightRequest.newContext();
    try {
      for (const i of [0, 1] as const) expect(((await (await anon.get(onInstance(i, "api/auth/session"))).json()) as SessionBody).user).toBeUndefined();
    } finally {
      await anon.dispose();
    }
    await context.close();
  });
}
