// The WeChat channel's settings from the environment (README "Environment variables"). The app
// itself (appId, secret, token cache) is a WeixinApp row (system/weixinApp); these say only how
// to reach WeChat and whether to call it at all.

export type WechatConfig = {
  /** outbox (default): messages are recorded only; api: sent through WeChat's API. */
  sender: "outbox" | "api";
  apiBase: string;
  openBase: string;
  timeoutMs: number;
};

const trimSlash = (s: string) => s.replace(/\/+$/, "");

export function wechatConfig(env: Record<string, string | undefined> = process.env): WechatConfig {
  return {
    sender: env.WECHAT_SENDER === "api" ? "api" : "outbox",
    apiBase: trimSlash(env.WECHAT_API_BASE || "https://api.weixin.qq.com"),
    openBase: trimSlash(env.WECHAT_OPEN_BASE || "https://open.weixin.qq.com"),
    timeoutMs: Number(env.WECHAT_TIMEOUT_MS) || 5000,
  };
}

// The sealed columns' contexts are shared with the screen (./admin-options.ts).
export { WEIXIN_SECRET_CONTEXT } from "./admin-options";
