import "server-only";
import type { Tx } from "@/lib/core/tx";
import type { Viewer } from "@/lib/auth/viewer";
import { DomainError } from "@/lib/errors";
import type { DataScope, Prisma, UserType } from "@/lib/generated/prisma/client";
import { combineScopes, type ResolvedScope } from "./scope";

// The ceiling of role administration (docs/DECISIONS.md, issue 16): whatever a change gives
// anyone — menus and buttons, or organizations their data scope shows — must be something the
// person making the change holds. Administrators hold everything, so nothing stops them.
//
// "Wider data scope" is measured with the same resolution as every query (scope.ts): a scope
// resolved for a holder is ALL or a set of organizations. What a change adds is the resolved
// scope after it minus the one before it (ALL adds everything unless it was ALL already); it
// is within the editor's when the editor is ALL, or it adds no ALL and only organizations the
// editor's own resolved scope holds. SELF adds no organization, so it is never wider. Dealers
// see their company whatever their roles say, so roles add no data to a dealer holder.

type Tree = { id: number; parentId: number | null }[];
type Holder = { userType: UserType; organizationId: number | null };
type ScopeOfRole = { dataScope: DataScope; organizationIds: number[] };
export type RoleGrant = ScopeOfRole & { id: number; code: string; menuIds: number[] };

const ROLE_GRANT = { id: true, code: true, dataScope: true, menus: { select: { menuId: true } }, organizations: { select: { organizationId: true } } } as const;
type RoleRow = Prisma.RoleGetPayload<{ select: typeof ROLE_GRANT }>;
const toGrant = (r: RoleRow): RoleGrant => ({
  id: r.id,
  code: r.code,
  dataScope: r.dataScope,
  menuIds: r.menus.map((m) => m.menuId),
  organizationIds: r.organizations.map((o) => o.organizationId),
});

/** What the editor may hand out; `admin` holds everything. */
export type Ceiling = { admin: true } | { admin: false; holder: Holder; roleIds: ReadonlySet<number>; menuIds: ReadonlySet<number>; scope: ResolvedScope; tree: Tree };

/** The editor's grants, read in the caller's transaction (not from the request's viewer). */
export async function loadCeiling(tx: Tx, viewer: Pick<Viewer, "userId" | "userType">): Promise<Ceiling> {
  if (viewer.userType === "ADMIN") return { admin: true };
  const user = await tx.user.findUniqueOrThrow({
    where: { id: viewer.userId },
    select: { userType: true, organizationId: true, roles: { select: { role: { select: ROLE_GRANT } } } },
  });
  if (user.userType === "ADMIN") return { admin: true };
  const roles = user.roles.map((r) => toGrant(r.role));
  const tree = await tx.organization.findMany({ select: { id: true, parentId: true } });
  const holder = { userType: user.userType, organizationId: user.organizationId };
  return { admin: false, holder, roleIds: new Set(roles.map((r) => r.id)), menuIds: new Set(roles.flatMap((r) => r.menuIds)), scope: resolveFor(holder, roles, tree), tree };
}

/** The scope a holder would have with these roles; nobody at all (a new user) sees nothing. */
function resolveFor(holder: Holder | null, roles: ScopeOfRole[], tree: Tree): ResolvedScope {
  if (!holder) return { kind: "orgs", orgIds: [], self: false };
  return combineScopes({ userType: holder.userType, organizationId: holder.organizationId, company: null }, roles, tree);
}

type Gain = { all: boolean; orgIds: number[] };
const NOTHING: Gain = { all: false, orgIds: [] };

/** What `after` shows that `before` did not (organizations, or everything). */
export function scopeGain(before: ResolvedScope, after: ResolvedScope): Gain {
  if (after.kind === "company" || before.kind === "all") return NOTHING;
  if (after.kind === "all") return { all: true, orgIds: [] };
  const had = new Set(before.kind === "orgs" ? before.orgIds : []);
  return { all: false, orgIds: after.orgIds.filter((id) => !had.has(id)) };
}

/** Whether the editor's own resolved scope already shows all of `gain`. */
export function scopeCovers(editor: ResolvedScope, gain: Gain): boolean {
  if (editor.kind === "all") return true;
  if (gain.all) return false;
  if (editor.kind === "company") return gain.orgIds.length === 0;
  const mine = new Set(editor.orgIds);
  return gain.orgIds.every((id) => mine.has(id));
}

const sameScope = (a: ScopeOfRole, b: ScopeOfRole) =>
  a.dataScope === b.dataScope &&
  a.organizationIds.length === b.organizationIds.length &&
  [...a.organizationIds].sort((x, y) => x - y).every((id, i) => id === [...b.organizationIds].sort((x, y) => x - y)[i]);

/**
 * A role's grants change from `before` (null: a new role) to `after`. Refused: editing a role
 * the editor holds; adding a menu the editor lacks; a data scope that would show anyone more
 * than the editor sees — measured for the editor as if they held it, and for every staff
 * member who holds the role now (with their other roles). The caller has locked the role row.
 */
export async function checkRoleChange(
  tx: Tx,
  ceiling: Ceiling,
  roleId: number | null,
  before: (ScopeOfRole & { menuIds: number[] }) | null,
  after: ScopeOfRole & { menuIds?: number[] },
): Promise<void> {
  if (ceiling.admin) return;
  if (roleId !== null && ceiling.roleIds.has(roleId)) throw new DomainError("RoleAdmin.errors.ownRole", {}, undefined, 403);
  const had = new Set(before?.menuIds ?? []);
  if ((after.menuIds ?? []).some((id) => !had.has(id) && !ceiling.menuIds.has(id))) throw new DomainError("RoleAdmin.errors.menuBeyondYours", {}, "menuIds", 403);
  if (before && sameScope(before, after)) return;
  const refuse = () => new DomainError("RoleAdmin.errors.scopeBeyondYours", {}, "dataScope", 403);
  const prev = before ? [before] : [];
  if (!scopeCovers(ceiling.scope, scopeGain(resolveFor(ceiling.holder, prev, ceiling.tree), resolveFor(ceiling.holder, [after], ceiling.tree)))) throw refuse();
  if (roleId === null) return;
  const holders = await tx.user.findMany({
    where: { userType: "STAFF", roles: { some: { roleId } } },
    select: { userType: true, organizationId: true, roles: { where: { roleId: { not: roleId } }, select: { role: { select: ROLE_GRANT } } } },
  });
  for (const h of holders) {
    const others = h.roles.map((r) => toGrant(r.role));
    if (!scopeCovers(ceiling.scope, scopeGain(resolveFor(h, [...others, ...prev], ceiling.tree), resolveFor(h, [...others, after], ceiling.tree)))) throw refuse();
  }
}

/**
 * A user's roles (and type and department, which decide what ORG scopes show) change. Every
 * menu the user gains must be the editor's, and every organization the user's data scope gains
 * must be in the editor's; the role that would give more is named. The roles are locked
 * (FOR SHARE) so that an edit of one of them cannot slip in between the check and the commit.
 */
export async function checkAssignment(tx: Tx, ceiling: Ceiling, before: (Holder & { roleIds: number[] }) | null, after: Holder & { roleIds: number[] }): Promise<void> {
  if (ceiling.admin) return;
  const ids = [...new Set([...(before?.roleIds ?? []), ...after.roleIds])].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.$queryRaw`SELECT "id" FROM "Role" WHERE "id" = ANY(${ids}::int[]) ORDER BY "id" FOR SHARE`;
  const byId = new Map((await tx.role.findMany({ where: { id: { in: ids } }, select: ROLE_GRANT })).map((r) => [r.id, toGrant(r)]));
  const pick = (roleIds: number[]) => roleIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const had = pick(before?.roleIds ?? []);
  const hadMenus = new Set(had.flatMap((r) => r.menuIds));
  const hadScope = resolveFor(before, had, ceiling.tree);
  // The combined scope is the union of each role's, so the roles can be checked one by one.
  for (const role of pick([...new Set(after.roleIds)])) {
    const menus = role.menuIds.some((id) => !hadMenus.has(id) && !ceiling.menuIds.has(id));
    const scope = !scopeCovers(ceiling.scope, scopeGain(hadScope, resolveFor(after, [role], ceiling.tree)));
    if (menus || scope) throw new DomainError("UserAdmin.errors.roleBeyondYours", { role: role.code }, "roleIds", 403);
  }
}

/** For the role screens: what the editor may pick (null: anything, an administrator). */
export type Grantable = { menuIds: number[]; scopes: DataScope[]; organizationIds: number[]; ownRoleIds: number[] } | null;

export function grantable(ceiling: Ceiling, orgIds: number[]): Grantable {
  if (ceiling.admin) return null;
  const fits = (s: ScopeOfRole) => scopeCovers(ceiling.scope, scopeGain(resolveFor(ceiling.holder, [], ceiling.tree), resolveFor(ceiling.holder, [s], ceiling.tree)));
  const organizationIds = orgIds.filter((id) => fits({ dataScope: "CUSTOM", organizationIds: [id] }));
  const scopes = (["ALL", "ORG_AND_CHILDREN", "ORG", "SELF", "CUSTOM"] as const).filter((s) =>
    s === "CUSTOM" ? organizationIds.length > 0 : fits({ dataScope: s, organizationIds: [] }),
  );
  return { menuIds: [...ceiling.menuIds], scopes, organizationIds, ownRoleIds: [...ceiling.roleIds] };
}
