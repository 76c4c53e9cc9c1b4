import "server-only";

// The record types files can be saved onto. Each feature registers its own check in its own
// module, e.g. lib/complaints/attachments.ts:
//   registerAttachmentOwner("complaint", (viewer, id) => canSeeComplaint(viewer, Number(id)));
// and adds its import below, so the file route (app/api/v1/files) knows every owner type.
// Until one is registered, files saved onto that type answer 404.
import "@/lib/mall/goods/attachments";
import "@/lib/after-sales/complaints/attachments";
import "@/lib/after-sales/returns/attachments";
import "@/lib/downloads/attachments";
import "@/lib/news/attachments";
import "@/lib/app-releases/attachments";
import "@/lib/qrcode/attachments";
export {};
