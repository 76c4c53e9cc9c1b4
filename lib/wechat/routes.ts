import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { Viewer } from "@/lib/auth/viewer";
import { absoluteLink } from "./enqueue";
import { completeBind, startBind, STATE_COOKIE, STATE_TTL_S, stateMatches, type BindFailure } from "./binding";
import type { AuditCtx } from "@/lib/core/audit";

// The two route handlers of the WeChat binding (app/api/wechat/bind/…), kept here so tests call
// them without Next's router. Both answer with redirects: to WeChat, or back to My account with
// ?wechat=bound | error&reason=….

const COOKIE_PATH = "/customerWeb/api/wechat";

/** A session's viewer only: a bearer token's client has no browser to bind. */
export const sessionOnly = (viewer: Viewer) => !viewer.grant;

function accountUrl(req: NextRequest, query: string): string {
  const link = `system/account?${query}`;
  return absoluteLink(link) ?? `${req.nextUrl.origin}/customerWeb/${link}`;
}

function back(req: NextRequest, query: string): NextResponse {
  const res = NextResponse.redirect(accountUrl(req, query), 303);
  res.cookies.set(STATE_COOKIE, "", { httpOnly: true, sameSite: "lax", path: COOKIE_PATH, maxAge: 0 });
  res.headers.set("Cache-Control", "private, no-store");
  return res;
}

const failed = (req: NextRequest, reason: BindFailure) => back(req, `wechat=error&reason=${reason}`);

/** GET /api/wechat/bind: to WeChat's authorization page with a fresh state. */
export async function bindStart(req: NextRequest, viewer: Viewer): Promise<NextResponse> {
  const started = await startBind(viewer, req.nextUrl.origin);
  if (!started) return failed(req, "noApp");
  const res = NextResponse.redirect(started.location, 303);
  res.cookies.set(STATE_COOKIE, started.cookie, {
    httpOnly: true,
    // Lax: sent when WeChat sends the browser back (a top-level GET from another site).
    sameSite: "lax",
    secure: req.nextUrl.protocol === "https:",
    path: COOKIE_PATH,
    maxAge: STATE_TTL_S,
  });
  res.headers.set("Cache-Control", "private, no-store");
  return res;
}

/** GET /api/wechat/bind/callback?code&state: checks the state, binds, back to My account. */
export async function bindCallback(req: NextRequest, viewer: Viewer, ctx: AuditCtx): Promise<NextResponse> {
  const q = req.nextUrl.searchParams;
  if (!stateMatches(viewer, req.cookies.get(STATE_COOKIE)?.value, q.get("state"))) return failed(req, "state");
  const code = q.get("code");
  // No code: the person declined (snsapi_base never asks, but a refusal looks so).
  if (!code || code.length > 512) return failed(req, "denied");
  const out = await completeBind(viewer, ctx, code);
  return out.ok ? back(req, "wechat=bound") : failed(req, out.reason);
}
