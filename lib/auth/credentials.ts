import "server-only";
import { variable } from "@/lib/config/variables";
import { db } from "@/lib/db";
import { IP_WINDOW_MS, logRow, type AttemptContext, type LoginReason } from "./login-log";
import { verifyPassword } from "./password";
import { openSession } from "./sessions";

export type SignInError = "INVALID_CREDENTIALS" | "ACCOUNT_PENDING" | "ACCOUNT_DISABLED" | "ACCOUNT_LOCKED" | "COMPANY_REQUIRED" | "COMPANY_INVALID" | "RATE_LIMITED";

export type CompanyOption = { id: number; code: string; nameEn: string; nameZh: string };

export type CheckedUser = {
  id: number;
  account: string;
  name: string;
  userType: "DEALER" | "STAFF" | "ADMIN";
  companies: CompanyOption[];
  lastCompanyId: number | null;
};

type LoadedUser = NonNullable<Awaited<ReturnType<typeof loadUser>>>;

/** A user who may sign in with a password: an OAuth client's service user never does. */
const loadUser = (account: string) =>
  db()
    .user.findUnique({ where: { account }, include: { companies: { include: { company: true } } } })
    .then((u) => (u?.service ? null : u));

/**
 * Compares the password (one bcrypt comparison whether or not the account exists, so a wrong
 * account and a wrong password take the same time) and, only when it is right, reveals the
 * account's state. Counts nothing: the throttle is attemptSignIn's, which reserves the attempt
 * before it calls this.
 */
async function judge(
  user: LoadedUser | null,
  password: string,
): Promise<{ ok: true; user: CheckedUser } | { ok: false; error: SignInError; userId?: number; passwordOk: boolean }> {
  const passwordOk = await verifyPassword(password, user?.passwordHash);
  if (!user || !passwordOk) return { ok: false, error: "INVALID_CREDENTIALS", userId: user?.id, passwordOk: false };
  if (user.status === "PENDING") return { ok: false, error: "ACCOUNT_PENDING", userId: user.id, passwordOk };
  if (user.status === "DISABLED") return { ok: false, error: "ACCOUNT_DISABLED", userId: user.id, passwordOk };
  if (user.status === "LOCKED") return { ok: false, error: "ACCOUNT_LOCKED", userId: user.id, passwordOk };
  const companies = user.companies
    .map((uc) => uc.company)
    .filter((c) => c.status === "ACTIVE")
    .sort((a, b) => a.code.localeCompare(b.code))
    .map(({ id, code, nameEn, nameZh }) => ({ id, code, nameEn, nameZh }));
  return {
    ok: true,
    user: { id: user.id, account: user.account, name: user.name, userType: user.userType, companies, lastCompanyId: user.lastCompanyId },
  };
}

/**
 * Checks account and password without counting anything (scripts and tests; sign-in goes
 * through attemptSignIn). A throttled account answers ACCOUNT_LOCKED to every password.
 */
export async function checkCredentials(
  account: string,
  password: string,
  now = new Date(),
): Promise<{ ok: true; user: CheckedUser } | { ok: false; error: SignInError; userId?: number }> {
  const user = await loadUser(account.trim());
  const judged = await judge(user, password);
  if (user?.lockedUntil && user.lockedUntil > now) return { ok: false, error: "ACCOUNT_LOCKED", userId: user.id };
  if (judged.ok) return judged;
  return { ok: false, error: judged.error, userId: judged.userId };
}

type Reservation = { ok: true; ipWindow: Date | null } | { ok: false; error: SignInError };

/**
 * Reserves one attempt before any password is compared, so the limits hold however many
 * attempts arrive at once (a check before the comparison and a count after it let 45
 * simultaneous attempts through). Each reservation is one atomic statement, decided from the
 * count it returns; no lock is held while bcrypt runs:
 * - per client address: `INSERT … ON CONFLICT DO UPDATE … WHERE count < limit RETURNING` on its
 *   SignInThrottle row (login.maxAttemptsPerIpPer15Minutes in a 15-minute window that starts
 *   at its first counted attempt); no row returned = RATE_LIMITED.
 * - per account: a conditional UPDATE adds one to User.failedLogins only while the account is
 *   not locked and the counter is below login.maxFailures; no row = ACCOUNT_LOCKED. An account
 *   name without a user gets the same counter and lock in a SignInThrottle row, so the lock
 *   does not tell which accounts exist.
 * Refusals compare no password.
 */
async function reserveAttempt(a: { account: string; userId: number | null; ipLimit: number; maxFailures: number }, ip: string | null, now: Date): Promise<Reservation> {
  let ipWindow: Date | null = null;
  if (ip) {
    const since = new Date(now.getTime() - IP_WINDOW_MS);
    const rows = await db().$queryRaw<{ windowStart: Date }[]>`
      INSERT INTO "SignInThrottle" ("key", "count", "windowStart") VALUES (${ipKey(ip)}, 1, ${now})
      ON CONFLICT ("key") DO UPDATE SET
        "count" = CASE WHEN "SignInThrottle"."windowStart" <= ${since} THEN 1 ELSE "SignInThrottle"."count" + 1 END,
        "windowStart" = CASE WHEN "SignInThrottle"."windowStart" <= ${since} THEN ${now} ELSE "SignInThrottle"."windowStart" END
      WHERE "SignInThrottle"."windowStart" <= ${since} OR "SignInThrottle"."count" < ${a.ipLimit}
      RETURNING "windowStart"`;
    if (!rows.length) return { ok: false, error: "RATE_LIMITED" };
    ipWindow = rows[0].windowStart;
  }
  if (a.userId !== null) {
    if (!(await reserveUserAttempt(a.userId, a.maxFailures, now))) return { ok: false, error: "ACCOUNT_LOCKED" };
  } else {
    const rows = await db().$queryRaw<{ count: number }[]>`
      INSERT INTO "SignInThrottle" ("key", "count", "windowStart") VALUES (${accountKey(a.account)}, 1, ${now})
      ON CONFLICT ("key") DO UPDATE SET
        "count" = CASE WHEN "SignInThrottle"."lockedUntil" <= ${now} THEN 1 ELSE "SignInThrottle"."count" + 1 END,
        "lockedUntil" = NULL, "windowStart" = ${now}
      WHERE ("SignInThrottle"."lockedUntil" IS NULL AND "SignInThrottle"."count" < ${a.maxFailures}) OR "SignInThrottle"."lockedUntil" <= ${now}
      RETURNING "count"`;
    if (!rows.length) return { ok: false, error: "ACCOUNT_LOCKED" };
  }
  return { ok: true, ipWindow };
}

/**
 * The per-user part of the throttle, for sign-in and for anything else that checks a user's
 * password (My account's current password): one conditional UPDATE reserves an attempt while
 * the user is not locked and under `maxFailures`; false means locked. A wrong password keeps
 * its reservation (lockIfFull locks on the one that fills the counter); a right one gives it
 * back (giveBackUserAttempt).
 */
export async function reserveUserAttempt(userId: number, maxFailures: number, now: Date): Promise<boolean> {
  // A lock that has run out ends here, and the counter restarts with it.
  await db().user.updateMany({ where: { id: userId, lockedUntil: { lte: now } }, data: { lockedUntil: null, failedLogins: 0 } });
  const reserved = await db().user.updateManyAndReturn({
    where: { id: userId, lockedUntil: null, failedLogins: { lt: maxFailures } },
    data: { failedLogins: { increment: 1 } },
    select: { id: true },
  });
  return reserved.length > 0;
}

/** After a wrong password: the attempt that filled the counter locks the user for lockMinutes. */
export async function lockIfFull(userId: number, maxFailures: number, lockMinutes: number, now: Date): Promise<void> {
  const lockedUntil = new Date(now.getTime() + lockMinutes * 60_000);
  await db().user.updateMany({ where: { id: userId, lockedUntil: null, failedLogins: { gte: maxFailures } }, data: { failedLogins: 0, lockedUntil } });
}

/** After a right password: the attempt was no wrong guess. */
export async function giveBackUserAttempt(userId: number): Promise<void> {
  await db().user.updateMany({ where: { id: userId, failedLogins: { gt: 0 } }, data: { failedLogins: { decrement: 1 } } });
}

const ipKey = (ip: string) => `ip:${ip}`;
const accountKey = (account: string) => `account:${account}`;

/**
 * One sign-in attempt, with the throttle (per account and per client address, reserved before
 * the password is compared: reserveAttempt) and the login log. Sign-in runs in two steps (the
 * "prepare" server action checks the password and lists companies, then next-auth's
 * credentials endpoint issues the session and checks again); to log each attempt exactly once,
 * the prepare step logs only its failures (the attempt ends there), and the session step logs
 * whatever it answers. A successful prepare is logged by the session request that follows.
 *
 * A wrong password keeps its reservations; the one that fills login.maxFailures locks the
 * account for login.lockMinutes. A right password gives the account's reservation back (a
 * successful sign-in resets the counter and any lock, as before), and a success, at either
 * step, gives the address's back: only failures count there. While locked, every password,
 * the right one too, answers ACCOUNT_LOCKED, so the lock is no password oracle.
 */
export async function attemptSignIn(
  input: { account: string; password: string; companyCode?: string | null },
  ctx: AttemptContext & { stage: "prepare" | "session"; now?: Date },
): Promise<{ ok: true; user: CheckedUser; companyId: number | null; sessionId: string | null } | { ok: false; error: SignInError }> {
  const now = ctx.now ?? new Date();
  const account = input.account.trim();
  const log = (reason: LoginReason, userId?: number | null, companyId?: number | null) => db().loginLog.create({ data: logRow({ account, userId, companyId, reason }, ctx, now) });
  const [user, maxFailures, lockMinutes, ipLimit] = await Promise.all([
    loadUser(account),
    variable("login.maxFailures"),
    variable("login.lockMinutes"),
    variable("login.maxAttemptsPerIpPer15Minutes"),
  ]);
  const reservation = await reserveAttempt({ account, userId: user?.id ?? null, ipLimit, maxFailures }, ctx.ip, now);
  if (!reservation.ok) {
    await log(reservation.error, reservation.error === "ACCOUNT_LOCKED" ? user?.id : null);
    return reservation;
  }

  const judged = await judge(user, input.password);
  if (!judged.ok && !judged.passwordOk) {
    // The reservations stand; the attempt that fills the counter locks the account.
    if (user) await lockIfFull(user.id, maxFailures, lockMinutes, now);
    else
      await db().signInThrottle.updateMany({
        where: { key: accountKey(account), lockedUntil: null, count: { gte: maxFailures } },
        data: { count: 0, lockedUntil: new Date(now.getTime() + lockMinutes * 60_000) },
      });
    await log(judged.error, user?.id);
    return { ok: false, error: judged.error };
  }
  // The password is right: this attempt was no wrong guess at the account.
  const userId = user!.id;
  const giveBackAccount = () => giveBackUserAttempt(userId);
  const giveBackIp = async () => {
    if (ctx.ip && reservation.ipWindow)
      await db().signInThrottle.updateMany({ where: { key: ipKey(ctx.ip), windowStart: reservation.ipWindow, count: { gt: 0 } }, data: { count: { decrement: 1 } } });
  };
  const fail = async (error: SignInError) => {
    await giveBackAccount();
    await log(error, userId);
    return { ok: false as const, error };
  };
  if (!judged.ok) return fail(judged.error);
  if (ctx.stage === "prepare") {
    await Promise.all([giveBackAccount(), giveBackIp()]);
    return { ok: true, user: judged.user, companyId: null, sessionId: null };
  }
  const picked = pickCompany(judged.user, input.companyCode);
  if (!picked.ok) return fail(picked.error);
  // The session row the cookie will name (lib/auth/sessions.ts); none if the password was
  // changed since it was checked.
  const sessionId = await openSession({ userId, checkedHash: user!.passwordHash, companyId: picked.companyId, ip: ctx.ip, userAgent: ctx.userAgent }, now);
  if (!sessionId) return fail("INVALID_CREDENTIALS");
  await db().user.update({
    where: { id: userId },
    data: { failedLogins: 0, lockedUntil: null, lastLoginAt: now, ...(picked.companyId !== null ? { lastCompanyId: picked.companyId } : {}) },
  });
  await giveBackIp();
  await db().loginLog.create({ data: logRow({ account: judged.user.account, userId, companyId: picked.companyId, reason: "SUCCESS" }, ctx, now) });
  return { ok: true, user: judged.user, companyId: picked.companyId, sessionId };
}

/** Dealers act inside exactly one of their companies; staff and admins inside none. */
export function pickCompany(user: CheckedUser, companyCode: string | null | undefined): { ok: true; companyId: number | null } | { ok: false; error: SignInError } {
  if (user.userType !== "DEALER") return { ok: true, companyId: null };
  const code = companyCode?.trim();
  if (code) {
    const c = user.companies.find((x) => x.code === code);
    return c ? { ok: true, companyId: c.id } : { ok: false, error: "COMPANY_INVALID" };
  }
  if (user.companies.length === 1) return { ok: true, companyId: user.companies[0].id };
  if (user.companies.length === 0) return { ok: false, error: "COMPANY_INVALID" };
  return { ok: false, error: "COMPANY_REQUIRED" };
}
