// GET /customerWeb/api/v1/complaints/{id} — one complaint with its conversation, status history
// and files. Another company's complaint (or one outside staff's data scope) answers 404.
import { apiRoute } from "@/lib/api/handler";
import { COMPLAINT_ROUTE, requireScreenApi } from "@/lib/api/routes";
import { ZIdParams } from "@/lib/api/schemas";
import { complaintDetail } from "@/lib/after-sales/complaints/service";
import { NotFoundError } from "@/lib/errors";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, params: ZIdParams }, async ({ viewer, params }) => {
  await requireScreenApi(viewer, COMPLAINT_ROUTE);
  const detail = await complaintDetail(viewer, params.id);
  if (!detail) throw new NotFoundError();
  return detail;
});
