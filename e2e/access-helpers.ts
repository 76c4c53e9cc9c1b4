import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import pg from "pg";
import { expect, type Locator, type Page } from "@playwright/test";
import { chooseSelectOption, LOGIN, submitCredentials, waitForShell } from "./fixtures";

// Helpers of the access specs: users made directly in the database (never the demo accounts),
// and the antd widgets of the access screens.

export const E2E_PASSWORD = "Harbour-Lantern-42"; // strong enough for the password policy (issue 16)

export function uniq(prefix: string): string {
  return `${prefix}${randomBytes(4).toString("hex")}`;
}

export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL must point at the database of the app under test");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Inserts a user (and its role and company links by code); returns its id. */
export async function insertUser(opts: { account: string; userType?: "DEALER" | "STAFF"; status?: "PENDING" | "ACTIVE"; roles?: string[]; companies?: string[]; lockedUntil?: Date | null; phone?: string | null }): Promise<number> {
  const hash = await bcrypt.hash(E2E_PASSWORD, 10);
  const [row] = await sql<{ id: number }>(
    `insert into "User" (account, name, phone, "userType", status, "passwordHash", "lockedUntil", "sessionsValidFrom", "createdAt", "updatedAt")
     values ($1, $2, $3, $4, $5, $6, $7, now() - interval '1 minute', now(), now()) returning id`,
    [opts.account, `E2E ${opts.account}`, opts.phone ?? null, opts.userType ?? "DEALER", opts.status ?? "ACTIVE", hash, opts.lockedUntil ?? null],
  );
  for (const code of opts.roles ?? []) await sql(`insert into "UserRole" ("userId", "roleId") select $1, id from "Role" where code = $2`, [row.id, code]);
  for (const code of opts.companies ?? []) await sql(`insert into "UserCompany" ("userId", "companyId") select $1, id from "Company" where code = $2`, [row.id, code]);
  return row.id;
}

/** Signs in through the sign-in screen and waits for the shell. */
export async function signInWithForm(page: Page, account: string, password = E2E_PASSWORD): Promise<void> {
  await page.goto(LOGIN);
  await submitCredentials(page, account, password);
  await waitForShell(page);
}

/** The table row that shows this text (e.g. an account). */
export function rowWith(page: Page, text: string): Locator {
  return page.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: text });
}

/** Picks options of an antd multiple Select by their labels, then closes the dropdown. */
export async function chooseMany(page: Page, select: Locator, labels: string[]): Promise<void> {
  for (const label of labels) await chooseSelectOption(page, select, label);
  await page.keyboard.press("Escape");
}

/** Confirms the open confirmation dialog. */
export async function confirm(page: Page): Promise<void> {
  const dialog = page.locator(".ant-modal-confirm").filter({ visible: true });
  await expect(dialog).toBeVisible();
  await dialog.locator(".ant-modal-confirm-btns .ant-btn-primary").click();
}

/** Searches the users screen for an account. */
export async function findUser(page: Page, account: string): Promise<Locator> {
  await page.getByTestId("search-q").locator("input").or(page.locator('input[data-testid="search-q"]')).first().fill(account);
  await page.getByTestId("search").click();
  const row = rowWith(page, account);
  await expect(row).toBeVisible();
  return row;
}
