import { randomInt } from "node:crypto";
import bcrypt from "bcryptjs";
import { Client } from "pg";
import { expect } from "./fixtures";

// Direct database access for the account specs: users made for one test (never the demo
// accounts) and codes read from the SMS outbox. npm test passes DATABASE_URL to Playwright.

async function withDb<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL must point at the app's database for the account specs");
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export const randomPhone = () => `16${String(randomInt(0, 1e9)).padStart(9, "0")}`;

/** An active staff user with a phone (staff need no company), for one test. */
export async function createStaffUser(password: string): Promise<{ account: string; phone: string }> {
  const phone = randomPhone();
  const account = `e2e.${phone}`;
  const hash = await bcrypt.hash(password, 10);
  await withDb((c) =>
    c.query(`INSERT INTO "User" (account, phone, name, "userType", status, "passwordHash", "updatedAt") VALUES ($1, $2, $3, 'STAFF', 'ACTIVE', $4, now())`, [account, phone, `E2E ${phone}`, hash]),
  );
  return { account, phone };
}

/** The newest code sent to a phone, read from the SMS outbox (waits for the delivery). */
export async function codeFromOutbox(phone: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const { rows } = await withDb((c) => c.query<{ content: string }>(`SELECT content FROM "SmsMessage" WHERE phone = $1 ORDER BY id DESC LIMIT 1`, [phone]));
      code = rows[0]?.content.match(/\d{6}/)?.[0] ?? null;
      return code;
    }, { timeout: 15_000 })
    .not.toBeNull();
  return code!;
}

export async function smsCount(phone: string): Promise<number> {
  const { rows } = await withDb((c) => c.query<{ n: string }>(`SELECT count(*) AS n FROM "SmsMessage" WHERE phone = $1`, [phone]));
  return Number(rows[0].n);
}

export async function userStatus(account: string): Promise<string | null> {
  const { rows } = await withDb((c) => c.query<{ status: string }>(`SELECT status FROM "User" WHERE account = $1`, [account]));
  return rows[0]?.status ?? null;
}

const LOCAL = ["127.0.0.1", "::1", "::ffff:127.0.0.1"];

/**
 * Every spec reaches the app from this machine's address, which the per-IP limits (5 codes an
 * hour, failed sign-ins per 15 minutes) count across the whole suite. Specs that need a code or
 * several failures move the earlier local requests out of the windows first.
 */
export async function ageLocalRequests(): Promise<void> {
  await withDb(async (c) => {
    await c.query(`UPDATE "VerificationCode" SET "createdAt" = "createdAt" - interval '2 hours' WHERE ip = ANY($1)`, [LOCAL]);
    await c.query(`UPDATE "LoginLog" SET "createdAt" = "createdAt" - interval '1 hour' WHERE ip = ANY($1) AND result = 'FAILURE'`, [LOCAL]);
    // The sign-in throttle's own counter per address (lib/auth/credentials.ts).
    await c.query(`UPDATE "SignInThrottle" SET "windowStart" = "windowStart" - interval '1 hour' WHERE key = ANY($1)`, [LOCAL.map((ip) => `ip:${ip}`)]);
  });
}
