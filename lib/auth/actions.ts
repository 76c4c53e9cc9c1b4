"use server";

import { headers } from "next/headers";
import type { CompanyOption, SignInError } from "./credentials";
import { attemptSignIn } from "./credentials";
import { clientIp } from "./login-log";
import { ZSignIn } from "./schemas";

export type PrepareSignInResult =
  { ok: true; userType: "DEALER" | "STAFF" | "ADMIN"; companies: CompanyOption[]; lastCompanyCode: string | null } | { ok: false; error: SignInError };

/**
 * The first step of sign-in: checks the password and lists the user's companies for the picker.
 * The session itself is issued by next-auth's credentials endpoint, which checks again.
 */
export async function prepareSignInAction(input: unknown): Promise<PrepareSignInResult> {
  const parsed = ZSignIn.safeParse(input);
  if (!parsed.success) return { ok: false, error: "INVALID_CREDENTIALS" };
  const h = await headers();
  // Failures are logged here; a success is logged by the credentials endpoint that follows.
  const checked = await attemptSignIn(parsed.data, { ip: clientIp((n) => h.get(n)), userAgent: h.get("user-agent"), stage: "prepare" });
  if (!checked.ok) return { ok: false, error: checked.error };
  const { user } = checked;
  const last = user.companies.find((c) => c.id === user.lastCompanyId) ?? null;
  return { ok: true, userType: user.userType, companies: user.companies, lastCompanyCode: last?.code ?? null };
}
