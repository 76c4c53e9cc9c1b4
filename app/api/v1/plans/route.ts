// GET  /customerWeb/api/v1/plans?month=&status=&company=&cursor=&size= — a page of purchase plans
//      (keyset, newest first, capped count), the rows of the crm/customerPlan list: a dealer its
//      signed-in company's, staff the companies of their data scope (company: their filter).
// POST /customerWeb/api/v1/plans — the dealer's plan for a coming month (ZSavePlan; submit: true
//      hands it in at once); 201 with its id, number and status. Dealers with plan:submit only.
import { ApiAnswer, apiRoute } from "@/lib/api/handler";
import { planScreen, PLANS_BASE } from "@/lib/api/plans";
import { toSearchParams } from "@/lib/api/schemas";
import { listPlans, parsePlanFilters } from "@/lib/plans/queries";
import { ZPlanListQuery, ZSavePlan } from "@/lib/plans/schemas";
import { savePlan } from "@/lib/plans/service";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, query: ZPlanListQuery, labels: "Plans.fields" }, async ({ viewer, query }) => {
  await planScreen(viewer);
  return listPlans(viewer, parsePlanFilters(toSearchParams(query)));
});

export const POST = apiRoute({ permission: "plan:submit", body: ZSavePlan, labels: "Plans.fields" }, async ({ viewer, body, audit }) => {
  await planScreen(viewer);
  // A new plan: an id in the body is not an edit here (PUT /plans/{id} is).
  const made = await savePlan(viewer, audit, { ...body, id: undefined });
  return new ApiAnswer(made, 201, { Location: `${PLANS_BASE}/${made.id}` });
});
