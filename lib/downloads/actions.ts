"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { signedInAction } from "@/lib/actions/action";
import type { Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/system/audit";
import { DOWNLOAD_MANAGE, ZDownloadEnabled, ZDownloadId, ZDownloadSave, ZRequestDownload } from "./schemas";
import { deleteDownload, downloadForEdit, requestDownload, saveDownload, setDownloadEnabled } from "./service";

// The download centre's actions (download/downloadCenters): parse the shared schema, check the
// permission, run the service (which checks again: the REST-less service is the last word),
// refresh the screen. Labels: "Downloads.fields", so messages name the form field.

const auditOf = (viewer: Viewer, requestId: string | null): AuditCtx => ({ userId: viewer.userId, companyId: viewer.company?.id ?? null, requestId });

function manageAction<S extends z.ZodType, R>(schema: S, run: (viewer: Viewer, audit: AuditCtx, input: z.output<S>) => Promise<R>, refresh = true) {
  return signedInAction({
    schema,
    permission: DOWNLOAD_MANAGE,
    labels: "Downloads.fields",
    run: async (input, c) => {
      const out = await run(c.viewer, auditOf(c.viewer, c.requestId), input);
      if (refresh) revalidatePath("/download/downloadCenters");
      return out;
    },
  });
}

export const saveDownloadAction = manageAction(ZDownloadSave, (v, a, i) => saveDownload(v, a, i));
export const setDownloadEnabledAction = manageAction(ZDownloadEnabled, (v, a, i) => setDownloadEnabled(v, a, i.id, i.enabled));
export const deleteDownloadAction = manageAction(ZDownloadId, (v, a, i) => deleteDownload(v, a, i.id));
/** The edit form's values (the verify code included): managing staff only, read on demand. */
export const downloadForEditAction = manageAction(ZDownloadId, (v, _a, i) => downloadForEdit(v, i.id), false);

/** Anyone with the screen: a signed link for one download (the code checked first when the item has one). */
export const requestDownloadAction = signedInAction({
  schema: ZRequestDownload,
  permission: null,
  labels: "Downloads.fields",
  run: async (input, c) => {
    const grant = await requestDownload(c.viewer, input.id, input.code);
    revalidatePath("/download/downloadCenters");
    return grant;
  },
});
