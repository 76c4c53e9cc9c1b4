import path from "node:path";
import { expect, request as playwrightRequest, test as base, type BrowserContext, type Locator, type Page } from "@playwright/test";

// Shared helpers of the end-to-end suite: demo accounts, one signed-in session per account and
// worker (next-auth's JWT session is stateless, so a session can be reused by every test), the
// language cookie, and the antd widgets the specs drive.

export type Locale = "en-US" | "zh-CN";

export const ACCOUNTS = {
  admin: { account: "admin", password: "Admin@123456", name: "Administrator" },
  staff: { account: "staff.sales", password: "Staff@123456", name: "Chen Jing" },
  dealer: { account: "dealer.sh", password: "Dealer@123456", name: "Wang Fang", company: "D001" },
  group: { account: "dealer.group", password: "Dealer@123456", name: "Zhao Lei", company: "D002" },
} as const;
export type AccountKey = keyof typeof ACCOUNTS;

export const COMPANIES = {
  D001: { en: "Green Motors Shanghai", zh: "绿色汽车上海店" },
  D002: { en: "Green Motors Beijing", zh: "绿色汽车北京店" },
} as const;

export const HOME = "system/workbench/home";
export const LOGIN = "system/login";
export const SCREENS_DIR = path.join(__dirname, "..", "test-results", "screens");

/** The app's base URL with a trailing slash; relative paths ("system/login") resolve under it. */
export function baseURL(): string {
  return (process.env.BASE_URL ?? "http://127.0.0.1:3100/customerWeb").replace(/\/*$/, "/");
}

/** An absolute URL under the base path: abs("system/login") → http://host/customerWeb/system/login. */
export function abs(relative: string): string {
  return new URL(relative.replace(/^\/+/, ""), baseURL()).toString();
}

/** The path part of the base ("/customerWeb"), for asserting redirects. */
export const BASE_PATH = new URL(baseURL()).pathname.replace(/\/$/, "");

/** Matches a page URL by its path under the base path (query string allowed after it). */
export function pathRe(relative: string): RegExp {
  const p = `${BASE_PATH}/${relative.replace(/^\/+/, "")}`.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^[a-z]+://[^/]+${p}(\\?.*)?$`);
}

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** Signs in through next-auth's credentials endpoint (what the sign-in screen calls) and returns the cookies. */
export async function signInState(who: AccountKey, companyCode?: string): Promise<StorageState> {
  const a = ACCOUNTS[who];
  const api = await playwrightRequest.newContext({ baseURL: baseURL(), timeout: 60_000 });
  try {
    const csrf = await api.get("api/auth/csrf");
    expect(csrf.ok(), `csrf for ${a.account}`).toBeTruthy();
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await api.post("api/auth/callback/credentials", {
      form: {
        csrfToken,
        account: a.account,
        password: a.password,
        companyCode: companyCode ?? ("company" in a ? a.company : ""),
        json: "true",
        callbackUrl: abs(HOME),
      },
      headers: { "X-Auth-Return-Redirect": "1" },
    });
    const body = (await res.json().catch(() => ({}))) as { url?: string };
    const error = body.url ? new URL(body.url, baseURL()).searchParams.get("error") : "no url";
    expect(res.ok() && !error, `sign in as ${a.account}: HTTP ${res.status()} ${error ?? ""}`).toBeTruthy();
    const state = await api.storageState();
    expect(
      state.cookies.some((c) => c.name.endsWith("next-auth.session-token")),
      `session cookie for ${a.account}`,
    ).toBeTruthy();
    return state;
  } finally {
    await api.dispose();
  }
}

/** Sets the language cookie the way the app does (i18next, path /, SameSite Strict). */
export async function setLocaleCookie(context: BrowserContext, locale: Locale): Promise<void> {
  const host = new URL(baseURL()).hostname;
  await context.addCookies([{ name: "i18next", value: locale, domain: host, path: "/", sameSite: "Strict", expires: Math.floor(Date.now() / 1000) + 3600 }]);
}

/** Waits until the antd shell has hydrated (the boot overlay is marked done). */
export async function waitForShell(page: Page): Promise<void> {
  await expect(page.getByTestId("tab-bar")).toBeVisible();
  const boot = page.getByTestId("app-boot");
  if (await boot.count()) await expect(boot).toHaveAttribute("data-done", "true");
}

/** Waits until the sign-in form is interactive (client components hydrated). */
export async function waitForLogin(page: Page): Promise<void> {
  await expect(page.locator("#login_account")).toBeVisible();
  await expect(page.locator("#login_account")).toBeEditable();
  // The form's controls are client components: wait for React to own them.
  await page.waitForFunction(() => {
    const el = document.querySelector("#login_account");
    return !!el && Object.keys(el).some((k) => k.startsWith("__react"));
  });
}

/** Picks an option of an antd Select (the dropdown is rendered in a portal). */
export async function chooseSelectOption(page: Page, select: Locator, label: string): Promise<void> {
  const option = page.locator(`.ant-select-dropdown .ant-select-item-option[title="${label.replace(/"/g, '\\"')}"]`).filter({ visible: true });
  // A click that lands while the dropdown is still animating in can be lost (seen on a loaded CI
  // machine): choose again until the select shows the label. The check comes first, so a chosen
  // option of a multiple select is never clicked twice (which would drop it).
  await expect(async () => {
    if ((await select.textContent())?.includes(label)) return;
    if (!(await option.count())) await select.click({ timeout: 5_000 });
    await option.click({ timeout: 5_000 });
    await expect(select).toContainText(label, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

// The widgets below have changed shape while the app was built (Select → buttons, radios, a
// dropdown): the helpers drive each by its test id and what a person sees, whatever its shape.

/** Chooses a language ("English", "简体中文") with the language switcher. */
export async function switchLanguage(page: Page, label: string): Promise<void> {
  const root = page.getByTestId("language-switcher");
  await expect(root).toBeVisible();
  const button = root.getByRole("button", { name: label, exact: true });
  if (await button.count()) return button.click();
  const segment = root.locator(".ant-segmented-item").filter({ hasText: label });
  if (await segment.count()) return segment.click();
  await chooseSelectOption(page, root, label);
}

/** Asserts which language the switcher shows as chosen. */
export async function expectLanguageChosen(page: Page, label: string): Promise<void> {
  const root = page.getByTestId("language-switcher");
  if (await root.locator("[aria-pressed]").count()) await expect(root.locator('[aria-pressed="true"]')).toHaveText(label);
  else if (await root.locator(".ant-segmented-item").count()) await expect(root.locator(".ant-segmented-item-selected")).toHaveText(label);
  else await expect(root).toContainText(label);
}

/** The sign-in form's submit button. */
export function submitButton(page: Page): Locator {
  return page
    .locator("form")
    .filter({ has: page.locator("#login_account") })
    .locator("button[type=submit]");
}

/** On the company step of sign-in, picks a company by the label shown ("Green Motors Beijing (D002)"). */
export async function pickCompanyAtSignIn(page: Page, label: string): Promise<void> {
  const root = page.getByTestId("company-select");
  await expect(root).toBeVisible();
  if (await root.getByRole("radio").count()) {
    await root.locator("label").filter({ hasText: label }).click();
    await expect(root.getByRole("radio", { name: label })).toBeChecked();
  } else {
    await chooseSelectOption(page, root, label);
    await expect(root).toContainText(label);
  }
}

/** Switches company in the shell header by company code; `name` is the company's name as shown. */
export async function switchCompany(page: Page, code: string, name: string): Promise<void> {
  const root = page.getByTestId("company-switcher");
  await expect(root).toBeEnabled();
  if (await root.locator(".ant-select-content, .ant-select-selector").count()) return chooseSelectOption(page, root, name);
  await root.click();
  const byId = page.getByTestId(`company-option-${code}`).filter({ visible: true });
  if (await byId.count()) return byId.click();
  await page
    .getByRole("menuitem", { name: new RegExp(`^${escapeRe(name)}`) })
    .filter({ visible: true })
    .click();
}

/** Fills the sign-in form and submits it (the form is hydrated first). */
export async function submitCredentials(page: Page, account: string, password: string): Promise<void> {
  await waitForLogin(page);
  await page.locator("#login_account").fill(account);
  await page.locator("#login_password").fill(password);
  await submitButton(page).click();
}

/** The shell's header. */
export function shellHeader(page: Page): Locator {
  return page.getByRole("banner");
}

/** The shell's side menu (the navigation that holds the Home link). */
export function sideMenu(page: Page): Locator {
  return page.getByRole("navigation").filter({ has: page.getByTestId("menu-home") });
}

/** The page's cumulative layout shift so far (every shift since navigation, as the browser
 * recorded it, input-driven ones excluded as CLS does). */
export async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        const po = new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) total += e.value;
        });
        po.observe({ type: "layout-shift", buffered: true });
        // Buffered entries arrive in the first callback; give it a frame.
        requestAnimationFrame(() => setTimeout(() => (po.disconnect(), resolve(total)), 50));
      }),
  );
}

/** The paths of the open tabs, left to right. */
export async function tabPaths(page: Page): Promise<string[]> {
  return page.getByTestId("tab").evaluateAll((els) => els.map((e) => e.getAttribute("data-path") ?? ""));
}

export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// antd rendered outside an AntdScope (components/providers/antd-scope.tsx: a lazily loaded
// component not loaded through antdDynamic, or a server-rendered one outside AntdRoot) has no
// theme, locale or size and injects antd's runtime styles; its elements carry the default
// "css-var-root" class instead of the app theme's. Every context reports one on the console, and
// the test that saw it fails.
const UNSCOPED_ANTD = "UNSCOPED_ANTD";
const unscopedAntd: string[] = [];

async function watchAntdScope(context: BrowserContext): Promise<void> {
  context.on("console", (m) => {
    if (m.text().startsWith(UNSCOPED_ANTD)) unscopedAntd.push(m.text());
  });
  await context.addInitScript((marker) => {
    const watch = () => {
      const observer = new MutationObserver(() => {
        const el = document.querySelector(".css-var-root");
        if (!el) return;
        console.error(`${marker} ${location.pathname}: <${el.tagName.toLowerCase()} class="${el.className}">`);
        observer.disconnect();
      });
      observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
    };
    if (document.documentElement) watch();
    else document.addEventListener("readystatechange", watch, { once: true });
  }, UNSCOPED_ANTD);
}

type Fixtures = {
  /** Adds a signed-in session for a demo account to this test's browser context. */
  loginAs: (who: AccountKey, companyCode?: string) => Promise<void>;
  antdScopeGuard: void;
};
type WorkerFixtures = {
  sessions: (who: AccountKey, companyCode?: string) => Promise<StorageState>;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  // A screen whose client code asks for a message the page did not send (lib/i18n/scopes.ts)
  // logs MISSING_MESSAGE: fail the test that saw it.
  // A screen whose client code asks for a message the page did not send (lib/i18n/scopes.ts)
  // logs MISSING_MESSAGE: fail the test that saw it.
  page: async ({ page }, use) => {
    const missing: string[] = [];
    page.on("console", (m) => {
      if (m.text().includes("MISSING_MESSAGE")) missing.push(m.text().split("\n")[0]);
    });
    await use(page);
    expect(missing, "messages missing in the browser").toEqual([]);
  },
  // Every browser context of the suite, the tests' own included, watches for antd outside a scope.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await watchAntdScope(context);
        return context;
      };
      await use(browser);
    },
    { scope: "worker" },
  ],
  antdScopeGuard: [
    async ({}, use) => {
      const before = unscopedAntd.length;
      await use();
      expect(unscopedAntd.slice(before), "antd rendered outside AntdScope").toEqual([]);
    },
    { auto: true },
  ],
  // One session per account and worker, shared by the tests: a test that signs out or revokes
  // sessions must sign in on its own (signInState), not through loginAs.
  sessions: [
    async ({}, use) => {
      const cache = new Map<string, Promise<StorageState>>();
      await use((who, companyCode) => {
        const key = `${who}:${companyCode ?? ""}`;
        if (!cache.has(key)) {
          const p = signInState(who, companyCode);
          p.catch(() => cache.delete(key));
          cache.set(key, p);
        }
        return cache.get(key)!;
      });
    },
    { scope: "worker" },
  ],
  loginAs: async ({ context, sessions }, use) => {
    await use(async (who, companyCode) => {
      const state = await sessions(who, companyCode);
      await context.addCookies(state.cookies);
    });
  },
});

export { expect };

/** Answers an antd confirmation dialog with its primary (or danger) button. */
export async function confirmModal(page: Page): Promise<void> {
  const dialog = page.locator(".ant-modal-confirm").filter({ visible: true });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await clickUntilGone(dialog, dialog.locator(".ant-modal-confirm-btns .ant-btn-primary, .ant-modal-confirm-btns .ant-btn-dangerous").last());
}

/** Clicks a dialog's button until the dialog has gone. A click that lands while an antd dialog is
 * still animating in can be lost (seen on CI: the form filled, its OK clicked, nothing sent). A
 * second click never sends twice: the button is busy (antd ignores a loading button) while the
 * first one's request runs, and the dialog closes when it succeeds. */
export async function clickUntilGone(dialog: Locator, button: Locator): Promise<void> {
  const shown = dialog.filter({ visible: true });
  await expect(async () => {
    if (await shown.count()) await button.click({ timeout: 2_000 });
    await expect(shown).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
