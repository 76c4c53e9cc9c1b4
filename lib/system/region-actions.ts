"use server";

import { deleteAction, saveAction } from "@/lib/admin/actions";
import { ZRegionSave } from "./region-schemas";
import { deleteRegions, regionResource, saveRegion } from "./regions";

// Writes of system/regionArea (lib/admin/actions.ts).
export const saveRegionAction = saveAction(regionResource, ZRegionSave, (c, v) => saveRegion(c.audit, v));
export const deleteRegionsAction = deleteAction(regionResource, (c, ids) => deleteRegions(c.audit, ids));
