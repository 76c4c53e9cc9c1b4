import "server-only";
import { getHomeTiles, type Tile } from "@/lib/access/menus";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";

export type HomeData = {
  tiles: Tile[];
  account: { name: string; account: string; userType: Viewer["userType"]; company: Viewer["company"]; roles: { code: string; nameEn: string; nameZh: string }[] };
};

/** The home screen's data; the page and the route server loader both call this. */
export async function loadHome(viewer: Viewer): Promise<HomeData> {
  const [tiles, roles] = await Promise.all([
    getHomeTiles(viewer),
    db().role.findMany({ where: { code: { in: viewer.roles } }, select: { code: true, nameEn: true, nameZh: true }, orderBy: { code: "asc" } }),
  ]);
  return { tiles, account: { name: viewer.name, account: viewer.account, userType: viewer.userType, company: viewer.company, roles } };
}
