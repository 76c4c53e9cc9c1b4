import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeDealer } from "@/lib/test/factories";
import { setWechatNotifyAction, unbindWechatAction } from "./account-actions";
import { myWechat, STATE_COOKIE } from "./binding";
import { startFakeWechat, type FakeWechat } from "./fake-server";
import { bindCallback, bindStart } from "./routes";
import { takeChannelApp } from "./test-helpers";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Issue 23: binding a user's WeChat through the official account's web authorization, against the
// fake (it consents at once): start → WeChat's authorize page → callback → binding; a state that
// is not the cookie's (or another user's) refused; an openid bound to another user refused;
// unbind and the channel's switch act on the user's own binding only.

const ORIGIN = "http://localhost:3000";
let fake: FakeWechat;
let app: Awaited<ReturnType<typeof takeChannelApp>>;

beforeAll(async () => {
  setTestLocale("en-US");
  fake = await startFakeWechat();
  vi.stubEnv("WECHAT_API_BASE", fake.url);
  vi.stubEnv("WECHAT_OPEN_BASE", fake.url);
  vi.stubEnv("APP_URL", "");
  vi.stubEnv("NEXTAUTH_URL", "");
  app = await takeChannelApp();
});

afterAll(async () => {
  await app.restore();
  await fake.stop();
});

const ctxOf = (v: Viewer) => ({ userId: v.userId, companyId: v.company?.id ?? null, requestId: "test-bind" });

/** Start, let the fake consent, and come back: the callback's answer. */
async function bindFlow(viewer: Viewer, openId: string, tamper?: (url: URL, cookie: string) => { url: URL; cookie: string }) {
  const start = await bindStart(new NextRequest(`${ORIGIN}/customerWeb/api/wechat/bind`), viewer);
  expect(start.status).toBe(303);
  const location = start.headers.get("location")!;
  expect(location.startsWith(`${fake.url}/connect/oauth2/authorize?`)).toBe(true);
  const q = new URL(location).searchParams;
  expect(q.get("appid")).toBe(app.appId);
  expect(q.get("scope")).toBe("snsapi_base");
  expect(location.endsWith("#wechat_redirect")).toBe(true);
  const cookie = start.cookies.get(STATE_COOKIE)!;
  expect(cookie.httpOnly).toBe(true);
  fake.openId = openId;
  const consent = await fetch(location, { redirect: "manual" });
  let back = new URL(consent.headers.get("location")!);
  expect(back.pathname).toBe("/customerWeb/api/wechat/bind/callback");
  let value = cookie.value;
  if (tamper) ({ url: back, cookie: value } = tamper(back, value));
  const res = await bindCallback(new NextRequest(back, { headers: { cookie: `${STATE_COOKIE}=${value}` } }), viewer, ctxOf(viewer));
  return new URL(res.headers.get("location")!);
}

describe("binding WeChat from My account", () => {
  it("binds through the authorization, audits it, and shows it bound", async () => {
    const d = await makeDealer();
    const viewer = (await actAs({ id: d.userId }, d.companyId))!;
    expect(await myWechat(viewer)).toEqual({ available: true, binding: null });
    const back = await bindFlow(viewer, "o_bind_alice_0001");
    expect(back.pathname).toBe("/customerWeb/system/account");
    expect(back.searchParams.get("wechat")).toBe("bound");
    const b = await db().wechatBinding.findUniqueOrThrow({ where: { userId_appId: { userId: d.userId, appId: app.id } } });
    expect(b).toMatchObject({ openId: "o_bind_alice_0001", notify: true });
    expect((await myWechat(viewer)).binding).toMatchObject({ notify: true, openId: "o_bi…0001" });
    expect(await db().auditLog.count({ where: { entity: "WechatBinding", entityId: String(b.id), action: "bind" } })).toBe(1);
    // Binding again replaces the user's own.
    expect((await bindFlow(viewer, "o_bind_alice_0002")).searchParams.get("wechat")).toBe("bound");
    expect(await db().wechatBinding.findMany({ where: { userId: d.userId }, select: { openId: true } })).toEqual([{ openId: "o_bind_alice_0002" }]);
  });

  it("refuses a state that is not this user's cookie's", async () => {
    const d = await makeDealer();
    const other = await makeDealer();
    const viewer = (await actAs({ id: d.userId }, d.companyId))!;
    const forged = await bindFlow(viewer, "o_bind_forged_001", (url, cookie) => {
      url.searchParams.set("state", "not-the-state");
      return { url, cookie };
    });
    expect(forged.searchParams.get("wechat")).toBe("error");
    expect(forged.searchParams.get("reason")).toBe("state");
    // Another user's cookie (a link started by someone else) does not bind this one.
    const stolen = await bindFlow(viewer, "o_bind_forged_002", (url, cookie) => ({ url, cookie: cookie.replace(/^\d+\./, `${other.userId}.`) }));
    expect(stolen.searchParams.get("reason")).toBe("state");
    expect(await db().wechatBinding.count({ where: { userId: d.userId } })).toBe(0);
  });

  it("refuses an openid already bound to another user", async () => {
    const first = await makeDealer();
    const second = await makeDealer();
    expect((await bindFlow((await actAs({ id: first.userId }, first.companyId))!, "o_bind_shared_001")).searchParams.get("wechat")).toBe("bound");
    const back = await bindFlow((await actAs({ id: second.userId }, second.companyId))!, "o_bind_shared_001");
    expect(back.searchParams.get("wechat")).toBe("error");
    expect(back.searchParams.get("reason")).toBe("taken");
    expect(await db().wechatBinding.count({ where: { userId: second.userId } })).toBe(0);
    expect(await db().wechatBinding.count({ where: { userId: first.userId, openId: "o_bind_shared_001" } })).toBe(1);
  });

  it("turns the channel off and unbinds, the user's own binding only", async () => {
    const d = await makeDealer();
    const viewer = (await actAs({ id: d.userId }, d.companyId))!;
    expect((await bindFlow(viewer, "o_bind_switch_001")).searchParams.get("wechat")).toBe("bound");
    expect(await setWechatNotifyAction({ notify: false })).toEqual({ ok: true, data: { notify: false } });
    expect((await myWechat(viewer)).binding?.notify).toBe(false);
    expect(await unbindWechatAction({})).toEqual({ ok: true, data: { unbound: true } });
    expect(await db().wechatBinding.count({ where: { userId: d.userId } })).toBe(0);
    const again = await unbindWechatAction({});
    expect(again).toMatchObject({ ok: false, message: "Your WeChat is not bound." });
    // Someone without a binding changes nobody's.
    expect(await setWechatNotifyAction({ notify: false })).toMatchObject({ ok: false });
  });

  it("sends the user back with noApp when no official account is enabled", async () => {
    const d = await makeDealer();
    const viewer = (await actAs({ id: d.userId }, d.companyId))!;
    await db().weixinApp.update({ where: { id: app.id }, data: { enabled: false } });
    try {
      const res = await bindStart(new NextRequest(`${ORIGIN}/customerWeb/api/wechat/bind`), viewer);
      const back = new URL(res.headers.get("location")!);
      expect(back.searchParams.get("reason")).toBe("noApp");
      expect(await myWechat(viewer)).toEqual({ available: false, binding: null });
    } finally {
      await db().weixinApp.update({ where: { id: app.id }, data: { enabled: true } });
    }
  });
});
