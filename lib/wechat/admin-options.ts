// system/weixinApp's fixed choices, without zod (the list reads them in its first load; the
// form's schema is ./admin-schemas.ts, loaded with the drawer).

export const WEIXIN_APP_TYPES = ["OFFICIAL_ACCOUNT", "MINI_PROGRAM"] as const;
export type WeixinAppTypeValue = (typeof WEIXIN_APP_TYPES)[number];

export const WECHAT_MESSAGE_STATUSES = ["PENDING", "SENT", "FAILED"] as const;
export type WechatMessageStatusValue = (typeof WECHAT_MESSAGE_STATUSES)[number];

/** The web authorization's redirect URI an administrator whitelists in the WeChat console
 * (the engine's callback route). */
export const BIND_CALLBACK = "api/wechat/bind/callback";
export const BIND_CALLBACK_PATH = `/customerWeb/${BIND_CALLBACK}`;

/** An openId with its middle masked ("oDemo…x9Q2"): enough to tell bindings apart on screen. */
export function maskOpenId(openId: string): string {
  if (openId.length <= 8) return `${openId.slice(0, 2)}…`;
  return `${openId.slice(0, 5)}…${openId.slice(-4)}`;
}

/** The sealed columns' contexts (lib/crypto/secret-box.ts, "<Model>.<column>" as the S3 secret's
 * "AttachmentStorage.s3SecretKey"): a sealed value opens only in its own column. */
export const WEIXIN_SECRET_CONTEXT = {
  appSecret: "WeixinApp.appSecret",
  encodingAesKey: "WeixinApp.encodingAesKey",
  token: "WeixinApp.token",
  accessToken: "WeixinApp.accessToken",
} as const;
