import "server-only";
import { getLocale } from "next-intl/server";
import type { Permission } from "@/lib/access/permissions";
import { db } from "@/lib/db";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { grantable, loadCeiling, type Grantable } from "@/lib/access/ceiling";
import { companyScopeWhere, userScopeWhere } from "@/lib/access/scope";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ZUserSearch } from "./schemas";

// Read models of the editable access screens: each loader answers the rows and what the
// viewer may do with them (the permission codes decide which buttons the screen shows).

export type { Grantable };

type Node<T> = T & { id: number; parentId: number | null; children?: Node<T>[] };

/** Nests rows by parentId (keeping parentId for the edit forms); leaves have no `children`. */
export function nestRows<T extends { id: number; parentId: number | null }>(rows: T[]): Node<T>[] {
  const byId = new Map<number, Node<T>>(rows.map((r) => [r.id, { ...r }]));
  const roots: Node<T>[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

const can = (viewer: Viewer, ...codes: Permission[]) => Object.fromEntries(codes.map((c) => [c.split(":")[1], hasPermission(viewer, c)])) as Record<string, boolean>;

export type MenuAdminRow = Node<{
  id: number;
  parentId: number | null;
  key: string;
  type: "DIRECTORY" | "MENU" | "BUTTON";
  path: string | null;
  icon: string | null;
  permission: string | null;
  nameEn: string;
  nameZh: string;
  sort: number;
  visible: boolean;
}>;

/** A menu as the role editor's permission tree shows it: the name in the viewer's language, no
 * path, icon, order or visibility (the tree is in every system/role response, so each field counts). */
export type RoleMenuRow = Node<{ id: number; parentId: number | null; key: string; type: MenuAdminRow["type"]; permission: string | null; name: string }>;

async function menuRows() {
  return db().menu.findMany({
    orderBy: [{ sort: "asc" }, { id: "asc" }],
    select: { id: true, parentId: true, key: true, type: true, path: true, icon: true, permission: true, nameEn: true, nameZh: true, sort: true, visible: true },
  });
}

export async function loadMenuAdmin(viewer: Viewer) {
  return { menus: nestRows(await menuRows()) as MenuAdminRow[], can: can(viewer, "menu:create", "menu:update", "menu:delete") };
}

export type OrgNode = Node<{ id: number; parentId: number | null; code: string; nameEn: string; nameZh: string; type: "HEADQUARTERS" | "REGION" | "DEPARTMENT"; sort: number }>;

async function orgRows() {
  return db().organization.findMany({
    orderBy: [{ sort: "asc" }, { id: "asc" }],
    select: { id: true, parentId: true, code: true, nameEn: true, nameZh: true, type: true, sort: true },
  });
}

export type RoleAdminRow = {
  id: number;
  code: string;
  nameEn: string;
  nameZh: string;
  dataScope: "ALL" | "ORG_AND_CHILDREN" | "ORG" | "SELF" | "CUSTOM";
  menuIds: number[];
  organizationIds: number[];
  users: number;
  system: boolean;
};

async function roleRows(): Promise<RoleAdminRow[]> {
  const rows = await db().role.findMany({
    orderBy: { code: "asc" },
    select: {
      id: true,
      code: true,
      nameEn: true,
      nameZh: true,
      dataScope: true,
      menus: { select: { menuId: true } },
      organizations: { select: { organizationId: true } },
      _count: { select: { users: true } },
    },
  });
  return rows.map(({ menus, organizations, _count, ...r }) => ({
    ...r,
    menuIds: menus.map((m) => m.menuId),
    organizationIds: organizations.map((o) => o.organizationId),
    users: _count.users,
    system: ["ADMIN", "DEALER", "SALES_OPS"].includes(r.code),
  }));
}

/** What the editor may hand out on the role screens (null: anything); the services check again. */
async function grantableFor(viewer: Viewer, orgs: { id: number }[]): Promise<Grantable> {
  if (viewer.userType === "ADMIN") return null;
  return grantable(
    await loadCeiling(db() as unknown as Prisma.TransactionClient, viewer),
    orgs.map((o) => o.id),
  );
}

export async function loadRoleAdmin(viewer: Viewer) {
  const [roles, menus, orgs, locale] = await Promise.all([roleRows(), menuRows(), orgRows(), getLocale()]);
  const zh = locale === "zh-CN";
  return {
    roles,
    menus: nestRows(menus.map(({ id, parentId, key, type, permission, nameEn, nameZh }) => ({ id, parentId, key, type, permission, name: zh ? nameZh : nameEn }))) as RoleMenuRow[],
    orgs: nestRows(orgs) as OrgNode[],
    can: can(viewer, "role:create", "role:update", "role:delete"),
    grantable: await grantableFor(viewer, orgs),
  };
}

export async function loadScopeAdmin(viewer: Viewer) {
  const [roles, orgs] = await Promise.all([roleRows(), orgRows()]);
  return {
    roles: roles.map(({ menuIds: _m, ...r }) => (void _m, r)),
    orgs: nestRows(orgs) as OrgNode[],
    can: can(viewer, "scope:update"),
    grantable: await grantableFor(viewer, orgs),
  };
}

type AreaNode = { id: number; code: string; nameEn: string; nameZh: string; level: number };
export type OrgAdminNode = Node<
  OrgNode & {
    companies: {
      id: number;
      code: string;
      nameEn: string;
      nameZh: string;
      organizationId: number;
      orgSourceId: number | null;
      regionAreaId: number | null;
      areaPath: AreaNode[];
    }[];
    users: number;
  }
>;

const AREA = { id: true, code: true, nameEn: true, nameZh: true, level: true } as const;
type AreaWithParents = AreaNode & { parent: (AreaNode & { parent: AreaNode | null }) | null };
/** The area and its ancestors, province first (areas are at most three levels deep). */
const areaPath = (a: AreaWithParents | null): AreaNode[] => {
  if (!a) return [];
  const { parent, ...self } = a;
  const up = parent ? [...(parent.parent ? [parent.parent] : []), { id: parent.id, code: parent.code, nameEn: parent.nameEn, nameZh: parent.nameZh, level: parent.level }] : [];
  return [...up, self];
};

export async function loadOrganizationAdmin(viewer: Viewer) {
  const rows = await db().organization.findMany({
    orderBy: [{ sort: "asc" }, { id: "asc" }],
    select: {
      id: true,
      parentId: true,
      code: true,
      nameEn: true,
      nameZh: true,
      type: true,
      sort: true,
      companies: {
        where: await companyScopeWhere(viewer),
        orderBy: { code: "asc" },
        select: {
          id: true,
          code: true,
          nameEn: true,
          nameZh: true,
          organizationId: true,
          orgSourceId: true,
          regionAreaId: true,
          regionArea: { select: { ...AREA, parent: { select: { ...AREA, parent: { select: AREA } } } } },
        },
      },
      _count: { select: { users: true } },
    },
  });
  const orgSources = await db().orgSource.findMany({ orderBy: [{ sort: "asc" }, { id: "asc" }], select: { id: true, code: true, nameEn: true, nameZh: true, enabled: true } });
  const nodes = rows.map(({ _count, companies, ...r }) => ({
    ...r,
    users: _count.users,
    companies: companies.map(({ regionArea, ...c }) => ({ ...c, areaPath: areaPath(regionArea) })),
  }));
  return { orgs: nestRows(nodes) as OrgAdminNode[], orgSources, can: can(viewer, "org:create", "org:update", "org:delete") };
}

export async function loadJobAdmin(viewer: Viewer) {
  const rows = await db().job.findMany({
    orderBy: [{ sort: "asc" }, { id: "asc" }],
    select: { id: true, code: true, nameEn: true, nameZh: true, sort: true, enabled: true, _count: { select: { users: true } } },
  });
  return { jobs: rows.map(({ _count, ...r }) => ({ ...r, users: _count.users })), can: can(viewer, "job:create", "job:update", "job:delete") };
}
export type JobAdminRow = Awaited<ReturnType<typeof loadJobAdmin>>["jobs"][number];

export const USERS_PAGE_SIZE = 20;

export type UserAdminRow = {
  id: number;
  account: string;
  name: string;
  phone: string | null;
  userType: "DEALER" | "STAFF" | "ADMIN";
  status: "PENDING" | "ACTIVE" | "LOCKED" | "DISABLED";
  organizationId: number | null;
  jobId: number | null;
  roleIds: number[];
  companyIds: number[];
  lockedUntil: string | null;
  failedLogins: number;
  createdAt: string;
};

/** Users in the viewer's data scope, searched by account/name/phone, status, type, department
 * (with the departments below it). */
export async function loadEmployees(viewer: Viewer, url: URL) {
  const parsed = ZUserSearch.safeParse(Object.fromEntries(url.searchParams));
  const search = parsed.success ? parsed.data : ZUserSearch.parse({});
  const [orgs, roles, jobs, companies, scope] = await Promise.all([
    orgRows(),
    db().role.findMany({ orderBy: { code: "asc" }, select: { id: true, code: true, nameEn: true, nameZh: true } }),
    db().job.findMany({ orderBy: [{ sort: "asc" }, { id: "asc" }], select: { id: true, code: true, nameEn: true, nameZh: true, enabled: true } }),
    db().company.findMany({ where: await companyScopeWhere(viewer), orderBy: { code: "asc" }, select: { id: true, code: true, nameEn: true, nameZh: true } }),
    userScopeWhere(viewer),
  ]);
  const and: Prisma.UserWhereInput[] = [scope];
  if (search.q)
    and.push({ OR: [{ account: { contains: search.q, mode: "insensitive" } }, { name: { contains: search.q, mode: "insensitive" } }, { phone: { contains: search.q } }] });
  if (search.status) and.push({ status: search.status });
  if (search.userType) and.push({ userType: search.userType });
  if (search.organizationId) {
    const below = new Set([search.organizationId]);
    for (let grew = true; grew;) {
      grew = false;
      for (const o of orgs) {
        if (o.parentId === null || !below.has(o.parentId) || below.has(o.id)) continue;
        below.add(o.id);
        grew = true;
      }
    }
    and.push({ organizationId: { in: [...below] } });
  }
  const where = { AND: and };
  const [rows, total, pending] = await Promise.all([
    db().user.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (search.page - 1) * USERS_PAGE_SIZE,
      take: USERS_PAGE_SIZE,
      select: {
        id: true,
        account: true,
        name: true,
        phone: true,
        userType: true,
        status: true,
        organizationId: true,
        jobId: true,
        lockedUntil: true,
        failedLogins: true,
        createdAt: true,
        roles: { select: { roleId: true } },
        companies: { select: { companyId: true } },
      },
    }),
    db().user.count({ where }),
    db().user.count({ where: { AND: [scope, { status: "PENDING" }] } }),
  ]);
  const users: UserAdminRow[] = rows.map(({ roles: r, companies: c, lockedUntil, createdAt, ...u }) => ({
    ...u,
    roleIds: r.map((x) => x.roleId),
    companyIds: c.map((x) => x.companyId),
    lockedUntil: lockedUntil?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
  }));
  return {
    search,
    users,
    total,
    pending,
    pageSize: USERS_PAGE_SIZE,
    orgs: nestRows(orgs) as OrgNode[],
    roles,
    jobs,
    companies,
    can: can(viewer, "user:create", "user:update", "user:disable", "user:resetPassword", "user:unlock", "user:approve"),
    viewerId: viewer.userId,
  };
}
export type EmployeesData = Awaited<ReturnType<typeof loadEmployees>>;
