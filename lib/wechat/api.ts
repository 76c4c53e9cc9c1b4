import "server-only";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db";
import { wechatConfig, WEIXIN_SECRET_CONTEXT, type WechatConfig } from "./config";

// The WeChat API client of the official account (docs/DECISIONS.md "Issue 23 — WeChat channel
// engine"). The access token lives sealed in the WeixinApp row (shared by every instance) and in
// this process; it is refreshed under the row's lock (SELECT … FOR UPDATE in a short
// transaction): whoever gets the lock after another refreshed finds a token different from the
// one that failed (or still valid) and uses it, so N messages or N instances refresh once.
// Errors carry WeChat's errcode/errmsg, never a URL (it holds the secret or the token).

/** Token errors: refresh once and retry the call once. */
export const TOKEN_ERRCODES = new Set([40001, 40014, 42001]);
/** A stored token stops being used this long before WeChat's expiry. */
export const TOKEN_MARGIN_MS = 5 * 60_000;

export class WechatApiError extends Error {
  constructor(
    message: string,
    public readonly errcode: number | null = null,
    public readonly errmsg: string | null = null,
  ) {
    super(message);
    this.name = "WechatApiError";
  }
}

type Json = Record<string, unknown>;
type Memo = { token: string; expiresAt: number };
const memo = new Map<number, Memo>();
/** One refresh at a time per app in this process (the row lock serialises instances). */
const inflight = new Map<number, Promise<string>>();

/** Forgets this process's tokens (the screen changed the app's credentials; tests). */
export function forgetWechatTokens(): void {
  memo.clear();
}

export type TemplateMessage = { touser: string; template_id: string; url?: string | null; data: Record<string, { value: string }> };

export function wechatClient(config: WechatConfig = wechatConfig(), fetchImpl: typeof fetch = fetch) {
  async function call(path: string, query: Record<string, string>, body?: unknown): Promise<Json> {
    const url = `${config.apiBase}${path}?${new URLSearchParams(query)}`;
    let res: Response;
    try {
      res = await fetchImpl(url, {
        method: body === undefined ? "GET" : "POST",
        headers: body === undefined ? undefined : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (err) {
      const name = err instanceof Error ? err.name : "Error";
      throw new WechatApiError(name === "TimeoutError" || name === "AbortError" ? `timeout after ${config.timeoutMs} ms` : `network error (${name})`);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new WechatApiError(`WeChat answered HTTP ${res.status}`);
    }
    let json: Json;
    try {
      json = (await res.json()) as Json;
    } catch {
      throw new WechatApiError("WeChat answered no JSON");
    }
    const errcode = typeof json.errcode === "number" ? json.errcode : 0;
    if (errcode !== 0) {
      const errmsg = String(json.errmsg ?? "").slice(0, 200);
      throw new WechatApiError(`errcode ${errcode}: ${errmsg}`, errcode, errmsg);
    }
    return json;
  }

  /** Fetches a new token under the row's lock unless another holder already did. */
  async function refresh(appRowId: number, failed: string | null): Promise<string> {
    return db().$transaction(
      async (tx) => {
        const [row] = await tx.$queryRaw<{ appId: string; appSecret: string; accessToken: string | null; accessTokenExpiresAt: Date | null }[]>`
          SELECT "appId", "appSecret", "accessToken", "accessTokenExpiresAt" FROM "WeixinApp" WHERE "id" = ${appRowId} FOR UPDATE`;
        if (!row) throw new WechatApiError("the WeChat app is gone");
        if (row.accessToken && row.accessTokenExpiresAt && row.accessTokenExpiresAt.getTime() > Date.now()) {
          const stored = openSecret(row.accessToken, WEIXIN_SECRET_CONTEXT.accessToken);
          if (stored !== failed) {
            memo.set(appRowId, { token: stored, expiresAt: row.accessTokenExpiresAt.getTime() });
            return stored;
          }
        }
        const json = await call("/cgi-bin/token", { grant_type: "client_credential", appid: row.appId, secret: openSecret(row.appSecret, WEIXIN_SECRET_CONTEXT.appSecret) });
        const token = typeof json.access_token === "string" ? json.access_token : "";
        if (!token) throw new WechatApiError("WeChat answered no access token");
        const seconds = typeof json.expires_in === "number" ? json.expires_in : 7200;
        const expiresAt = new Date(Date.now() + Math.max(0, seconds * 1000 - TOKEN_MARGIN_MS));
        await tx.weixinApp.update({ where: { id: appRowId }, data: { accessToken: sealSecret(token, WEIXIN_SECRET_CONTEXT.accessToken), accessTokenExpiresAt: expiresAt } });
        memo.set(appRowId, { token, expiresAt: expiresAt.getTime() });
        return token;
      },
      { timeout: config.timeoutMs + 10_000, maxWait: config.timeoutMs + 10_000 },
    );
  }

  /** A usable access token of the app: this process's, the row's, or a new one. `failed`: the
   * token WeChat just refused (never answered again). */
  async function accessToken(appRowId: number, failed: string | null = null): Promise<string> {
    const m = memo.get(appRowId);
    if (m && m.expiresAt > Date.now() && m.token !== failed) return m.token;
    if (!failed) {
      const row = await db().weixinApp.findUnique({ where: { id: appRowId }, select: { accessToken: true, accessTokenExpiresAt: true } });
      if (row?.accessToken && row.accessTokenExpiresAt && row.accessTokenExpiresAt.getTime() > Date.now()) {
        const token = openSecret(row.accessToken, WEIXIN_SECRET_CONTEXT.accessToken);
        memo.set(appRowId, { token, expiresAt: row.accessTokenExpiresAt.getTime() });
        return token;
      }
    }
    const running = inflight.get(appRowId);
    if (running) {
      const token = await running.catch(() => null);
      if (token && token !== failed) return token;
    }
    const p = refresh(appRowId, failed).finally(() => inflight.delete(appRowId));
    inflight.set(appRowId, p);
    return p;
  }

  /** Calls with the app's token; on a token error refreshes once and calls once more. */
  async function withToken(appRowId: number, run: (token: string) => Promise<Json>): Promise<Json> {
    const token = await accessToken(appRowId);
    try {
      return await run(token);
    } catch (err) {
      if (!(err instanceof WechatApiError) || err.errcode === null || !TOKEN_ERRCODES.has(err.errcode)) throw err;
      memo.delete(appRowId);
      return run(await accessToken(appRowId, token));
    }
  }

  return {
    accessToken,
    /** POST /cgi-bin/message/template/send: WeChat's msgid. */
    async sendTemplate(appRowId: number, msg: TemplateMessage): Promise<{ msgId: string | null }> {
      const body = { touser: msg.touser, template_id: msg.template_id, ...(msg.url ? { url: msg.url } : {}), data: msg.data };
      const json = await withToken(appRowId, (token) => call("/cgi-bin/message/template/send", { access_token: token }, body));
      return { msgId: json.msgid === undefined || json.msgid === null ? null : String(json.msgid) };
    },
    /** GET /sns/oauth2/access_token: the web authorization's code for the user's openid. */
    async exchangeCode(app: { appId: string; appSecret: string }, code: string): Promise<{ openId: string; unionId: string | null }> {
      const json = await call("/sns/oauth2/access_token", {
        appid: app.appId,
        secret: openSecret(app.appSecret, WEIXIN_SECRET_CONTEXT.appSecret),
        code,
        grant_type: "authorization_code",
      });
      const openId = typeof json.openid === "string" ? json.openid : "";
      if (!openId || openId.length > 64) throw new WechatApiError("WeChat answered no openid");
      const unionId = typeof json.unionid === "string" && json.unionid.length <= 64 ? json.unionid : null;
      return { openId, unionId };
    },
  };
}

export type WechatClient = ReturnType<typeof wechatClient>;

/** The WECHAT channel's app: the one enabled official account (a partial unique index keeps it
 * one), or null. */
export async function channelApp(client: { weixinApp: Pick<ReturnType<typeof db>["weixinApp"], "findFirst"> } = db()) {
  return client.weixinApp.findFirst({ where: { enabled: true, type: "OFFICIAL_ACCOUNT" }, select: { id: true, appId: true, appSecret: true } });
}
