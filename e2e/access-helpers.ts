import { randomBytes } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import { db } from "@/lib/db";
import { makeUser } from "@/lib/test/factories";
import { chooseSelectOption, confirmModal, LOGIN, submitCredentials, waitForShell } from "./fixtures";

// Helpers of the access specs: users made with the shared factories (never the demo accounts),
// and the antd widgets of the access screens.

export const E2E_PASSWORD = "Harbour-Lantern-42"; // strong enough for the password policy (issue 16)

export function uniq(prefix: string): string {
  return `${prefix}${randomBytes(4).toString("hex")}`;
}

/** Makes a user (and its role and company links by code) with the shared factory; returns its id. */
export async function insertUser(opts: {
  account: string;
  userType?: "DEALER" | "STAFF";
  status?: "PENDING" | "ACTIVE";
  roles?: string[];
  companies?: string[];
  lockedUntil?: Date | null;
  phone?: string | null;
}): Promise<number> {
  const roleIds = (await db().role.findMany({ where: { code: { in: opts.roles ?? [] } }, select: { id: true } })).map((r) => r.id);
  const companyIds = (await db().company.findMany({ where: { code: { in: opts.companies ?? [] } }, select: { id: true } })).map((c) => c.id);
  const user = await makeUser({
    account: opts.account,
    name: `E2E ${opts.account}`,
    phone: opts.phone ?? null,
    userType: opts.userType ?? "DEALER",
    status: opts.status ?? "ACTIVE",
    password: E2E_PASSWORD,
    roleIds,
    companyIds,
  });
  if (opts.lockedUntil) await db().user.update({ where: { id: user.id }, data: { lockedUntil: opts.lockedUntil } });
  return user.id;
}

/** Signs in through the sign-in screen and waits for the shell. */
export async function signInWithForm(page: Page, account: string, password = E2E_PASSWORD): Promise<void> {
  await page.goto(LOGIN);
  await submitCredentials(page, account, password);
  await waitForShell(page);
}

/** The table row that shows this text (e.g. an account). */
export function rowWith(page: Page, text: string): Locator {
  return page.locator("tbody tr[data-row-key]").filter({ hasText: text });
}

/** Picks options of an antd multiple Select by their labels, then closes the dropdown. */
export async function chooseMany(page: Page, select: Locator, labels: string[]): Promise<void> {
  for (const label of labels) await chooseSelectOption(page, select, label);
  await page.keyboard.press("Escape");
}

/** Confirms the open confirmation dialog. */
export async function confirm(page: Page): Promise<void> {
  await confirmModal(page);
}

/** Searches the users screen for an account. */
export async function findUser(page: Page, account: string): Promise<Locator> {
  await page.getByTestId("search-q").locator("input").or(page.locator('input[data-testid="search-q"]')).first().fill(account);
  await page.getByTestId("search").click();
  const row = rowWith(page, account);
  await expect(row).toBeVisible();
  return row;
}
