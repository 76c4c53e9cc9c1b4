import { randomInt } from "node:crypto";
import { db } from "@/lib/db";
import { makeStaff } from "@/lib/test/factories";
import { expect } from "./fixtures";

// Database access for the account specs, over Prisma and the shared factories
// (lib/test/factories.ts): users made for one test (never the demo accounts) and codes read
// from the SMS outbox. npm test passes DATABASE_URL to Playwright.

export const randomPhone = () => `16${String(randomInt(0, 1e9)).padStart(9, "0")}`;

/** An active staff user with a phone (staff need no company), for one test. */
export async function createStaffUser(password: string): Promise<{ account: string; phone: string }> {
  const phone = randomPhone();
  const account = `e2e.${phone}`;
  await makeStaff({ roleIds: [], account, phone, name: `E2E ${phone}`, password });
  return { account, phone };
}

/** The newest code sent to a phone, read from the SMS outbox (waits for the delivery). */
export async function codeFromOutbox(phone: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const row = await db().smsMessage.findFirst({ where: { phone }, orderBy: { id: "desc" }, select: { content: true } });
        code = row?.content.match(/\d{6}/)?.[0] ?? null;
        return code;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  return code!;
}

export const smsCount = (phone: string): Promise<number> => db().smsMessage.count({ where: { phone } });

export async function userStatus(account: string): Promise<string | null> {
  return (await db().user.findUnique({ where: { account }, select: { status: true } }))?.status ?? null;
}

const LOCAL = ["127.0.0.1", "::1", "::ffff:127.0.0.1"];

/**
 * Every spec reaches the app from this machine's address, which the per-IP limits (5 codes an
 * hour, failed sign-ins per 15 minutes) count across the whole suite. Specs that need a code or
 * several failures move the earlier local requests out of the windows first.
 */
export async function ageLocalRequests(): Promise<void> {
  const ago = (ms: number) => new Date(Date.now() - ms);
  await db().verificationCode.updateMany({ where: { ip: { in: LOCAL }, createdAt: { gt: ago(2 * 3_600_000) } }, data: { createdAt: ago(2 * 3_600_000) } });
  await db().loginLog.updateMany({ where: { ip: { in: LOCAL }, result: "FAILURE", createdAt: { gt: ago(3_600_000) } }, data: { createdAt: ago(3_600_000) } });
  // The sign-in throttle's own counter per address (lib/auth/credentials.ts).
  await db().signInThrottle.updateMany({ where: { key: { in: LOCAL.map((ip) => `ip:${ip}`) }, windowStart: { gt: ago(3_600_000) } }, data: { windowStart: ago(3_600_000) } });
}
