import "server-only";
import { companyScopeWhere } from "@/lib/access/scope";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { DomainError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";

// Who sees and who changes purchase plans. A dealer works in the company chosen at sign-in and
// hands in its plans (plan:submit); sales operations review the plans of the companies in their
// data scope (plan:review), the same scope helpers as orders (lib/access/scope.ts). Another
// tenant's plan answers 404 like a missing one.

/** `where` over plans the viewer may see. */
export async function planWhere(viewer: Viewer): Promise<Prisma.PurchasePlanWhereInput> {
  if (viewer.userType === "DEALER") return { companyId: viewer.company?.id ?? -1 };
  const scope = await companyScopeWhere(viewer);
  return Object.keys(scope).length ? { company: scope } : {};
}

/** The signed-in dealer's company, when it may hand in plans; else 403. */
export function planDealer(viewer: Viewer): number {
  if (viewer.userType !== "DEALER" || !viewer.company) throw new DomainError("Plans.errors.dealersOnly", {}, undefined, 403);
  if (!hasPermission(viewer, "plan:submit")) throw new DomainError("Common.forbidden", {}, undefined, 403);
  return viewer.company.id;
}

/** Staff (or an administrator) who review plans; else 403. */
export function planReviewer(viewer: Viewer): void {
  if (viewer.userType === "DEALER") throw new DomainError("Plans.errors.staffOnly", {}, undefined, 403);
  if (!hasPermission(viewer, "plan:review")) throw new DomainError("Common.forbidden", {}, undefined, 403);
}
