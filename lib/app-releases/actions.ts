"use server";

import { action } from "@/lib/actions/action";
import { ZReleaseId, ZReleaseSave } from "./schemas";
import { deleteRelease, publishRelease, saveRelease, withdrawRelease } from "./service";

const on = { labels: "AppReleases.fields", revalidate: ["/system/appVersion"] } as const;

export const saveReleaseAction = action({ ...on, schema: ZReleaseSave, permission: "appRelease:manage" }, (v, c) => saveRelease(c.viewer, c.audit, v));
export const deleteReleaseAction = action({ ...on, schema: ZReleaseId, permission: "appRelease:manage" }, (v, c) => deleteRelease(c.audit, v.id));
export const publishReleaseAction = action({ ...on, schema: ZReleaseId, permission: "appRelease:publish" }, (v, c) => publishRelease(c.audit, v.id));
export const withdrawReleaseAction = action({ ...on, schema: ZReleaseId, permission: "appRelease:publish" }, (v, c) => withdrawRelease(c.audit, v.id));
