import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sealSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db";
import { makeDealer } from "@/lib/test/factories";
import { forgetWechatTokens, wechatClient } from "./api";
import { wechatConfig, WEIXIN_SECRET_CONTEXT } from "./config";
import { BACKOFF, dispatchDue, MAX_ATTEMPTS } from "./dispatch";
import { startFakeWechat, type FakeWechat } from "./fake-server";
import { apiWechatSender } from "./sender";
import { APP_SECRET, takeChannelApp, textColumnsHolding } from "./test-helpers";

// Issue 23's bars for the WeChat sender, against the local fake of WeChat (lib/wechat/fake-server.ts):
// a template message delivered; an expired token refreshed once for many messages, also by two
// dispatchers at once (two module instances: two "app instances" sharing the row lock); a failure
// recorded and retried after its backoff; FAILED after MAX_ATTEMPTS; neither the secret nor a
// token in the log output or in clear in any text column of the database.
//
// Each test dates its messages in its own past year: a dispatcher here claims only messages due
// at that time, never another test file's (due now).

vi.stubEnv("WECHAT_DISPATCH", "off");

let fake: FakeWechat;
let app: Awaited<ReturnType<typeof takeChannelApp>>;
let userId: number;
const logged: string[] = [];
const sender = () => apiWechatSender(wechatClient(wechatConfig({ WECHAT_SENDER: "api", WECHAT_API_BASE: fake.url })));

beforeAll(async () => {
  vi.spyOn(console, "log").mockImplementation((l: string) => void logged.push(String(l)));
  vi.spyOn(console, "error").mockImplementation((l: string) => void logged.push(String(l)));
  vi.stubEnv("LOG_LEVEL", "info");
  fake = await startFakeWechat();
  app = await takeChannelApp();
  userId = (await makeDealer()).userId;
});

afterAll(async () => {
  await app.restore();
  await fake.stop();
  vi.restoreAllMocks();
});

const at = (year: number, ms = 0) => new Date(Date.UTC(year, 0, 1) + ms);

async function queue(n: number, due: Date): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const m = await db().wechatMessage.create({
      data: {
        userId,
        appId: app.id,
        openId: `o_test_${i}`,
        event: "order.confirmed",
        templateId: "TPL_ORDER",
        data: { character_string1: { value: `SO-${i}` } },
        url: "https://dp.example/customerWeb/x",
        nextAttemptAt: due,
      },
    });
    ids.push(m.id);
  }
  return ids;
}
const rows = (ids: number[]) => db().wechatMessage.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });

async function staleToken(token: string, expiresAt: Date) {
  await db().weixinApp.update({ where: { id: app.id }, data: { accessToken: sealSecret(token, WEIXIN_SECRET_CONTEXT.accessToken), accessTokenExpiresAt: expiresAt } });
  forgetWechatTokens();
  fake.tokenCalls = 0;
}

describe("the WeChat sender against the fake", () => {
  it("delivers a template message and records it SENT with WeChat's msgid", async () => {
    const [id] = await queue(1, at(2001));
    const before = fake.sent.length;
    expect(await dispatchDue(at(2001), 50, sender())).toMatchObject({ claimed: 1, sent: 1 });
    expect(fake.sent.slice(before)).toEqual([
      expect.objectContaining({
        appid: app.appId,
        touser: "o_test_0",
        template_id: "TPL_ORDER",
        url: "https://dp.example/customerWeb/x",
        data: { character_string1: { value: "SO-0" } },
      }),
    ]);
    const [row] = await rows([id]);
    expect(row).toMatchObject({ status: "SENT", sender: "wechat", attempts: 1, lastError: null });
    expect(row.msgId).toMatch(/^\d+$/);
  });

  it("refreshes an expired token once for five messages", async () => {
    await staleToken("stale_token_1", new Date(Date.now() - 1000));
    const ids = await queue(5, at(2002));
    expect(await dispatchDue(at(2002), 50, sender())).toMatchObject({ claimed: 5, sent: 5 });
    expect(fake.tokenCalls).toBe(1);
    expect((await rows(ids)).every((r) => r.status === "SENT")).toBe(true);
  });

  it("refreshes a token WeChat refuses (40001) once, with two dispatchers of two instances at once", async () => {
    await staleToken("revoked_token_1", new Date(Date.now() + 3_600_000));
    fake.invalidTokens.add("revoked_token_1");
    fake.tokenDelayMs = 150;
    const ids = await queue(6, at(2003));
    // A second copy of the modules: its own in-process cache and refresh, as another instance.
    vi.resetModules();
    const other = { dispatch: await import("./dispatch"), sender: await import("./sender"), api: await import("./api") };
    const otherSender = other.sender.apiWechatSender(other.api.wechatClient(wechatConfig({ WECHAT_SENDER: "api", WECHAT_API_BASE: fake.url })));
    const [a, b] = await Promise.all([dispatchDue(at(2003), 3, sender()), other.dispatch.dispatchDue(at(2003), 3, otherSender)]);
    fake.tokenDelayMs = 0;
    expect(a.sent + b.sent).toBe(6);
    expect(a.claimed).toBeGreaterThan(0);
    expect(b.claimed).toBeGreaterThan(0);
    expect(fake.tokenCalls).toBe(1);
    expect((await rows(ids)).every((r) => r.status === "SENT" && r.attempts === 1)).toBe(true);
  });

  it("records a failure with its errcode, retries it after the backoff and delivers it", async () => {
    const [id] = await queue(1, at(2004));
    fake.sendFailures.push(45009);
    expect(await dispatchDue(at(2004), 50, sender())).toMatchObject({ claimed: 1, retried: 1 });
    let [row] = await rows([id]);
    expect(row).toMatchObject({ status: "PENDING", attempts: 1 });
    expect(row.lastError).toContain("45009");
    expect(row.nextAttemptAt.getTime()).toBe(at(2004, BACKOFF[0]).getTime());
    expect(BACKOFF[0]).toBe(60_000);
    // Not before its time.
    expect(await dispatchDue(at(2004, 30_000), 50, sender())).toMatchObject({ claimed: 0 });
    expect(await dispatchDue(at(2004, BACKOFF[0]), 50, sender())).toMatchObject({ claimed: 1, sent: 1 });
    [row] = await rows([id]);
    expect(row).toMatchObject({ status: "SENT", attempts: 2, lastError: null });
  });

  it("gives up after MAX_ATTEMPTS with the last error, FAILED", async () => {
    const [id] = await queue(1, at(2005));
    fake.sendFailures.push(...Array.from({ length: MAX_ATTEMPTS }, () => 43004));
    let t = at(2005).getTime();
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      const r = await dispatchDue(new Date(t), 50, sender());
      expect(r.claimed).toBe(1);
      if (i < MAX_ATTEMPTS - 1) t += BACKOFF[i];
    }
    const [row] = await rows([id]);
    expect(row).toMatchObject({ status: "FAILED", attempts: MAX_ATTEMPTS });
    expect(row.lastError).toContain("43004");
    expect(await dispatchDue(new Date(t + 86_400_000), 50, sender())).toMatchObject({ claimed: 0 });
  });

  it("keeps the secret and the tokens out of the logs and out of the database in clear", async () => {
    const tokens = [...new Set(fake.sent.map((s) => s.token))];
    expect(tokens.length).toBeGreaterThan(1);
    expect(logged.join("\n")).toContain("wechat message not delivered");
    const secrets = [APP_SECRET, "stale_token_1", "revoked_token_1", ...tokens];
    for (const s of secrets) expect(logged.join("\n")).not.toContain(s);
    expect(await textColumnsHolding(secrets)).toEqual([]);
    // The token is there, sealed.
    const row = await db().weixinApp.findUniqueOrThrow({ where: { id: app.id } });
    expect(row.accessToken).toMatch(/^v\d\./);
  });
});
