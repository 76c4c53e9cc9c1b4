import "server-only";
import { db } from "@/lib/db";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { companyScopeWhere } from "@/lib/access/scope";
import { assertScreen } from "@/lib/admin/resource";

// system/client: the clients (a small, bounded table: every client on one page, newest first),
// with what the form offers for a binding. Three grouped reads for the token figures, whatever
// the number of clients.

export type ClientSecretHint = { id: number; hint: string; createdAt: string; expiresAt: string | null; expired: boolean };

export type ClientAdminRow = {
  id: number;
  clientId: string;
  name: string;
  confidential: boolean;
  grants: string[];
  redirectUris: string[];
  scopes: string[];
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  rateLimitPerMinute: number;
  enabled: boolean;
  createdAt: string;
  activeTokens: number;
  everIssued: boolean;
  lastUsedAt: string | null;
  secrets: ClientSecretHint[];
  binding: { kind: "STAFF" | "DEALER"; organizationId: number | null; companyId: number | null; roleIds: number[] } | null;
};

type Named = { id: number; code: string; nameEn: string; nameZh: string };

export type ClientAdminData = {
  clients: ClientAdminRow[];
  organizations: Named[];
  companies: Named[];
  roles: Named[];
  can: { create: boolean; update: boolean; rotate: boolean; disable: boolean };
};

export async function loadClientAdmin(viewer: Viewer): Promise<ClientAdminData> {
  await assertScreen(viewer, "system/client");
  const now = new Date();
  const [rows, active, issued, used, organizations, companies, roles] = await Promise.all([
    db().oAuthClient.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 500,
      select: {
        id: true,
        clientId: true,
        name: true,
        confidential: true,
        grants: true,
        redirectUris: true,
        scopes: true,
        accessTokenSeconds: true,
        refreshTokenSeconds: true,
        rateLimitPerMinute: true,
        enabled: true,
        createdAt: true,
        secrets: { orderBy: { id: "desc" }, select: { id: true, hint: true, createdAt: true, expiresAt: true } },
        serviceUser: {
          select: { userType: true, status: true, organizationId: true, roles: { select: { roleId: true } }, companies: { select: { companyId: true } } },
        },
      },
    }),
    // Open tokens: not revoked or rotated, and the access or refresh token still valid.
    db().oAuthToken.groupBy({
      by: ["clientId"],
      where: { revokedAt: null, rotatedAt: null, OR: [{ accessExpiresAt: { gt: now } }, { refreshExpiresAt: { gt: now } }] },
      _count: { _all: true },
    }),
    db().oAuthToken.groupBy({ by: ["clientId"], _count: { _all: true } }),
    db().oAuthToken.groupBy({ by: ["clientId"], _max: { lastUsedAt: true, createdAt: true } }),
    db().organization.findMany({ orderBy: [{ sort: "asc" }, { id: "asc" }], select: { id: true, code: true, nameEn: true, nameZh: true } }),
    db().company.findMany({ where: await companyScopeWhere(viewer), orderBy: { code: "asc" }, take: 2000, select: { id: true, code: true, nameEn: true, nameZh: true } }),
    db().role.findMany({ where: { code: { not: "ADMIN" } }, orderBy: { code: "asc" }, select: { id: true, code: true, nameEn: true, nameZh: true } }),
  ]);
  const activeBy = new Map(active.map((a) => [a.clientId, a._count._all]));
  const issuedBy = new Map(issued.map((a) => [a.clientId, a._count._all]));
  const usedBy = new Map(used.map((a) => [a.clientId, a._max.lastUsedAt ?? a._max.createdAt]));
  const clients: ClientAdminRow[] = rows.map(({ secrets, serviceUser: su, createdAt, ...c }) => ({
    ...c,
    createdAt: createdAt.toISOString(),
    activeTokens: activeBy.get(c.id) ?? 0,
    everIssued: (issuedBy.get(c.id) ?? 0) > 0,
    lastUsedAt: usedBy.get(c.id)?.toISOString() ?? null,
    secrets: secrets.map((s) => ({
      id: s.id,
      hint: s.hint,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt?.toISOString() ?? null,
      expired: !!s.expiresAt && s.expiresAt <= now,
    })),
    binding:
      su && su.status === "ACTIVE" && su.userType !== "ADMIN"
        ? { kind: su.userType, organizationId: su.organizationId, companyId: su.companies[0]?.companyId ?? null, roleIds: su.roles.map((r) => r.roleId) }
        : null,
  }));
  return {
    clients,
    organizations,
    companies,
    roles,
    can: {
      create: hasPermission(viewer, "client:create"),
      update: hasPermission(viewer, "client:update"),
      rotate: hasPermission(viewer, "client:rotate"),
      disable: hasPermission(viewer, "client:disable"),
    },
  };
}
