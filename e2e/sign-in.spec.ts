import {
  abs,
  ACCOUNTS,
  COMPANIES,
  expect,
  HOME,
  LOGIN,
  pathRe,
  pickCompanyAtSignIn,
  setLocaleCookie,
  signInState,
  submitButton,
  submitCredentials,
  switchCompany,
  test,
  waitForShell,
} from "./fixtures";

// Spec sections 1–2: sign-in, the dealer group's company picker and switcher, sign-out, and the
// routes that only redirect.
test.describe("sign-in", () => {
  test("a dealer with one company goes straight to the home", async ({ page }) => {
    await page.goto(LOGIN);
    await submitCredentials(page, ACCOUNTS.dealer.account, ACCOUNTS.dealer.password);
    await expect(page).toHaveURL(pathRe(HOME));
    await expect(page.getByTestId("home-welcome")).toHaveText(`Welcome back, ${ACCOUNTS.dealer.name}`);
    await expect(page.getByText(`You are working in ${COMPANIES.D001.en}.`)).toBeVisible();
    await expect(page.getByTestId("company-select")).toHaveCount(0);
  });

  test("in zh-CN the dealer is welcomed in Chinese", async ({ page, context }) => {
    await setLocaleCookie(context, "zh-CN");
    await page.goto(LOGIN);
    await submitCredentials(page, ACCOUNTS.dealer.account, ACCOUNTS.dealer.password);
    await expect(page).toHaveURL(pathRe(HOME));
    await expect(page.getByTestId("home-welcome")).toHaveText(`欢迎回来，${ACCOUNTS.dealer.name}`);
    await expect(page.getByText(`当前公司：${COMPANIES.D001.zh}。`)).toBeVisible();
  });

  test("a dealer group picks its company, then switches company without signing out", async ({ page }) => {
    await page.goto(LOGIN);
    await submitCredentials(page, ACCOUNTS.group.account, ACCOUNTS.group.password);

    const picker = page.getByTestId("company-select");
    await expect(picker).toBeVisible();
    await expect(page.getByText("Your account belongs to several companies. Choose the one to work in.")).toBeVisible();
    await pickCompanyAtSignIn(page, `${COMPANIES.D002.en} (D002)`);
    await submitButton(page).click();

    await expect(page).toHaveURL(pathRe(HOME));
    await expect(page.getByTestId("home-welcome")).toHaveText(`Welcome back, ${ACCOUNTS.group.name}`);
    await expect(page.getByText(`You are working in ${COMPANIES.D002.en}.`)).toBeVisible();
    await waitForShell(page);

    const switcher = page.getByTestId("company-switcher");
    await expect(switcher).toContainText(COMPANIES.D002.en);
    await switchCompany(page, "D001", COMPANIES.D001.en);
    await expect(page.getByText(`Now working in ${COMPANIES.D001.en}`)).toBeVisible();
    await expect(page.getByText(`You are working in ${COMPANIES.D001.en}.`)).toBeVisible();
    await expect(switcher).toContainText(COMPANIES.D001.en);
    await expect(page).toHaveURL(pathRe(HOME));
    await expect(page.getByTestId("home-welcome")).toHaveText(`Welcome back, ${ACCOUNTS.group.name}`);

    await page.reload();
    await expect(page.getByText(`You are working in ${COMPANIES.D001.en}.`)).toBeVisible();
    await expect(page.getByTestId("company-switcher")).toContainText(COMPANIES.D001.en);
  });

  test("the company picker offers the group's companies in Chinese too", async ({ page, context }) => {
    await setLocaleCookie(context, "zh-CN");
    await page.goto(LOGIN);
    await submitCredentials(page, ACCOUNTS.group.account, ACCOUNTS.group.password);
    const picker = page.getByTestId("company-select");
    await expect(picker).toBeVisible();
    await expect(page.getByText("您的账号属于多家公司，请选择本次登录的公司。")).toBeVisible();
    await pickCompanyAtSignIn(page, `${COMPANIES.D002.zh} (D002)`);
    await submitButton(page).click();
    await expect(page).toHaveURL(pathRe(HOME));
    await expect(page.getByText(`当前公司：${COMPANIES.D002.zh}。`)).toBeVisible();
  });

  test("a wrong password and an unknown account get the same error", async ({ page }) => {
    await page.goto(LOGIN);
    await submitCredentials(page, ACCOUNTS.dealer.account, "Wrong@123456");
    const error = page.getByTestId("login-error");
    await expect(error).toContainText("The account or password is incorrect.");
    const wrongPassword = (await error.innerText()).trim();

    await page.locator("#login_account").fill("nobody.e2e");
    await page.locator("#login_password").fill("Wrong@123456");
    // The check is a server action (a POST to this page): wait for its answer, then compare.
    const checked = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(LOGIN));
    await submitButton(page).click();
    await checked;
    await expect(submitButton(page)).toBeEnabled();
    await expect(error).toBeVisible();
    expect((await error.innerText()).trim()).toBe(wrongPassword);
    await expect(page).toHaveURL(pathRe(LOGIN));
  });

  test("the sign-in error is translated", async ({ page, context }) => {
    await setLocaleCookie(context, "zh-CN");
    await page.goto(LOGIN);
    await submitCredentials(page, "nobody.e2e", "Wrong@123456");
    await expect(page.getByTestId("login-error")).toContainText("账号或密码错误。");
  });

  test("an empty form is not submitted", async ({ page }) => {
    await page.goto(LOGIN);
    await submitCredentials(page, "", "");
    await expect(page.getByText("Please enter Account", { exact: true })).toBeVisible();
    await expect(page.getByText("Please enter Password", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(pathRe(LOGIN));
    await expect(page.getByTestId("login-error")).toHaveCount(0);
  });

  for (const who of ["admin", "staff"] as const) {
    test(`${who} signs in and sees the home`, async ({ page }) => {
      await page.goto(LOGIN);
      await submitCredentials(page, ACCOUNTS[who].account, ACCOUNTS[who].password);
      await expect(page).toHaveURL(pathRe(HOME));
      await expect(page.getByTestId("home-welcome")).toHaveText(`Welcome back, ${ACCOUNTS[who].name}`);
      await expect(page.getByText(`You are signed in as ${who === "admin" ? "Administrator" : "Staff"}.`)).toBeVisible();
      // Staff work for the manufacturer, not inside a dealer company.
      await expect(page.getByTestId("company-switcher")).toHaveCount(0);
    });
  }

  test("a visitor sent to sign in comes back to the page asked for", async ({ page }) => {
    await page.goto(HOME);
    await expect(page).toHaveURL(pathRe(`${LOGIN}?callbackUrl=%2Fsystem%2Fworkbench%2Fhome`));
    await submitCredentials(page, ACCOUNTS.staff.account, ACCOUNTS.staff.password);
    await expect(page).toHaveURL(pathRe(HOME));
    await expect(page.getByTestId("home-welcome")).toContainText(ACCOUNTS.staff.name);
  });

  test("a signed-in user opening the sign-in screen is taken to the home", async ({ page, loginAs }) => {
    await loginAs("dealer");
    await page.goto(LOGIN);
    await expect(page).toHaveURL(pathRe(HOME));
    await expect(page.getByTestId("home-welcome")).toContainText(ACCOUNTS.dealer.name);
  });
});

test.describe("sign-out", () => {
  test("from the user menu returns to sign-in, and the home then asks to sign in", async ({ page, context }) => {
    // A session of its own: signing out revokes it, and loginAs shares one session per worker
    // with the tests that run after this one.
    await context.addCookies((await signInState("dealer")).cookies);
    await page.goto(HOME);
    await waitForShell(page);
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL(pathRe(LOGIN));
    await expect(page.locator("#login_account")).toBeVisible();

    await page.goto(HOME);
    await expect(page).toHaveURL(pathRe(LOGIN));
    await expect(page.getByTestId("home-welcome")).toHaveCount(0);
  });
});

test.describe("redirect routes", () => {
  const root = () => abs("").replace(/\/$/, "");

  test("the base path sends a signed-out visitor to sign in", async ({ page }) => {
    await page.goto(root());
    await expect(page).toHaveURL(pathRe(LOGIN));
    await expect(page.locator("#login_account")).toBeVisible();
  });

  test("the base path sends a signed-in user to the home", async ({ page, loginAs }) => {
    await loginAs("staff");
    await page.goto(root());
    await expect(page).toHaveURL(pathRe(HOME));
    await expect(page.getByTestId("home-welcome")).toContainText(ACCOUNTS.staff.name);
  });

  test("onlineMall redirects to the vehicle mall and keeps the query", async ({ page, request, loginAs }) => {
    const res = await request.get("onlineMall?x=1", { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(new URL(res.headers()["location"], abs("")).pathname + new URL(res.headers()["location"], abs("")).search).toBe(`${new URL(abs("")).pathname}onlineMall/car/goods?x=1`);

    await loginAs("dealer");
    await page.goto("onlineMall?x=1");
    // Waits for the final address (a read right after goto raced the navigation once on CI).
    await expect(page).toHaveURL((url) => url.pathname + url.search === `${new URL(abs("")).pathname}onlineMall/car/goods?x=1`);
  });
});
