import "server-only";
import { variable } from "@/lib/config/variables";
import { db } from "@/lib/db";
import { recentFailuresFromIp, recentInvalidForAccount, recordLogin, type AttemptContext } from "./login-log";
import { verifyPassword } from "./password";

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

/**
 * Checks account and password. Wrong account and wrong password give the same error and take
 * the same time; the account's state is only revealed once the password is right. A wrong
 * password counts toward the throttle: after login.maxFailures in a row the account is locked
 * for login.lockMinutes, and while locked every password (the right one too) answers
 * ACCOUNT_LOCKED, so the lock is no password oracle. An unknown account name locks the same way
 * (judged from the login log), so the lock does not reveal which accounts exist.
 */
export async function checkCredentials(account: string, password: string, now = new Date()): Promise<{ ok: true; user: CheckedUser } | { ok: false; error: SignInError; userId?: number }> {
  const name = account.trim();
  const [user, maxFailures, lockMinutes] = await Promise.all([
    db().user.findUnique({ where: { account: name }, include: { companies: { include: { company: true } } } }),
    variable("login.maxFailures"),
    variable("login.lockMinutes"),
  ]);
  const passwordOk = await verifyPassword(password, user?.passwordHash);
  if (!user) {
    const recent = await recentInvalidForAccount(name, lockMinutes, now);
    return { ok: false, error: recent >= maxFailures ? "ACCOUNT_LOCKED" : "INVALID_CREDENTIALS" };
  }
  if (user.lockedUntil && user.lockedUntil > now) return { ok: false, error: "ACCOUNT_LOCKED", userId: user.id };
  if (!passwordOk) {
    const { failedLogins } = await db().user.update({ where: { id: user.id }, data: { failedLogins: { increment: 1 } }, select: { failedLogins: true } });
    if (failedLogins >= maxFailures) {
      await db().user.update({ where: { id: user.id }, data: { failedLogins: 0, lockedUntil: new Date(now.getTime() + lockMinutes * 60_000) } });
    }
    return { ok: false, error: "INVALID_CREDENTIALS", userId: user.id };
  }
  if (user.status === "PENDING") return { ok: false, error: "ACCOUNT_PENDING", userId: user.id };
  if (user.status === "DISABLED") return { ok: false, error: "ACCOUNT_DISABLED", userId: user.id };
  if (user.status === "LOCKED") return { ok: false, error: "ACCOUNT_LOCKED", userId: user.id };
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
 * One sign-in attempt, with the per-IP throttle and the login log. Sign-in runs in two steps
 * (the "prepare" server action checks the password and lists companies, then next-auth's
 * credentials endpoint issues the session and checks again); to log each attempt exactly once,
 * the prepare step logs only its failures (the attempt ends there), and the session step logs
 * whatever it answers. A successful prepare is logged by the session request that follows.
 */
export async function attemptSignIn(
  input: { account: string; password: string; companyCode?: string | null },
  ctx: AttemptContext & { stage: "prepare" | "session"; now?: Date },
): Promise<{ ok: true; user: CheckedUser; companyId: number | null } | { ok: false; error: SignInError }> {
  const now = ctx.now ?? new Date();
  const account = input.account.trim();
  const fail = async (error: SignInError, userId?: number) => {
    await recordLogin({ account, userId, reason: error }, ctx, now);
    return { ok: false as const, error };
  };
  if (ctx.ip && (await recentFailuresFromIp(ctx.ip, now)) >= (await variable("login.maxAttemptsPerIpPer15Minutes"))) return fail("RATE_LIMITED");
  const checked = await checkCredentials(account, input.password, now);
  if (!checked.ok) return fail(checked.error, checked.userId);
  if (ctx.stage === "prepare") return { ok: true, user: checked.user, companyId: null };
  const picked = pickCompany(checked.user, input.companyCode);
  if (!picked.ok) return fail(picked.error, checked.user.id);
  await db().user.update({
    where: { id: checked.user.id },
    data: { failedLogins: 0, lockedUntil: null, lastLoginAt: now, ...(picked.companyId !== null ? { lastCompanyId: picked.companyId } : {}) },
  });
  await recordLogin({ account: checked.user.account, userId: checked.user.id, companyId: picked.companyId, reason: "SUCCESS" }, ctx, now);
  return { ok: true, user: checked.user, companyId: picked.companyId };
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
