// POST /customerWeb/api/v1/plans/{id}/adjust { lines: [{ id, quantity }], comment? } — sales
//      operations change quantities of a SUBMITTED plan (it stays SUBMITTED; the dealer sees the
//      requested and the planned quantity and who changed it). plan:review (dealers 403); outside
//      the data scope 404; a line of another plan 422 on lines.N.id; wrong state 409.
import { apiRoute } from "@/lib/api/handler";
import { planScreen } from "@/lib/api/plans";
import { ZIdParams } from "@/lib/api/schemas";
import { ZAdjustPlanBody } from "@/lib/plans/schemas";
import { adjustPlan } from "@/lib/plans/service";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: "plan:review", params: ZIdParams, body: ZAdjustPlanBody, labels: "Plans.fields" }, async ({ viewer, params, body, audit }) => {
  await planScreen(viewer);
  return adjustPlan(viewer, audit, { ...body, id: params.id });
});
