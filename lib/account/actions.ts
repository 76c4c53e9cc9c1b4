"use server";

import { getLocale, getTranslations } from "next-intl/server";
import { after } from "next/server";
import { headers } from "next/headers";
import { action } from "@/lib/actions/action";
import type { SendCodeAnswer } from "@/lib/auth/account-actions";
import { passwordMinLength } from "@/lib/auth/password-policy";
import { issueVerificationCode } from "@/lib/auth/verification";
import { clientIpOf } from "@/lib/http/client-ip";
import { isLocale } from "@/lib/i18n/config";
import { ZChangePhone, ZPhoneCode, ZProfile, ZSessionHandle, zChangePassword } from "./schemas";
import { changePassword, changePhone, endSession, signOutEverywhere, updateProfile } from "./service";

// My account (system/account): any signed-in user, about themselves only; the services take
// the viewer's own id, never one from the input.
const on = { labels: "MyAccount.fields", permission: null, revalidate: ["/system/account"] } as const;

export const updateProfileAction = action({ ...on, schema: ZProfile }, (i, { viewer, audit }) => updateProfile(viewer, audit, i));

/** A code to the new number (the same limits as registration's); refusals are answers. */
export const sendPhoneCodeAction = action({ ...on, revalidate: [], schema: ZPhoneCode }, async (i): Promise<SendCodeAnswer> => {
  const [t, locale, h] = await Promise.all([getTranslations("VerificationCode"), getLocale(), headers()]);
  const { result, deliver } = await issueVerificationCode(
    { phone: i.phone, scene: "CHANGE_PHONE", locale: isLocale(locale) ? locale : undefined, template: (code, minutes) => t("sms", { code, minutes }) },
    { ip: clientIpOf(h) },
  );
  after(deliver);
  if (result.ok) return { sent: true, resendAfter: result.resendAfter, message: null };
  return { sent: false, resendAfter: result.resendAfter, message: t(`errors.${result.reason}`, { seconds: result.resendAfter, minutes: Math.ceil(result.resendAfter / 60) }) };
});

export const changePhoneAction = action({ ...on, schema: ZChangePhone }, (i, { viewer, audit }) => changePhone(viewer, audit, i));

export const changePasswordAction = action({ ...on, schema: async () => zChangePassword(await passwordMinLength()) }, (i, { viewer, audit }) => changePassword(viewer, audit, i));

export const signOutEverywhereAction = action({ ...on, revalidate: [], schema: ZSessionHandle.partial() }, (_i, { viewer, audit }) => signOutEverywhere(viewer, audit));

export const endSessionAction = action({ ...on, schema: ZSessionHandle }, (i, { viewer, audit }) => endSession(viewer, audit, i.id));
