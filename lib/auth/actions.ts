"use server";

import type { CompanyOption, SignInError } from "./credentials";
import { checkCredentials } from "./credentials";
import { ZSignIn } from "./schemas";

export type PrepareSignInResult =
  | { ok: true; userType: "DEALER" | "STAFF" | "ADMIN"; companies: CompanyOption[]; lastCompanyCode: string | null }
  | { ok: false; error: SignInError };

/**
 * The first step of sign-in: checks the password and lists the user's companies for the picker.
 * The session itself is issued by next-auth's credentials endpoint, which checks again.
 */
export async function prepareSignInAction(input: unknown): Promise<PrepareSignInResult> {
  const parsed = ZSignIn.safeParse(input);
  if (!parsed.success) return { ok: false, error: "INVALID_CREDENTIALS" };
  const checked = await checkCredentials(parsed.data.account, parsed.data.password);
  if (!checked.ok) return checked;
  const { user } = checked;
  const last = user.companies.find((c) => c.id === user.lastCompanyId) ?? null;
  return { ok: true, userType: user.userType, companies: user.companies, lastCompanyCode: last?.code ?? null };
}
