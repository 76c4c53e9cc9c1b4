import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A local fake of the WeChat endpoints the app calls (WeChat cannot be reached here): the token
// endpoint, template send, the web authorization page (it plays the user who consents) and the
// code exchange. Any appid/secret is accepted unless told otherwise. Used by the integration
// tests (lib/wechat/*.int.test.ts) and started by scripts/test.ts for the e2e app server.

export type FakeSent = { appid: string | null; token: string; touser: string; template_id: string; url?: string; data: Record<string, { value: string }> };

export type FakeWechat = {
  url: string;
  /** How many times the token endpoint was called. */
  tokenCalls: number;
  /** Template messages accepted. */
  sent: FakeSent[];
  /** The lifetime the token endpoint announces (seconds; ≤ 300 makes a token stale at once). */
  expiresIn: number;
  /** Tokens answered with errcode 40001 (as WeChat does for a revoked or expired one). */
  invalidTokens: Set<string>;
  /** Errcodes the next template sends answer, one per call (e.g. 43004, 45009). */
  sendFailures: number[];
  /** Delay before answering a token request (ms): lets concurrent refreshers overlap. */
  tokenDelayMs: number;
  /** The secret the token and code endpoints require (null: any). */
  requiredSecret: string | null;
  /** The openid the next consents give (null: a new one each time, so parallel e2e users never share one). */
  openId: string | null;
  stop(): Promise<void>;
};

const json = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
};

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeWechat(opts: { port?: number; host?: string } = {}): Promise<FakeWechat> {
  let seq = 0;
  const tokens = new Map<string, string>(); // token → appid
  const codes = new Map<string, string>(); // code → openid
  const fake: FakeWechat = {
    url: "",
    tokenCalls: 0,
    sent: [],
    expiresIn: 7200,
    invalidTokens: new Set(),
    sendFailures: [],
    tokenDelayMs: 0,
    requiredSecret: null,
    openId: null,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? "/", "http://fake");
      const q = u.searchParams;
      if (u.pathname === "/cgi-bin/token") {
        fake.tokenCalls++;
        if (fake.tokenDelayMs) await new Promise((r) => setTimeout(r, fake.tokenDelayMs));
        if (fake.requiredSecret !== null && q.get("secret") !== fake.requiredSecret) return json(res, { errcode: 40125, errmsg: "invalid appsecret" });
        const token = `fake_token_${++seq}_${Math.random().toString(36).slice(2, 10)}`;
        tokens.set(token, q.get("appid") ?? "");
        return json(res, { access_token: token, expires_in: fake.expiresIn });
      }
      if (u.pathname === "/cgi-bin/message/template/send" && req.method === "POST") {
        const token = q.get("access_token") ?? "";
        const msg = JSON.parse(await body(req)) as Omit<FakeSent, "appid" | "token">;
        if (fake.invalidTokens.has(token) || !tokens.has(token)) return json(res, { errcode: 40001, errmsg: "invalid credential, access_token is invalid or not latest" });
        const fail = fake.sendFailures.shift();
        if (fail) return json(res, { errcode: fail, errmsg: fail === 43004 ? "require subscribe" : "reach max api daily quota limit" });
        fake.sent.push({ ...msg, appid: tokens.get(token) ?? null, token });
        return json(res, { errcode: 0, errmsg: "ok", msgid: 1_000_000 + fake.sent.length });
      }
      if (u.pathname === "/connect/oauth2/authorize") {
        // The user consents at once: back to redirect_uri with a code and the state.
        const code = `fake_code_${++seq}`;
        codes.set(code, fake.openId ?? `o_fake_${seq}_${Math.random().toString(36).slice(2, 12)}`);
        const back = new URL(q.get("redirect_uri") ?? "http://invalid/");
        back.searchParams.set("code", code);
        back.searchParams.set("state", q.get("state") ?? "");
        res.writeHead(302, { Location: back.toString() });
        return res.end();
      }
      if (u.pathname === "/sns/oauth2/access_token") {
        if (fake.requiredSecret !== null && q.get("secret") !== fake.requiredSecret) return json(res, { errcode: 40125, errmsg: "invalid appsecret" });
        const openid = codes.get(q.get("code") ?? "");
        if (!openid) return json(res, { errcode: 40029, errmsg: "invalid code" });
        codes.delete(q.get("code") ?? "");
        return json(res, { access_token: `fake_web_${++seq}`, expires_in: 7200, openid, scope: "snsapi_base" });
      }
      res.writeHead(404);
      res.end();
    })().catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", resolve));
  server.unref();
  fake.url = `http://${opts.host ?? "127.0.0.1"}:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** A code the fake will exchange for `openId` (a test's shortcut past the authorize page). */
export async function fakeCode(fake: FakeWechat, openId: string, redirectUri = "http://x/cb"): Promise<{ code: string; state: string }> {
  fake.openId = openId;
  const res = await fetch(`${fake.url}/connect/oauth2/authorize?${new URLSearchParams({ appid: "wx", redirect_uri: redirectUri, state: "s" })}`, { redirect: "manual" });
  const back = new URL(res.headers.get("location") ?? "");
  return { code: back.searchParams.get("code") ?? "", state: back.searchParams.get("state") ?? "" };
}
