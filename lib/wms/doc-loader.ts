import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import type { WmsDocType } from "@/lib/generated/prisma/enums";
import { runPlansSoon } from "./plans/job";
import { loadDocRoute, type DocRouteData } from "./doc-queries";
import { transferTargets, warehouseOptions, type WarehouseOption } from "./pickers";

// What a warehouse document screen renders: the list or the document (lib/wms/doc-queries.ts),
// and for a dealer who may create one, what the new-document form offers.

export type CreateSetup = { warehouses: WarehouseOption[]; targets?: Awaited<ReturnType<typeof transferTargets>>; users?: { id: number; name: string }[] };
export type DocScreenData = DocRouteData & { create: CreateSetup | null };

export async function loadDocScreen(viewer: Viewer, type: WmsDocType, url: URL | URLSearchParams): Promise<DocScreenData> {
  // Due stocktake plans make their drafts in the background (at most every few minutes per process).
  if (type === "STOCKTAKE") runPlansSoon();
  const data = await loadDocRoute(viewer, type, url);
  if (data.kind !== "list" || !data.canCreate || !viewer.company) return { ...data, create: null };
  const companyId = viewer.company.id;
  const [warehouses, targets, users] = await Promise.all([
    warehouseOptions(companyId),
    type === "TRANSFER" ? transferTargets(viewer) : undefined,
    type === "STOCKTAKE"
      ? db()
          .user.findMany({ where: { companies: { some: { companyId } }, status: "ACTIVE", service: false }, orderBy: { name: "asc" }, take: 200, select: { id: true, name: true } })
          .then((u) => u)
      : undefined,
  ]);
  return { ...data, create: { warehouses, ...(targets ? { targets } : {}), ...(users ? { users } : {}) } };
}
