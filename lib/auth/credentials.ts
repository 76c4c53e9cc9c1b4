import "server-only";
import { db } from "@/lib/db";
import { verifyPassword } from "./password";

export type SignInError = "INVALID_CREDENTIALS" | "ACCOUNT_PENDING" | "ACCOUNT_DISABLED" | "ACCOUNT_LOCKED" | "COMPANY_REQUIRED" | "COMPANY_INVALID";

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
 * the same time; the account's state is only revealed once the password is right.
 */
export async function checkCredentials(account: string, password: string): Promise<{ ok: true; user: CheckedUser } | { ok: false; error: SignInError }> {
  const user = await db().user.findUnique({
    where: { account: account.trim() },
    include: { companies: { include: { company: true } } },
  });
  const passwordOk = await verifyPassword(password, user?.passwordHash);
  if (!user || !passwordOk) return { ok: false, error: "INVALID_CREDENTIALS" };
  if (user.status === "PENDING") return { ok: false, error: "ACCOUNT_PENDING" };
  if (user.status === "DISABLED") return { ok: false, error: "ACCOUNT_DISABLED" };
  if (user.status === "LOCKED") return { ok: false, error: "ACCOUNT_LOCKED" };
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
