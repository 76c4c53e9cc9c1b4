import "server-only";
import { canOpenRoute } from "@/lib/access/menus";
import { ForbiddenError, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { dayEnd, dayStart, text } from "@/lib/core/list-params";
import { cursorParam, queryString, sizeParam, sizeValue, type KeysetPage, type Total } from "@/lib/list/keyset";
import { readKeysetPage } from "@/lib/list/prisma";

// system/loginLog: every sign-in attempt, newest first, on the list kit (keyset pages on
// (createdAt, id) and a capped count: the table grows with every attempt).

export const LOGIN_LOG_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_SIZE = 20;

export type LoginLogFilters = { account: string; result: "" | "SUCCESS" | "FAILURE"; from: string; to: string };
export type LoginLogListFilters = LoginLogFilters & { cursor: string; size: number };
export type LoginLogRow = {
  id: number;
  createdAt: string;
  account: string;
  userId: number | null;
  company: string | null;
  result: "SUCCESS" | "FAILURE";
  reason: string;
  ip: string | null;
  userAgent: string | null;
};
export type LoginLogPage = KeysetPage<LoginLogRow> & { total: Total; filters: LoginLogListFilters };

export function loginLogFilters(p: URLSearchParams): LoginLogFilters {
  const result = p.get("result");
  const from = text(p, "from", 10);
  const to = text(p, "to", 10);
  return { account: text(p, "account", 50), result: result === "SUCCESS" || result === "FAILURE" ? result : "", from: dayStart(from) ? from : "", to: dayStart(to) ? to : "" };
}

/** The list's filters with its cursor and page size. */
export function loginLogListFilters(p: URLSearchParams): LoginLogListFilters {
  return { ...loginLogFilters(p), cursor: cursorParam(p), size: sizeParam(p, { fallback: DEFAULT_SIZE, sizes: LOGIN_LOG_SIZES }) };
}

/** The filters back as a query string (links, the export). */
export function loginLogQuery(f: Partial<LoginLogListFilters>, extra: Record<string, string | number> = {}): string {
  const { account, result, from, to } = f;
  return queryString({ account, result, from, to, size: sizeValue(f.size, DEFAULT_SIZE) }, extra);
}

/** Every filter is served by an index on (column, createdAt) or (createdAt). */
export function loginLogWhere(f: LoginLogFilters): Prisma.LoginLogWhereInput {
  const from = dayStart(f.from);
  const to = dayEnd(f.to);
  return {
    ...(f.account ? { account: { startsWith: f.account } } : {}),
    ...(f.result ? { result: f.result } : {}),
    ...(from || to ? { createdAt: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } } : {}),
  };
}

export async function assertLoginLogAccess(viewer: Viewer): Promise<void> {
  if (!(await canOpenRoute(viewer, "system/loginLog"))) throw new ForbiddenError("system/loginLog");
}

/** One page of attempts, newest first, its capped count, and the companies it names (three queries). */
export async function listLoginLog(viewer: Viewer, url: URL): Promise<LoginLogPage> {
  await assertLoginLogAccess(viewer);
  const filters = loginLogListFilters(url.searchParams);
  const page = await readKeysetPage(
    filters,
    "createdAt",
    loginLogWhere(filters),
    (q) => db().loginLog.findMany(q),
    (q) => db().loginLog.count(q),
  );
  const companies = await companyCodes(page.rows.map((r) => r.companyId));
  return {
    ...page,
    filters,
    rows: page.rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      account: r.account,
      userId: r.userId,
      company: r.companyId ? (companies.get(r.companyId) ?? null) : null,
      result: r.result,
      reason: r.reason,
      ip: r.ip,
      userAgent: r.userAgent,
    })),
  };
}

export async function companyCodes(ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  if (!wanted.length) return new Map();
  const rows = await db().company.findMany({ where: { id: { in: wanted } }, select: { id: true, code: true } });
  return new Map(rows.map((c) => [c.id, c.code]));
}
