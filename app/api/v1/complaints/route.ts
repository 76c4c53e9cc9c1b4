// GET  /customerWeb/api/v1/complaints?status=&category=&from=&to=&vin=&complaintNo=&company=&mine=&cursor=&size=
//      — a page of complaints (the dealer's company or staff's data scope).
// POST /customerWeb/api/v1/complaints — a dealer files a complaint (ZFileComplaint); images and
//      the video are ids of the caller's own uploads (POST /uploads), checked against the rules.
import { ApiAnswer, apiRoute } from "@/lib/api/handler";
import { COMPLAINT_ROUTE, requireScreenApi } from "@/lib/api/routes";
import { toSearchParams, ZComplaintListQuery } from "@/lib/api/schemas";
import { listComplaints, parseComplaintFilters } from "@/lib/after-sales/complaints/queries";
import { ZFileComplaint } from "@/lib/after-sales/complaints/schemas";
import { fileComplaint } from "@/lib/after-sales/complaints/service";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, query: ZComplaintListQuery, labels: "Complaints.filters" }, async ({ viewer, query }) => {
  await requireScreenApi(viewer, COMPLAINT_ROUTE);
  return listComplaints(viewer, parseComplaintFilters(toSearchParams(query)));
});

export const POST = apiRoute({ permission: "complaint:create", body: ZFileComplaint, labels: "Complaints.fields" }, async ({ viewer, body, audit }) => {
  const out = await fileComplaint(viewer, audit, body);
  return new ApiAnswer(out, 201, { Location: `/customerWeb/api/v1/complaints/${out.id}` });
});
