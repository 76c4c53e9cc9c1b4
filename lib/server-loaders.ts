import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { loadHome } from "@/lib/home/queries";
import { listMenus, listOrganizations, listRoles } from "@/lib/system/queries";
import type { RouteId } from "@/lib/routes";

// One loader per route id: the page renders from it and GET /__serverLoader answers with it.
type Loader = (viewer: Viewer, url: URL) => Promise<unknown>;

export const serverLoaders: Record<RouteId, Loader> = {
  "system/workbench/home": (viewer) => loadHome(viewer),
  "system/menu": (viewer) => listMenus(viewer),
  "system/organization": (viewer) => listOrganizations(viewer),
  "system/role": (viewer) => listRoles(viewer),
};

export function loaderFor(route: string): Loader | null {
  return Object.prototype.hasOwnProperty.call(serverLoaders, route) ? serverLoaders[route as RouteId] : null;
}
