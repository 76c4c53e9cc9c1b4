import "server-only";
import { companyScopeWhere } from "@/lib/access/scope";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { DomainError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Permission } from "@/lib/access/permissions";

// Who sees and who changes the customer warehouse. A dealer works in the company chosen at
// sign-in; staff read the companies in their data scope and change nothing. A transfer is seen
// by both its companies. Another company's row answers 404 like a missing one.

/** The signed-in dealer's company id, when the viewer holds `permission`; otherwise 403. */
export function dealerCompany(viewer: Viewer, permission: Permission): number {
  if (viewer.userType !== "DEALER" || !viewer.company) throw new DomainError("Wms.errors.dealersOnly", {}, undefined, 403);
  if (!hasPermission(viewer, permission)) throw new DomainError("Common.forbidden", {}, undefined, 403);
  return viewer.company.id;
}

/** `where` over Company: the dealer's own, or staff's data scope. */
export async function wmsCompanyWhere(viewer: Viewer): Promise<Prisma.CompanyWhereInput> {
  if (viewer.userType === "DEALER") return viewer.company ? { id: viewer.company.id } : { id: { in: [] } };
  return companyScopeWhere(viewer);
}

/** `where` over rows carrying companyId (warehouses, on hand, ledger, outlets, plans). */
export async function companyRowWhere(viewer: Viewer): Promise<{ companyId: number } | { company: Prisma.CompanyWhereInput }> {
  if (viewer.userType === "DEALER") return { companyId: viewer.company?.id ?? -1 };
  return { company: await companyScopeWhere(viewer) };
}

/** `where` over documents: those of the viewer's companies, and transfers to them. */
export async function docWhere(viewer: Viewer): Promise<Prisma.WmsDocumentWhereInput> {
  if (viewer.userType === "DEALER") {
    const id = viewer.company?.id ?? -1;
    return { OR: [{ companyId: id }, { toCompanyId: id }] };
  }
  const scope = await companyScopeWhere(viewer);
  return Object.keys(scope).length ? { OR: [{ company: scope }, { toCompany: scope }] } : {};
}
