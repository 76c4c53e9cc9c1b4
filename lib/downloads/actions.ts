"use server";

import { action } from "@/lib/actions/action";
import { DOWNLOAD_MANAGE, ZDownloadEnabled, ZDownloadId, ZDownloadSave, ZRequestDownload } from "./schemas";
import { deleteDownload, downloadForEdit, requestDownload, saveDownload, setDownloadEnabled } from "./service";

// The download centre's actions (download/downloadCenters): parse the shared schema, check the
// permission, run the service (which checks again: the REST-less service is the last word),
// refresh the screen. Labels: "Downloads.fields", so messages name the form field.

const labels = "Downloads.fields";
const manage = { labels, permission: DOWNLOAD_MANAGE, revalidate: ["/download/downloadCenters"] } as const;

export const saveDownloadAction = action({ ...manage, schema: ZDownloadSave }, (i, { viewer, audit }) => saveDownload(viewer, audit, i));
export const setDownloadEnabledAction = action({ ...manage, schema: ZDownloadEnabled }, (i, { viewer, audit }) => setDownloadEnabled(viewer, audit, i.id, i.enabled));
export const deleteDownloadAction = action({ ...manage, schema: ZDownloadId }, (i, { viewer, audit }) => deleteDownload(viewer, audit, i.id));
/** The edit form's values (the verify code included): managing staff only, read on demand. */
export const downloadForEditAction = action({ labels, permission: DOWNLOAD_MANAGE, schema: ZDownloadId }, (i, { viewer }) => downloadForEdit(viewer, i.id));

/** Anyone with the screen: a signed link for one download (the code checked first when the item has one). */
export const requestDownloadAction = action({ labels, permission: null, schema: ZRequestDownload, revalidate: ["/download/downloadCenters"] }, (i, { viewer }) =>
  requestDownload(viewer, i.id, i.code),
);
