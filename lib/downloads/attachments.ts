import "server-only";
import { registerAttachmentOwner } from "@/lib/uploads/access";
import { canManageDownloads, canSeeDownload } from "./queries";
import { DOWNLOAD_IMAGE_FIELD, DOWNLOAD_MEDIA_FIELD, DOWNLOAD_OWNER } from "./schemas";

// Files of download items (owner "download"). The pictures ("images") and the content's images
// ("media") are shown with the item: visible to every signed-in user while the item is enabled,
// and always to staff with download:manage. The downloadable file ("file") is not served by
// /api/v1/files to anyone but those managing staff (their edit form shows it): everyone else
// gets it only through the download route with a granted token (verify code checked, counted).
registerAttachmentOwner(DOWNLOAD_OWNER, async (viewer, ownerId, field) => {
  if (!/^[1-9]\d{0,9}$/.test(ownerId)) return false;
  // Fail closed: only the picture fields are shown to those who do not manage the items.
  const picture = field === DOWNLOAD_IMAGE_FIELD || field === DOWNLOAD_MEDIA_FIELD;
  if (!picture && !canManageDownloads(viewer)) return false;
  return canSeeDownload(viewer, Number(ownerId));
});
