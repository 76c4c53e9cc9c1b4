import "server-only";
import { db } from "@/lib/db";
import { assertScreen } from "@/lib/admin/resource";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { text } from "@/lib/core/list-params";
import type { Tx } from "@/lib/core/tx";
import { hasPermission, requirePermission, type Viewer } from "@/lib/auth/viewer";
import { sealSecret } from "@/lib/crypto/secret-box";
import { DomainError, NotFoundError } from "@/lib/errors";
import { Prisma, type WechatMessageStatus, type WeixinAppType } from "@/lib/generated/prisma/client";
import { choiceParam, cursorParam, queryString, sizeParam, sizeValue, type KeysetPage, type Total } from "@/lib/list/keyset";
import { readKeysetPage } from "@/lib/list/prisma";
import { publicOrigin } from "@/lib/news/public-urls";
import { MESSAGE_EVENT_KEYS } from "@/lib/messages/template-events";
import { BIND_CALLBACK_PATH, maskOpenId, WECHAT_MESSAGE_STATUSES, WEIXIN_SECRET_CONTEXT } from "./admin-options";
import type { TWechatRetry, TWeixinAppSave } from "./admin-schemas";

// system/weixinApp (docs/DECISIONS.md "Issue 23 — the WeChat apps screen"): the apps (a small
// table, every app on one page) and the WechatMessage outbox (the list kit: keyset pages, capped
// count). Secrets are sealed here and leave this module only as "set"; the access token the
// engine caches is dropped when the appId or the secret changes.

const MANAGE = "weixinApp:manage" as const;
const RETRY = "wechatMessage:retry" as const;
const ROUTE = "system/weixinApp" as const;

const APP_SELECT = {
  id: true,
  name: true,
  type: true,
  appId: true,
  appSecret: true,
  encodingAesKey: true,
  token: true,
  enabled: true,
  accessTokenExpiresAt: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { bindings: true } },
} as const;
type AppRaw = Prisma.WeixinAppGetPayload<{ select: typeof APP_SELECT }>;

/** An app as the screen may see it: the secrets only as "is set". */
export type WeixinAppRow = {
  id: number;
  name: string;
  type: WeixinAppType;
  appId: string;
  enabled: boolean;
  hasSecret: boolean;
  hasAesKey: boolean;
  hasToken: boolean;
  tokenCached: boolean;
  bindings: number;
  updatedAt: string;
};

function appView(r: AppRaw, now = new Date()): WeixinAppRow {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    appId: r.appId,
    enabled: r.enabled,
    hasSecret: !!r.appSecret,
    hasAesKey: !!r.encodingAesKey,
    hasToken: !!r.token,
    tokenCached: !!r.accessTokenExpiresAt && r.accessTokenExpiresAt > now,
    bindings: r._count.bindings,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export type WeixinAdminData = {
  apps: WeixinAppRow[];
  /** The web authorization's redirect URI to whitelist in the WeChat console, and its domain. */
  callbackUrl: string;
  callbackDomain: string;
  can: { manage: boolean; retry: boolean };
};

/** The apps tab. A configuration table of a few rows: no paging (bounded at 200). */
export async function loadWeixinAdmin(viewer: Viewer): Promise<WeixinAdminData> {
  await assertScreen(viewer, ROUTE);
  const [rows, origin] = await Promise.all([db().weixinApp.findMany({ orderBy: [{ type: "asc" }, { id: "asc" }], take: 200, select: APP_SELECT }), publicOrigin()]);
  const now = new Date();
  return {
    apps: rows.map((r) => appView(r, now)),
    callbackUrl: `${origin}${BIND_CALLBACK_PATH}`,
    callbackDomain: new URL(origin).host,
    can: { manage: hasPermission(viewer, MANAGE), retry: hasPermission(viewer, RETRY) },
  };
}

// ---- the messages tab ---------------------------------------------------------------------

export const WECHAT_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_SIZE = 20;

export type WechatMessageRow = {
  id: number;
  createdAt: string;
  user: { account: string; name: string };
  openId: string;
  event: string;
  templateId: string;
  status: WechatMessageStatus;
  sender: string | null;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
};
export type WechatMessageFilters = { status: WechatMessageStatus | ""; event: string; user: string; cursor: string; size: number };
export type WechatMessagePage = KeysetPage<WechatMessageRow> & { total: Total; filters: WechatMessageFilters; can: { retry: boolean } };

/** The filters back as a query string (the tab stays "messages"). */
export function wechatMessageQuery(f: Partial<WechatMessageFilters>, extra: Record<string, string | number> = {}): string {
  return queryString({ tab: "messages", status: f.status, event: f.event, user: f.user, size: sizeValue(f.size, DEFAULT_SIZE) }, extra);
}

const MSG_SELECT = {
  id: true,
  createdAt: true,
  openId: true,
  event: true,
  templateId: true,
  status: true,
  sender: true,
  attempts: true,
  nextAttemptAt: true,
  lastError: true,
  user: { select: { account: true, name: true } },
} as const;

/** The outbox, newest first. The user filter is an account or a name: the matching users (at
 * most 50) are found first, so the page reads the (userId, createdAt) index. */
export async function listWechatMessages(viewer: Viewer, url: URL): Promise<WechatMessagePage> {
  await assertScreen(viewer, ROUTE);
  const p = url.searchParams;
  const rawEvent = text(p, "event", 64);
  const filters: WechatMessageFilters = {
    status: choiceParam(p, "status", WECHAT_MESSAGE_STATUSES),
    event: (MESSAGE_EVENT_KEYS as readonly string[]).includes(rawEvent) ? rawEvent : "",
    user: text(p, "user", 50),
    cursor: cursorParam(p),
    size: sizeParam(p, { fallback: DEFAULT_SIZE, sizes: WECHAT_SIZES }),
  };
  const where: Prisma.WechatMessageWhereInput = {};
  if (filters.status) where.status = filters.status;
  if (filters.event) where.event = filters.event;
  if (filters.user) {
    const users = await db().user.findMany({
      where: { OR: [{ account: { equals: filters.user, mode: "insensitive" } }, { name: { contains: filters.user, mode: "insensitive" } }] },
      select: { id: true },
      take: 50,
    });
    where.userId = { in: users.map((u) => u.id) };
  }
  const page = await readKeysetPage(
    filters,
    "createdAt",
    where,
    (q) => db().wechatMessage.findMany({ ...q, select: MSG_SELECT }),
    (q) => db().wechatMessage.count(q),
  );
  return {
    ...page,
    filters,
    can: { retry: hasPermission(viewer, RETRY) },
    rows: page.rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      user: r.user,
      openId: maskOpenId(r.openId),
      event: r.event,
      templateId: r.templateId,
      status: r.status,
      sender: r.sender,
      attempts: r.attempts,
      nextAttemptAt: r.status === "PENDING" ? r.nextAttemptAt.toISOString() : null,
      lastError: r.lastError,
    })),
  };
}

// ---- writes ---------------------------------------------------------------------------------

/** What the audit keeps of an app: never a secret, only whether each is set. */
const snapshot = (r: AppRaw) => {
  const v = appView(r);
  return { name: v.name, type: v.type, appId: v.appId, enabled: v.enabled, hasSecret: v.hasSecret, hasAesKey: v.hasAesKey, hasToken: v.hasToken };
};

const isUniqueViolation = (err: unknown, target?: string) =>
  err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002" && (!target || `${JSON.stringify(err.meta ?? {})} ${err.message}`.includes(target));

/** Creates or updates an app; blank secrets keep the stored ones. One enabled official account
 * at a time: the partial unique index decides between two concurrent enables, and the loser
 * gets a field error, never a 500. */
export async function saveWeixinApp(viewer: Viewer, ctx: AuditCtx, input: TWeixinAppSave): Promise<WeixinAppRow> {
  requirePermission(viewer, MANAGE);
  try {
    return await db().$transaction(async (tx: Tx) => {
      const clash = await tx.weixinApp.findFirst({ where: { appId: input.appId, NOT: input.id ? { id: input.id } : undefined }, select: { id: true } });
      if (clash) throw new DomainError("WeixinApp.errors.appIdTaken", { appId: input.appId }, "appId", 409);
      if (input.enabled && input.type === "OFFICIAL_ACCOUNT") {
        const other = await tx.weixinApp.findFirst({
          where: { enabled: true, type: "OFFICIAL_ACCOUNT", NOT: input.id ? { id: input.id } : undefined },
          select: { name: true },
        });
        if (other) throw new DomainError("WeixinApp.errors.anotherEnabled", { name: other.name }, "enabled", 409);
      }
      const sealed = {
        ...(input.appSecret ? { appSecret: sealSecret(input.appSecret, WEIXIN_SECRET_CONTEXT.appSecret) } : {}),
        ...(input.encodingAesKey ? { encodingAesKey: sealSecret(input.encodingAesKey, WEIXIN_SECRET_CONTEXT.encodingAesKey) } : {}),
        ...(input.token ? { token: sealSecret(input.token, WEIXIN_SECRET_CONTEXT.token) } : {}),
      };
      const plain = { name: input.name, type: input.type, appId: input.appId, enabled: input.enabled };
      if (!input.id) {
        if (!sealed.appSecret) throw new DomainError("WeixinApp.errors.secretRequired", {}, "appSecret", 422);
        const created = await tx.weixinApp.create({ data: { ...plain, ...sealed, appSecret: sealed.appSecret }, select: APP_SELECT });
        await audit(tx, ctx, "WeixinApp", created.id, "create", null, snapshot(created));
        return appView(created);
      }
      const locked = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "WeixinApp" WHERE "id" = ${input.id} FOR UPDATE`;
      if (!locked.length) throw new NotFoundError();
      const before = await tx.weixinApp.findUniqueOrThrow({ where: { id: input.id }, select: APP_SELECT });
      // A token was issued for the old appId and secret: the engine fetches a new one.
      const retarget = before.appId !== input.appId || !!input.appSecret;
      const updated = await tx.weixinApp.update({
        where: { id: input.id },
        data: { ...plain, ...sealed, ...(retarget ? { accessToken: null, accessTokenExpiresAt: null } : {}) },
        select: APP_SELECT,
      });
      await audit(tx, ctx, "WeixinApp", updated.id, "update", snapshot(before), {
        ...snapshot(updated),
        secretChanged: !!input.appSecret,
        aesKeyChanged: !!input.encodingAesKey,
        tokenChanged: !!input.token,
      });
      return appView(updated);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Two saves at once: the partial unique index (one enabled official account) or appId's.
    if (isUniqueViolation(err, "WeixinApp_one_enabled_official_account") || (input.enabled && input.type === "OFFICIAL_ACCOUNT" && !isUniqueViolation(err, "appId")))
      throw new DomainError("WeixinApp.errors.anotherEnabledNow", {}, "enabled", 409);
    throw new DomainError("WeixinApp.errors.appIdTaken", { appId: input.appId }, "appId", 409);
  }
}

/** Deletes an app nobody bound to; with bindings it is refused (disable it instead). */
export async function deleteWeixinApp(viewer: Viewer, ctx: AuditCtx, id: number): Promise<{ deleted: number }> {
  requirePermission(viewer, MANAGE);
  return db().$transaction(async (tx: Tx) => {
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "WeixinApp" WHERE "id" = ${id} FOR UPDATE`;
    if (!locked.length) throw new NotFoundError();
    const before = await tx.weixinApp.findUniqueOrThrow({ where: { id }, select: APP_SELECT });
    // A binding made meanwhile waits on the row lock (its foreign key), then sees the row gone.
    if (before._count.bindings > 0) throw new DomainError("WeixinApp.errors.hasBindings", { count: before._count.bindings }, undefined, 409);
    await tx.weixinApp.delete({ where: { id } });
    await audit(tx, ctx, "WeixinApp", id, "delete", snapshot(before), null);
    return { deleted: 1 };
  });
}

/** Puts FAILED messages back in the queue: PENDING, attempts 0, due now. Only FAILED rows move
 * (a conditional update: one the dispatcher or another retry moved meanwhile is left alone). */
export async function retryWechatMessages(viewer: Viewer, ctx: AuditCtx, input: TWechatRetry): Promise<{ retried: number }> {
  requirePermission(viewer, RETRY);
  const ids = [...new Set(input.ids)];
  return db().$transaction(async (tx: Tx) => {
    const failed = await tx.wechatMessage.findMany({ where: { id: { in: ids }, status: "FAILED" }, select: { id: true, attempts: true, lastError: true } });
    if (!failed.length) {
      const exists = await tx.wechatMessage.count({ where: { id: { in: ids } } });
      if (!exists) throw new NotFoundError();
      throw new DomainError("WeixinApp.errors.nothingToRetry", {}, undefined, 409);
    }
    const { count } = await tx.wechatMessage.updateMany({
      where: { id: { in: failed.map((f) => f.id) }, status: "FAILED" },
      data: { status: "PENDING", attempts: 0, nextAttemptAt: new Date() },
    });
    for (const f of failed)
      await audit(tx, ctx, "WechatMessage", f.id, "retry", { status: "FAILED", attempts: f.attempts, lastError: f.lastError }, { status: "PENDING", attempts: 0 });
    return { retried: count };
  });
}
