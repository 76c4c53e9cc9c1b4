"use server";

import { getLocale, getTranslations } from "next-intl/server";
import { after } from "next/server";
import { publicAction } from "@/lib/actions/action";
import { isLocale } from "@/lib/i18n/config";
import { ZSendCode, zRegister, zResetPassword } from "./account-schemas";
import { registerAccount, resetPassword } from "./accounts";
import { passwordMinLength } from "./password-policy";
import { issueVerificationCode } from "./verification";

export type SendCodeAnswer = { sent: boolean; resendAfter: number; message: string | null };

/** Sends a verification code. Refusals (too soon, hourly limits) are answers with a message and
 * the seconds to wait, not errors, so the button can count down either way. */
export const sendCodeAction = publicAction({ schema: ZSendCode, labels: "VerificationCode" }, async (data, ctx): Promise<SendCodeAnswer> => {
  const [t, locale] = await Promise.all([getTranslations("VerificationCode"), getLocale()]);
  const { result, deliver } = await issueVerificationCode(
    { ...data, locale: isLocale(locale) ? locale : undefined, template: (code, minutes) => t("sms", { code, minutes }) },
    { ip: ctx.ip },
  );
  // Delivery happens after the answer is sent: registered and unknown phones answer alike.
  after(deliver);
  if (result.ok) return { sent: true, resendAfter: result.resendAfter, message: null };
  return { sent: false, resendAfter: result.resendAfter, message: t(`errors.${result.reason}`, { seconds: result.resendAfter, minutes: Math.ceil(result.resendAfter / 60) }) };
});

// The password rules are settings: the schema is built per request with the current minimum.
export const registerAction = publicAction({ schema: async () => zRegister(await passwordMinLength()), labels: "Register" }, (data) => registerAccount(data));

export const resetPasswordAction = publicAction(
  { schema: async () => zResetPassword(await passwordMinLength()), labels: "ForgotPassword" },
  async (data) => (await resetPassword(data), { done: true }),
);
