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
export async function sendCodeAction(input: unknown) {
  return publicAction({
    schema: ZSendCode,
    labels: "VerificationCode",
    run: async (data, ctx): Promise<SendCodeAnswer> => {
      const [t, locale] = await Promise.all([getTranslations("VerificationCode"), getLocale()]);
      const { result, deliver } = await issueVerificationCode({ ...data, locale: isLocale(locale) ? locale : undefined, template: (code, minutes) => t("sms", { code, minutes }) }, { ip: ctx.ip });
      // Delivery happens after the answer is sent: registered and unknown phones answer alike.
      after(deliver);
      if (result.ok) return { sent: true, resendAfter: result.resendAfter, message: null };
      return { sent: false, resendAfter: result.resendAfter, message: t(`errors.${result.reason}`, { seconds: result.resendAfter, minutes: Math.ceil(result.resendAfter / 60) }) };
    },
  })(input);
}

export async function registerAction(input: unknown) {
  const min = await passwordMinLength();
  return publicAction({ schema: zRegister(min), labels: "Register", run: (data) => registerAccount(data) })(input);
}

export async function resetPasswordAction(input: unknown) {
  const min = await passwordMinLength();
  return publicAction({ schema: zResetPassword(min), labels: "ForgotPassword", run: async (data) => (await resetPassword(data), { done: true }) })(input);
}
