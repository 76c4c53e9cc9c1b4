import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { listLoginLog } from "@/lib/accounts/login-log-queries";
import { listSmsMessages } from "@/lib/accounts/sms-queries";
import { loadHome } from "@/lib/home/queries";
import { loadEmployees, loadJobAdmin, loadMenuAdmin, loadOrganizationAdmin, loadRoleAdmin, loadScopeAdmin } from "@/lib/system/admin-queries";
import type { RouteId } from "@/lib/routes";
import { loadList } from "@/lib/admin/resource";
import { orgSourceResource } from "@/lib/system/org-source";

// One loader per route id: the page renders from it and GET /__serverLoader answers with it.
type Loader = (viewer: Viewer, url: URL) => Promise<unknown>;

export const serverLoaders: Record<RouteId, Loader> = {
  "system/workbench/home": (viewer) => loadHome(viewer),
  "system/menu": (viewer) => loadMenuAdmin(viewer),
  "system/organization": (viewer) => loadOrganizationAdmin(viewer),
  "system/role": (viewer) => loadRoleAdmin(viewer),
  "system/ruleScopes": (viewer) => loadScopeAdmin(viewer),
  "system/job": (viewer) => loadJobAdmin(viewer),
  "system/departmentEmployee": (viewer, url) => loadEmployees(viewer, url),
  "system/loginLog": (viewer, url) => listLoginLog(viewer, url),
  "system/smsOutbox": (viewer, url) => listSmsMessages(viewer, url),
  "system/orgSource": (viewer, url) => loadList(orgSourceResource, viewer, url),
};

export function loaderFor(route: string): Loader | null {
  return Object.prototype.hasOwnProperty.call(serverLoaders, route) ? serverLoaders[route as RouteId] : null;
}
