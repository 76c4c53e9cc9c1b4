// POST /customerWeb/api/v1/plans/{id}/approve { lines?: [{ id, quantity }], comment? } — sales
//      operations approve a SUBMITTED plan, adjusting the lines given in the same step; it becomes
//      the month's target. plan:review (dealers 403); outside the data scope 404; wrong state 409.
import { apiRoute } from "@/lib/api/handler";
import { planScreen } from "@/lib/api/plans";
import { ZIdParams } from "@/lib/api/schemas";
import { ZApprovePlanBody } from "@/lib/plans/schemas";
import { approvePlan } from "@/lib/plans/service";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: "plan:review", params: ZIdParams, body: ZApprovePlanBody, labels: "Plans.fields" }, async ({ viewer, params, body, audit }) => {
  await planScreen(viewer);
  return approvePlan(viewer, audit, { ...body, id: params.id });
});
