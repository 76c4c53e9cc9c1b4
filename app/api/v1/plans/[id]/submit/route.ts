// POST /customerWeb/api/v1/plans/{id}/submit — the dealer hands in a DRAFT or RETURNED plan (at
//      least one line above 0; a draft until the deadline). plan:submit; wrong state or past the
//      deadline is 409, another company's plan 404.
import { apiRoute } from "@/lib/api/handler";
import { planScreen } from "@/lib/api/plans";
import { ZIdParams } from "@/lib/api/schemas";
import { submitPlan } from "@/lib/plans/service";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: "plan:submit", params: ZIdParams, labels: "Plans.fields" }, async ({ viewer, params, audit }) => {
  await planScreen(viewer);
  return submitPlan(viewer, audit, { id: params.id });
});
