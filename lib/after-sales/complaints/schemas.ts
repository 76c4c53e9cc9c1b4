import { z } from "zod";
import { blankToNull, zId, zOptionalText, zText } from "@/lib/core/zod";
import { zVin } from "@/lib/vehicles/schemas";

// The complaint forms (afterSale/complaint): checked in the browser, parsed again by the server
// actions and the REST API, and turned into the OpenAPI document. Client-safe. Field labels
// live in the "Complaints.fields" messages namespace.

export const COMPLAINT_STATUSES = ["SUBMITTED", "PROCESSING", "REPLIED", "CLOSED"] as const;

/** The attachment owner type and the form fields its files are saved under. */
export const COMPLAINT_OWNER = "complaint";
export const COMPLAINT_IMAGE_FIELD = "qesImg";
export const COMPLAINT_VIDEO_FIELD = "qesVideo";

export const MAX_DESCRIPTION = 2000;
export const MAX_QUESTION_NOTE = 1000;
export const MAX_REPLY = 2000;
/** The video field holds one video. */
export const MAX_VIDEOS = 1;
/** The ceiling any image rule may be configured to (system/attachmentConfig allows 1–50); the
 * configured count itself is enforced by the service when the files are saved. */
export const MAX_IMAGES_CEILING = 50;

const ATTACHMENT_ID = /^[a-f0-9]{32}$/;
/** The upload field's value; only the ids matter to the server (extra keys are dropped). */
const zAttachmentRefs = (max: number) => z.array(z.object({ id: z.string().regex(ATTACHMENT_ID) })).max(max);

export const ZFileComplaint = z.object({
  /** Optional; when given, a valid VIN (ISO 3779), stored upper case. */
  vin: z.preprocess(blankToNull, zVin.nullable()).optional(),
  /** complaint_category dictionary code (optional). */
  category: z.preprocess(blankToNull, z.string().trim().max(32).nullable()).optional(),
  /** question_description. */
  description: zText(MAX_DESCRIPTION),
  /** question_note. */
  questionNote: zOptionalText(MAX_QUESTION_NOTE).optional(),
  /** qes_img: pending image uploads of the dealer (at most the configured image count). */
  qesImg: zAttachmentRefs(MAX_IMAGES_CEILING).default([]),
  /** qes_video: at most one pending video upload (suggested under the configured seconds). */
  qesVideo: zAttachmentRefs(MAX_VIDEOS).default([]),
});
export type TFileComplaint = z.infer<typeof ZFileComplaint>;
export type TFileComplaintInput = z.input<typeof ZFileComplaint>;

export const ZComplaintId = z.object({ id: zId });
/** Staff's reply: the appeal note (after-sales advice). */
export const ZReplyComplaint = z.object({ id: zId, appealNote: zText(MAX_REPLY) });
/** The dealer's note on a replied complaint (reopens it). */
export const ZComplaintNote = z.object({ id: zId, note: zText(MAX_REPLY) });
