"use server";

import { deleteAction, saveAction } from "@/lib/admin/actions";
import { ZOrgSourceSave } from "./org-source-schemas";
import { deleteOrgSources, orgSourceResource, saveOrgSource } from "./org-source";

// Writes of the configuration screens, one line each (lib/admin/actions.ts).
export const saveOrgSourceAction = saveAction(orgSourceResource, ZOrgSourceSave, (c, v) => saveOrgSource(c.audit, v));
export const deleteOrgSourcesAction = deleteAction(orgSourceResource, (c, ids) => deleteOrgSources(c.audit, ids));
