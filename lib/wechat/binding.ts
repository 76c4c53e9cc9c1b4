import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { audit, type AuditCtx } from "@/lib/core/audit";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { BIND_CALLBACK as CALLBACK_PATH } from "./admin-options";
import { channelApp, wechatClient, WechatApiError, type WechatClient } from "./api";
import { absoluteLink } from "./enqueue";
import { wechatConfig } from "./config";

// A user's WeChat binding (My account): the official account's web authorization with scope
// snsapi_base. /api/wechat/bind sets a random state in a short-lived httpOnly cookie tied to the
// signed-in user and sends the browser to WeChat; WeChat comes back to the callback with a code
// and the state; the state must match the cookie and the user, the code gives the openid, and the
// binding is written in one transaction with its audit row. An openid bound to another user is
// refused; the user's own binding to the app is replaced. Unbind and the channel's switch act only
// on the signed-in user's own binding.

export const STATE_COOKIE = "dp_wechat_state";
export const STATE_TTL_S = 10 * 60;

/** Why a binding was not made (the account page's ?wechat=error&reason=). */
export type BindFailure = "noApp" | "state" | "denied" | "exchange" | "taken";

/** The cookie's value: the user and the random state. */
export const stateCookieValue = (userId: number, state: string) => `${userId}.${state}`;

/** The callback's absolute address (WeChat redirects the browser there). */
export function callbackUrl(requestOrigin: string): string {
  return absoluteLink(CALLBACK_PATH) ?? `${requestOrigin}/customerWeb/${CALLBACK_PATH}`;
}

/** Where to send the browser to bind, with the cookie to set; null without a channel app. */
export async function startBind(viewer: Viewer, requestOrigin: string): Promise<{ location: string; cookie: string } | null> {
  const app = await channelApp();
  if (!app) return null;
  const state = randomBytes(18).toString("base64url");
  const query = new URLSearchParams({ appid: app.appId, redirect_uri: callbackUrl(requestOrigin), response_type: "code", scope: "snsapi_base", state });
  return { location: `${wechatConfig().openBase}/connect/oauth2/authorize?${query}#wechat_redirect`, cookie: stateCookieValue(viewer.userId, state) };
}

/** Whether the callback's state is the one this user's cookie holds. */
export function stateMatches(viewer: Viewer, cookie: string | undefined, state: string | null): boolean {
  if (!cookie || !state) return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(stateCookieValue(viewer.userId, state));
  return a.length === b.length && timingSafeEqual(a, b);
}

const maskOpenId = (openId: string) => (openId.length > 8 ? `${openId.slice(0, 4)}…${openId.slice(-4)}` : "…");

/** Completes the binding with the code WeChat returned (the state already checked). */
export async function completeBind(viewer: Viewer, ctx: AuditCtx, code: string, client: WechatClient = wechatClient()): Promise<{ ok: true } | { ok: false; reason: BindFailure }> {
  const app = await channelApp();
  if (!app) return { ok: false, reason: "noApp" };
  let who: { openId: string; unionId: string | null };
  try {
    who = await client.exchangeCode(app, code);
  } catch (err) {
    if (err instanceof WechatApiError) return { ok: false, reason: "exchange" };
    throw err;
  }
  try {
    return await db().$transaction(async (tx) => {
      const holder = await tx.wechatBinding.findUnique({ where: { appId_openId: { appId: app.id, openId: who.openId } }, select: { userId: true } });
      if (holder && holder.userId !== viewer.userId) return { ok: false as const, reason: "taken" as const };
      const before = await tx.wechatBinding.findUnique({ where: { userId_appId: { userId: viewer.userId, appId: app.id } }, select: { id: true, openId: true, notify: true } });
      const row = before
        ? await tx.wechatBinding.update({ where: { id: before.id }, data: { openId: who.openId, unionId: who.unionId, notify: true, createdAt: new Date() } })
        : await tx.wechatBinding.create({ data: { userId: viewer.userId, appId: app.id, openId: who.openId, unionId: who.unionId } });
      await audit(tx, ctx, "WechatBinding", row.id, before ? "rebind" : "bind", before ? { openId: maskOpenId(before.openId), notify: before.notify } : null, {
        appId: app.appId,
        openId: maskOpenId(who.openId),
        notify: true,
      });
      return { ok: true as const };
    });
  } catch (err) {
    // Bound to another user at the same moment: the unique (app, openId) decides.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") return { ok: false, reason: "taken" };
    throw err;
  }
}

async function ownBinding(viewer: Viewer) {
  const app = await channelApp();
  return app ? { app, where: { userId_appId: { userId: viewer.userId, appId: app.id } } } : null;
}

/** Removes the signed-in user's binding to the channel's app. */
export async function unbindWechat(viewer: Viewer, ctx: AuditCtx): Promise<{ unbound: true }> {
  const own = await ownBinding(viewer);
  if (!own) throw new DomainError("MyAccount.wechat.errors.notBound", {}, undefined, 409);
  return db().$transaction(async (tx) => {
    const row = await tx.wechatBinding.findUnique({ where: own.where, select: { id: true, openId: true, notify: true } });
    if (!row) throw new DomainError("MyAccount.wechat.errors.notBound", {}, undefined, 409);
    await tx.wechatBinding.delete({ where: { id: row.id } });
    await audit(tx, ctx, "WechatBinding", row.id, "unbind", { appId: own.app.appId, openId: maskOpenId(row.openId), notify: row.notify }, null);
    return { unbound: true as const };
  });
}

/** Turns the WECHAT channel on or off for the signed-in user. */
export async function setWechatNotify(viewer: Viewer, ctx: AuditCtx, notify: boolean): Promise<{ notify: boolean }> {
  const own = await ownBinding(viewer);
  if (!own) throw new DomainError("MyAccount.wechat.errors.notBound", {}, undefined, 409);
  return db().$transaction(async (tx) => {
    const row = await tx.wechatBinding.findUnique({ where: own.where, select: { id: true, notify: true } });
    if (!row) throw new DomainError("MyAccount.wechat.errors.notBound", {}, undefined, 409);
    await tx.wechatBinding.update({ where: { id: row.id }, data: { notify } });
    await audit(tx, ctx, "WechatBinding", row.id, "notify", { notify: row.notify }, { notify });
    return { notify };
  });
}

export type MyWechat = { available: boolean; binding: { openId: string; notify: boolean; boundAt: Date } | null };

/** My account's WeChat card: whether binding is possible, and the user's binding (openid masked). */
export async function myWechat(viewer: Viewer): Promise<MyWechat> {
  const app = await channelApp();
  if (!app) return { available: false, binding: null };
  const b = await db().wechatBinding.findUnique({ where: { userId_appId: { userId: viewer.userId, appId: app.id } }, select: { openId: true, notify: true, createdAt: true } });
  return { available: true, binding: b ? { openId: maskOpenId(b.openId), notify: b.notify, boundAt: b.createdAt } : null };
}
