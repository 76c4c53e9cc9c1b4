import "server-only";
import { canOpenRoute } from "@/lib/access/menus";
import { ForbiddenError, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { dayEnd, dayStart, pageParams, text } from "@/lib/core/list-params";

export type LoginLogFilters = { account: string; result: "" | "SUCCESS" | "FAILURE"; from: string; to: string };
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
export type LoginLogPage = { rows: LoginLogRow[]; total: number; page: number; pageSize: number; filters: LoginLogFilters };

export function loginLogFilters(p: URLSearchParams): LoginLogFilters {
  const result = p.get("result");
  const from = text(p, "from", 10);
  const to = text(p, "to", 10);
  return { account: text(p, "account", 50), result: result === "SUCCESS" || result === "FAILURE" ? result : "", from: dayStart(from) ? from : "", to: dayStart(to) ? to : "" };
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

/** One page of attempts, newest first, and the companies they name (three queries in all). */
export async function listLoginLog(viewer: Viewer, url: URL): Promise<LoginLogPage> {
  await assertLoginLogAccess(viewer);
  const filters = loginLogFilters(url.searchParams);
  const { page, pageSize } = pageParams(url.searchParams);
  const where = loginLogWhere(filters);
  const [rows, total] = await Promise.all([
    db().loginLog.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (page - 1) * pageSize, take: pageSize }),
    db().loginLog.count({ where }),
  ]);
  const companies = await companyCodes(rows.map((r) => r.companyId));
  return {
    filters,
    page,
    pageSize,
    total,
    rows: rows.map((r) => ({
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
