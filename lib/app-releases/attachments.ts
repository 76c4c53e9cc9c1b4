import "server-only";
import { hasPermission } from "@/lib/auth/viewer";
import { registerAttachmentOwner } from "@/lib/uploads/access";
import { APP_RELEASE_MANAGE, APP_RELEASE_OWNER } from "./schemas";

// A release's package (owner "appRelease") through /api/v1/files: to those who manage releases
// (the edit drawer shows it). Everyone else downloads a published release's package from the
// public package route (app/api/v1/app/releases/[id]/package), which counts the download.
registerAttachmentOwner(APP_RELEASE_OWNER, async (viewer, ownerId) => /^[1-9]\d{0,9}$/.test(ownerId) && hasPermission(viewer, APP_RELEASE_MANAGE));
