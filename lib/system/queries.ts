import "server-only";
import { db } from "@/lib/db";
import type { Viewer } from "@/lib/auth/viewer";

// Read models of the access screens. The whole tree is small (tens to hundreds of rows), so
// each screen reads it in one query and nests it in memory.

export type MenuRow = {
  id: number; key: string; type: "DIRECTORY" | "MENU" | "BUTTON"; path: string | null; icon: string | null;
  permission: string | null; nameEn: string; nameZh: string; sort: number; visible: boolean; tile: boolean; children?: MenuRow[];
};

export type OrganizationRow = {
  id: number; code: string; nameEn: string; nameZh: string; type: "HEADQUARTERS" | "REGION" | "DEPARTMENT";
  companies: { code: string; nameEn: string; nameZh: string }[]; users: number; children?: OrganizationRow[];
};

export type RoleRow = { id: number; code: string; nameEn: string; nameZh: string; dataScope: string; menus: number; users: number; updatedAt: string };

function nest<T extends { id: number; children?: T[] }>(rows: (T & { parentId: number | null })[]): T[] {
  const byId = new Map<number, T>();
  for (const r of rows) {
    const { parentId: _ignored, ...rest } = r;
    void _ignored;
    byId.set(r.id, rest as unknown as T);
  }
  const roots: T[] = [];
  for (const r of rows) {
    const node = byId.get(r.id)!;
    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

export async function listMenus(_viewer: Viewer): Promise<MenuRow[]> {
  const rows = await db().menu.findMany({
    orderBy: [{ sort: "asc" }, { id: "asc" }],
    select: { id: true, parentId: true, key: true, type: true, path: true, icon: true, permission: true, nameEn: true, nameZh: true, sort: true, visible: true, tile: true },
  });
  return nest<MenuRow>(rows);
}

export async function listOrganizations(_viewer: Viewer): Promise<OrganizationRow[]> {
  const rows = await db().organization.findMany({
    orderBy: [{ sort: "asc" }, { id: "asc" }],
    select: {
      id: true, parentId: true, code: true, nameEn: true, nameZh: true, type: true,
      companies: { select: { code: true, nameEn: true, nameZh: true }, orderBy: { code: "asc" } },
      _count: { select: { users: true } },
    },
  });
  return nest<OrganizationRow>(rows.map(({ _count, ...r }) => ({ ...r, users: _count.users })));
}

export async function listRoles(_viewer: Viewer): Promise<RoleRow[]> {
  const rows = await db().role.findMany({
    orderBy: { code: "asc" },
    select: { id: true, code: true, nameEn: true, nameZh: true, dataScope: true, updatedAt: true, _count: { select: { menus: true, users: true } } },
  });
  return rows.map(({ _count, updatedAt, ...r }) => ({ ...r, menus: _count.menus, users: _count.users, updatedAt: updatedAt.toISOString() }));
}
