// POST /customerWeb/api/v1/plans/{id}/return { comment } — sales operations return a SUBMITTED
//      plan to the dealer, the comment saying what to change. plan:review (dealers 403); outside
//      the data scope 404; wrong state 409.
import { apiRoute } from "@/lib/api/handler";
import { planScreen } from "@/lib/api/plans";
import { ZIdParams } from "@/lib/api/schemas";
import { ZReturnPlanBody } from "@/lib/plans/schemas";
import { returnPlan } from "@/lib/plans/service";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: "plan:review", params: ZIdParams, body: ZReturnPlanBody, labels: "Plans.fields" }, async ({ viewer, params, body, audit }) => {
  await planScreen(viewer);
  return returnPlan(viewer, audit, { ...body, id: params.id });
});
