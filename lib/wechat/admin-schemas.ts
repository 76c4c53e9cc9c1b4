import { z } from "zod";
import { zId, zText } from "@/lib/core/zod";
import { WECHAT_MESSAGE_STATUSES, WEIXIN_APP_TYPES } from "./admin-options";

export * from "./admin-options";

// system/weixinApp's forms (client-safe: the drawer validates with them, the actions parse with
// them again). The three secrets are "leave blank to keep": blank means the stored value stays;
// the service requires the app secret when an app is created.

export const APP_ID_PATTERN = /^wx[0-9a-f]{16}$/;
export const AES_KEY_PATTERN = /^[A-Za-z0-9]{43}$/;
export const TOKEN_PATTERN = /^[A-Za-z0-9]{3,32}$/;
/** WeChat's app secrets are 32 hexadecimal characters; kept looser (letters and digits) in case
 * of other app kinds, but never spaces or symbols that would hint at a paste error. */
export const APP_SECRET_PATTERN = /^[A-Za-z0-9]{16,64}$/;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v === null ? undefined : v);
/** A secret field: blank keeps the stored value; a given one must match `pattern`. */
const secret = (pattern: RegExp, message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((v) => pattern.test(v), { message })
      .optional(),
  );

export const ZWeixinAppSave = z.object({
  id: zId.optional(),
  name: zText(100),
  type: z.enum(WEIXIN_APP_TYPES),
  // A custom issue: its message is the Validation key that says what the format is.
  appId: z
    .string()
    .trim()
    .min(1)
    .refine((v) => APP_ID_PATTERN.test(v), { message: "wechatAppId" }),
  appSecret: secret(APP_SECRET_PATTERN, "wechatAppSecret"),
  encodingAesKey: secret(AES_KEY_PATTERN, "wechatAesKey"),
  token: secret(TOKEN_PATTERN, "wechatToken"),
  enabled: z.boolean(),
});
export type TWeixinAppSave = z.infer<typeof ZWeixinAppSave>;

export const ZWeixinAppRef = z.object({ id: zId });
export type TWeixinAppRef = z.infer<typeof ZWeixinAppRef>;

/** Retry: the selected messages (a page at most) or one. */
export const ZWechatRetry = z.object({ ids: z.array(zId).min(1).max(100) });
export type TWechatRetry = z.infer<typeof ZWechatRetry>;

export const ZWechatStatus = z.enum(WECHAT_MESSAGE_STATUSES);
