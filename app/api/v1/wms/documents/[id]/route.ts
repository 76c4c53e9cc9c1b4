// GET /customerWeb/api/v1/wms/documents/{id} — one warehouse document of any kind with its lines,
// history, the moves the caller may make and the locations a post or receipt may choose: the
// same view as its screen's ?id=. Outside the caller's scope (another company's) it is 404.
import { apiRoute } from "@/lib/api/handler";
import { requireScreenApi } from "@/lib/api/routes";
import { ZIdParams } from "@/lib/api/schemas";
import { docTypeInScope } from "@/lib/api/wms-documents";
import { NotFoundError } from "@/lib/errors";
import { DOC_ROUTE, docDetail } from "@/lib/wms/doc-queries";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, params: ZIdParams }, async ({ viewer, params }) => {
  const type = await docTypeInScope(viewer, params.id);
  await requireScreenApi(viewer, DOC_ROUTE[type]);
  const doc = await docDetail(viewer, type, params.id);
  if (!doc) throw new NotFoundError();
  return doc;
});
