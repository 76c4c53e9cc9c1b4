import "server-only";
import type { PermissionCheck } from "@/lib/access/permissions";
import { cache } from "react";
import { getServerSession } from "next-auth";
import { db } from "@/lib/db";
import type { DataScope, UserType } from "@/lib/generated/prisma/client";
import { authOptions } from "./options";
import { findSession, sessionValid, touchSession } from "./sessions";
import type { ScopeGrant } from "@/lib/oauth/scopes";

export type ViewerCompany = { id: number; code: string; nameEn: string; nameZh: string };

/** Who is asking: loaded from the database on every request so a disabled user or a revoked
 * role takes effect at once, not when the session expires. */
export type Viewer = {
  userId: number;
  account: string;
  name: string;
  userType: UserType;
  organizationId: number | null;
  /** The company chosen at sign-in (dealers only). Every dealer query is scoped by it. */
  company: ViewerCompany | null;
  companies: ViewerCompany[];
  roles: string[];
  /** Permission codes of BUTTON menus the roles grant; admins hold every code. */
  permissions: ReadonlySet<string>;
  /** Menu ids the roles grant (screens and directories). */
  menuIds: ReadonlySet<number>;
  dataScope: DataScope;
  /** The UserSession row of the request's cookie (absent for viewers loaded without one). */
  sessionId?: string;
  /** A bearer token's viewer: restricted to what the token's scopes allow (lib/oauth/scopes.ts). */
  grant?: TokenGrant;
};

export type TokenGrant = ScopeGrant & { clientId: number; tokenId: number };

const SCOPE_WIDTH: Record<DataScope, number> = { SELF: 0, CUSTOM: 1, ORG: 2, ORG_AND_CHILDREN: 3, ALL: 4 };

export const getViewer = cache(async (): Promise<Viewer | null> => {
  const session = await getServerSession(authOptions);
  if (!session?.user?.uid) return null;
  return loadSessionViewer({ sid: session.sid, userId: session.user.uid, companyId: session.user.companyId });
});

const loadUser = (userId: number) =>
  db().user.findUnique({
    where: { id: userId },
    include: {
      companies: { include: { company: true } },
      roles: { include: { role: { include: { menus: { include: { menu: { select: { id: true, permission: true } } } } } } } },
    },
  });

/**
 * The viewer of a request's session cookie: only while its UserSession row (lib/auth/
 * sessions.ts) is open — not signed out, revoked or expired, nor older than the user's
 * sessionsValidFrom (compared to the millisecond). The row is read beside the user, in
 * parallel, so the check adds no round trip. Cookies without a session id (issued before
 * sessions could be revoked) are refused.
 */
export async function loadSessionViewer(s: { sid: string | undefined; userId: number; companyId: number | null }, now = new Date()): Promise<Viewer | null> {
  if (!s.sid) return null;
  const [row, user] = await Promise.all([findSession(s.sid), loadUser(s.userId)]);
  if (!user || !sessionValid(row, s.userId, user.sessionsValidFrom, now)) return null;
  const viewer = buildViewer(user, s.companyId);
  if (!viewer) return null;
  touchSession(row!, now);
  return { ...viewer, sessionId: s.sid };
}

/**
 * The viewer of a user acting in a company, for tests and scripts that act as someone without
 * a cookie; `issuedAt` (seconds) stands for the session's start. Requests go through
 * loadSessionViewer.
 */
export async function loadViewer(userId: number, companyId: number | null, issuedAt: number): Promise<Viewer | null> {
  const user = await loadUser(userId);
  if (!user || user.sessionsValidFrom.getTime() > issuedAt * 1000 + 999) return null;
  return buildViewer(user, companyId);
}

/**
 * The viewer of a bearer token (lib/oauth/bearer.ts): its user in its company, only while the
 * user is active and has not been signed out everywhere since the token was issued (a password
 * reset or disabling ends tokens as it ends sessions), restricted to the token's scopes.
 */
export async function loadTokenViewer(t: { userId: number; companyId: number | null; issuedAt: Date; grant: TokenGrant }): Promise<Viewer | null> {
  const user = await loadUser(t.userId);
  if (!user || user.sessionsValidFrom.getTime() > t.issuedAt.getTime()) return null;
  const viewer = buildViewer(user, t.companyId);
  return viewer && { ...viewer, grant: t.grant };
}

function buildViewer(user: NonNullable<Awaited<ReturnType<typeof loadUser>>>, companyId: number | null): Viewer | null {
  if (user.status !== "ACTIVE") return null;

  const companies = user.companies
    .map((uc) => uc.company)
    .filter((c) => c.status === "ACTIVE")
    .sort((a, b) => a.code.localeCompare(b.code))
    .map(({ id, code, nameEn, nameZh }) => ({ id, code, nameEn, nameZh }));
  let company: ViewerCompany | null = null;
  if (user.userType === "DEALER") {
    company = companies.find((c) => c.id === companyId) ?? null;
    if (!company) return null;
  }

  const permissions = new Set<string>();
  const menuIds = new Set<number>();
  let dataScope: DataScope = user.userType === "ADMIN" ? "ALL" : "SELF";
  for (const { role } of user.roles) {
    if (SCOPE_WIDTH[role.dataScope] > SCOPE_WIDTH[dataScope]) dataScope = role.dataScope;
    for (const { menu } of role.menus) {
      menuIds.add(menu.id);
      if (menu.permission) permissions.add(menu.permission);
    }
  }
  return {
    userId: user.id,
    account: user.account,
    name: user.name,
    userType: user.userType,
    organizationId: user.organizationId,
    company,
    companies,
    roles: user.roles.map((r) => r.role.code),
    permissions,
    menuIds,
    dataScope,
  };
}

export function isAdmin(viewer: Viewer): boolean {
  return viewer.userType === "ADMIN";
}

export function hasPermission(viewer: Viewer, code: PermissionCheck): boolean {
  if (viewer.grant && !viewer.grant.permissions.has(code)) return false;
  return isAdmin(viewer) || viewer.permissions.has(code);
}

export class ForbiddenError extends Error {
  constructor(public readonly permission: string) {
    super("FORBIDDEN");
  }
}

export function requirePermission(viewer: Viewer, code: PermissionCheck): void {
  if (!hasPermission(viewer, code)) throw new ForbiddenError(code);
}
