// GET /customerWeb/api/v1/plans/{id} — one purchase plan with its lines (requested vs planned, who
//     adjusted them), history and the moves the caller may make now: the screen's ?id= view.
// PUT /customerWeb/api/v1/plans/{id} — the dealer saves a DRAFT or RETURNED plan, or revises a
//     SUBMITTED one until the deadline (ZSavePlan; the month cannot change; submit: true submits).
// Another tenant's plan, or one outside a staff member's data scope, is 404.
import { apiRoute } from "@/lib/api/handler";
import { planScreen } from "@/lib/api/plans";
import { ZIdParams } from "@/lib/api/schemas";
import { NotFoundError } from "@/lib/errors";
import { planDetail } from "@/lib/plans/queries";
import { ZSavePlan } from "@/lib/plans/schemas";
import { savePlan } from "@/lib/plans/service";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, params: ZIdParams }, async ({ viewer, params, locale }) => {
  await planScreen(viewer);
  const plan = await planDetail(viewer, params.id, locale);
  if (!plan) throw new NotFoundError();
  return plan;
});

export const PUT = apiRoute({ permission: "plan:submit", params: ZIdParams, body: ZSavePlan, labels: "Plans.fields" }, async ({ viewer, params, body, audit }) => {
  await planScreen(viewer);
  return savePlan(viewer, audit, { ...body, id: params.id });
});
