import "server-only";
import { userScopeWhere } from "@/lib/access/scope";
import { loadList } from "@/lib/admin/resource";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { companyFormOptions, companyResource } from "./resource";

/** system/company: the page of companies and what the forms choose from. */
export async function loadCompanyAdmin(viewer: Viewer, url: URL | URLSearchParams) {
  const [list, options] = await Promise.all([loadList(companyResource, viewer, url), companyFormOptions(viewer)]);
  return { list, options, canDisable: hasPermission(viewer, "company:disable") };
}
export type CompanyAdminData = Awaited<ReturnType<typeof loadCompanyAdmin>>;

/** Active dealer users in the viewer's scope whose account or name starts with `q` (at most 20), to link to a new company. */
export async function searchDealerUsers(viewer: Viewer, q: string) {
  return db().user.findMany({
    where: {
      AND: [
        await userScopeWhere(viewer),
        { userType: "DEALER", status: "ACTIVE" },
        q ? { OR: [{ account: { startsWith: q, mode: "insensitive" } }, { name: { startsWith: q, mode: "insensitive" } }] } : {},
      ],
    },
    orderBy: { account: "asc" },
    take: 20,
    select: { id: true, account: true, name: true },
  });
}
