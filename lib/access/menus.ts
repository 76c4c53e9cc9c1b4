import "server-only";
import type { Permission } from "@/lib/access/permissions";
import { db } from "@/lib/db";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { implementedRoutes } from "@/lib/routes";

export type MenuNode = {
  id: number;
  key: string;
  path: string | null;
  icon: string | null;
  nameEn: string;
  nameZh: string;
  children: MenuNode[];
};

export type Tile = { key: string; path: string; icon: string | null; nameEn: string; nameZh: string };

type Row = {
  id: number;
  key: string;
  parentId: number | null;
  type: string;
  path: string | null;
  icon: string | null;
  nameEn: string;
  nameZh: string;
  tile: boolean;
  tileSort: number;
  tileNameEn: string | null;
  tileNameZh: string | null;
};

async function screenRows(): Promise<Row[]> {
  return db().menu.findMany({
    where: { type: { in: ["DIRECTORY", "MENU"] }, visible: true },
    orderBy: [{ sort: "asc" }, { id: "asc" }],
    select: { id: true, key: true, parentId: true, type: true, path: true, icon: true, nameEn: true, nameZh: true, tile: true, tileSort: true, tileNameEn: true, tileNameZh: true },
  });
}

/** Screens that need a permission besides their menu: the SMS outbox shows live verification
 * codes, so granting the System directory must not be enough to read them. */
export const ROUTE_PERMISSIONS: Readonly<Record<string, Permission>> = { "system/smsOutbox": "sms:outbox" };

/** A bearer token's viewer opens only the screens its scopes name (lib/oauth/scopes.ts). */
const permitted = (viewer: Viewer, path: string) =>
  (!viewer.grant || viewer.grant.routes.has(path)) && (!ROUTE_PERMISSIONS[path] || hasPermission(viewer, ROUTE_PERMISSIONS[path]));

function canOpen(viewer: Viewer, row: Row): boolean {
  if (row.type !== "MENU" || !row.path || !implementedRoutes.has(row.path)) return false;
  return permitted(viewer, row.path) && (viewer.userType === "ADMIN" || viewer.menuIds.has(row.id));
}

/** The side menu: screens that exist and the viewer's roles grant, under their directories. */
export async function getMenuTree(viewer: Viewer): Promise<MenuNode[]> {
  const rows = await screenRows();
  const byParent = new Map<number | null, Row[]>();
  for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  const build = (parentId: number | null): MenuNode[] =>
    (byParent.get(parentId) ?? []).flatMap((r) => {
      const children = r.type === "DIRECTORY" ? build(r.id) : [];
      if (r.type === "DIRECTORY" ? children.length === 0 : !canOpen(viewer, r)) return [];
      return [{ id: r.id, key: r.key, path: r.path, icon: r.icon, nameEn: r.nameEn, nameZh: r.nameZh, children }];
    });
  return build(null);
}

/** The home screen's tiles, by the same rule as the side menu, under the tile's own name
 * ("Inventory" for the Vehicle Stock screen) when the menu row has one. */
export async function getHomeTiles(viewer: Viewer): Promise<Tile[]> {
  const rows = await screenRows();
  return rows
    .filter((r) => r.tile && canOpen(viewer, r))
    .sort((a, b) => a.tileSort - b.tileSort)
    .map((r) => ({ key: r.key, path: r.path!, icon: r.icon, nameEn: r.tileNameEn || r.nameEn, nameZh: r.tileNameZh || r.nameZh }));
}

/** Which of `paths` the viewer may open, by canOpenRoute's rule, in one query (links to other screens). */
export async function openableRoutes(viewer: Viewer, paths: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(paths)].filter((p) => implementedRoutes.has(p) && permitted(viewer, p));
  if (viewer.userType === "ADMIN" || wanted.length === 0) return new Set(viewer.userType === "ADMIN" ? wanted : []);
  const menus = await db().menu.findMany({ where: { path: { in: wanted }, type: "MENU" }, select: { id: true, path: true } });
  return new Set(menus.filter((m) => viewer.menuIds.has(m.id)).map((m) => m.path!));
}

/** Whether the viewer may open a screen by its route path (pages and the server loader). */
export async function canOpenRoute(viewer: Viewer, path: string): Promise<boolean> {
  if (!implementedRoutes.has(path) || !permitted(viewer, path)) return false;
  if (viewer.userType === "ADMIN") return true;
  // A screen may hang in more than one place of the tree: any granted entry opens it.
  const menus = await db().menu.findMany({ where: { path, type: "MENU" }, select: { id: true } });
  return menus.some((m) => viewer.menuIds.has(m.id));
}
