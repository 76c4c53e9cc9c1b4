import "server-only";
import { db } from "@/lib/db";
import type { Viewer } from "@/lib/auth/viewer";
import type { DataScope, Prisma } from "@/lib/generated/prisma/client";

/**
 * What a viewer may see, resolved from the data scopes of all their roles. Scopes are combined as a union, so the widest role wins and two narrow roles add up
 * (e.g. ORG of one role plus the CUSTOM list of another).
 * - `all`: administrators and any role with ALL.
 * - `orgIds`: organizations whose companies (and users) are visible.
 * - `self`: the viewer's own user and the companies linked to the viewer (UserCompany).
 * - `companyId`: dealers, always confined to the company chosen at sign-in.
 */
export type ResolvedScope = { kind: "all" } | { kind: "company"; companyId: number } | { kind: "orgs"; orgIds: number[]; self: boolean };

type RoleScope = { dataScope: DataScope; organizationIds: number[] };

/** Pure part: roles + the organization tree → the visible organizations. */
export function combineScopes(viewer: Pick<Viewer, "userType" | "organizationId" | "company">, roles: RoleScope[], tree: { id: number; parentId: number | null }[]): ResolvedScope {
  if (viewer.userType === "DEALER") return { kind: "company", companyId: viewer.company?.id ?? -1 };
  if (viewer.userType === "ADMIN" || roles.some((r) => r.dataScope === "ALL")) return { kind: "all" };
  const children = new Map<number, number[]>();
  for (const o of tree) if (o.parentId !== null) children.set(o.parentId, [...(children.get(o.parentId) ?? []), o.id]);
  const orgIds = new Set<number>();
  const addSubtree = (id: number) => {
    if (orgIds.has(id)) return;
    orgIds.add(id);
    for (const c of children.get(id) ?? []) addSubtree(c);
  };
  let self = roles.length === 0;
  for (const r of roles) {
    if (r.dataScope === "SELF") self = true;
    else if (r.dataScope === "ORG" && viewer.organizationId !== null) orgIds.add(viewer.organizationId);
    else if (r.dataScope === "ORG_AND_CHILDREN" && viewer.organizationId !== null) addSubtree(viewer.organizationId);
    // CUSTOM covers the chosen organizations and everything below them (docs/DECISIONS.md).
    else if (r.dataScope === "CUSTOM") r.organizationIds.forEach(addSubtree);
  }
  return { kind: "orgs", orgIds: [...orgIds].sort((a, b) => a - b), self };
}

/** Loads the viewer's roles and the (small) organization tree in two queries. */
export async function resolveScope(viewer: Viewer): Promise<ResolvedScope> {
  if (viewer.userType !== "STAFF") return combineScopes(viewer, [], []);
  const [roles, tree] = await Promise.all([
    db().userRole.findMany({ where: { userId: viewer.userId }, select: { role: { select: { dataScope: true, organizations: { select: { organizationId: true } } } } } }),
    db().organization.findMany({ select: { id: true, parentId: true } }),
  ]);
  return combineScopes(
    viewer,
    roles.map(({ role }) => ({ dataScope: role.dataScope, organizationIds: role.organizations.map((o) => o.organizationId) })),
    tree,
  );
}

/** `where` over Company for the viewer: put it in every staff or dealer query of dealer data. */
export async function companyScopeWhere(viewer: Viewer): Promise<Prisma.CompanyWhereInput> {
  return companyWhereFor(viewer, await resolveScope(viewer));
}

export function companyWhereFor(viewer: Pick<Viewer, "userId">, scope: ResolvedScope): Prisma.CompanyWhereInput {
  if (scope.kind === "all") return {};
  if (scope.kind === "company") return { id: scope.companyId };
  const or: Prisma.CompanyWhereInput[] = [];
  if (scope.orgIds.length) or.push({ organizationId: { in: scope.orgIds } });
  if (scope.self) or.push({ users: { some: { userId: viewer.userId } } });
  return or.length ? { OR: or } : { id: { in: [] } };
}

/** `where` over User: staff see users of their organizations and of companies in scope. */
export async function userScopeWhere(viewer: Viewer): Promise<Prisma.UserWhereInput> {
  return userWhereFor(viewer, await resolveScope(viewer));
}

/** Accounts the viewer administers: in their data scope, and never an OAuth client's service
 * user (issue 22: those are managed only on system/client). */
export function userWhereFor(viewer: Pick<Viewer, "userId">, scope: ResolvedScope): Prisma.UserWhereInput {
  return { AND: [{ service: false }, scopedUsers(viewer, scope)] };
}

function scopedUsers(viewer: Pick<Viewer, "userId">, scope: ResolvedScope): Prisma.UserWhereInput {
  if (scope.kind === "all") return {};
  if (scope.kind === "company") return { companies: { some: { companyId: scope.companyId } } };
  const or: Prisma.UserWhereInput[] = [];
  if (scope.orgIds.length) {
    or.push({ organizationId: { in: scope.orgIds } });
    or.push({ companies: { some: { company: { organizationId: { in: scope.orgIds } } } } });
  }
  if (scope.self) or.push({ id: viewer.userId });
  return or.length ? { OR: or } : { id: { in: [] } };
}
